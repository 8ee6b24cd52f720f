"""Triangle's rules of play: pairs that make 13 and kings alone, draws and two redeals."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from ...cards import Card
from ...deal import Deal
from ...errors import IllegalMoveError, InvalidMoveError
from ...moves import DRAW, REDEAL, Move, MoveKind
from ...position import Place, Position, Status, slot_setters
from . import words
from .rules import TriangleRules

__all__ = ["KING", "TOTAL", "TrianglePosition"]

TOTAL = 13
"""What a pair's values must make (an ace is 1, a jack 11, a queen 12)."""
KING = 13
"""A king's value: it makes 13 alone."""

_PLAY = MoveKind.PLAY
_DRAW = MoveKind.DRAW
_REDEAL = MoveKind.REDEAL


@dataclass(frozen=True, slots=True)
class TrianglePosition(Position):
    """A Triangle position: the base's cards, stock (its top card face up and available) and
    waste, and the redeals used. Removed cards leave the game."""

    rules: TriangleRules
    redeals: int = 0

    stock_top_shown: ClassVar[bool] = True

    @classmethod
    def _deal(cls, deal: Deal, rules: TriangleRules) -> TrianglePosition:
        cards = deal.layout_cards
        return cls(cards, deal.stock, (deal.waste,), rules, deal.solitaire, cls._mask(cards))

    def _next(
        self,
        cards: tuple[Card | None, ...],
        stock: tuple[Card, ...],
        waste: tuple[Card, ...],
        redeals: int,
        remaining: int,
    ) -> TrianglePosition:
        made = object.__new__(TrianglePosition)
        _cards(made, cards)
        _stock(made, stock)
        _waste(made, waste)
        _rules(made, self.rules)
        _solitaire(made, self.solitaire)
        _remaining(made, remaining)
        _redeals(made, redeals)
        return made

    # What is on the table

    @property
    def score(self) -> int:
        """Cards removed so far: 52 when the game is won."""
        return 52 - self.cards_left

    @property
    def redeals_left(self) -> int:
        return self.rules.redeals - self.redeals

    def available(self) -> Iterator[tuple[Card, Place, int | None]]:
        """The cards that may be removed now, with where they are: the free layout cards in
        slot order (with their slots), then the stock's top, then the waste's top."""
        for slot, card in self.free_cards:
            yield card, Place.TABLE, slot
        if self.stock:
            yield self.stock[0], Place.STOCK, None
        if self.waste:
            yield self.waste[-1], Place.WASTE, None

    def is_available(self, card: Card) -> bool:
        return any(card == here for here, _, _ in self.available())

    def can_redeal(self) -> bool:
        return not self.stock and bool(self.waste) and self.redeals < self.rules.redeals

    # The rules

    def _removals(self) -> list[Move]:
        cards = [card for card, _, _ in self.available()]
        moves = [Move.play(card) for card in cards if card.rank == KING]
        for i, a in enumerate(cards):
            for b in cards[i + 1:]:
                if a.rank + b.rank == TOTAL:
                    moves.append(Move.play(a, b))
        return moves

    def status(self) -> Status:
        if not (self.remaining or self.stock or self.waste):
            return Status.WON
        if self.stock or self.can_redeal() or self._removals():
            return Status.PLAYING
        return Status.OUT_OF_MOVES

    def legal_moves(self) -> list[Move]:
        """Every legal move: kings, then pairs (in the order of the available cards), then a
        draw or a redeal. None once the game ends."""
        moves = self._removals()
        if self.stock:
            moves.append(DRAW)
        elif self.can_redeal():
            moves.append(REDEAL)
        return moves

    def stock_move(self) -> Move | None:
        """What a tap on the stock does now: draw, redeal, or nothing."""
        if self.stock:
            return DRAW
        return REDEAL if self.can_redeal() else None

    def after(self, move: Move) -> TrianglePosition:
        """The position once ``move`` is made; raises :class:`IllegalMoveError` if it can't be."""
        kind = move.kind
        if kind is _PLAY:
            played = move.cards
            if (len(played) == 1 and played[0].rank != KING) or (
                len(played) == 2 and played[0].rank + played[1].rank != TOTAL
            ):
                raise IllegalMoveError(words.refusal(self, move))
            cards, stock, waste, remaining = self.cards, self.stock, self.waste, self.remaining
            # Each card must be available now, not once the other has gone (the stock's next card).
            from_stock = bool(stock) and stock[0] in played
            from_waste = bool(waste) and waste[-1] in played
            for card in played:
                if (from_stock and card == stock[0]) or (from_waste and card == waste[-1]):
                    continue
                slot = self.slot_of(card)
                if slot is None or not self.layout.is_free(self.remaining, slot):
                    raise IllegalMoveError(words.refusal(self, move))
                cards = (*cards[:slot], None, *cards[slot + 1:])
                remaining &= ~(1 << slot)
            if from_stock:
                stock = stock[1:]
            if from_waste:
                waste = waste[:-1]
            return self._next(cards, stock, waste, self.redeals, remaining)
        if kind is _DRAW:
            if not self.stock:
                raise IllegalMoveError(words.no_draw(self))
            return self._next(self.cards, self.stock[1:], (*self.waste, self.stock[0]), self.redeals,
                              self.remaining)
        if kind is _REDEAL:
            if not self.can_redeal():
                raise IllegalMoveError(words.no_redeal(self))
            return self._next(self.cards, self.waste, (), self.redeals + 1, self.remaining)
        self.solitaire.check_move(move)  # says why it is no move of this game
        raise InvalidMoveError(f"'{move}' is not a move of Triangle")  # pragma: no cover

    def explain(self, target: Card | int) -> str:
        return words.explain(self, target)


_cards, _stock, _waste, _rules, _solitaire, _remaining, _redeals = slot_setters(
    TrianglePosition, "cards", "stock", "waste", "rules", "solitaire", "remaining", "redeals"
)
