"""Golf's stuck cards: a lower bound on the cards any line leaves in the columns from a state of the game.

A card is played onto the card just before it on the waste, one rank away: the waste's top (only for
a card free now, and only for the first play), a stock card still to come, or a column card played
just before it (one that *supports* it: one rank away, not under it, and not on it with other cards
in between; see :mod:`tripeaks.kit.last_pass.tables`). And it is played only once every card on it is.
So the cards that can ever be played are the least set that holds every card whose cards on top are
in it and that has the top, a stock card to come or a card of the set just before it: worked out
from the free cards down, the rest are stuck and stay (the set of cards a line plays is always in it,
by induction on the order they are played in).

The rank flow adds a count: each card played has its own card just before it, so for a set of ranks
``R`` none of which goes on another, the cards of ``R`` played are at most the column cards of the
ranks they go on, plus the stock cards to come of those ranks, plus one for the top; the cards of
``R`` beyond that stay. The sets are the decision solver's rank-flow steps
(:mod:`tripeaks.kit.last_pass.ranks`), one field each of one packed integer, kept by the search one
subtraction a card played.

The bound is the larger of the two: every line from the state leaves at least that many cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...kit.last_pass.ranks import _BIAS, _BIT_INDEX, _FIELD
from .layout import COLUMNS

if TYPE_CHECKING:
    from ...kit.last_pass.tables import Tables

__all__ = ["Bound", "stuck_bound"]

Bound = Callable[[int, int, int, int], int]
"""``bound(cards, i, top, packed)``: no line from the state (the column cards ``cards``, the stock
``i`` cards in, the waste's top of rank ``top``; ``packed`` the rank flow's needs of ``cards``) leaves
fewer cards."""


def stuck_bound(solver: Tables, stock: tuple[int, ...]) -> Bound:
    """The bound for the states of one Golf position: its deal's tables and the ranks of its stock,
    next first (a state's stock index counts the cards drawn from it)."""
    n = len(stock)
    onto = solver.adjacent_slots
    dependants = solver.dependants
    steps = solver.flow.step_lists
    fields = len(steps)
    # below[i]: the slots whose card goes on a stock card still to come once i are drawn
    below = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        below[i] = below[i + 1] | onto[stock[i]]
    # supply[i]: each step's stock cards to come, one field a step; wild[t]: a top of rank t, the same
    supply = []
    for i in range(n + 1):
        counts = [stock[i:].count(r) for r in range(14)]
        supply.append(sum(sum(counts[r] for r in ranks) << _FIELD * f for f, ranks in enumerate(steps)))
    wild = [sum(1 << _FIELD * f for f, ranks in enumerate(steps) if t in ranks) for t in range(14)]
    bit_index = _BIT_INDEX

    def bound(cards: int, i: int, top: int, packed: int) -> int:
        free = cards & ~(cards >> COLUMNS)
        sources = free & onto[top] | below[i]
        stuck = cards  # the cards not (yet) found playable
        led = 0  # the cards a playable card supports
        ready = free  # the stuck cards with nothing stuck on them
        while True:
            found = ready & (sources | led)
            if not found:
                break
            stuck ^= found
            while found:
                low = found & -found
                found ^= low
                led |= dependants[bit_index[low % 37]]
            ready = stuck & ~(stuck >> COLUMNS)
        left = stuck.bit_count()
        if stuck != cards:  # some card is playable: the rank flow may say more
            short = max((packed - supply[i] - wild[top]).to_bytes(fields, "little")) - _BIAS
            if short > left:
                return short
        return left

    return bound
