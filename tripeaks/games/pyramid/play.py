"""Pyramid's positions: the rules of the games of pairs (:mod:`tripeaks.kit.pairs.play`) on an upright
pyramid."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...kit.pairs.play import PairsPosition

__all__ = ["PyramidPosition"]


@dataclass(frozen=True, slots=True)
class PyramidPosition(PairsPosition):
    """A Pyramid position: the pyramid's cards, the stock (its top card face up and available) and the
    waste, and the redeals used. Removed cards leave the game."""

    shape: ClassVar[str] = "pyramid"
