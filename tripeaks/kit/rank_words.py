"""What a player reads in the games played one rank from the waste's top (TriPeaks, Golf): the ranks that
can be played, the card a tap names, and why a card can't go on the waste.

>>> from tripeaks.base.cards import Card
>>> ranks_said((8, 10))
'8 or 10'
>>> wrong_rank(Card.parse("7h"), Card.parse("9c"), (8, 10))
"A 7 can't go on a 9. You can play an 8 or a 10."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.cards import Card, rank_label, rank_phrase
from ..model.words import capital

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..model.position import Position

__all__ = ["ranks_said", "tapped_slot", "wrong_rank"]


def ranks_said(ranks: Iterable[int]) -> str:
    """Ranks as a card's corner shows them, for a player to choose from: ``8 or 10``."""
    return " or ".join(rank_label(r) for r in ranks)


def tapped_slot(position: Position, target: Card | int, off_table: str) -> int | str:
    """The layout slot a tap on ``target`` (a card, or a slot number) names, or why it names none: a
    sentence. ``off_table`` says where a card is that is neither on the table nor on the waste
    (``in the stock, not in a column``)."""
    if isinstance(target, Card):
        slot = position.slot_of(target)
        if slot is not None:
            return slot
        if target in position.waste:
            return f"The {target.name} is already on the waste."
        return f"The {target.name} is {off_table}."
    if not 0 <= target < len(position.cards):
        return "There is no such place on the table."
    if position.cards[target] is None:
        return "That card has already been played."
    return target


def wrong_rank(card: Card, top: Card, ranks: Iterable[int]) -> str:
    """Why ``card`` can't go on the waste's ``top``, and which of ``ranks`` can (the rank below the
    top's first, then the one above: on a king with K–A wrap, ``a Q or an A``)."""
    phrase = capital(rank_phrase(card.rank))
    said = f"{phrase} can't go on {rank_phrase(top.rank)}."
    if card.rank == top.rank:
        said = f"{phrase} can't go on another {rank_label(card.rank)}."
    below_first = sorted(ranks, key=lambda r: (top.rank - r) % 13)
    return f"{said} You can play {' or '.join(rank_phrase(r) for r in below_first)}."
