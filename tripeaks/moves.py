"""Moves and their one-token notation: a card code (play it), ``draw`` or ``reset``."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .errors import InvalidCardError

__all__ = ["DRAW", "RESET", "Move"]


@dataclass(frozen=True, slots=True)
class Move:
    """A play of one layout card, a draw from the stock, or a reset of the stock.

    >>> Move.parse("7H"), Move.parse("draw")
    (Move.parse('7h'), Move.parse('draw'))
    """

    kind: str  # "play", "draw" or "reset"
    card: Card | None = None

    @staticmethod
    def play(card: Card | str) -> Move:
        return Move("play", card if isinstance(card, Card) else Card.parse(card))

    @staticmethod
    def parse(text: str) -> Move:
        if not isinstance(text, str):
            raise InvalidCardError("a move is written as a card code, 'draw' or 'reset'")
        token = text.strip().lower()
        if token == "draw":
            return DRAW
        if token == "reset":
            return RESET
        try:
            return Move.play(token)
        except InvalidCardError:
            raise InvalidCardError(
                f"'{text}' is not a move: write a card such as 7h, or draw, or reset"
            ) from None

    @property
    def notation(self) -> str:
        return self.card.code if self.card is not None else self.kind

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Move.parse({self.notation!r})"


DRAW = Move("draw")
RESET = Move("reset")
