"""Cards: ranks, suits, their two-character codes and their names in words."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InvalidCardError

__all__ = ["DECK", "RANKS", "SUITS", "Card", "rank_label", "rank_phrase"]

RANKS = "A23456789TJQK"
SUITS = "cdhs"
_SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
_RANK_NAMES = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
_RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def rank_label(rank: int) -> str:
    """The rank as printed in a card's corner: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
    return _RANK_LABELS[rank - 1]


def rank_phrase(rank: int) -> str:
    """The rank with its article, as a player says it.

    >>> rank_phrase(9), rank_phrase(8), rank_phrase(1), rank_phrase(12)
    ('a 9', 'an 8', 'an A', 'a Q')
    """
    label = rank_label(rank)
    return ("an " if label in ("A", "8") else "a ") + label


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card of the 52. ``rank`` is 1 (ace) to 13 (king); ``suit`` is one of ``cdhs``.

    >>> Card.parse("Th")
    Card.parse('Th')
    >>> Card.parse("th").name
    '10 of hearts'
    """

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not (isinstance(self.rank, int) and 1 <= self.rank <= 13) or self.suit not in SUITS:
            raise InvalidCardError(f"{self.rank!r}{self.suit!r} is not a card")

    @staticmethod
    def parse(text: str) -> Card:
        """Read a two-character code, rank ``A23456789TJQK`` then suit ``cdhs``, either case."""
        card = _BY_CODE.get(text.upper()) if isinstance(text, str) else None
        if card is None:
            raise InvalidCardError(f"'{text}' is not a card")
        return card

    @staticmethod
    def from_index(index: int) -> Card:
        """The card numbered ``index`` (0 to 51, suit by suit in the order ``cdhs``)."""
        return DECK[index]

    @property
    def index(self) -> int:
        return SUITS.index(self.suit) * 13 + self.rank - 1

    @property
    def code(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    @property
    def name(self) -> str:
        """The card in words: ``7 of hearts``, ``queen of spades``."""
        return f"{_RANK_NAMES[self.rank - 1]} of {_SUIT_NAMES[self.suit]}"

    @property
    def red(self) -> bool:
        return self.suit in "dh"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
_BY_CODE = {card.code.upper(): card for card in DECK}
