"""Golf's rules of play: a column's top card goes on the waste one rank from its top; draws, once through."""

from __future__ import annotations

from dataclasses import dataclass

from ...base.cards import Card, rank_phrase
from ...base.errors import IllegalMoveError, InvalidMoveError
from ...base.moves import DRAW, Move, MoveKind
from ...kit.rank_words import tapped_slot, wrong_rank
from ...model.deal import Deal
from ...model.position import Position, Status
from .phrases import NO_DRAW, OVER, WON
from .rules import GolfRules

__all__ = ["GolfPosition"]

_PLAY = MoveKind.PLAY
_DRAW = MoveKind.DRAW


@dataclass(frozen=True, slots=True)
class GolfPosition(Position):
    """A Golf position: the columns' cards, the stock and the waste. Nothing but the cards and
    the rules decides anything: there are no passes to count and no runs to score."""

    rules: GolfRules

    @classmethod
    def _deal(cls, deal: Deal, rules: GolfRules) -> GolfPosition:
        cards = deal.layout_cards
        return cls(cards, deal.stock, (deal.waste,), rules, deal.solitaire, cls._mask(cards))

    # What is on the table

    @property
    def score(self) -> int:
        """Column cards cleared, 35 for a win: Golf's score is the cards left in the columns
        (``35 - score``, fewer is better), so that a higher score is better for every game."""
        return len(self.cards) - bin(self.remaining).count("1")

    @property
    def top(self) -> Card:
        """The waste's top card, the one plays go on (the waste is never empty)."""
        return self.waste[-1]

    @property
    def left(self) -> int:
        """Cards left in the columns: Golf's score as a player reads it."""
        return bin(self.remaining).count("1")

    def playable_ranks(self) -> tuple[int, ...]:
        """The ranks that would go on the waste now (none on a king in Dead King Golf)."""
        return self.rules.adjacency.onto_ranks[self.waste[-1].rank]

    def _plays(self) -> list[Move]:
        onto = self.rules.adjacency.onto[self.waste[-1].rank]
        return [Move.play(card) for _, card in self.free_cards if onto >> card.rank & 1]

    # The rules

    def status(self) -> Status:
        if not self.remaining:
            return Status.WON
        if self.stock or self._plays():
            return Status.PLAYING
        return Status.OUT_OF_MOVES

    def legal_moves(self) -> list[Move]:
        """Every legal move: plays in slot order (columns left to right), then a draw. None once
        the game ends."""
        if not self.remaining:
            return []
        moves = self._plays()
        if self.stock:
            moves.append(DRAW)
        return moves

    def stock_move(self) -> Move | None:
        """What a tap on the stock does now: draw, or nothing once it is empty or the game won."""
        return DRAW if self.stock and self.remaining else None

    def after(self, move: Move) -> GolfPosition:
        """The position once ``move`` is made; raises :class:`IllegalMoveError` if it can't be."""
        kind = move.kind
        if kind is _DRAW:
            if not self.remaining:
                raise IllegalMoveError(WON)
            if not self.stock:
                raise IllegalMoveError(OVER if self.status() is Status.OUT_OF_MOVES else NO_DRAW)
            made: GolfPosition = self._made(self.cards, self.stock[1:], (*self.waste, self.stock[0]),
                                            self.remaining)
            return made
        card = move.card
        if kind is not _PLAY or card is None:
            self.solitaire.check_move(move)  # says why it is no move of this game
            raise InvalidMoveError(f"'{move}' is not a move of Golf")  # pragma: no cover
        slot = self.slot_of(card)
        if (
            slot is None
            or self.remaining & self.layout.covered_by[slot]
            or not self.rules.adjacency.onto[self.waste[-1].rank] >> card.rank & 1
        ):
            raise IllegalMoveError(explain(self, card))
        cards = (*self.cards[:slot], None, *self.cards[slot + 1:])
        remaining = self.remaining & ~(1 << slot)
        played: GolfPosition = self._made(cards, self.stock, (*self.waste, card), remaining)
        return played

    def explain(self, target: Card | int) -> str:
        return explain(self, target)


# Why a move is refused, and why a tap does or doesn't play (the player's words)


def explain(position: GolfPosition, target: Card | int) -> str:
    """Why a tap on ``target`` (a card, or a layout slot number) does or doesn't play."""
    if not position.remaining:
        return WON
    slot = tapped_slot(position, target, "in the stock, not in a column")
    if isinstance(slot, str):
        return slot
    card = position.cards[slot]
    assert card is not None
    if position.remaining & position.layout.covered_by[slot]:
        return f"The {card.name} is under other cards of its column: play those first."
    top = position.top
    ranks = position.playable_ranks()
    if card.rank in ranks:
        if position.status() is not Status.PLAYING:  # pragma: no cover - a playable card is in play
            return OVER
        return f"The {card.name} can go on the {top.name}."
    if not ranks:
        return f"Nothing goes on a king in Dead King Golf, not even {rank_phrase(card.rank)}: draw a card."
    return wrong_rank(card, top, ranks)
