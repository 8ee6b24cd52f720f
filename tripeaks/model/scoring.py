"""How a game is scored: *Classic*, the game's own score (higher is better), or *Cards left*, the layout
cards still on the table (0 for a win; fewer is better). Every game offers the scorings in its
:attr:`~tripeaks.model.solitaire.Solitaire.scorings`; the scoring changes what is shown and searched,
never how the game is played.

>>> from tripeaks import Position, numbered_deal
>>> start = Position.start(numbered_deal(1))
>>> score_in(start, CLASSIC), score_in(start, CARDS_LEFT)
(0, 28)
>>> better(CARDS_LEFT, 2, 5), better(CLASSIC, 2, 5)
(True, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .position import Position

__all__ = ["CARDS_LEFT", "CLASSIC", "SCORINGS", "better", "score_in"]

CLASSIC = "classic"
"""The game's own score (TriPeaks' points for runs and peaks, Triangle's cards removed): higher is better."""
CARDS_LEFT = "cards-left"
"""The layout cards (peaks, pyramid, columns) still on the table: 0 for a win, fewer is better."""
SCORINGS = (CLASSIC, CARDS_LEFT)
"""Every scoring there is, as the command line's ``--scoring`` and the settings write it."""


def score_in(position: Position, scoring: str) -> int:
    """``position``'s score in ``scoring``."""
    return position.layout_left if scoring == CARDS_LEFT else position.score


def better(scoring: str, a: int, b: int) -> bool:
    """Whether score ``a`` beats ``b`` in ``scoring`` (fewer cards left; more points)."""
    return a < b if scoring == CARDS_LEFT else a > b
