"""Numbered and daily deals, identical on every machine and Python version forever.

The generator is SplitMix64 (Steele, Lea and Flood, 2014) seeded with the deal's seed; a
number below ``n`` is drawn by rejection so that every value is equally likely. The deck,
ordered ``Ac 2c … Kc Ad … Ks``, is shuffled by Fisher–Yates: for ``i`` from 51 down to 1,
swap card ``i`` with card ``randbelow(i + 1)``. The shuffled deck is dealt in order: the
28 layout slots, the waste card, then the stock, next card first.

Each game adds its own ``seed_base`` to every seed (TriPeaks 0, Triangle ``2**48``, Golf ``2**51``), so the
games' deals differ. Deal ``N`` uses seed ``seed_base + N``. The daily deal for a date uses seed
``seed_base + 2**40 + date.toordinal() * 256 + attempt``: attempt 0 is the day's deal, and later
attempts are the day's alternatives (the solver picks the first winnable one).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from ..base.cards import DECK
from ..base.generator import SplitMix64, check_number, shuffle
from .deal import Deal, default_game

if TYPE_CHECKING:
    from .solitaire import Solitaire

__all__ = ["daily_seed", "deal_from_seed", "numbered_deal"]


def _game(solitaire: Solitaire | None) -> Solitaire:
    return default_game() if solitaire is None else solitaire


def deal_from_seed(seed: int, solitaire: Solitaire | None = None) -> Deal:
    """The deck shuffled by the generator seeded with ``seed`` (the game's base already added),
    dealt for ``solitaire`` (by default TriPeaks)."""
    cards = list(DECK)
    shuffle(cards, SplitMix64(seed))
    return Deal.from_cards(cards, solitaire)


def numbered_deal(number: int, solitaire: Solitaire | None = None) -> Deal:
    """Deal number ``number``, 1 to 2³¹ − 1, of ``solitaire`` (by default TriPeaks)."""
    game = _game(solitaire)
    return deal_from_seed(game.seed_base + check_number(number), game)


def daily_seed(date: dt.date, attempt: int = 0, solitaire: Solitaire | None = None) -> int:
    """The seed of ``date``'s candidate deal number ``attempt`` (0 to 255) for ``solitaire``."""
    if not 0 <= attempt < 256:
        raise ValueError("a day has 256 candidate deals")
    return _game(solitaire).seed_base + 2**40 + date.toordinal() * 256 + attempt
