"""Pyramid's grades: the no-peeking player of the games of pairs (:mod:`tripeaks.kit.pairs.difficulty`)
over a deal and 511 re-deals of the stock below its top, with thresholds of each rule set's own.

A winnable deal is ``easy`` when the player wins at least the first threshold's share of the games,
``medium`` from the second, ``hard`` from the third, and ``very hard`` below that; ``can't be won`` when
the exact solver proves the deal lost. (The thresholds split the winnable deals among
benchmarks/pyramid-deals-1000.txt roughly in quarters, under each rule set: see benchmarks/difficulty.py.)
"""

from __future__ import annotations

from ...kit.pairs.difficulty import PairsGrader, blind_game, redeal

__all__ = ["GAMES", "THRESHOLDS", "PyramidGrader", "blind_game", "blind_wins", "redeal"]

GAMES = 512
"""Games the no-peeking player plays per deal: the deal and its re-deals."""

THRESHOLDS = {"standard": (0.24, 0.13, 0.04), "relaxed": (0.68, 0.45, 0.15)}
"""The least share of games won for easy, medium and hard, by rule set."""


class PyramidGrader(PairsGrader):
    """Works out a Pyramid deal's difficulty, in slices."""

    games = GAMES

    @property
    def thresholds(self) -> tuple[float, float, float]:  # type: ignore[override]
        return THRESHOLDS["relaxed" if self.position.rules.layout_only else "standard"]


blind_wins = PyramidGrader.wins
"""How many of ``games`` re-deals (see :func:`redeal`) the no-peeking player wins."""
