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
from typing import TYPE_CHECKING

from ..kit.solving import collector_paused
from ..model.answers import Best
from ..model.solitaire import Solitaire

if TYPE_CHECKING:
    from ..model.answers import ScoreSearch
    from ..model.position import Position

__all__ = ["BestSearch", "find_best"]


class BestSearch:
    """The search for a position's best scores, in slices of time.

    Each :meth:`step` works for about ``seconds`` and answers ``None`` until the search is
    over; what was worked out is kept, so the next step carries on. The answer never depends
    on how the work was sliced.
    """

    def __init__(self, position: Position) -> None:
        make = Solitaire.of(position).make_best
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
