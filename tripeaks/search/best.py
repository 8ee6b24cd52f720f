"""Best scores: the highest score any line of moves reaches and the best of the lines that win.

Both are exact (proved, not estimated), with a line that reaches each, and the search runs in
slices of time like a hint, so a page can work them out while the player plays. Each game has
its own search (its :attr:`Solitaire.make_best`); this module never names a game.

>>> from tripeaks import Position, numbered_deal
>>> found = find_best(Position.start(numbered_deal(1)))
>>> found.best.score, len(found.best.moves), found.best_clear.score
(88, 41, 88)
>>> search = BestSearch(Position.start(numbered_deal(1)))
>>> while (answer := search.step(seconds=0.02)) is None:
...     pass  # the page lets the browser paint here
>>> answer.best == found.best
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ..moves import Move
from ..solving import collector_paused

if TYPE_CHECKING:
    from ..position import Position

__all__ = ["Best", "BestSearch", "Line", "Pause", "ScoreSearch", "Work", "find_best"]

_TICK = 16
"""States between looks at the clock. A state costs from a few microseconds to a few hundred (one
that works out its runs costs far more than one whose runs are known), a look 0.05 us (CPython)
or 0.2 us (Pyodide): looking this often costs nothing to speak of, and a slice ends within a
millisecond or so of its time (every 256 states, they ended up to ten late)."""


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

    def left(self) -> float | None:
        """The seconds left before the deadline (``None`` for no deadline)."""
        if self.deadline is None:
            return None
        return max(self.deadline - time.perf_counter(), 0.0)

    def due(self) -> bool:
        return self.deadline is not None and time.perf_counter() > self.deadline


@dataclass(frozen=True, slots=True)
class Line:
    """A line of moves from a position, and the score the game has after its last move."""

    score: int
    moves: tuple[Move, ...]

    def to_dict(self) -> dict[str, object]:
        return {"score": self.score, "moves": [move.notation for move in self.moves]}


@dataclass(frozen=True, slots=True)
class Best:
    """A position's best scores with full information (every card known).

    ``best`` reaches the highest score any line of moves reaches (a line may stop anywhere:
    the empty line keeps the position's own score); ``best_clear`` the highest of the lines that
    win the game, ``None`` when no line wins. ``nodes`` and ``seconds`` are the work it took,
    over every slice.
    """

    best: Line
    best_clear: Line | None
    nodes: int
    seconds: float

    def to_dict(self) -> dict[str, object]:
        return {
            "best": self.best.to_dict(),
            "best_clear": self.best_clear.to_dict() if self.best_clear is not None else None,
        }


class ScoreSearch(Protocol):
    """A game's search for the best scores of one position (made by ``Solitaire.make_best``)."""

    @property
    def nodes(self) -> int:
        """States examined so far."""
        ...

    def step(self, deadline: float | None) -> tuple[Line, Line | None] | None:
        """Work until ``time.perf_counter()`` passes ``deadline`` (``None``: to the end); the two
        lines (best, best clear) once found, ``None`` while still working. Asking again carries on."""
        ...


class BestSearch:
    """The search for a position's best scores, in slices of time.

    Each :meth:`step` works for about ``seconds`` and answers ``None`` until the search is
    over; what was worked out is kept, so the next step carries on. The answer never depends
    on how the work was sliced.
    """

    def __init__(self, position: Position) -> None:
        make = position.solitaire.make_best
        if make is None:
            raise ValueError(f"{position.solitaire.name} has no best-score search")
        self.position = position
        self._search: ScoreSearch | None = make(position)
        self._seconds = 0.0
        self._result: Best | None = None

    @property
    def done(self) -> bool:
        return self._result is not None

    @property
    def nodes(self) -> int:
        if self._result is not None:
            return self._result.nodes
        assert self._search is not None
        return self._search.nodes

    def step(self, seconds: float | None = None) -> Best | None:
        """Work for about ``seconds`` (or to the end); the best scores, or ``None`` while working."""
        if self._result is not None:
            return self._result
        assert self._search is not None
        started = time.perf_counter()
        try:
            with collector_paused():
                found = self._search.step(None if seconds is None else started + seconds)
                if found is not None:
                    # The search's tables go while the collector is still paused: freed by their
                    # counts, they are not the next collection's to go through (tens of ms).
                    nodes, self._search = self._search.nodes, None
        finally:
            self._seconds += time.perf_counter() - started
        if found is None:
            return None
        best, clear = found
        self._result = Best(best, clear, nodes, self._seconds)
        return self._result


def find_best(position: Position) -> Best:
    """A position's best scores (see :class:`Best`), worked out to the end in one go."""
    found = BestSearch(position).step()
    assert found is not None
    return found
