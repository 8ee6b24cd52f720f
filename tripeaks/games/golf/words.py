"""What a Golf player reads: what a move did, what can be played, the cards left, the best and the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...base.moves import Move, MoveKind
from ...kit.rank_words import ranks_said
from ...model.position import Position, Status
from ...model.words import Words
from .layout import COLUMNS, DEPTH
from .phrases import cards_left

if TYPE_CHECKING:
    from ...model.answers import Best
    from .play import GolfPosition

__all__ = ["WORDS"]

CARDS = COLUMNS * DEPTH
"""The cards of the columns: a score (cards cleared) of CARDS is a win, none left."""


def _left(score: int) -> str:
    """A score (cards cleared) as a player reads it: the cards left, ``3 cards left``, ``all cleared``."""
    said = cards_left(CARDS - score)
    return said[0].lower() + said[1:]


class GolfWords(Words):
    """Golf's words, in the terminal and on the page. Golf's score is the cards left in the columns
    (fewer is better); the engine counts the cards cleared, so that a higher score is better in
    every game, and every sentence says the cards left.

    >>> from tripeaks import Game, numbered_deal
    >>> from tripeaks.games.golf import GOLF
    >>> game = Game(numbered_deal(1, GOLF))
    >>> WORDS.report(game.position, 0)
    'Cards left 35  Moves 0  (you can play A or 3)'
    >>> WORDS.scored(33), WORDS.scored(35)
    ('2 cards left', 'all cleared')
    """

    def said(self, before: Position, move: Move, after: Position) -> str:
        after = cast("GolfPosition", after)
        top = after.top
        if move.kind is MoveKind.PLAY:
            return f"Played the {top.name}. {cards_left(after.left)}."
        left = len(after.stock)
        return f"Drew the {top.name}. {left} left in the stock."

    def cheers(self, before: Position, move: Move, after: Position) -> tuple[str, ...]:
        """A column cleared cheers; single cards do not (the score is the cards left)."""
        was, now = cast("GolfPosition", before), cast("GolfPosition", after)
        if move.kind is not MoveKind.PLAY or not now.remaining:
            return ("All cleared!",) if move.kind is MoveKind.PLAY else ()
        emptied = _columns_cleared(now) - _columns_cleared(was)
        return ("Column cleared",) if emptied else ()

    def undone(self, before: Position, move: Move, after: Position) -> str:
        top = cast("GolfPosition", after).top
        said = f"Undid playing the {move.card.name}." if move.card is not None else "Undid a draw."
        return f"{said} Waste: {top.name}."

    def playing(self, position: Position) -> str:
        position = cast("GolfPosition", position)
        ranks = position.playable_ranks()
        if not ranks:
            return f"The waste shows the {position.top.name}: nothing goes on a king, draw a card."
        return f"The waste shows the {position.top.name}: play {ranks_said(ranks)}."

    def end(self, position: Position) -> str:
        if position.status() is Status.WON:
            return "You cleared the columns! All cleared."
        left = cast("GolfPosition", position).left
        return f"No more moves: {cards_left(left).lower()}. You can undo, ask for a hint, or restart."

    def progress(self, position: Position) -> str:
        return cards_left(cast("GolfPosition", position).left)

    def piles(self, position: Position, *, reveal: bool = False) -> str:
        position_ = cast("GolfPosition", position)
        stock = " ".join(c.code for c in position_.stock) if reveal else f"{len(position_.stock)} cards"
        return f"Waste: {position_.top.code}    Stock: {stock}"

    still_won = "every column can still be cleared"

    def report(self, position: Position, moves: int) -> str:
        position_ = cast("GolfPosition", position)
        ranks = position_.playable_ranks()
        playing = f"you can play {ranks_said(ranks)}" if ranks else "nothing goes on a king: draw"
        state = self.reported(position_, playing=playing, won="won: the columns are cleared!")
        return f"Cards left {position_.left}  Moves {moves}  ({state})"

    notation = "a card such as 7h, or draw"

    typing = (
        "Type a column's top card to play it (7h), or: draw (d), undo (u), redo (r), quit (q). "
        "An empty line draws too; hint (h) suggests a move."
    )

    over = "The columns are cleared: there is nothing left to do."
    lost = "This deal can't be cleared, whatever you play."

    # The page

    def tallies(self, position: Position) -> tuple[tuple[str, str], ...]:
        """None of its own: the top line's Left, the cards left in the columns, is Golf's score."""
        return ()

    def panel(self, position: Position) -> tuple[tuple[str, str], ...]:
        position_ = cast("GolfPosition", position)
        if position_.status() is not Status.PLAYING:
            playable = "nothing"
        else:
            playable = ranks_said(position_.playable_ranks()) or "nothing: draw"
        return (
            ("Playable now", playable),
            ("Cards left", str(position_.left)),
            ("Stock", f"{len(position_.stock)} left · one pass"),
        )

    def stock_label(self, position: Position) -> str:
        count = len(position.stock)
        if count:
            return f"Stock: {count} card{'' if count == 1 else 's'}. Draw a card"
        return "Stock: empty"

    def ending(self, position: Position) -> tuple[str, str]:
        if position.status() is Status.WON:
            return "You cleared the columns!", "All cleared."
        left = cast("GolfPosition", position).left
        return "No more moves", (
            f"{cards_left(left)}. Nothing can be played and the stock is spent. Undo to try another "
            "way, ask for a hint, or restart this deal."
        )

    # The best of a deal: its cards left

    def scored(self, score: int) -> str:
        return _left(score)

    # A best of Golf is scored by the cards left (its line's score is how many).

    def best_score(self, best: Best) -> str:
        return f"The fewest cards this deal leaves: {_left(CARDS - best.best.score)}."

    def best_clear_score(self, best: Best) -> str:
        if best.best_clear is None:
            return "No line clears every column of this deal."
        return "A line clears every column."

    def compared(self, score: int, best: Best) -> str:
        if CARDS - score <= best.best.score:
            return f"You finished with {_left(score)}, the fewest this deal allows."
        return f"You finished with {_left(score)} (the fewest possible: {_left(CARDS - best.best.score)})."

    def watch(self, clear: bool) -> str:
        return "Watch a line that clears every column" if clear else "Watch a line to the fewest cards left"

    help = (
        "Clear the seven columns. Play a column's top card onto the waste when it is one rank above or "
        "below the waste's top card: a 7 goes on a 6 or an 8. Suits don't matter. In Golf a queen may go "
        "on a king but nothing on an ace but a 2; in Dead King Golf nothing goes on a king; in Relaxed "
        "Golf a king and an ace touch.",
        "When nothing fits, draw a card from the stock onto the waste: you go through the stock once. "
        "The score is the cards left in the columns, fewer is better; none left is a win.",
    )

    record_fields = ("played", "won", "win_rate", "streak", "best_streak", "fastest_win", "fewest_moves")
    on_layout = "in the columns"
    score_units = ("card cleared", "cards cleared")


def _columns_cleared(position: GolfPosition) -> int:
    """How many columns have no card left."""
    remaining = position.remaining
    column_cards = [sum(1 << (row * COLUMNS + column) for row in range(DEPTH)) for column in range(COLUMNS)]
    return sum(not remaining & cards for cards in column_cards)


WORDS = GolfWords()
