"""The numbered-deal generator: SplitMix64 and a Fisher–Yates shuffle, identical on every machine forever.

The generator is SplitMix64 (Steele, Lea and Flood, 2014); a number below ``n`` is drawn by
rejection so that every value is equally likely. A list is shuffled by Fisher–Yates: for ``i``
from its last index down to 1, swap item ``i`` with item ``randbelow(i + 1)``. Python's ``random``
is never used: its shuffle may change between versions.
"""

from __future__ import annotations

from typing import Any

__all__ = ["MAX_DEAL", "SplitMix64", "check_number", "shuffle"]

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


def shuffle(items: list[Any], rng: SplitMix64) -> None:
    """Shuffle ``items`` in place by Fisher–Yates with ``rng`` (as numbered deals are)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        items[i], items[j] = items[j], items[i]


def check_number(number: object) -> int:
    """``number`` if it is a deal number; otherwise a ``ValueError`` that says what one is."""
    if type(number) is not int or not 1 <= number <= MAX_DEAL:
        # repr() of an int of thousands of digits raises, so a long one is not shown at all
        long = type(number) is int and number.bit_length() > 64
        shown = "a number that long" if long else repr(number)
        raise ValueError(f"deal numbers go from 1 to {MAX_DEAL:,}, not {shown[:24]}")
    return number
