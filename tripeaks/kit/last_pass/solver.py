"""The solver of a game played in one last pass through the stock (Golf's whole game, TriPeaks' last pass):
its answers, asked again and again about positions of one deal, in slices of work."""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import Generic, TypeVar

from ...model.answers import DEFAULT_BUDGET, Result, Solution
from ...model.position import Position, Status
from ..solving import Budget, GiveUp, collector_paused
from .line import follow
from .memory import Memory
from .search import _fewest_draws, _last_pass

__all__ = ["PassSolver"]

P = TypeVar("P", bound=Position)


class PassSolver(Memory, Generic[P]):
    """Solves positions of one deal under one set of rules, remembering what it proved.

    Keep one per game: a hint that walks back through the game's history reuses every
    position already proved hopeless, and a search cut short by its budget carries on
    where it stopped when the same position is asked about again. A game whose stock may be
    gone through again (TriPeaks) gives its own :meth:`_search` and :meth:`_key`.
    """

    def solve(
        self,
        position: P,
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
        return self._solve(position, budget, seconds, shortest, started)

    def _solve(
        self, position: P, budget: int | None, seconds: float | None, shortest: bool, started: float
    ) -> Solution:
        """:meth:`solve` for a position in play whose waste holds a card."""
        key = self._key(position, shortest)
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

    def _key(self, position: P, shortest: bool) -> tuple[object, ...]:
        """What decides a position's answer, by which answers are kept: in the last pass, the cards
        left, the stock and the waste's top."""
        return (position.remaining, position.stock, position.waste[-1], shortest)

    def _search(
        self, position: P, shortest: bool
    ) -> Generator[list[int] | None, None, list[int] | None]:
        """The search for one position in the last pass, pausing when its budget or time runs out
        (see Budget._due): its line of steps (see line.py), or ``None`` when it is lost."""
        remaining = position.remaining
        stock = tuple(c.rank for c in position.stock)
        top = position.waste[-1].rank
        if shortest:
            return (yield from _fewest_draws(self, remaining, top, stock))
        while True:
            try:
                return _last_pass(self, remaining, top, stock, self.nodes + Budget.tick)
            except GiveUp:
                yield None  # what was proved is kept: the next round goes further
