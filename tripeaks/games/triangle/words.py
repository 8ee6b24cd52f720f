"""What a Triangle player reads: why a card or a pair can't go, what a move did, hints, the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...base.cards import Card
from ...base.moves import Move, MoveKind
from ...model.position import Position, Status
from ...model.words import Words
from .phrases import TOTAL_CARDS, capital, cards_left, either, names

if TYPE_CHECKING:
    from ...model.answers import Best
    from .play import TrianglePosition

__all__ = ["WORDS"]

class TriangleWords(Words):
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

    def best_score(self, best: Best) -> str:
        if best.best.score >= TOTAL_CARDS:
            return "Every card can go: this deal can be won."
        return f"The most cards this deal lets you remove: {best.best.score} of {TOTAL_CARDS}."

    def best_clear_score(self, best: Best) -> str:
        if best.best_clear is None:
            return "No line removes every card of this deal."
        return f"A line removes all {TOTAL_CARDS} cards."

    def compared(self, score: int, best: Best) -> str:
        most = best.best.score
        if score >= most:
            return f"You removed {score} cards, the most this deal allows."
        return f"You removed {score} cards (the most possible: {most})."

    def watch(self, clear: bool) -> str:
        return "Watch a line that removes every card" if clear else "Watch a best line"

    def said(self, before: Position, move: Move, after: Position) -> str:
        after_ = cast("TrianglePosition", after)
        if move.kind is MoveKind.PLAY:
            return f"Removed {names(list(move.cards))}: {cards_left(after_.cards_left)}."
        if move.kind is MoveKind.DRAW:
            top = after_.waste[-1]
            if after_.stock:
                return f"Drew the {top.name}. The stock shows the {after_.stock[0].name}."
            return f"Drew the {top.name}. The stock is empty."
        left = after_.redeals_left
        return (f"Turned the waste back into the stock: {left} redeal{'' if left == 1 else 's'} left. "
                f"The stock shows the {after_.stock[0].name}.")

    def cheers(self, before: Position, move: Move, after: Position) -> tuple[str, ...]:
        """``Pair +2`` for two cards removed, ``+1`` for one, and the redeals left after a redeal."""
        if move.kind is MoveKind.PLAY:
            return ("Pair +2",) if len(move.cards) == 2 else ("+1",)
        if move.kind is MoveKind.REDEAL:
            left = cast("TrianglePosition", after).redeals_left
            return (f"Redeal · {left} left",)
        return ()

    def undone(self, before: Position, move: Move, after: Position) -> str:
        if move.kind is MoveKind.PLAY:
            return f"Undid removing {names(list(move.cards))}."
        if move.kind is MoveKind.DRAW:
            return "Undid a draw."
        return "Undid the redeal."

    def playing(self, position: Position) -> str:
        position_ = cast("TrianglePosition", position)
        left = position_.redeals_left
        redeals = f"{left} redeal{'' if left == 1 else 's'} left"
        left_now = cards_left(position_.cards_left)
        return f"Remove two cards that make 13, or a king alone. {left_now}, {redeals}."

    def end(self, position: Position) -> str:
        if position.status() is Status.WON:
            return "You removed every card!"
        left = position.cards_left
        return f"No more moves, with {cards_left(left)}. You can undo, ask for a hint, or restart."

    def progress(self, position: Position) -> str:
        return f"Removed {position.score}/52"

    def piles(self, position: Position, *, reveal: bool = False) -> str:
        position_ = cast("TrianglePosition", position)
        stock = position_.stock
        if reveal:
            shown = " ".join(c.code for c in stock) or "empty"
        else:
            shown = f"{stock[0].code} (of {len(stock)})" if stock else "empty"
        waste = position_.waste[-1].code if position_.waste else "(empty)"
        left = position_.redeals_left
        return f"Waste: {waste}    Stock: {shown}, {left} redeal{'' if left == 1 else 's'} left"

    play_verb = "Remove"
    turn_advice = "Turn the waste back into the stock (redeal)."
    still_won = "every card can still be removed"

    def report(self, position: Position, moves: int) -> str:
        position_ = cast("TrianglePosition", position)
        status = position_.status()
        if status is Status.PLAYING:
            takes = sum(1 for m in position_.legal_moves() if m.kind is MoveKind.PLAY)
            state = f"{takes} removal{'' if takes == 1 else 's'} to choose from"
            if not takes:
                state = "draw or redeal"
        elif status is Status.WON:
            state = "won: every card is gone!"
        else:
            state = "out of moves (undo to try another way)"
        left = position_.redeals_left
        return (
            f"Removed {position_.score}/52  Moves {moves}  Redeals left {left}  ({state})"
        )

    notation = "a king such as Kh, a pair such as Qh+Ad, or draw, or redeal"

    typing = (
        "Type a king to remove it (Kh), two cards that make 13 (Qh+Ad, or Qh Ad), or: draw (d), "
        "redeal, undo (u), redo (r), hint (h), quit (q). An empty line draws too."
    )

    over = "Every card is gone: there is nothing left to do."

    # The page

    def selected(self, position: Position, card: Card) -> str:
        partners = [c for m in position.legal_moves() if card in m.cards and len(m.cards) == 2
                    for c in m.cards if c != card]
        if not partners:
            return f"Selected the {card.name}."
        return f"Selected the {card.name}: it makes 13 with {either(partners)}."

    def tallies(self, position: Position) -> tuple[tuple[str, str], ...]:
        return (("Removed", str(position.score)),)

    def panel(self, position: Position) -> tuple[tuple[str, str], ...]:
        position_ = cast("TrianglePosition", position)
        left = position_.redeals_left
        takes = sum(1 for m in position_.legal_moves() if m.kind is MoveKind.PLAY)
        return (
            ("Cards left", str(position_.cards_left)),
            ("Removals now", str(takes) if takes else "none"),
            ("Stock", f"{len(position_.stock)} left · {left} redeal{'' if left == 1 else 's'} left"),
        )

    def control(self, position: Position, kind: MoveKind) -> str | None:
        if kind is MoveKind.REDEAL:
            return f"Redeal ({cast('TrianglePosition', position).redeals_left} left)"
        return super().control(position, kind)

    def stock_label(self, position: Position) -> str:
        position_ = cast("TrianglePosition", position)
        stock = position_.stock
        if stock:
            count = len(stock)
            return f"Stock: {count} card{'' if count == 1 else 's'}, the {stock[0].name} on top"
        left = position_.redeals_left
        if position_.can_redeal():
            return f"Stock: empty. Redeal: turn the waste back into the stock ({left} left)"
        return "Stock: empty"

    def ending(self, position: Position) -> tuple[str, str]:
        if position.status() is Status.WON:
            return "You removed every card!", "The triangle, the stock and the waste are clear."
        left = position.cards_left
        return "No more moves", (
            f"{capital(cards_left(left))}: no two available cards make 13 and the stock is spent. Undo to "
            "try another way, ask for a hint, or restart this deal."
        )

    help = (
        "Remove every card: the triangle, the stock and the waste. Take two available cards whose "
        "values make 13 (an ace is 1, a jack 11, a queen 12): A and Q, 2 and J, 3 and 10, 4 and 9, "
        "5 and 8, 6 and 7. Select one, then the other, or drag one onto the other. A king makes 13 "
        "alone: one tap removes it.",
        "Available cards are the uncovered cards of the triangle, the stock's top card and the waste's "
        "top card. Draw turns the stock's top card onto the waste. When the stock is empty, Redeal "
        "turns the waste back into the stock, twice, so you see the stock three times.",
    )

    record_fields = ("played", "won", "win_rate", "streak", "best_streak", "fastest_win", "fewest_moves")
    classic_note = "the cards removed, 52 for a win"
    on_layout = "in the triangle"
    score_units = ("card removed", "cards removed")


WORDS = TriangleWords()
