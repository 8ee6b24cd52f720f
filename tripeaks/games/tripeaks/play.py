"""TriPeaks' rules of play: which card goes on the waste, draws and resets, the end and the score."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...base.cards import Card
from ...base.errors import IllegalMoveError, InvalidMoveError
from ...base.moves import DRAW, RESET, Move, MoveKind
from ...kit.adjacency import adjacent, neighbours
from ...kit.last_pass.line import ADVANCE, follow
from ...kit.rank_words import tapped_slot, wrong_rank
from ...model.deal import Deal
from ...model.position import Position, Status, slot_setters
from .layout import PEAK_BONUS, PEAKS
from .phrases import NO_PASSES, OVER, RESET_TOO_SOON, STOCK_EMPTY, STOCK_EMPTY_RESET, WON
from .rules import Rules

__all__ = ["ADVANCE", "DRAW_PENALTY", "PEAK_BONUS", "TriPeaksPosition", "adjacent", "follow", "neighbours"]

DRAW_PENALTY = 5

_PLAY = MoveKind.PLAY
_DRAW = MoveKind.DRAW
_RESET = MoveKind.RESET


@dataclass(frozen=True, slots=True)
class TriPeaksPosition(Position):
    """A TriPeaks position: the base's cards, stock and waste, and the passes used, score and run.

    The waste is empty only at the start under the empty-waste option; any free card goes on it.
    """

    rules: Rules
    resets: int = 0
    score: int = 0
    run: int = 0

    @classmethod
    def _deal(cls, deal: Deal, rules: Rules) -> TriPeaksPosition:
        stock: tuple[Card, ...] = deal.stock
        waste: tuple[Card, ...] = (deal.waste,)
        if rules.empty_waste:
            stock, waste = (deal.waste, *stock), ()
        cards = deal.layout_cards
        return cls(cards, stock, waste, rules, deal.solitaire, cls._mask(cards))

    def _next(
        self,
        cards: tuple[Card | None, ...],
        stock: tuple[Card, ...],
        waste: tuple[Card, ...],
        resets: int,
        score: int,
        run: int,
        remaining: int,
    ) -> TriPeaksPosition:
        """The position a move makes from this one, told its ``remaining`` (a move changes it by
        one card at most) rather than working it out from ``cards``."""
        made: TriPeaksPosition = self._made(cards, stock, waste, remaining)
        _resets(made, resets)
        _score(made, score)
        _run(made, run)
        return made

    def state_key(self) -> tuple[object, ...]:
        """What decides the lines to come: ranks, not cards (suits play no part); in the last pass
        only the waste's top (the waste is never turned over again); with unlimited passes, not the
        passes used."""
        stock = tuple([card.rank for card in self.stock])
        resets = self.rules.resets
        if resets is None:
            return (self.remaining, stock, tuple([card.rank for card in self.waste]))
        if self.waste and self.resets >= resets:
            return (self.remaining, stock, self.waste[-1].rank, self.resets)
        return (self.remaining, stock, tuple([card.rank for card in self.waste]), self.resets)

    # What is on the table

    @property
    def top(self) -> Card | None:
        """The waste's top card, the one plays go on; ``None`` while the waste is empty."""
        return self.waste[-1] if self.waste else None

    @property
    def peaks_cleared(self) -> int:
        return sum(self.cards[slot] is None for slot in PEAKS)

    def is_face_up(self, slot: int) -> bool:
        """Whether the card in ``slot`` is showing (played slots are not)."""
        if self.cards[slot] is None:
            return False
        return (
            self.rules.face_up
            or bool(self.layout.face_up >> slot & 1)
            or self.layout.is_free(self.remaining, slot)
        )

    def can_play(self, card: Card) -> bool:
        return self._playable_slot(card) is not None

    def _playable_slot(self, card: Card) -> int | None:
        """The slot of ``card`` if it can be played now."""
        slot = self.slot_of(card)
        # slot_of says the card is there: it is free when nothing on it is left
        if slot is not None and not self.remaining & self.solitaire.layout.covered_by[slot]:
            waste = self.waste
            if not waste or adjacent(card.rank, waste[-1].rank, self.rules.wrap):
                return slot
        return None

    def playable_ranks(self) -> tuple[int, ...]:
        """The ranks that would go on the waste right now (every rank on an empty waste)."""
        if not self.waste:
            return tuple(range(1, 14))
        return neighbours(self.waste[-1].rank, self.rules.wrap)

    def can_reset(self) -> bool:
        resets = self.rules.resets
        return not self.stock and (resets is None or self.resets < resets)

    # The rules

    def status(self) -> Status:
        if not self.remaining:
            return Status.WON
        if not self.waste:
            return Status.PLAYING  # any free card goes on an empty waste
        rules = self.rules
        free = [card for _, card in self.free_cards]
        top = self.waste[-1].rank
        for card in free:
            if adjacent(card.rank, top, rules.wrap):
                return Status.PLAYING
        if rules.passes is None:
            ranks = {c.rank for c in (*self.stock, *self.waste)}
            if any(adjacent(c.rank, r, rules.wrap) for c in free for r in ranks):
                return Status.PLAYING
            return Status.OUT_OF_MOVES
        if self.stock or self.can_reset():
            return Status.PLAYING
        return Status.OUT_OF_MOVES

    def legal_moves(self) -> list[Move]:
        """Every legal move: plays in slot order, then draw or reset. None once the game ends."""
        if self.status() is not Status.PLAYING:
            return []
        wrap = self.rules.wrap
        top = self.waste[-1].rank if self.waste else None
        moves = [
            Move.play(card)
            for _, card in self.free_cards
            if top is None or adjacent(card.rank, top, wrap)
        ]
        if self.stock:
            moves.append(DRAW)
        elif self.can_reset():
            moves.append(RESET)
        return moves

    def stock_move(self) -> Move | None:
        """What a tap on the stock does now: draw, reset, or nothing once the game is over."""
        if self.status() is not Status.PLAYING:
            return None
        if self.stock:
            return DRAW
        return RESET if self.can_reset() else None

    def after(self, move: Move) -> TriPeaksPosition:
        """The position once ``move`` is made; raises :class:`IllegalMoveError` if it can't be."""
        rules = self.rules
        kind = move.kind
        # A card that can be played means the game is in play, and so does a stock to draw from
        # while the layout isn't cleared (with passes unlimited, no card may ever be playable
        # again): only other moves need the status.
        card = move.card
        slot = self._playable_slot(card) if kind is _PLAY and card is not None else None
        drawing = kind is _DRAW and self.stock and self.remaining and rules.passes is not None
        if slot is None and not drawing:
            if (kind is _PLAY and card is None) or kind not in (_PLAY, _DRAW, _RESET):
                self.solitaire.check_move(move)  # says why it is no move of this game
                raise InvalidMoveError(f"'{move}' is not a move of TriPeaks")  # pragma: no cover
            status = self.status()
            if status is Status.WON:
                raise IllegalMoveError(WON)
            if status is Status.OUT_OF_MOVES:
                raise IllegalMoveError(OVER)
        if kind is _PLAY and card is not None:
            if slot is None:
                raise IllegalMoveError(explain(self, card))
            cards = (*self.cards[:slot], None, *self.cards[slot + 1:])
            run = self.run + 1
            score = self.score + run
            if slot in PEAKS:
                cleared = sum(cards[p] is None for p in PEAKS)
                score += PEAK_BONUS[cleared - 1]
            return self._next(cards, self.stock, (*self.waste, card), self.resets, score, run,
                              self.remaining & ~(1 << slot))
        if kind is _DRAW:
            if not self.stock:
                raise IllegalMoveError(STOCK_EMPTY_RESET if self.can_reset() else STOCK_EMPTY)
            return self._next(self.cards, self.stock[1:], (*self.waste, self.stock[0]), self.resets,
                              self.score - DRAW_PENALTY, 0, self.remaining)
        if self.stock:
            raise IllegalMoveError(RESET_TOO_SOON)
        if not self.can_reset():
            raise IllegalMoveError(NO_PASSES)
        return self._next(self.cards, self.waste[1:], self.waste[:1], self.resets + 1,
                          self.score - DRAW_PENALTY, 0, self.remaining)

    def explain(self, target: Card | int) -> str:
        return explain(self, target)

    stock_top_shown: ClassVar[bool] = False


_resets, _score, _run = slot_setters(TriPeaksPosition, "resets", "score", "run")


# Why a move is refused, and why a tap does or doesn't play (the player's words)


def explain(position: TriPeaksPosition, target: Card | int) -> str:
    """Why a tap on ``target`` (a card, or a layout slot number) does or doesn't play.

    Never names a face-down card.
    """
    slot = tapped_slot(position, target, "not one of the face-up cards")
    if isinstance(slot, str):
        return slot
    card = position.cards[slot]
    assert card is not None
    if isinstance(target, Card) and not position.is_face_up(slot):
        # Named but hidden: answer as for a stock card, so nothing is given away.
        return f"The {card.name} is not one of the face-up cards."
    if not position.is_face_up(slot):
        return "That card is face down: clear the cards on top of it to turn it over."
    if not position.layout.is_free(position.remaining, slot):
        return f"The {card.name} is covered: clear the cards on top of it first."
    status = position.status()
    if status is Status.WON:
        return WON
    top = position.top
    if top is None:
        return f"The {card.name} can go on the empty waste: any card can start it."
    if card.rank in position.playable_ranks():
        if status is not Status.PLAYING:
            return OVER
        return f"The {card.name} can go on the {top.name}."
    return wrong_rank(card, top, position.playable_ranks())
