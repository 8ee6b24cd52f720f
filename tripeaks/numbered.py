"""Numbered and daily deals, identical on every machine and Python version forever.

The generator is SplitMix64 (Steele, Lea and Flood, 2014) seeded with the deal's seed; a
number below ``n`` is drawn by rejection so that every value is equally likely. The deck,
ordered ``Ac 2c … Kc Ad … Ks``, is shuffled by Fisher–Yates: for ``i`` from 51 down to 1,
swap card ``i`` with card ``randbelow(i + 1)``. The shuffled deck is dealt in order: the
28 layout slots, the waste card, then the stock, next card first.

Deal ``N`` uses seed ``N``. The daily deal for a date uses seed
``2**40 + date.toordinal() * 256 + attempt``: attempt 0 is the day's deal, and later
attempts are the day's alternatives (the solver picks the first winnable one).
"""

from __future__ import annotations

import datetime as dt

from .cards import DECK
from .deal import Deal

__all__ = ["MAX_DEAL", "SplitMix64", "daily_seed", "deal_from_seed", "numbered_deal"]

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


def deal_from_seed(seed: int) -> Deal:
    cards = list(DECK)
    rng = SplitMix64(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return Deal.from_cards(cards)


def numbered_deal(number: int) -> Deal:
    """Deal number ``number``, 1 to 2³¹ − 1."""
    if type(number) is not int or not 1 <= number <= MAX_DEAL:
        raise ValueError(f"deal numbers go from 1 to {MAX_DEAL:,}, not {number!r}")
    return deal_from_seed(number)


def daily_seed(date: dt.date, attempt: int = 0) -> int:
    if not 0 <= attempt < 256:
        raise ValueError("a day has 256 candidate deals")
    return 2**40 + date.toordinal() * 256 + attempt
