"""Numbered and daily deals, identical on every machine and Python version forever.

The generator is SplitMix64 (Steele, Lea and Flood, 2014) seeded with the deal's seed; a
number below ``n`` is drawn by rejection so that every value is equally likely. The deck,
ordered ``Ac 2c … Kc Ad … Ks``, is shuffled by Fisher–Yates: for ``i`` from 51 down to 1,
swap card ``i`` with card ``randbelow(i + 1)``. The shuffled deck is dealt in order: the
28 layout slots, the waste card, then the stock, next card first.

Each game adds its own ``seed_base`` to every seed (TriPeaks 0, Triangle ``2**48``), so the
games' deals differ. Deal ``N`` uses seed ``seed_base + N``. The daily deal for a date uses seed
``seed_base + 2**40 + date.toordinal() * 256 + attempt``: attempt 0 is the day's deal, and later
attempts are the day's alternatives (the solver picks the first winnable one).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from .cards import DECK
from .deal import Deal

if TYPE_CHECKING:
    from .solitaire import Solitaire

__all__ = ["MAX_DEAL", "SplitMix64", "check_number", "daily_seed", "deal_from_seed", "numbered_deal"]

MAX_DEAL = 2**31 - 1
_MASK = 2**64 - 1


class SplitMix64:
    """A tiny 64-bit generator, fully specified here so deals never change.

    >>> SplitMix64(1).next()
    10451216379200822465
    """

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)``, by rejecting the top partial block."""
        limit = (_MASK + 1) - (_MASK + 1) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n


def _game(solitaire: Solitaire | None) -> Solitaire:
    if solitaire is None:
        from .registry import DEFAULT_GAME

        return DEFAULT_GAME
    return solitaire


def deal_from_seed(seed: int, solitaire: Solitaire | None = None) -> Deal:
    """The deck shuffled by the generator seeded with ``seed`` (the game's base already added),
    dealt for ``solitaire`` (by default TriPeaks)."""
    cards = list(DECK)
    rng = SplitMix64(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return Deal.from_cards(cards, solitaire)


def check_number(number: object) -> int:
    """``number`` if it is a deal number; otherwise a ``ValueError`` that says what one is."""
    if type(number) is not int or not 1 <= number <= MAX_DEAL:
        # repr() of an int of thousands of digits raises, so a long one is not shown at all
        long = type(number) is int and number.bit_length() > 64
        shown = "a number that long" if long else repr(number)
        raise ValueError(f"deal numbers go from 1 to {MAX_DEAL:,}, not {shown[:24]}")
    return number


def numbered_deal(number: int, solitaire: Solitaire | None = None) -> Deal:
    """Deal number ``number``, 1 to 2³¹ − 1, of ``solitaire`` (by default TriPeaks)."""
    game = _game(solitaire)
    return deal_from_seed(game.seed_base + check_number(number), game)


def daily_seed(date: dt.date, attempt: int = 0, solitaire: Solitaire | None = None) -> int:
    """The seed of ``date``'s candidate deal number ``attempt`` (0 to 255) for ``solitaire``."""
    if not 0 <= attempt < 256:
        raise ValueError("a day has 256 candidate deals")
    return _game(solitaire).seed_base + 2**40 + date.toordinal() * 256 + attempt
