"""What a Pyramid player reads: the words of the games of pairs, of an upright pyramid, under either rule
set (where a sentence has no position to tell the rules by, it holds under both)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kit.pairs.phrases import TOTAL_CARDS
from ...kit.pairs.words import PairsWords

if TYPE_CHECKING:
    from ...model.answers import Best

__all__ = ["WORDS"]


class PyramidWords(PairsWords):
    """Pyramid's words, in the terminal and on the page.

    >>> from tripeaks import PYRAMID, Game, numbered_deal
    >>> from tripeaks.games.pyramid.rules import RELAXED
    >>> game = Game(numbered_deal(1, PYRAMID))
    >>> WORDS.panel(game.position)[0], WORDS.playing(game.position)
    (('Cards left', '52'), 'Remove two cards that make 13, or a king alone. 52 cards left, 2 redeals left.')
    >>> relaxed = Game(numbered_deal(1, PYRAMID), RELAXED)
    >>> WORDS.panel(relaxed.position)[0]
    ('Pyramid cards left', '28')
    >>> WORDS.playing(relaxed.position)
    'Remove two cards that make 13, or a king alone. 28 cards left in the pyramid, 2 redeals left.'
    """

    shape = "pyramid"

    def best_clear_score(self, best: Best) -> str:
        if best.best_clear is None:
            return "No line wins this deal."
        if best.best_clear.score >= TOTAL_CARDS:
            return f"A line removes all {TOTAL_CARDS} cards."
        return f"The most cards a winning line removes: {best.best_clear.score} of {TOTAL_CARDS}."

    def watch(self, clear: bool) -> str:
        return "Watch the best winning line" if clear else "Watch a best line"

    over = "This game is won: there is nothing left to do."
    still_won = "this game can still be won"

    help = (
        "Pyramid: remove every card, the pyramid's, the stock's and the waste's. Relaxed Pyramid: clear the "
        "pyramid; cards may stay in the stock and the waste. Choose the rules in Settings.",
        "Take two available cards whose values make 13 (an ace is 1, a jack 11, a queen 12): A and Q, "
        "2 and J, 3 and 10, 4 and 9, 5 and 8, 6 and 7. Select one, then the other, or drag one onto the "
        "other. A king makes 13 alone: one tap removes it.",
        "Available cards are the uncovered cards of the pyramid (the whole bottom row at the start), the "
        "stock's top card and the waste's top card, which may also go together. Draw turns the stock's top "
        "card onto the waste. When the stock is empty, Redeal turns the waste back into the stock, twice, so "
        "you see the stock three times.",
    )


WORDS = PyramidWords()
