"""The slices of time a game's best-score search works in: states counted, the clock looked at, a pause."""

from __future__ import annotations

import time

__all__ = ["Pause", "Work"]

_TICK = 16
"""States between looks at the clock. A state costs from a few microseconds to a few hundred (one
that works out its runs costs far more than one whose runs are known), a look 0.05 us (CPython)
or 0.2 us (Pyodide): looking this often costs nothing to speak of, and a slice ends within a
millisecond or so of its time (every 256 states, they ended up to ten late)."""


_RESTART = 512
"""States a search started again after a pause runs before it may pause again: more than its way back
down to where it was (a few dozen states), so that it gets further in every slice."""


class Pause(Exception):
    """A game's search ran out of the time it was given; what it proved is kept and the next
    step carries on (raised by :meth:`Work.tick`)."""


class Work:
    """The states a game's search examined and the clock it looks at, every few hundred states."""

    __slots__ = ("deadline", "look", "nodes")

    def __init__(self) -> None:
        self.nodes = 0
        self.look = _TICK
        self.deadline: float | None = None
        """When the search must pause (``time.perf_counter()``), or ``None``."""

    def tick(self) -> None:
        """Count a state; raise :class:`Pause` if the time is up (looked at every few hundred)."""
        self.nodes += 1
        if self.nodes >= self.look:
            self.look = self.nodes + _TICK
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise Pause

    def restart(self) -> None:
        """A search starts again from its top after a pause, walking down to where it was: let it run
        :data:`_RESTART` states before the clock is looked at again, so that it makes progress in every
        slice, however short, and never pauses over and over at the same place."""
        self.look = max(self.look, self.nodes + _RESTART)

    def left(self) -> float | None:
        """The seconds left before the deadline (``None`` for no deadline)."""
        if self.deadline is None:
            return None
        return max(self.deadline - time.perf_counter(), 0.0)

    def due(self) -> bool:
        return self.deadline is not None and time.perf_counter() > self.deadline
