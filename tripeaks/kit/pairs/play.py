"""The rules of play of the games of pairs that make 13 (Triangle, Pyramid): pairs and kings alone, the
stock's top and the waste's top available, draws and redeals; won when every card is gone, or (a rule
set's ``layout_only``) when the layout is clear."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from ...base.cards import Card
from ...base.errors import IllegalMoveError, InvalidMoveError
from ...base.layout import bits
from ...base.moves import DRAW, REDEAL, Move, MoveKind
from ...model.deal import Deal
from ...model.position import Place, Position, Status, slot_setters
from ...model.words import capital
from .phrases import WON, either, names, value

__all__ = ["KING", "TOTAL", "PairsPosition", "PairsRules"]

TOTAL = 13
"""What a pair's values must make (an ace is 1, a jack 11, a queen 12)."""
KING = 13
"""A king's value: it makes 13 alone."""

_PLAY = MoveKind.PLAY
_DRAW = MoveKind.DRAW
_REDEAL = MoveKind.REDEAL


class PairsRules(Protocol):
    """What the rules of a game of pairs say besides their names (a game's rules type has these)."""

    @property
    def redeals(self) -> int:
        """How many times the waste may be turned back into the stock."""
        ...

    @property
    def layout_only(self) -> bool:
        """Whether the game is won once the layout is clear, whatever is left in the stock and the
        waste (Relaxed Pyramid); else every card must go."""
        ...


@dataclass(frozen=True, slots=True)
class PairsPosition(Position):
    """A position of a game of pairs: the layout's cards, the stock (its top card face up and
    available) and the waste, and the redeals used. Removed cards leave the game. Each game's
    positions are a subclass, which names the layout's shape in sentences (:attr:`shape`)."""

    rules: PairsRules
    redeals: int = 0

    stock_top_shown: ClassVar[bool] = True
    shape: ClassVar[str] = "layout"
    """The layout in the game's words, for a sentence: ``triangle``, ``pyramid``."""

    @classmethod
    def _deal(cls, deal: Deal, rules: Any) -> PairsPosition:
        cards = deal.layout_cards
        return cls(cards, deal.stock, (deal.waste,), rules, deal.solitaire, cls._mask(cards))

    def _next(
        self,
        cards: tuple[Card | None, ...],
        stock: tuple[Card, ...],
        waste: tuple[Card, ...],
        redeals: int,
        remaining: int,
    ) -> PairsPosition:
        made: PairsPosition = self._made(cards, stock, waste, remaining)
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

    @property
    def is_won(self) -> bool:
        return not self.remaining and (self.rules.layout_only or not (self.stock or self.waste))

    @property
    def won_text(self) -> str:
        """Why nothing can be done once the game is won."""
        return f"The {self.shape} is clear: this game is won." if self.rules.layout_only else WON

    def status(self) -> Status:
        if self.is_won:
            return Status.WON
        if self.stock or self.can_redeal() or self._removals():
            return Status.PLAYING
        return Status.OUT_OF_MOVES

    def legal_moves(self) -> list[Move]:
        """Every legal move: kings, then pairs (in the order of the available cards), then a
        draw or a redeal. None once the game ends."""
        if self.is_won:
            return []
        moves = self._removals()
        if self.stock:
            moves.append(DRAW)
        elif self.can_redeal():
            moves.append(REDEAL)
        return moves

    def stock_move(self) -> Move | None:
        """What a tap on the stock does now: draw, redeal, or nothing."""
        if self.is_won:
            return None
        if self.stock:
            return DRAW
        return REDEAL if self.can_redeal() else None

    def after(self, move: Move) -> PairsPosition:
        """The position once ``move`` is made; raises :class:`IllegalMoveError` if it can't be."""
        kind = move.kind
        if not self.remaining and self.rules.layout_only:  # won: nothing more (the stock may be left)
            self.solitaire.check_move(move)
            raise IllegalMoveError(self.won_text)
        if kind is _PLAY:
            played = move.cards
            if (len(played) == 1 and played[0].rank != KING) or (
                len(played) == 2 and played[0].rank + played[1].rank != TOTAL
            ):
                raise IllegalMoveError(refusal(self, move))
            cards, stock, waste, remaining = self.cards, self.stock, self.waste, self.remaining
            # Each card must be available now, not once the other has gone (the stock's next card).
            from_stock = bool(stock) and stock[0] in played
            from_waste = bool(waste) and waste[-1] in played
            for card in played:
                if (from_stock and card == stock[0]) or (from_waste and card == waste[-1]):
                    continue
                slot = self.slot_of(card)
                if slot is None or not self.layout.is_free(self.remaining, slot):
                    raise IllegalMoveError(refusal(self, move))
                cards = (*cards[:slot], None, *cards[slot + 1:])
                remaining &= ~(1 << slot)
            if from_stock:
                stock = stock[1:]
            if from_waste:
                waste = waste[:-1]
            return self._next(cards, stock, waste, self.redeals, remaining)
        if kind is _DRAW:
            if not self.stock:
                raise IllegalMoveError(no_draw(self))
            return self._next(self.cards, self.stock[1:], (*self.waste, self.stock[0]), self.redeals,
                              self.remaining)
        if kind is _REDEAL:
            if not self.can_redeal():
                raise IllegalMoveError(no_redeal(self))
            return self._next(self.cards, self.waste, (), self.redeals + 1, self.remaining)
        self.solitaire.check_move(move)  # says why it is no move of this game
        raise InvalidMoveError(f"'{move}' is not a move of {self.solitaire.name}")  # pragma: no cover

    def explain(self, target: Card | int) -> str:
        return explain(self, target)


(_redeals,) = slot_setters(PairsPosition, "redeals")


# Why a move is refused, and why a tap does or doesn't play (the player's words)


def _where(position: PairsPosition, card: Card) -> str | None:
    """Why ``card`` can't be taken now, or ``None`` if it can."""
    if (position.stock and position.stock[0] == card) or (position.waste and position.waste[-1] == card):
        return None
    slot = position.slot_of(card)
    if slot is not None:
        over = position.layout.covered_by[slot] & position.remaining
        if not over:
            return None
        return f"The {card.name} is covered by {names([c for s in bits(over) if (c := position.cards[s])])}."
    if card in position.waste:
        return f"The {card.name} is under the waste's top card."
    if card in position.stock:
        return f"The {card.name} is not one of the face-up cards."
    return f"The {card.name} has already been removed."


def explain(position: PairsPosition, target: Card | int) -> str:
    """Why a tap on ``target`` (a card, or a layout slot number) can or can't start a removal."""
    if isinstance(target, Card):
        card = target
    else:
        if not 0 <= target < len(position.cards):
            return "There is no such place on the table."
        found = position.cards[target]
        if found is None:
            return "That card has already been removed."
        card = found
    status = position.status()
    if status is Status.WON:
        return position.won_text
    why = _where(position, card)
    if why is not None:
        if not isinstance(target, Card) and why.startswith(f"The {card.name} is covered by"):
            return "That card is covered by" + why.removeprefix(f"The {card.name} is covered by")
        return why
    if card.rank == 13:
        return f"The {card.name} goes alone: tap it once to remove it."
    need = 13 - card.rank
    partners = [c for c, _, _ in position.available() if c.rank == need]
    if partners:
        return f"The {card.name} makes 13 with {either(partners)}."
    return (
        f"{capital(value(card.rank))} needs {value(need)} to make 13, and none is available"
        + (": draw from the stock." if position.stock_move() is not None else ".")
    )


def refusal(position: PairsPosition, move: Move) -> str:
    """Why the removal ``move`` can't be made."""
    if position.status() is Status.WON:
        return position.won_text
    cards = list(move.cards)
    for card in cards:
        why = _where(position, card)
        if why is not None:
            return why
    if len(cards) == 1:
        card = cards[0]
        if card.rank == 13:  # pragma: no cover - a king alone is always allowed when available
            return f"The {card.name} can go."
        return f"{capital(value(card.rank))} can't go alone: it needs {value(13 - card.rank)} to make 13."
    a, b = cards
    if 13 in (a.rank, b.rank):
        return "A king goes alone: tap it once."
    return f"{capital(value(a.rank))} and {value(b.rank)} make {a.rank + b.rank}, not 13."


def no_draw(position: PairsPosition) -> str:
    if position.status() is Status.WON:
        return position.won_text
    if position.can_redeal():
        return "The stock is empty: redeal to turn the waste back into the stock."
    if not position.waste:
        return "The stock and the waste are empty: there is nothing left to draw."
    return "The stock is empty and no redeals remain."


def no_redeal(position: PairsPosition) -> str:
    if position.status() is Status.WON:
        return position.won_text
    if position.stock:
        return "The waste can only be turned back once the stock is empty."
    if not position.waste:
        return "The waste is empty: there is nothing to redeal."
    return "No redeals remain: the stock has been seen three times."
