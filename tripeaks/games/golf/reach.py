"""The moves between the states of one Golf position, as the searches for the fewest cards left take them.

A state is (cards left in the columns, stock index, waste top's rank). Its moves are a play onto the
top, or a draw up to the first stock card a free card goes on, then that play: drawing further first
is never better (more stock left is never worse), and a draw followed by no play changes nothing.
Every move plays one card. Slots are the layout's (see :mod:`tripeaks.games.golf.layout`): a card is
free when the slot one row up is empty, ``cards & ~(cards >> COLUMNS)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kit.last_pass.line import ADVANCE
from ...kit.last_pass.ranks import _BIT_INDEX
from .layout import COLUMNS

if TYPE_CHECKING:
    from ...kit.last_pass.tables import Tables

__all__ = ["Moves"]


class Moves:
    """The tables of one position's moves: its deal's (``solver``) and its stock's (ranks, next first)."""

    def __init__(self, solver: Tables, stock: tuple[int, ...]) -> None:
        n = self.n = len(stock)
        self.rank = rank = solver.rank
        self.onto = onto = solver.adjacent_slots  # onto[t]: the slots whose card goes on a top of rank t
        self.weight = solver.weight  # a card's part in the rank flow's needs (kit/last_pass/ranks.py)
        self.base = solver.flow.base
        # first[s][i]: the stock index once the first stock card the card in slot s goes on is drawn,
        # with i drawn (n + 1 if none)
        self.first: list[list[int]] = []
        for s, r in enumerate(rank):
            row, k = [n + 1] * (n + 1), n + 1
            for j in range(n - 1, -1, -1):
                if r and onto[stock[j]] >> s & 1:
                    k = j + 1
                row[j] = k
            self.first.append(row)
        # below[i]: the slots whose card goes on a stock card still to come with i drawn
        self.below = [0] * (n + 1)
        for j in range(n - 1, -1, -1):
            self.below[j] = self.below[j + 1] | onto[stock[j]]
        self.near = [onto[r] for r in stock]  # near[j]: the slots whose card goes on stock card j

    def packed(self, cards: int) -> int:
        """The rank flow's needs of ``cards``, one field a step (the searches subtract a card's weight)."""
        weight = self.weight
        return self.base + sum(weight[s] for s in range(len(weight)) if cards >> s & 1)

    def settled(self, cards: int, i: int) -> int:
        """The stock index from which the state's draws begin to matter: ``i``, or later when the next
        stock cards go on no card of ``cards`` (drawing them changes nothing for any line from it)."""
        near, n = self.near, self.n
        while i < n and not near[i] & cards:
            i += 1
        return i

    def one(self, cards: int, i: int, top: int) -> list[int] | None:
        """The steps (a slot, after ADVANCEs for the draws) of one move from a state, if it has any."""
        free = cards & ~(cards >> COLUMNS)
        plays = free & self.onto[top]
        if plays:
            return [_BIT_INDEX[(plays & -plays) % 37]]
        while free:
            low = free & -free
            free ^= low
            s = _BIT_INDEX[low % 37]
            k = self.first[s][i]
            if k <= self.n:
                return [ADVANCE] * (k - i) + [s]
        return None
