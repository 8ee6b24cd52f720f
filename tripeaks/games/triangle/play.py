"""Triangle's positions: the rules of the games of pairs (:mod:`tripeaks.kit.pairs.play`) on an inverted
triangle."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...kit.pairs.play import PairsPosition

__all__ = ["TrianglePosition"]


@dataclass(frozen=True, slots=True)
class TrianglePosition(PairsPosition):
    """A Triangle position: the triangle's cards, the stock (its top card face up and available) and
    the waste, and the redeals used. Removed cards leave the game."""

    shape: ClassVar[str] = "triangle"
