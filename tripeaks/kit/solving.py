"""What every game's solver is built from: a budget of states and time, giving up, searches that pause and
resume, the collector paused."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Generic, TypeVar

from ..model.answers import DEFAULT_BUDGET, Result, Solution
from ..model.position import Position, Status
from ..model.solitaire import Solitaire

if TYPE_CHECKING:
    from ..base.moves import Move

__all__ = ["Budget", "GiveUp", "Resuming", "collector_paused", "solve"]

P = TypeVar("P", bound=Position)
L = TypeVar("L")


class GiveUp(Exception):
    """Raised inside a search whose budget is spent: it pauses, keeping what it proved."""


class Budget:
    """What a solver's searches count (``nodes``, the states examined) and when the search under
    way must pause; every game's solver is one."""

    tick = 512
    """States between looks at the budget and the clock: a few milliseconds."""

    def __init__(self) -> None:
        self.nodes = 0
        # When the search under way must pause: the states it may reach, and the time (see _due)
        self._stop_nodes = 1 << 62
        self._stop_time: float | None = None

    def _allow(self, budget: int | None, seconds: float | None, started: float) -> None:
        """Let the search under way examine ``budget`` more states, until ``seconds`` after
        ``started`` (None: no limit)."""
        self._stop_nodes = self.nodes + (budget if budget is not None else 1 << 62)
        self._stop_time = started + seconds if seconds is not None else None

    def _due(self, nodes: int) -> bool:
        """Whether the search must pause: its budget of states spent, or its time up.

        The searches look every ``tick`` states and only then give up (raise GiveUp): a
        depth-first search that gives up starts again from the top when resumed, redoing the
        walk down to where it was (what it proved is kept), so it pauses only when it has to.
        """
        if nodes >= self._stop_nodes:
            return True
        return self._stop_time is not None and time.perf_counter() > self._stop_time

    def _looked(self, count: int) -> int:
        """A search's look at its budget after ``count`` states (it counts in a local, and looks every
        ``tick`` states): the count kept, ``GiveUp`` raised if the search must pause, else when to look
        next."""
        self.nodes = count
        if self._due(count):
            raise GiveUp
        return count + self.tick

    def _spender(self, limit: int) -> Callable[[], None]:
        look = limit  # when to look at the budget and the clock next
        tick = self.tick

        def spend() -> None:
            nonlocal look
            self.nodes += 1
            if self.nodes > look:
                if self._due(self.nodes):
                    raise GiveUp
                look = self.nodes + tick

        return spend


class Resuming(Budget, Generic[P, L]):
    """A solver whose search for a position pauses when its budget or time runs out and carries on
    when asked about the same position again, and which remembers each answer it gave. A game's
    solver says what decides an answer (:meth:`_key`), searches (:meth:`_search`, a generator
    that yields at each pause) and turns the line found into moves (:meth:`_played`)."""

    def __init__(self) -> None:
        super().__init__()
        self._known: dict[tuple[object, ...], Solution] = {}
        """The answers given, by :meth:`_key`."""
        self._pending: dict[tuple[object, ...], Generator[L | None, None, L | None]] = {}
        """The searches paused, by :meth:`_key`."""

    def solve(
        self,
        position: P,
        *,
        budget: int | None = DEFAULT_BUDGET,
        seconds: float | None = None,
        shortest: bool = False,
    ) -> Solution:
        """Whether ``position`` can still be won, with a winning line when it can (the fewest
        moves with ``shortest``).

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
        """:meth:`solve` for a position in play."""
        key = self._key(position, shortest)
        known = self._known.get(key)
        if known is not None:
            return Solution(known.result, known.moves, 0, time.perf_counter() - started)
        search = self._pending.pop(key, None) or self._search(position, shortest)
        first = self.nodes
        self._allow(budget, seconds, started)
        while True:
            try:
                with collector_paused():
                    best = next(search)
            except StopIteration as stop:
                line = stop.value
                break
            if self._due(self.nodes):
                self._pending[key] = search
                # a fewest-moves search that pauses may have found a line already: not proved the fewest
                moves = self._played(position, best) if best else ()
                return Solution(Result.GAVE_UP, moves, self.nodes - first, time.perf_counter() - started)
        elapsed = time.perf_counter() - started
        if line is None:
            answer = Solution(Result.LOST, (), self.nodes - first, elapsed)
        else:
            answer = Solution(Result.WON, self._played(position, line), self.nodes - first, elapsed)
        self._known[key] = answer
        return answer

    def _key(self, position: P, shortest: bool) -> tuple[object, ...]:
        """What decides ``position``'s answer, by which answers and paused searches are kept."""
        raise NotImplementedError

    def _search(self, position: P, shortest: bool) -> Generator[L | None, None, L | None]:
        """The search for ``position``: it yields each time it pauses (the best line found so far, if
        any) and returns a winning line, or ``None`` when the position is lost."""
        raise NotImplementedError

    def _played(self, position: P, line: L) -> tuple[Move, ...]:
        """The moves of a line the search found from ``position``."""
        raise NotImplementedError


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused (if it was running), and started again after.

    A search makes no reference cycles (but for one that gave up, kept to carry on: it refers
    to its solver), but it makes hundreds of thousands of lists that live as long as its
    solver, and the collector would go through all of them again and again: pausing it saves a
    search 5 to 15% of its time. What is left to collect is collected once the collector runs
    again, which costs a few milliseconds in Pyodide: work that runs several searches (a hint, a
    winnable-deal search) pauses it around all of them, to collect once.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def solve(
    position: Position,
    *,
    budget: int | None = DEFAULT_BUDGET,
    seconds: float | None = None,
    shortest: bool = False,
) -> Solution:
    """Solve one position of any game under its rules: ``won`` with moves, ``lost`` (every line
    tried) or ``gave_up``.

    ``budget`` caps the states examined and ``seconds`` the time. ``shortest`` asks for a
    winning line with the fewest moves, a slower search.
    """
    # The solver is dropped, and what it made freed, before the cycle collector runs again,
    # which then has nothing of it to go through: it is never held in a variable here.
    with collector_paused():
        return Solitaire.of(position).solver(position).solve(
            position, budget=budget, seconds=seconds, shortest=shortest
        )
