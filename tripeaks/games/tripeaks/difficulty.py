"""TriPeaks' no-peeking player, whose wins over a deal and its re-deals grade the deal's difficulty.

The player is the family's for games played one rank from the waste's top
(:mod:`tripeaks.kit.no_peeking`): it sees the layout cards face up (the base row, and each card once
nothing covers it; every card under the all-face-up option), the waste's top, and how many cards
the stock holds; never a face-down card or the stock's order. It plays a card whose play uncovers a
card first, then the one that starts the longest run it can see, then the lowest slot; else it
draws, or turns the waste over while a pass is left.

It plays the deal itself and ``GAMES - 1`` re-deals of the cards it can't see at the start (the
face-down layout cards and the stock, shuffled among their places; the base row and the waste
card stay). A winnable deal is ``easy`` when it wins at least 55% of the games, ``medium`` from
45%, ``hard`` from 33%, and ``very hard`` below that; ``can't be won`` when the exact solver
proves the deal lost. (Under Standard rules the thresholds split the winnable deals among
benchmarks/deals-1000.txt about 27%, 36%, 27% and 10%.)
"""

from __future__ import annotations

from ...kit.grading import SlicedGrader
from ...kit.no_peeking import blind_game, redeal, seen
from .play import TriPeaksPosition

__all__ = ["GAMES", "THRESHOLDS", "TriPeaksGrader", "blind_game", "blind_wins", "redeal"]

GAMES = 512
"""Games the no-peeking player plays per deal: the deal and its re-deals."""

THRESHOLDS = (0.55, 0.45, 0.33)
"""The least share of games won for easy, medium and hard."""


class TriPeaksGrader(SlicedGrader):
    """Works out a TriPeaks deal's difficulty (see the module's docstring), in slices."""

    games, thresholds = GAMES, THRESHOLDS
    position: TriPeaksPosition
    redeal = staticmethod(redeal)
    play = staticmethod(blind_game)

    def seen(self) -> tuple[list[int], list[int], int | None]:
        return seen(self.position)


blind_wins = TriPeaksGrader.wins
"""How many of ``games`` re-deals (see :func:`redeal`) the no-peeking player wins."""
