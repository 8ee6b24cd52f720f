"""The no-peeking player of the games that play a card one rank above or below the waste's top (TriPeaks,
Golf), whose wins over a deal and its re-deals grade the deal's difficulty.

The player sees what a player sees: the layout cards face up, the waste's top, and how many cards the
stock holds; never a face-down card or the stock's order. Its strategy, fixed:

1. When some free card plays on the waste, play one: a card whose play uncovers a card first;
   among those, the one that starts the longest run it can see (cards free now, one after
   another, each one rank from the last); then the lowest slot (the highest row, leftmost).
2. Otherwise draw; when the stock is empty, turn the waste over if a pass is left.
3. It stops when it clears the layout (won) or nothing is left to do (lost; with unlimited
   passes, once a whole round of the waste and stock goes by without a play).

A game's grader (:class:`~tripeaks.kit.grading.SlicedGrader`) plays it on the deal itself and on
re-deals of the cards it can't see at the start (:func:`redeal`). The rules say which rank goes on
which (their ``adjacency``) and how many times the waste may be turned over (their ``resets``:
``None`` for no limit).
"""

from __future__ import annotations

from ..base.generator import SplitMix64, shuffle
from ..model.position import Position

__all__ = ["blind_game", "redeal", "seen"]


def blind_game(position: Position, rank: list[int], stock: list[int], top: int | None) -> bool:
    """Whether the no-peeking player wins from ``position``'s start with these cards: ``rank``
    the layout's ranks slot by slot, ``stock`` the stock's (next first), ``top`` the waste's
    (``None``: empty)."""
    layout, rules = position.layout, position.rules
    free_of = layout.free
    under = rules.adjacency.under_ranks
    near = [0] * 14  # near[t]: the slots holding a card that goes on t
    for slot, r in enumerate(rank):
        for t in under[r]:
            near[t] |= 1 << slot
    limit = rules.resets
    remaining = layout.full
    waste = [top] if top is not None else []
    drawn = 0
    resets = 0
    idle = 0  # draws and resets since the last play

    def run(seen: int, top: int) -> int:
        """The longest run of cards in ``seen`` played one after another on ``top``."""
        best = 0
        plays = seen & near[top]
        while plays:
            low = plays & -plays
            plays ^= low
            got = 1 + run(seen ^ low, rank[low.bit_length() - 1])
            if got > best:
                best = got
        return best

    while True:
        free = free_of(remaining)
        plays = free & near[waste[-1]] if waste else free
        if plays:
            pick, best = 0, (-1, -1)
            while plays:
                low = plays & -plays
                plays ^= low
                slot = low.bit_length() - 1
                uncovers = 1 if free_of(remaining ^ low) & ~free else 0
                score = (uncovers, run(free ^ low, rank[slot]))
                if score > best:  # ties keep the lowest slot, met first
                    pick, best = low, score
            remaining ^= pick
            if not remaining:
                return True
            waste.append(rank[pick.bit_length() - 1])
            idle = 0
            continue
        if drawn < len(stock):
            waste.append(stock[drawn])
            drawn += 1
        elif limit is None or resets < limit:
            stock, waste, drawn = waste[1:], waste[:1], 0
            resets += 1
        else:
            return False
        idle += 1
        if limit is None and idle > len(stock) - drawn + len(waste):
            return False  # a whole round with nothing to play: nothing ever will


def redeal(position: Position, rng: SplitMix64) -> tuple[list[int], list[int], int | None]:
    """A re-deal of what the player can't see at ``position``'s start (the face-down layout cards
    and the stock, shuffled among their places by ``rng``): the layout's ranks, the stock's, the
    waste's top."""
    rank = [card.rank if card is not None else 0 for card in position.cards]
    hidden = [s for s in range(len(rank)) if not position.is_face_up(s)]
    unseen = [rank[s] for s in hidden] + [card.rank for card in position.stock]
    shuffle(unseen, rng)
    for s, r in zip(hidden, unseen, strict=False):
        rank[s] = r
    return rank, unseen[len(hidden):], position.waste[-1].rank if position.waste else None


def seen(position: Position) -> tuple[list[int], list[int], int | None]:
    """The cards the player plays on the deal itself, as :func:`blind_game` takes them."""
    rank = [card.rank if card is not None else 0 for card in position.cards]
    top = position.waste[-1].rank if position.waste else None
    return rank, [card.rank for card in position.stock], top
