"""TriPeaks' exact solver: can the layout still be cleared from a position, and how (its Solver).

The solver knows every card, face-down and stock included. Suits play no part in the rules,
so it works on ranks: a state is the set of layout cards left (a 28-bit mask), the waste top's
rank, and what is left of the stock (and, while the waste can still be turned over, the waste).

Three searches share one :class:`Solver`:

* the last pass through the stock: the family's last-pass search (``tripeaks/kit/last_pass/``,
  which Golf's solver is too), depth-first over (cards left, top, stock left), cut by counting
  bounds, remembering for each (cards, top) the earliest stock index from which it is lost;
* passes still to come (2 or 3 passes): the same, keeping the whole waste in the state;
* unlimited passes: the waste and stock form a cycle that draws and resets walk round, so a
  move is "advance k cards, then play": every move clears a card and the search is acyclic.

Fewest moves: every winning line plays the same cards, so the fewest moves are the fewest
draws and resets. In the last pass, the depth-first search again with the stock cut one card
shorter than the best line found, until that is lost; with passes to come, a 0-1
breadth-first search.

A work budget (nodes and seconds) bounds every search; a search that runs out answers
``gave_up`` and keeps what it proved, so asking again goes further.

Here: ``budget.py``, the work budget and pausing; ``passes.py``, the searches with passes to
come and fewest advances; ``memo.py``, what those remember besides the last pass's; and the
:class:`Solver` that ties them to the last pass's (:class:`~tripeaks.kit.last_pass.solver.PassSolver`).
"""

from __future__ import annotations

import time
from collections.abc import Generator

from ....base.moves import Move
from ....kit.last_pass.search import _fewest_draws, _last_pass
from ....kit.last_pass.solver import PassSolver
from ....model.answers import Result, Solution
from ..play import TriPeaksPosition as Position
from .budget import _TICK, _GiveUp
from .memo import Memory
from .passes import _fewest_advances, _fewest_unlimited, _passes_to_come, _unlimited

__all__ = ["Solver"]


class Solver(Memory, PassSolver[Position]):
    """Solves positions of one deal under one set of rules, remembering what it proved.

    Keep one per game: a hint that walks back through the game's history reuses every
    position already proved hopeless, and a search cut short by its budget carries on
    where it stopped when the same position is asked about again.
    """

    # Entry point

    def _solve(
        self, position: Position, budget: int | None, seconds: float | None, shortest: bool, started: float
    ) -> Solution:
        if not position.waste:
            return self._first_play(position, budget, seconds, shortest, started)
        return super()._solve(position, budget, seconds, shortest, started)

    def _key(self, position: Position, shortest: bool) -> tuple[object, ...]:
        return (position.remaining, position.stock, position.waste, position.resets, shortest)

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

