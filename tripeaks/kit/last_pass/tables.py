"""The tables the last pass's search reads for one deal: ranks by slot, who can be played before whom, rank
flow."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..solving import Budget
from .ranks import _BIT_INDEX, _flow_of

if TYPE_CHECKING:
    from ...model.position import Position
    from ..adjacency import Adjacency

__all__ = ["Tables"]


class Tables(Budget):
    """What the solver knows of one deal under one set of rules, worked out once: the searches of
    bounds.py and search.py (and TriPeaks' passes.py) read these (a game's solver is one, with the
    memory of what it proved)."""

    def __init__(self, position: Position) -> None:
        """The tables of the deal ``position`` belongs to, under its rules (it reads the cards in
        every slot). The rules say which rank goes on which: their ``adjacency``."""
        super().__init__()
        rules: Any = position.rules
        layout = position.layout
        adjacency: Adjacency = rules.adjacency
        self.rules = rules
        self.layout = layout
        self.adjacency = adjacency
        self.wrap = adjacency.wrap
        self.rank = [c.rank if c is not None else 0 for c in position.cards]
        slots_of_rank = [0] * 14
        for s, r in enumerate(self.rank):
            slots_of_rank[r] |= 1 << s
        # adjacent_slots[t]: the slots holding a card that goes on a top of rank t; under_slots[r]:
        # those holding a card that a card of rank r goes on (the same but in Dead King Golf)
        self.adjacent_slots = [0] * 14
        under_slots = [0] * 14
        for t in range(1, 14):
            for r in adjacency.onto_ranks[t]:
                self.adjacent_slots[t] |= slots_of_rank[r]
            for r in adjacency.under_ranks[t]:
                under_slots[t] |= slots_of_rank[r]
        # support[s]: the layout cards that could be played just before the card in slot s:
        # one rank away, not under it, and not on it with other cards in between.
        self.support = [
            under_slots[r] & ~layout.beneath[s] & ~(layout.above[s] & ~layout.covered_by[s])
            if r
            else 0
            for s, r in enumerate(self.rank)
        ]
        size = layout.size
        # dependants[s]: the cards s supports; a card whose last supporter goes is isolated
        self.dependants = [0] * size
        for t, supporters in enumerate(self.support):
            while supporters:
                low = supporters & -supporters
                supporters ^= low
                self.dependants[_BIT_INDEX[low % 37]] |= 1 << t
        # isolating[s]: (around, table): ``around`` is the mask of the slots that decide which
        # cards taking the card in s leaves with no supporter (its dependants and their
        # supporters), and ``table[cards & around]``, filled as met, those it leaves so.
        self.isolating: list[tuple[int, dict[int, int]]] = []
        for s in range(size):
            around = todo = self.dependants[s]
            while todo:
                low = todo & -todo
                todo ^= low
                around |= self.support[_BIT_INDEX[low % 37]]
            self.isolating.append((around & ~(1 << s), {}))
        self.flow = _flow_of(adjacency)
        self.weight = [self.flow.weight_of_rank[r] for r in self.rank]
