"""An immutable position of a game: the table, the stock, the waste, the score and the run."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .cards import Card, rank_label, rank_phrase
from .deal import Deal
from .errors import IllegalMoveError
from .layout import TRIPEAKS, Layout, bits
from .moves import DRAW, RESET, Move
from .rules import Rules

__all__ = ["DRAW_PENALTY", "PEAK_BONUS", "Position", "Status", "adjacent", "neighbours"]

DRAW_PENALTY = 5
PEAK_BONUS = (15, 15, 30)  # for the first, second and third peak cleared


class Status(StrEnum):
    PLAYING = "playing"
    WON = "won"
    OUT_OF_MOVES = "out_of_moves"

    def __str__(self) -> str:
        return self.value


def adjacent(a: int, b: int, wrap: bool) -> bool:
    """Whether ranks ``a`` and ``b`` are one apart (with ``wrap``, king and ace are too)."""
    gap = abs(a - b)
    return gap == 1 or (wrap and gap == 12)


def neighbours(rank: int, wrap: bool) -> tuple[int, ...]:
    """The ranks that may be played on ``rank``, lowest first.

    >>> neighbours(13, True), neighbours(13, False), neighbours(1, True)
    ((1, 12), (12,), (2, 13))
    """
    return tuple(r for r in range(1, 14) if adjacent(rank, r, wrap))


@dataclass(frozen=True, slots=True)
class Position:
    """Where every card is after some moves. ``cards[slot]`` is ``None`` once played."""

    cards: tuple[Card | None, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    resets: int = 0
    score: int = 0
    run: int = 0
    layout: Layout = field(default=TRIPEAKS, compare=False, repr=False)
    remaining: int = field(init=False, compare=False, repr=False)
    """The mask of layout slots still holding a card (worked out from ``cards``)."""

    def __post_init__(self) -> None:
        remaining = 0
        bit = 1
        for card in self.cards:
            if card is not None:
                remaining |= bit
            bit <<= 1
        object.__setattr__(self, "remaining", remaining)

    def _next(
        self,
        cards: tuple[Card | None, ...],
        stock: tuple[Card, ...],
        waste: tuple[Card, ...],
        resets: int,
        score: int,
        run: int,
        remaining: int,
    ) -> Position:
        """The position a move makes from this one, on the same layout, told its ``remaining``
        (a move changes it by one card at most) rather than working it out from ``cards``."""
        made = object.__new__(Position)
        for name, value in (
            ("cards", cards), ("stock", stock), ("waste", waste), ("resets", resets), ("score", score),
            ("run", run), ("layout", self.layout), ("remaining", remaining),
        ):
            object.__setattr__(made, name, value)
        return made

    @staticmethod
    def start(deal: Deal) -> Position:
        return Position(deal.layout_cards, deal.stock, (deal.waste,), layout=deal.layout)

    # What is on the table

    @property
    def free(self) -> int:
        """The mask of layout cards with nothing on top of them (these are face up)."""
        return self.layout.free(self.remaining)

    @property
    def top(self) -> Card:
        """The waste's top card, the one plays go on."""
        return self.waste[-1]

    @property
    def cleared(self) -> int:
        """How many layout cards have been played."""
        return self.cards.count(None)

    @property
    def peaks_cleared(self) -> int:
        return sum(self.cards[slot] is None for slot in self.layout.peaks)

    def is_face_up(self, slot: int, rules: Rules) -> bool:
        """Whether the card in ``slot`` is showing (played slots are not)."""
        if self.cards[slot] is None:
            return False
        return (
            rules.face_up
            or bool(self.layout.face_up >> slot & 1)
            or self.layout.is_free(self.remaining, slot)
        )

    def slot_of(self, card: Card) -> int | None:
        """The layout slot holding ``card``, or ``None`` if it is not on the table."""
        for slot, here in enumerate(self.cards):
            if here is card:  # the usual case, and much quicker than comparing cards
                return slot
        try:
            return self.cards.index(card)
        except ValueError:
            return None

    def can_play(self, card: Card, rules: Rules) -> bool:
        return self._playable_slot(card, rules) is not None

    def _playable_slot(self, card: Card, rules: Rules) -> int | None:
        """The slot of ``card`` if it can be played now."""
        slot = self.slot_of(card)
        if (
            slot is not None
            and self.layout.is_free(self.remaining, slot)
            and adjacent(card.rank, self.top.rank, rules.wrap)
        ):
            return slot
        return None

    def playable_ranks(self, rules: Rules) -> tuple[int, ...]:
        """The ranks that would go on the waste right now."""
        return neighbours(self.top.rank, rules.wrap)

    def can_reset(self, rules: Rules) -> bool:
        return not self.stock and (rules.resets is None or self.resets < rules.resets)

    # The rules

    def status(self, rules: Rules) -> Status:
        if not self.remaining:
            return Status.WON
        free = [card for s in bits(self.free) if (card := self.cards[s]) is not None]
        top = self.top.rank
        for card in free:
            if adjacent(card.rank, top, rules.wrap):
                return Status.PLAYING
        if rules.passes is None:
            ranks = {c.rank for c in (*self.stock, *self.waste)}
            if any(adjacent(c.rank, r, rules.wrap) for c in free for r in ranks):
                return Status.PLAYING
            return Status.OUT_OF_MOVES
        if self.stock or self.can_reset(rules):
            return Status.PLAYING
        return Status.OUT_OF_MOVES

    def legal_moves(self, rules: Rules) -> list[Move]:
        """Every legal move: plays in slot order, then draw or reset. None once the game ends."""
        if self.status(rules) is not Status.PLAYING:
            return []
        top = self.top.rank
        moves = [
            Move("play", card)
            for s in bits(self.free)
            if (card := self.cards[s]) is not None and adjacent(card.rank, top, rules.wrap)
        ]
        if self.stock:
            moves.append(DRAW)
        elif self.can_reset(rules):
            moves.append(RESET)
        return moves

    def after(self, move: Move, rules: Rules) -> Position:
        """The position once ``move`` is made; raises :class:`IllegalMoveError` if it can't be."""
        # A card that can be played means the game is in play, and so does a stock to draw from
        # while the layout isn't cleared (with passes unlimited, no card may ever be playable
        # again): only other moves need the status.
        slot = self._playable_slot(move.card, rules) if move.kind == "play" and move.card else None
        drawing = move.kind == "draw" and self.stock and self.remaining and rules.passes is not None
        if slot is None and not drawing:
            status = self.status(rules)
            if status is Status.WON:
                raise IllegalMoveError("The peaks are cleared: this game is won.")
            if status is Status.OUT_OF_MOVES:
                raise IllegalMoveError("No more moves: this game is over.")
        if move.kind == "play" and move.card is not None:
            card = move.card
            if slot is None:
                raise IllegalMoveError(self.explain(card, rules))
            cards = (*self.cards[:slot], None, *self.cards[slot + 1:])
            run = self.run + 1
            score = self.score + run
            if slot in self.layout.peaks:
                cleared = sum(cards[p] is None for p in self.layout.peaks)
                score += PEAK_BONUS[min(cleared, len(PEAK_BONUS)) - 1]
            return self._next(cards, self.stock, (*self.waste, card), self.resets, score, run,
                              self.remaining & ~(1 << slot))
        if move.kind == "draw":
            if not self.stock:
                raise IllegalMoveError(
                    "The stock is empty: reset it." if self.can_reset(rules)
                    else "The stock is empty."
                )
            return self._next(self.cards, self.stock[1:], (*self.waste, self.stock[0]), self.resets,
                              self.score - DRAW_PENALTY, 0, self.remaining)
        if move.kind == "reset":
            if self.stock:
                raise IllegalMoveError("The stock can only be reset once it is empty.")
            if not self.can_reset(rules):
                raise IllegalMoveError("No passes through the stock remain.")
            return self._next(self.cards, self.waste[1:], self.waste[:1], self.resets + 1,
                              self.score - DRAW_PENALTY, 0, self.remaining)
        raise IllegalMoveError(f"'{move}' is not a move")

    def explain(self, target: Card | int, rules: Rules) -> str:
        """Why a tap on ``target`` (a card, or a layout slot number) does or doesn't play.

        Never names a face-down card.
        """
        if isinstance(target, Card):
            slot = self.slot_of(target)
            if slot is None:
                if target in self.waste:
                    return f"The {target.name} is already on the waste."
                return f"The {target.name} is not one of the face-up cards."
        else:
            slot = target
            if not 0 <= slot < len(self.cards):
                return "There is no such place on the table."
            if self.cards[slot] is None:
                return "That card has already been played."
        card = self.cards[slot]
        assert card is not None
        if isinstance(target, Card) and not self.is_face_up(slot, rules):
            # Named but hidden: answer as for a stock card, so nothing is given away.
            return f"The {card.name} is not one of the face-up cards."
        if not self.is_face_up(slot, rules):
            return "That card is face down: clear the cards on top of it to turn it over."
        if not self.layout.is_free(self.remaining, slot):
            return f"The {card.name} is covered: clear the cards on top of it first."
        status = self.status(rules)
        if status is Status.WON:
            return "The peaks are cleared: this game is won."
        top = self.top
        if adjacent(card.rank, top.rank, rules.wrap):
            if status is not Status.PLAYING:
                return "No more moves: this game is over."
            return f"The {card.name} can go on the {top.name}."
        # The rank below first, then the one above: on a king, "a Q or an A".
        below_first = sorted(neighbours(top.rank, rules.wrap), key=lambda r: (top.rank - r) % 13)
        options = " or ".join(rank_phrase(r) for r in below_first)
        # Upper-case only the article: str.capitalize() would turn "a Q" into "A q".
        phrase = rank_phrase(card.rank)
        phrase = phrase[0].upper() + phrase[1:]
        said = f"{phrase} can't go on {rank_phrase(top.rank)}."
        if card.rank == top.rank:
            said = f"{phrase} can't go on another {rank_label(card.rank)}."
        return f"{said} You can play {options}."
