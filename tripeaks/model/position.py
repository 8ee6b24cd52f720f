"""What every game's positions share: the cards on the table, the stock, the waste, the rules and the status.

A position is immutable and knows its game (its :class:`~tripeaks.model.solitaire.Solitaire`) and its
rules; each game's positions are a subclass that decides every rule (its ``play`` module), as
python-chess's variants are subclasses of its board. Positions of two games never compare equal.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Protocol

from ..base.cards import Card
from ..base.layout import Layout, bits
from ..base.moves import Move

__all__ = ["Dealt", "Kind", "Place", "Position", "Status", "slot_setters"]


class Kind(Protocol):
    """What a position needs of its game: a :class:`~tripeaks.model.solitaire.Solitaire` is one. (The
    solitaire sits above the positions it makes, so a position names its game by what it needs.)"""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def layout(self) -> Layout: ...

    @property
    def position(self) -> type[Any]:
        """The class of the game's positions."""
        ...

    def check_rules(self, rules: Any) -> Any: ...

    def check_move(self, move: Move) -> Move: ...


class Dealt(Protocol):
    """What a position starts from: a :class:`~tripeaks.model.deal.Deal` is one."""

    @property
    def layout_cards(self) -> tuple[Card, ...]: ...

    @property
    def waste(self) -> Card: ...

    @property
    def stock(self) -> tuple[Card, ...]: ...

    @property
    def solitaire(self) -> Kind: ...


def slot_setters(cls: type, *names: str) -> list[Any]:
    """The setters of ``cls``'s slots ``names`` (found along its classes): a frozen position's
    fields written straight into a new one, three times as quick as ``object.__setattr__``."""
    found = []
    for name in names:
        owner = next(klass for klass in cls.__mro__ if name in klass.__dict__)
        found.append(owner.__dict__[name].__set__)
    return found


class Status(StrEnum):
    """Where a game stands: in play, won, or out of moves (lost, unless a move is undone)."""

    PLAYING = "playing"
    WON = "won"
    OUT_OF_MOVES = "out_of_moves"


class Place(StrEnum):
    """Where a card a player can see lies: on the table, on top of the stock, on top of the waste."""

    TABLE = "table"
    STOCK = "stock"
    WASTE = "waste"


@dataclass(frozen=True, slots=True)
class Position:
    """Where every card is after some moves. ``cards[slot]`` is ``None`` once the card has left
    the table; ``stock`` is next card first, ``waste`` bottom card first (its top is last)."""

    cards: tuple[Card | None, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    rules: Any
    """The rules of the game this position is played under (a value of its game's rules type)."""
    solitaire: Kind
    """The game (a :class:`~tripeaks.model.solitaire.Solitaire`): TriPeaks, Triangle. Two games' positions
    never compare equal."""

    remaining: int
    """The mask of layout slots still holding a card (worked out from ``cards``)."""

    @classmethod
    def start(cls, deal: Dealt, rules: Any = None) -> Position:
        """The position a deal starts from, under ``rules`` (by default its game's default rules)."""
        solitaire = deal.solitaire
        rules = solitaire.check_rules(rules)
        start: Position = solitaire.position._deal(deal, rules)
        return start

    @classmethod
    def _deal(cls, deal: Any, rules: Any) -> Position:  # pragma: no cover - every game has its own
        raise NotImplementedError

    def _made(
        self, cards: tuple[Card | None, ...], stock: tuple[Card, ...], waste: tuple[Card, ...], remaining: int
    ) -> Any:
        """A new position of this one's class, game and rules holding these cards: what a move makes.
        The game's own fields are then set by its ``play`` module, straight into the slots (see
        :func:`slot_setters`), told ``remaining`` (a move changes it by one card at most) rather
        than working it out from ``cards``."""
        made = object.__new__(type(self))
        _cards(made, cards)
        _stock(made, stock)
        _waste(made, waste)
        _rules(made, self.rules)
        _solitaire(made, self.solitaire)
        _remaining(made, remaining)
        return made

    @staticmethod
    def _mask(cards: tuple[Card | None, ...]) -> int:
        remaining = 0
        bit = 1
        for card in cards:
            if card is not None:
                remaining |= bit
            bit <<= 1
        return remaining

    # What is on the table

    @property
    def layout(self) -> Layout:
        return self.solitaire.layout

    @property
    def free(self) -> int:
        """The mask of layout cards with nothing on top of them."""
        return self.solitaire.layout.free(self.remaining)

    @property
    def free_cards(self) -> Iterator[tuple[int, Card]]:
        """The free layout cards and their slots, in slot order."""
        cards = self.cards
        for s in bits(self.free):
            card = cards[s]
            if card is not None:
                yield s, card

    def available(self) -> Iterator[tuple[Card, Place, int | None]]:
        """The cards a player may take now, with where each lies (``Place.TABLE`` and its slot):
        by default the free layout cards; a game whose piles' tops may be taken too (Triangle)
        lists those after them."""
        for slot, card in self.free_cards:
            yield card, Place.TABLE, slot

    @property
    def cleared(self) -> int:
        """How many layout cards have left the table."""
        return self.cards.count(None)

    @property
    def cards_left(self) -> int:
        """Every card still in the game: on the table, in the stock and on the waste (Triangle's
        count; the score by cards left is :attr:`layout_left`)."""
        return len(self.cards) - self.cleared + len(self.stock) + len(self.waste)

    @property
    def layout_left(self) -> int:
        """The layout cards (peaks, pyramid, columns) still on the table, 0 once it is clear: the
        score by cards left (see :mod:`tripeaks.model.scoring`)."""
        return self.remaining.bit_count()

    def state_key(self) -> tuple[Any, ...]:
        """What decides every line still to come from this position, and nothing of its score: two
        positions of one deal with the same key reach the same positions, scores aside. By default
        the layout cards left, the stock, the waste and the game's own fields but its score's
        (:attr:`score_fields`); a game may say less (TriPeaks: ranks, not cards)."""
        extra = _state_fields.get(type(self))
        if extra is None:
            base = {item.name for item in dataclasses.fields(Position)}
            extra = _state_fields[type(self)] = tuple(
                item.name for item in dataclasses.fields(self)
                if item.name not in base and item.name not in self.score_fields
            )
        return (self.remaining, self.stock, self.waste, *[getattr(self, name) for name in extra])

    score_fields: ClassVar[tuple[str, ...]] = ("score", "run")
    """The fields that only keep the score (left out of :meth:`state_key`)."""

    def is_face_up(self, slot: int) -> bool:
        """Whether the card in ``slot`` is showing (played slots are not)."""
        if self.cards[slot] is None:
            return False
        return bool(self.layout.face_up >> slot & 1) or self.layout.is_free(self.remaining, slot)

    def slot_of(self, card: Card) -> int | None:
        """The layout slot holding ``card``, or ``None`` if it is not on the table."""
        for slot, here in enumerate(self.cards):
            if here is card:  # the usual case, and much quicker than comparing cards
                return slot
        try:
            return self.cards.index(card)
        except ValueError:
            return None

    def place_of(self, card: Card) -> tuple[Place, int | None] | None:
        """Where a player sees ``card``: ``(Place.TABLE, slot)`` for a face-up layout card,
        ``(Place.STOCK, None)`` or ``(Place.WASTE, None)`` when it is a top a player can see;
        ``None`` when it is out of sight or out of the game."""
        slot = self.slot_of(card)
        if slot is not None:
            return (Place.TABLE, slot) if self.is_face_up(slot) else None
        if self.waste and self.waste[-1] == card:
            return (Place.WASTE, None)
        if self.stock and self.stock[0] == card and self.stock_top_shown:
            return (Place.STOCK, None)
        return None

    stock_top_shown: ClassVar[bool] = False
    """Whether the stock's top card lies face up (and may be played), as in Triangle."""

    # The rules: each game's own

    def status(self) -> Status:  # pragma: no cover - every game has its own
        raise NotImplementedError

    def legal_moves(self) -> list[Move]:  # pragma: no cover - every game has its own
        """Every legal move; none once the game is over."""
        raise NotImplementedError

    def after(self, move: Move) -> Position:  # pragma: no cover - every game has its own
        """The position once ``move`` is made; :class:`~tripeaks.base.errors.IllegalMoveError` if it
        can't be."""
        raise NotImplementedError

    def stock_move(self) -> Move | None:  # pragma: no cover - every game has its own
        """What a tap on the stock does now: a draw, a reset or redeal, or nothing (``None``)."""
        raise NotImplementedError

    def explain(self, target: Card | int) -> str:  # pragma: no cover - every game has its own
        """Why a tap on ``target`` (a card, or a layout slot number) does or doesn't play, in
        the game's words. Never names a face-down card."""
        raise NotImplementedError

    def playable(self) -> frozenset[Card]:
        """The cards a player could play now (alone or in some pair): what the page frames."""
        return frozenset(card for move in self.legal_moves() for card in move.cards)

    @property
    def score(self) -> int:  # pragma: no cover - every game has its own
        raise NotImplementedError

    @property
    def run(self) -> int:
        """Cards played since the last draw, in games that score runs (else 0)."""
        return 0


_state_fields: dict[type, tuple[str, ...]] = {}
"""Each position class's fields that :meth:`Position.state_key` takes beside the base's."""

_cards, _stock, _waste, _rules, _solitaire, _remaining = slot_setters(
    Position, "cards", "stock", "waste", "rules", "solitaire", "remaining"
)
