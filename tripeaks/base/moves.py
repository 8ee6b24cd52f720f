"""Moves as checked values, and their one-token notation: ``7h``, ``Qh+Ad``, ``draw``, ``reset``."""

from __future__ import annotations

from enum import StrEnum

from .cards import DECK, Card
from .errors import InvalidCardError, InvalidMoveError

__all__ = ["DRAW", "REDEAL", "RESET", "Move", "MoveKind", "not_a_move"]


class MoveKind(StrEnum):
    """What a move does. Each game uses some of them (its :attr:`Solitaire.moves`)."""

    PLAY = "play"
    """Play layout or other available cards: one card (TriPeaks, a Triangle king) or a pair."""
    DRAW = "draw"
    """Turn the next stock card onto the waste."""
    RESET = "reset"
    """TriPeaks: turn the waste over to make a new stock, and its first card up."""
    REDEAL = "redeal"
    """Triangle: turn the waste back into the stock."""


class Move:
    """One move: a kind and the cards it plays (one or two for a play, none otherwise).

    A move that cannot exist cannot be built; whether the rules allow it in a position is the
    position's question. Notation both ways, the same for every game:

    >>> Move.parse("7H"), Move.parse("draw"), Move.parse("ad+QH")
    (Move.parse('7h'), Move.parse('draw'), Move.parse('Qh+Ad'))
    >>> Move("play", Card.parse("Qh"), Card.parse("Ad")) == Move.parse("Ad+Qh")
    True
    >>> Move("jump")
    Traceback (most recent call last):
    ...
    tripeaks.base.errors.InvalidMoveError: 'jump' is not a kind of move: play, draw, reset or redeal
    """

    __slots__ = ("_hash", "card", "cards", "kind")
    kind: MoveKind
    _hash: int
    cards: tuple[Card, ...]
    """The cards played, highest rank first (a pair is the same move in either order)."""
    card: Card | None
    """The card played, for a play of one card; ``None`` otherwise (kept: every replay reads it)."""

    def __init__(self, kind: MoveKind | str, *cards: Card) -> None:
        try:
            kind = MoveKind(kind)
        except ValueError:
            raise InvalidMoveError(
                f"{kind!r} is not a kind of move: play, draw, reset or redeal"
            ) from None
        if not all(isinstance(card, Card) for card in cards):
            raise InvalidMoveError("a move's cards must be cards")
        if kind is MoveKind.PLAY:
            if not 1 <= len(cards) <= 2:
                raise InvalidMoveError("a play is of one card or a pair")
            if len(cards) == 2:
                if cards[0] == cards[1]:
                    raise InvalidMoveError(f"a pair is of two cards, not the {cards[0].name} twice")
                if (cards[1].rank, cards[1].suit) > (cards[0].rank, cards[0].suit):
                    cards = (cards[1], cards[0])
        elif cards:
            raise InvalidMoveError(f"a {kind} names no card")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "card", cards[0] if len(cards) == 1 else None)
        object.__setattr__(self, "_hash", hash((kind, cards)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a move cannot be changed")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.kind is other.kind and self.cards == other.cards

    def __hash__(self) -> int:
        return self._hash

    @staticmethod
    def play(*cards: Card | str) -> Move:
        """The play of ``cards`` (cards or their codes): one card, or a pair."""
        if len(cards) == 1 and isinstance(cards[0], Card):
            found = _PLAYS.get(cards[0])
            if found is not None:
                return found
        return Move(MoveKind.PLAY, *(c if isinstance(c, Card) else Card.parse(c) for c in cards))

    @staticmethod
    def parse(text: str) -> Move:
        """Read a move's notation, either case; :class:`InvalidMoveError` if it is none."""
        if not isinstance(text, str):
            raise InvalidMoveError("a move is written as a card code, two joined by +, or a word")
        token = text.strip().lower()
        kind = _WORDS.get(token)
        if kind is not None:
            return kind
        codes = token.split("+")
        if len(codes) <= 2:
            try:
                return Move.play(*(Card.parse(code.strip()) for code in codes))
            except (InvalidCardError, InvalidMoveError):
                pass
        raise InvalidMoveError(
            not_a_move(text, "a card such as 7h, a pair such as Qh+Ad, or draw, reset or redeal")
        )

    @property
    def notation(self) -> str:
        return "+".join(c.code for c in self.cards) if self.cards else self.kind.value

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Move.parse({self.notation!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (Move.parse, (self.notation,))


def not_a_move(text: str, how: str) -> str:
    """The message for ``text`` that is no move: it is shown (cut short if long), then ``how``
    says what to write instead."""
    shown = text if len(text) <= 40 else text[:40] + "…"
    return f"'{shown}' is not a move: write {how}"


DRAW = Move(MoveKind.DRAW)
RESET = Move(MoveKind.RESET)
REDEAL = Move(MoveKind.REDEAL)
_WORDS = {"draw": DRAW, "reset": RESET, "redeal": REDEAL}
# The play of each card, made once: a solver's line and every click make one.
_PLAYS: dict[Card, Move] = {card: Move(MoveKind.PLAY, card) for card in DECK}
