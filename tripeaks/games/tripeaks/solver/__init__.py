"""TriPeaks' exact solver: can the layout still be cleared from a position, and how (its Solver).

The solver knows every card, face-down and stock included. Suits play no part in the rules,
so it works on ranks: a state is the set of layout cards left (a 28-bit mask), the waste top's
rank, and what is left of the stock (and, while the waste can still be turned over, the waste).

Three searches share one :class:`Solver`:

* the last pass through the stock: depth-first over (cards left, top, stock left). What it
  remembers, across calls, is for each (cards, top) the earliest stock index from which it is
  proved lost, worked out as a value from the branches (not just "lost from where it was
  asked"), and for each set of cards the same just after a draw. A draw is taken as "draw up
  to the first stock card one away from a free card, then play it". Every top that allows no
  play shares what was proved, as such a state can only be drawn on. States are cut by index
  thresholds from counting bounds (isolated cards with deadlines, rank flow); the bounds
  depend on the isolated cards alone and on the short rank-flow needs alone, so each is
  worked out once per distinct set of those, for every top at once; a set of cards' free and
  isolated cards and needs come from its parent's, by one card, and are kept in one cell per
  set of cards with, for each top, the earliest index from which lost: by the bounds until
  more is proved, so one look tells both;
* passes still to come (2 or 3 passes): the same, keeping the whole waste in the state;
* unlimited passes: the waste and stock form a cycle that draws and resets walk round, so a
  move is "advance k cards, then play": every move clears a card and the search is acyclic.

Fewest moves: every winning line plays the same cards, so the fewest moves are the fewest
draws and resets. In the last pass, the depth-first search again with the stock cut one card
shorter than the best line found, until that is lost; with passes to come, a 0-1
breadth-first search.

A work budget (nodes and seconds) bounds every search; a search that runs out answers
``gave_up`` and keeps what it proved, so asking again goes further.

One file per part: ``budget.py``, the work budget and pausing; ``ranks.py``, rank bit tables
and the rank flow's steps; ``bounds.py``, the last pass's cells and their counting bounds;
``last_pass.py``, the last pass's search and fewest draws; ``passes.py``, the searches with
passes to come and fewest advances. Here, the :class:`Solver` that ties them, its answers, and
all it takes from the rest of the engine (but ``bits``, which passes.py imports too).
"""

from __future__ import annotations

import time
from collections.abc import Generator

from ....base.moves import Move
from ....model.answers import Result, Solution
from ....model.position import Status
from ..play import TriPeaksPosition as Position
from ..play import follow
from .budget import _TICK, DEFAULT_BUDGET, _GiveUp, collector_paused
from .last_pass import _fewest_draws, _last_pass
from .memo import Memory
from .passes import _fewest_advances, _fewest_unlimited, _passes_to_come, _unlimited

__all__ = ["Solver"]


class Solver(Memory):
    """Solves positions of one deal under one set of rules, remembering what it proved.

    Keep one per game: a hint that walks back through the game's history reuses every
    position already proved hopeless, and a search cut short by its budget carries on
    where it stopped when the same position is asked about again.
    """

    # Entry point

    def solve(
        self,
        position: Position,
        *,
        budget: int | None = DEFAULT_BUDGET,
        seconds: float | None = None,
        shortest: bool = False,
    ) -> Solution:
        """Whether ``position`` can still be won, with a winning line when it can.

        ``budget`` caps the states examined and ``seconds`` the time; when either runs out
        the answer is ``gave_up``, and asking again about the same position carries on.
        """
        started = time.perf_counter()
        status = position.status()
        if status is not Status.PLAYING:
            result = Result.WON if status is Status.WON else Result.LOST
            return Solution(result, (), 0, time.perf_counter() - started)
        if not position.waste:
            return self._first_play(position, budget, seconds, shortest, started)
        key = (position.remaining, position.stock, position.waste, position.resets, shortest)
        known = self._known.get(key)
        if known is not None:
            return Solution(known.result, known.moves, 0, time.perf_counter() - started)
        search = self._pending.pop(key, None) or self._search(position, shortest)
        first = self.nodes
        self._allow(budget, seconds, started)
        path: list[int] | None = None
        while True:
            try:
                with collector_paused():
                    best = next(search)
            except StopIteration as stop:
                path = stop.value
                break
            if self._due(self.nodes):
                self._pending[key] = search
                # a fewest-moves search that pauses may have found a line already: not proved the fewest
                line = follow(position, best)[0] if best else ()
                return Solution(Result.GAVE_UP, line, self.nodes - first, time.perf_counter() - started)
        elapsed = time.perf_counter() - started
        if path is None:
            answer = Solution(Result.LOST, (), self.nodes - first, elapsed)
        else:
            answer = Solution(Result.WON, follow(position, path)[0], self.nodes - first, elapsed)
        self._known[key] = answer
        return answer

    def _first_play(
        self, position: Position, budget: int | None, seconds: float | None, shortest: bool, started: float
    ) -> Solution:
        """An empty waste (the empty-waste option's start): any free card may go first, so each
        first move is a position of the usual kind, solved in turn. Won by the first won; with
        ``shortest``, each first move is first decided, and only those that can win are searched
        for their fewest moves (proving a loss is far quicker without counting moves)."""
        first = self.nodes
        moves = position.legal_moves()
        if shortest:
            winners = []
            for move in moves:
                answer = self._within(position.after(move), budget, seconds, started, first, False)
                if answer.result is Result.GAVE_UP:
                    return Solution(Result.GAVE_UP, (), self.nodes - first, time.perf_counter() - started)
                if answer.won:
                    winners.append(move)
            moves = winners
        best: tuple[Move, ...] | None = None
        for move in moves:
            answer = self._within(position.after(move), budget, seconds, started, first, shortest)
            if answer.result is Result.GAVE_UP:
                return Solution(Result.GAVE_UP, (), self.nodes - first, time.perf_counter() - started)
            if answer.won and (best is None or len(answer.moves) + 1 < len(best)):
                best = (move, *answer.moves)
                if not shortest:
                    break
        result = Result.LOST if best is None else Result.WON
        return Solution(result, best or (), self.nodes - first, time.perf_counter() - started)

    def _within(
        self, position: Position, budget: int | None, seconds: float | None, started: float, first: int,
        shortest: bool,
    ) -> Solution:
        """``solve(position)`` with what is left of a budget given at ``first`` and a time at ``started``."""
        spent = self.nodes - first
        left = None if seconds is None else max(seconds - (time.perf_counter() - started), 0.0)
        budget = None if budget is None else max(budget - spent, 1)
        return self.solve(position, budget=budget, seconds=left, shortest=shortest)

    def _search(
        self, position: Position, shortest: bool
    ) -> Generator[list[int] | None, None, list[int] | None]:
        """The search for one position, pausing when its budget or time runs out (see _Budget._due)."""
        remaining = position.remaining
        stock = tuple(c.rank for c in position.stock)
        waste = tuple(c.rank for c in position.waste)
        left = None if self.rules.resets is None else self.rules.resets - position.resets
        if shortest:
            if left == 0:
                return (yield from _fewest_draws(self, remaining, waste[-1], stock))
            if left is None:
                cycle = (waste[-1], *stock, *waste[:-1])
                return (yield from _fewest_unlimited(self, remaining, cycle))
            return (yield from _fewest_advances(self, remaining, stock, waste, left))
        while True:
            try:
                if left == 0:
                    return _last_pass(self, remaining, waste[-1], stock, self.nodes + _TICK)
                if left is None:
                    cycle = (waste[-1], *stock, *waste[:-1])
                    return _unlimited(self, remaining, cycle, self.nodes + _TICK)
                return _passes_to_come(self, remaining, stock, waste, left, self.nodes + _TICK)
            except _GiveUp:
                yield None  # what was proved is kept: the next round goes further

