"""A deal: where every card lies at the start, and its text form, the deal code."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..base.cards import DECK, Card
from ..base.errors import InvalidCardError, InvalidDealError

if TYPE_CHECKING:
    from ..base.layout import Layout
    from .solitaire import Solitaire

__all__ = ["Deal", "default_game", "read_codes_with"]

_CODES: list[tuple[Solitaire, Callable[[str], tuple[Solitaire, str]]]] = []
"""The family's default game and its reader of a code's prefix, passed in from above by the registry (a deal
sits below the games and names none of them)."""


def read_codes_with(default: Solitaire, split_code: Callable[[str], tuple[Solitaire, str]]) -> None:
    """Tell deals the game whose codes have no prefix, and how to find the game of a code by its prefix:
    the registry calls this once, as it lists the games."""
    _CODES[:] = [(default, split_code)]


def default_game() -> Solitaire:
    """The game of a deal given none, and of a code with no prefix (TriPeaks), as the registry said."""
    if not _CODES:
        raise RuntimeError("no games are listed yet: import tripeaks, whose registry lists them")
    return _CODES[0][0]


def _split_code(text: str) -> tuple[Solitaire, str]:
    default_game()
    return _CODES[0][1](text)


@dataclass(frozen=True, slots=True)
class Deal:
    """The layout cards slot by slot, the starting waste card, and the stock, next card first,
    of one game (by default the registry's first, TriPeaks).

    >>> deal = Deal.from_cards(DECK)
    >>> Deal.parse(str(deal)) == deal
    True
    """

    layout_cards: tuple[Card, ...]
    waste: Card
    stock: tuple[Card, ...]
    solitaire: Solitaire = None  # type: ignore[assignment]  # the default game, set below

    def __post_init__(self) -> None:
        if self.solitaire is None:
            object.__setattr__(self, "solitaire", default_game())
        cards = (*self.layout_cards, self.waste, *self.stock)
        size = self.solitaire.layout.size
        if len(self.layout_cards) != size or len(cards) != 52:
            raise InvalidDealError(
                f"a {self.solitaire.name} deal needs {size} layout cards and 52 cards in all"
            )
        _check_each_card_once(cards)

    @property
    def layout(self) -> Layout:
        return self.solitaire.layout

    @staticmethod
    def from_cards(cards: tuple[Card, ...] | list[Card], solitaire: Solitaire | None = None) -> Deal:
        """Deal a deck in order: the layout slot by slot, then the waste, then the stock."""
        if solitaire is None:
            solitaire = default_game()
        n = solitaire.layout.size
        return Deal(tuple(cards[:n]), cards[n], tuple(cards[n + 1 :]), solitaire)

    @property
    def code(self) -> str:
        cards = self.layout_cards
        rows = ["".join(cards[slot].code for slot in group) for group in self.layout.groups]
        prefix = "" if self.solitaire is default_game() else self.solitaire.prefix + ":"
        stock = "".join(c.code for c in self.stock)
        return f"{prefix}{'/'.join(rows)} {self.waste.code} {stock}"

    def __str__(self) -> str:
        return self.code

    @staticmethod
    def parse(text: str, solitaire: Solitaire | None = None) -> Deal:
        """Read a deal code; raises :class:`InvalidDealError` saying exactly what is wrong.

        The code's prefix names its game (``triangle:…``; none is TriPeaks). Given ``solitaire``,
        a code of another game is refused, never played under the wrong rules.
        """
        if not isinstance(text, str):
            raise InvalidDealError("a deal code must be text")
        found, text = _split_code(text)
        if solitaire is not None and found is not solitaire:
            raise Deal.of_another_game(found, solitaire, text, say_prefix=True)
        return Deal._read(text, found)

    @staticmethod
    def of_another_game(
        found: Solitaire, wanted: Solitaire, rest: str, *, say_prefix: bool = False
    ) -> InvalidDealError:
        """The error for a code read as ``found``'s (by its prefix, or by having none) where ``wanted``'s
        was asked for: a good code of another game says which; one that is no good code of any game says
        which game's it was read as, or that no game's prefix matched (``rest``: the code without its
        prefix; ``say_prefix``: also say how ``wanted``'s codes start)."""
        starts = f"a {wanted.name} code starts with '{wanted.prefix}:'"
        try:
            Deal._read(rest, found)
        except InvalidDealError as error:
            if found is default_game():
                return InvalidDealError(
                    f"this is not a {wanted.name} deal code: no game's prefix starts it ({starts}); "
                    f"read as a {found.name} code (those have none): {error}"
                )
            return InvalidDealError(
                f"this is not a {wanted.name} deal code: it was read as a {found.name} code (its prefix "
                f"is '{found.prefix}:'): {error}"
            )
        return InvalidDealError(
            f"this is a {found.name} deal code, not a {wanted.name} one"
            + (f" ({starts})" if say_prefix and found is default_game() else "")
        )

    @staticmethod
    def _read(text: str, found: Solitaire) -> Deal:
        """A code of ``found``, its prefix already taken off."""
        layout = found.layout
        parts = text.split()
        if len(parts) != 3:
            raise InvalidDealError(
                "a deal code is the layout rows, the waste card and the stock, separated by "
                f"spaces: found {len(parts)} part{'' if len(parts) == 1 else 's'}, expected 3"
            )
        rows_text, waste_text, stock_text = parts
        rows = rows_text.split("/")
        word, sizes = layout.group_word, [len(group) for group in layout.groups]
        if len(rows) != len(sizes):
            raise InvalidDealError(
                f"the layout has {len(rows)} {word}{'' if len(rows) == 1 else 's'}, "
                f"expected {len(sizes)} separated by '/'"
            )
        places = [f"{word} {r + 1}" for r in range(len(rows))] + ["the waste", "the stock"]
        groups = [*rows, waste_text, stock_text]
        expected = [*sizes, 1, 52 - layout.size - 1]
        counts = [len(g) // 2 for g in groups]
        for place, group in zip(places, groups, strict=True):
            if len(group) % 2:
                shown = group if len(group) <= 60 else group[:60] + "…"  # a long one is cut short
                raise InvalidDealError(
                    f"{place} is '{shown}': cards are two characters each, rank then suit"
                )
        if sum(counts) != 52:
            wrong = [
                f"{p} has {c}, expected {e}"
                for p, c, e in zip(places, counts, expected, strict=True)
                if c != e
            ]
            raise InvalidDealError(f"{sum(counts)} cards, expected 52 ({'; '.join(wrong)})")
        for place, count, want in zip(places, counts, expected, strict=True):
            if count != want:
                raise InvalidDealError(f"{place} has {count} cards, expected {want}")
        cards: list[Card] = []
        for place, group in zip(places, groups, strict=True):
            for i in range(0, len(group), 2):
                token = group[i : i + 2]
                try:
                    cards.append(Card.parse(token))
                except InvalidCardError:
                    where = "the waste card" if place == "the waste" else (
                        f"card {i // 2 + 1} of {place}"
                    )
                    raise InvalidDealError(f"{where} is '{token}', not a card") from None
        _check_each_card_once(cards)
        dealt: list[Card] = [cards[0]] * layout.size  # the layout slot by slot, from the code's groups
        for slot, card in zip((slot for group in layout.groups for slot in group), cards, strict=False):
            dealt[slot] = card
        return Deal.from_cards([*dealt, *cards[layout.size :]], found)


def _check_each_card_once(cards: tuple[Card, ...] | list[Card]) -> None:
    counts = Counter(cards)
    repeated = [c for c in DECK if counts[c] > 1]
    if repeated:
        missing = [c for c in DECK if counts[c] == 0]
        times = {2: "twice", 3: "three times", 4: "four times"}
        said = "; ".join(
            f"the {c.name} appears {times.get(counts[c], f'{counts[c]} times')}"
            for c in repeated
        )
        gone = ", ".join(f"the {c.name}" for c in missing)
        raise InvalidDealError(f"{said} (missing: {gone})" if gone else said)
