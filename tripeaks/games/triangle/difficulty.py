"""Triangle's grades: the no-peeking player of the games of pairs (:mod:`tripeaks.kit.pairs.difficulty`)
over a deal and 511 re-deals of the stock below its top.

A winnable deal is ``easy`` when the player wins at least 33% of the games, ``medium`` from 22%,
``hard`` from 12%, and ``very hard`` below that; ``can't be won`` when the exact solver proves the
deal lost. (The thresholds split the winnable deals among benchmarks/triangle-deals-1000.txt roughly
in quarters.)
"""

from __future__ import annotations

from ...kit.pairs.difficulty import PairsGrader, blind_game, redeal

__all__ = ["GAMES", "THRESHOLDS", "TriangleGrader", "blind_game", "blind_wins", "redeal"]

GAMES = 512
"""Games the no-peeking player plays per deal: the deal and its re-deals."""

THRESHOLDS = (0.33, 0.22, 0.12)
"""The least share of games won for easy, medium and hard."""


class TriangleGrader(PairsGrader):
    """Works out a Triangle deal's difficulty, in slices."""

    games, thresholds = GAMES, THRESHOLDS


blind_wins = TriangleGrader.wins
"""How many of ``games`` re-deals (see :func:`redeal`) the no-peeking player wins."""
