"""TriPeaks' quicker search for the fewest cards left: the kit's walk of the last pass on small integers.

A TriPeaks card goes on the waste's top one rank away (king and ace too, with wrap); a position is in its
last pass once the passes are used up (every pass of Standard and Strict). The walk itself is
:class:`tripeaks.kit.top_walk.TopWalk`; positions with passes to come go through the kit's walk of the
game's own positions. On a Strict deal the decision solver proves lost, it walks everything reachable
until it meets a line that leaves one card (the fewest a lost deal can leave).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...kit.top_walk import TopWalk
from .play import TriPeaksPosition, adjacent

if TYPE_CHECKING:
    from ...model.answers import Solver
    from ...model.position import Position

__all__ = ["TriPeaksCardsLeft"]


class TriPeaksCardsLeft(TopWalk):
    """The fewest cards left of a TriPeaks position (see :class:`~tripeaks.kit.cards_left.CardsLeftLines`)."""

    clear_wins = True

    def __init__(self, position: TriPeaksPosition, solver: Solver | None = None) -> None:
        self._wrap = position.rules.wrap
        super().__init__(position, solver)

    def goes_on(self, rank: int, top: int) -> bool:
        return adjacent(rank, top, self._wrap)

    def last_pass(self, position: Position) -> bool:
        p = cast("TriPeaksPosition", position)
        resets = p.rules.resets
        return resets is not None and p.resets >= resets and bool(p.waste)
