"""The phrases of the games of pairs that need no position: cards, counts, the end of a game."""

from __future__ import annotations

from ...base.cards import Card, rank_phrase
from ...model.words import the_cards as names

__all__ = ["OVER", "TOTAL_CARDS", "WON", "cards_left", "either", "names", "value"]


TOTAL_CARDS = 52

WON = "Every card is gone: this game is won."
OVER = "No more moves: this game is over."


def value(rank: int) -> str:
    """A rank with its article, and its value where a player may not know it: ``a Q (12)``."""
    phrase = rank_phrase(rank)
    return f"{phrase} ({rank})" if rank in (1, 11, 12) else phrase



def either(cards: list[Card]) -> str:
    said = [f"the {c.name}" for c in cards]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]


def cards_left(n: int) -> str:
    if not n:
        return "every card is gone"
    return "1 card left" if n == 1 else f"{n} cards left"
