"""What TriPeaks' solver remembers besides what the last pass's does (kit/last_pass/memory.py): the states
proved dead with passes still to come."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....base.layout import bits
from ....kit.last_pass.memory import Memory as PassMemory

if TYPE_CHECKING:
    from ..play import TriPeaksPosition as Position

__all__ = ["Memory"]


class Memory(PassMemory):
    """The deal's tables and what the searches proved so far, shared by all of them."""

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        self._layout_ranks: dict[int, int] = {}
        self._dead_multi: set[tuple[object, ...]] = set()  # states with passes still to come
        # fewest moves with unlimited passes: per (cards, cycle), the most advances proved too few
        self._short_unlimited: dict[tuple[int, tuple[int, ...]], int] = {}

    def layout_ranks(self, remaining: int) -> int:
        ranks = self._layout_ranks.get(remaining)
        if ranks is None:
            ranks = 0
            for s in bits(remaining):
                ranks |= 1 << self.rank[s]
            self._layout_ranks[remaining] = ranks
        return ranks
