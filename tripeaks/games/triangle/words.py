"""What a Triangle player reads: the words of the games of pairs, of an inverted triangle."""

from __future__ import annotations

from ...kit.pairs.words import PairsWords

__all__ = ["WORDS"]


class TriangleWords(PairsWords):
    """Triangle's words, in the terminal and on the page.

    >>> from tripeaks import TRIANGLE, Card, Game, numbered_deal, solve
    >>> from tripeaks.base.moves import MoveKind
    >>> game = Game(numbered_deal(1, TRIANGLE))
    >>> WORDS.tallies(game.position)
    (('Removed', '0'),)
    >>> WORDS.panel(game.position)
    (('Cards left', '52'), ('Removals now', '1'), ('Stock', '23 left · 2 redeals left'))
    >>> WORDS.stock_label(game.position), WORDS.waste_label(game.position)
    ('Stock: 23 cards, the 9 of spades on top', 'Waste: 4 of clubs')
    >>> WORDS.control(game.position, MoveKind.REDEAL), WORDS.control(game.position, MoveKind.DRAW)
    ('Redeal (2 left)', 'Draw')
    >>> WORDS.selected(game.position, Card.parse("9s"))
    'Selected the 9 of spades: it makes 13 with the 4 of clubs.'
    >>> WORDS.selected(game.position, Card.parse("Td")), WORDS.deselected(game.position, Card.parse("9s"))
    ('Selected the 10 of diamonds.', 'The 9 of spades is no longer selected.')
    >>> for _ in range(23):
    ...     position = game.draw()
    >>> WORDS.stock_label(game.position)
    'Stock: empty. Redeal: turn the waste back into the stock (2 left)'
    >>> won = Game.from_moves(numbered_deal(1, TRIANGLE), None, solve(game.start).moves)
    >>> WORDS.ending(won.position)
    ('You removed every card!', 'The triangle, the stock and the waste are clear.')
    >>> WORDS.ending(game.start)[0]
    'No more moves'
    """

    shape = "triangle"

    help = (
        "Remove every card: the triangle, the stock and the waste. Take two available cards whose "
        "values make 13 (an ace is 1, a jack 11, a queen 12): A and Q, 2 and J, 3 and 10, 4 and 9, "
        "5 and 8, 6 and 7. Select one, then the other, or drag one onto the other. A king makes 13 "
        "alone: one tap removes it.",
        "Available cards are the uncovered cards of the triangle, the stock's top card and the waste's "
        "top card. Draw turns the stock's top card onto the waste. When the stock is empty, Redeal "
        "turns the waste back into the stock, twice, so you see the stock three times.",
    )


WORDS = TriangleWords()
