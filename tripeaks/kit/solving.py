"""What every game's solver is built from: a budget of states and time, giving up, the collector paused."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..model.answers import DEFAULT_BUDGET, Solution
from ..model.solitaire import Solitaire

if TYPE_CHECKING:
    from ..model.position import Position

__all__ = ["Budget", "GiveUp", "collector_paused", "solve"]


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
