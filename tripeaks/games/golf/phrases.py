"""Golf's phrases that need no position: the end of a game, the stock, and cards left in the columns."""

from __future__ import annotations

__all__ = ["NO_DRAW", "OVER", "WON", "cards_left"]

WON = "The columns are cleared: this game is won."
OVER = "No more moves: this game is over."
NO_DRAW = "The stock is empty: Golf goes through it once."



def cards_left(left: int) -> str:
    """Cards left in the columns, Golf's score: ``3 cards left``, ``1 card left``, ``All cleared``.

    >>> cards_left(3), cards_left(1), cards_left(0)
    ('3 cards left', '1 card left', 'All cleared')
    """
    if left == 0:
        return "All cleared"
    return f"{left} card{'' if left == 1 else 's'} left"
