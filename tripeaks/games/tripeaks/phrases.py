"""TriPeaks"s phrases that need no position: what a player reads of cards, counts and the end of a game."""

from __future__ import annotations

__all__ = ["NO_PASSES", "OVER", "RESET_TOO_SOON", "STOCK_EMPTY", "STOCK_EMPTY_RESET", "WON"]


WON = "The peaks are cleared: this game is won."
OVER = "No more moves: this game is over."
STOCK_EMPTY = "The stock is empty."
STOCK_EMPTY_RESET = "The stock is empty: reset it."
RESET_TOO_SOON = "The stock can only be reset once it is empty."
NO_PASSES = "No passes through the stock remain."

