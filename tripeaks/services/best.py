"""Best scores: the highest score any line of moves reaches and the best of the lines that win; or, scored
by cards left, the fewest layout cards any line leaves and a line that wins.

Both are exact (proved, not estimated), with a line that reaches each, and the search runs in
slices of time like a hint, so a page can work them out while the player plays. Each game has
its own search (its :attr:`Solitaire.make_best`); by cards left, its :attr:`Solitaire.make_cards_left`
or else the kit's search for every game. This module never names a game.

>>> from tripeaks import STRICT, Position, numbered_deal
>>> from tripeaks.model.scoring import CARDS_LEFT
>>> found = find_best(Position.start(numbered_deal(1)))
>>> found.best.score, len(found.best.moves), found.best_clear.score
(88, 41, 88)
>>> search = BestSearch(Position.start(numbered_deal(1)))
>>> while (answer := search.step(seconds=0.02)) is None:
...     pass  # the page lets the browser paint here
>>> answer.best == found.best
True
>>> fewest = find_best(Position.start(numbered_deal(8), STRICT), scoring=CARDS_LEFT)
>>> fewest.best.score, fewest.best_clear  # deal 8 can't be won under Strict rules
(2, None)
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..kit.cards_left import CardsLeftLines
from ..kit.solving import collector_paused
from ..model.answers import Best
from ..model.scoring import CARDS_LEFT, CLASSIC
from ..model.solitaire import Solitaire

if TYPE_CHECKING:
    from ..model.answers import ScoreSearch
    from ..model.position import Position

__all__ = ["BestSearch", "find_best", "has_best"]


def has_best(solitaire: Solitaire, scoring: str = CLASSIC) -> bool:
    """Whether ``solitaire``'s best in ``scoring`` can be worked out (by cards left, always)."""
    return scoring == CARDS_LEFT or solitaire.make_best is not None


class BestSearch:
    """The search for a position's best scores, in slices of time.

    Each :meth:`step` works for about ``seconds`` and answers ``None`` until the search is
    over; what was worked out is kept, so the next step carries on. The answer never depends
    on how the work was sliced.

    ``scoring`` is ``classic`` (the best is the highest score) or ``cards-left`` (the best is the
    fewest layout cards left, its line's ``score``; the best clear a winning line, ``score`` 0).
    """

    def __init__(self, position: Position, scoring: str | None = None) -> None:
        solitaire = Solitaire.of(position)
        self.scoring = solitaire.check_scoring(scoring)
        self.position = position
        self._search: ScoreSearch | None
        if self.scoring == CARDS_LEFT:
            self._search = (solitaire.make_cards_left or CardsLeftLines)(position)
        else:
            if solitaire.make_best is None:
                raise ValueError(f"{position.solitaire.name} has no best-score search")
            self._search = solitaire.make_best(position)
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


def find_best(position: Position, scoring: str | None = None) -> Best:
    """A position's best scores in ``scoring`` (see :class:`Best`; ``None`` is the game's first scoring),
    worked out to the end in one go."""
    found = BestSearch(position, scoring).step()
    assert found is not None
    return found
