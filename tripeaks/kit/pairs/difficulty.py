"""The no-peeking player of the games of pairs, whose wins over a deal and its re-deals grade the deal.

The player sees the whole layout, the stock's top and the waste's top, never the stock's order. Its
strategy, fixed:

1. Take a king whenever one is available (a free layout card, the stock's top, the waste's top).
2. Otherwise, when two available cards make 13, take a pair: the one that frees the most layout
   cards first; then the one with more layout cards in it; then the first in the order of the
   available cards (layout slots, the stock's top, the waste's top).
3. Otherwise draw; when the stock is empty, redeal if a redeal is left.
4. It stops when the game is won (every card gone, or the layout clear when the rules ask only
   that) or nothing is left to do (lost).

It plays the deal itself and ``games - 1`` re-deals of the cards it can't see at the start (the
stock below its top, shuffled). Each game gives how many games and the thresholds of its grades
(a subclass of :class:`PairsGrader`); a deal the exact solver proves lost can't be won.
"""

from __future__ import annotations

from ...base.generator import SplitMix64, shuffle
from ...kit.grading import SlicedGrader
from .play import KING, TOTAL, PairsPosition

__all__ = ["PairsGrader", "blind_game", "redeal"]


def blind_game(position: PairsPosition, rank: list[int], stock: list[int], waste: list[int]) -> bool:
    """Whether the no-peeking player wins from ``position``'s start with these cards: ``rank`` the
    layout's values slot by slot, ``stock`` next first, ``waste`` bottom first."""
    free_of = position.layout.free
    most = position.rules.redeals
    layout_only = position.rules.layout_only
    remaining = position.layout.full
    stock = list(stock)
    waste = list(waste)
    drawn = 0
    redeals = 0
    while True:
        free = free_of(remaining)
        # kings go at once: on the table, the stock's top, the waste's top
        kings = 0
        todo = free
        while todo:
            low = todo & -todo
            todo ^= low
            if rank[low.bit_length() - 1] == KING:
                kings |= low
        if kings:
            remaining ^= kings
            if layout_only and not remaining:
                return True
            continue
        if drawn < len(stock) and stock[drawn] == KING:
            drawn += 1  # the stock's next card turns up: the king leaves the game
            continue
        if waste and waste[-1] == KING:
            waste.pop()
            continue
        # pairs: (freed, layout cards in it, -order) highest first
        cards = []
        todo = free
        while todo:
            low = todo & -todo
            todo ^= low
            cards.append((rank[low.bit_length() - 1], low))
        if drawn < len(stock):
            cards.append((stock[drawn], -1))
        if waste:
            cards.append((waste[-1], -2))
        pick = None
        best = (-1, -1)
        for n, (v, a) in enumerate(cards):
            for w, b in cards[n + 1:]:
                if v + w == TOTAL:
                    table = (a if a > 0 else 0) | (b if b > 0 else 0)
                    freed = (free_of(remaining ^ table) & ~free).bit_count() if table else 0
                    score = (freed, table.bit_count())
                    if score > best:
                        pick, best = (a, b), score
        if pick is not None:
            for place in pick:
                if place > 0:
                    remaining ^= place
                elif place == -1:
                    drawn += 1
                else:
                    waste.pop()
            if not remaining and (layout_only or (drawn == len(stock) and not waste)):
                return True
            continue
        if drawn < len(stock):
            waste.append(stock[drawn])
            drawn += 1
        elif waste and redeals < most:
            stock, waste, drawn = waste, [], 0
            redeals += 1
        else:
            return not remaining and drawn == len(stock) and not waste


def redeal(position: PairsPosition, rng: SplitMix64) -> tuple[list[int], list[int], list[int]]:
    """A re-deal of what the player can't see at ``position``'s start (the stock below its top,
    shuffled by ``rng``): the layout's values, the stock's, the waste's."""
    stock = [card.rank for card in position.stock]
    unseen = stock[1:]
    shuffle(unseen, rng)
    rank = [card.rank if card is not None else 0 for card in position.cards]
    return rank, stock[:1] + unseen, [card.rank for card in position.waste]


class PairsGrader(SlicedGrader):
    """Works out a deal's difficulty (see the module's docstring), in slices; each game gives its
    ``games`` and ``thresholds``."""

    position: PairsPosition
    redeal = staticmethod(redeal)
    play = staticmethod(blind_game)

    def seen(self) -> tuple[list[int], list[int], list[int]]:
        position = self.position
        rank = [card.rank if card is not None else 0 for card in position.cards]
        return rank, [c.rank for c in position.stock], [c.rank for c in position.waste]
