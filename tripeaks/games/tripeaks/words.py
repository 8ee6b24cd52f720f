"""What a TriPeaks player reads: why a card can't go, what a move did, hints and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...base.moves import Move, MoveKind
from ...kit.rank_words import ranks_said
from ...model.position import Position, Status
from ...model.words import Words
from .layout import PEAK_BONUS

if TYPE_CHECKING:
    from ...model.answers import Best
    from .play import TriPeaksPosition

__all__ = ["WORDS"]

class TriPeaksWords(Words):
    """TriPeaks' words, in the terminal and on the page.

    >>> from tripeaks import EASY, Game, Move, Rules, numbered_deal, solve
    >>> from tripeaks.base.moves import MoveKind
    >>> game = Game(numbered_deal(1))
    >>> WORDS.tallies(game.position), WORDS.panel(game.position)[0]
    ((('Score', '0'), ('Run', '0')), ('Playable now', 'J or K'))
    >>> WORDS.stock_label(game.position), WORDS.waste_label(game.position), WORDS.waste_mark(game.position)
    ('Stock: 23 cards. Draw a card', 'Waste: queen of clubs', '')
    >>> [WORDS.control(game.position, kind) for kind in (MoveKind.DRAW, MoveKind.RESET)]
    ['Draw', None]
    >>> before = game.position
    >>> WORDS.redone(before, Move.parse("Kc"), game.play("Kc"))
    'Redid: played the king of clubs, run of 1.'
    >>> empty = Game(numbered_deal(1), Rules(empty_waste=True)).position
    >>> WORDS.waste_label(empty), WORDS.waste_mark(empty), WORDS.panel(empty)[0]
    ('Waste: empty. Any free card may go on it', 'Any card', ('Playable now', 'any free card'))
    >>> WORDS.panel(Game(numbered_deal(1), EASY).position)[2]
    ('Stock', '23 left · pass 1 (unlimited)')
    >>> for _ in range(23):
    ...     position = game.draw()
    >>> WORDS.stock_label(game.position)
    'Stock: empty'
    >>> won = Game.from_moves(numbered_deal(1), None, solve(game.start).moves)
    >>> WORDS.ending(won.position)
    ('You cleared the peaks!', 'Score 11.')
    >>> WORDS.ending(game.position)[0]
    'No more moves'
    """

    def best_clear_score(self, best: Best) -> str:
        if best.best_clear is None:
            return "No line clears the peaks of this deal."
        return f"The best score of a line that clears the peaks: {best.best_clear.score:,}."

    def said(self, before: Position, move: Move, after: Position) -> str:
        after = cast("TriPeaksPosition", after)
        top = after.top
        assert top is not None
        if move.kind is MoveKind.PLAY:
            return f"Played the {top.name}, run of {after.run}."
        left = len(after.stock)
        if move.kind is MoveKind.DRAW:
            return f"Drew the {top.name}. {left} left in the stock."
        return f"Turned the waste over. Drew the {top.name}; {left} left in the stock."

    def cheers(self, before: Position, move: Move, after: Position) -> tuple[str, ...]:
        """The run's points of a play, then each peak it cleared with its bonus:
        ``("+4", "Peak cleared +15")``."""
        if move.kind is not MoveKind.PLAY:
            return ()
        was, now = cast("TriPeaksPosition", before), cast("TriPeaksPosition", after)
        bonuses = PEAK_BONUS[was.peaks_cleared:now.peaks_cleared]
        points = now.score - was.score - sum(bonuses)
        return ((f"+{points}",) if points > 0 else ()) + tuple(f"Peak cleared +{bonus}" for bonus in bonuses)

    def undone(self, before: Position, move: Move, after: Position) -> str:
        after = cast("TriPeaksPosition", after)
        if move.card is not None:
            said = f"Undid playing the {move.card.name}."
        elif move.kind is MoveKind.DRAW:
            said = "Undid a draw."
        else:
            said = "Undid turning the stock over."
        top = after.top
        return f"{said} Waste: {top.name}." if top is not None else f"{said} The waste is empty."

    def playing(self, position: Position) -> str:
        position = cast("TriPeaksPosition", position)
        top = position.top
        if top is None:
            return "The waste is empty: play any free card."
        return f"The waste shows the {top.name}: play {ranks_said(position.playable_ranks())}."

    def end(self, position: Position) -> str:
        if position.status() is Status.WON:
            return f"You cleared the peaks! Score {position.score}."
        return "No more moves. You can undo, ask for a hint, or restart."

    def progress(self, position: Position) -> str:
        return f"Cleared {position.cleared}/{len(position.cards)}"

    def piles(self, position: Position, *, reveal: bool = False) -> str:
        position_ = cast("TriPeaksPosition", position)
        stock = " ".join(c.code for c in position_.stock) if reveal else f"{len(position_.stock)} cards"
        passes = ""
        resets = position_.rules.resets
        if resets is None:
            passes = ", unlimited passes"
        elif resets:
            left = resets - position_.resets
            passes = f", {left} reset{'' if left == 1 else 's'} left"
        top = position_.top.code if position_.top is not None else "(empty)"
        return f"Waste: {top}    Stock: {stock}{passes}"

    still_won = "the peaks can still be cleared"

    def report(self, position: Position, moves: int) -> str:
        position_ = cast("TriPeaksPosition", position)
        ranks = ranks_said(position_.playable_ranks()) if position_.top is not None else "any free card"
        state = self.reported(position_, playing=f"you can play {ranks}", won="won: the peaks are cleared!")
        return (
            f"Score {position_.score}  Run {position_.run}  Moves {moves}  "
            f"Cleared {position_.cleared}/{len(position_.cards)}  ({state})"
        )

    notation = "a card such as 7h, or draw, or reset"

    typing = (
        "Type a card to play it (7h), or: draw (d), reset, undo (u), redo (r), quit (q). "
        "An empty line draws too; hint (h) suggests a move."
    )

    over = "The peaks are cleared: there is nothing left to do."

    # The page

    def tallies(self, position: Position) -> tuple[tuple[str, str], ...]:
        return (("Score", str(position.score)), ("Run", str(position.run)))

    def panel(self, position: Position) -> tuple[tuple[str, str], ...]:
        position_ = cast("TriPeaksPosition", position)
        if position_.status() is not Status.PLAYING:
            playable = "nothing"
        elif position_.top is None:
            playable = "any free card"
        else:
            playable = ranks_said(position_.playable_ranks())
        count, done = len(position_.stock), position_.resets + 1
        passes = position_.rules.passes
        through = f"pass {done} (unlimited)" if passes is None else f"pass {done}/{passes}"
        return (
            ("Playable now", playable),
            ("Current run", str(position_.run)),
            ("Stock", f"{count} left · {through}"),
        )

    def stock_label(self, position: Position) -> str:
        position_ = cast("TriPeaksPosition", position)
        count = len(position_.stock)
        if count:
            return f"Stock: {count} card{'' if count == 1 else 's'}. Draw a card"
        if position_.stock_move() is not None:
            return "Stock: empty. Turn the waste over to reset it"
        return "Stock: empty"

    def waste_label(self, position: Position) -> str:
        top = cast("TriPeaksPosition", position).top
        if top is None:
            return "Waste: empty. Any free card may go on it"
        return f"Waste: {top.name}"

    def waste_mark(self, position: Position) -> str:
        return "Any card" if cast("TriPeaksPosition", position).top is None else ""

    def ending(self, position: Position) -> tuple[str, str]:
        if position.status() is Status.WON:
            return "You cleared the peaks!", f"Score {position.score}."
        return "No more moves", (
            "Nothing can be played and the stock is spent. Undo to try another way, ask for a hint, "
            "or restart this deal."
        )

    help = (
        "Clear the three peaks. Play any uncovered card that is one rank above or below the card on "
        "the waste: a 7 goes on a 6 or an 8. With K–A wrap, a king and an ace touch too. Suits don't "
        "matter. With an empty waste at the start, any uncovered card may go first.",
        "When nothing fits, draw a card from the stock. Each card in a run scores one point more than "
        "the last; each draw costs 5 points and starts a new run. Clearing a peak's top card earns a "
        "bonus.",
    )

    record_fields = (
        "played", "won", "win_rate", "streak", "best_streak", "longest_run", "best_score", "fastest_win",
        "fewest_moves",
    )
    classic_note = "points for runs and peaks, 5 off a draw"
    on_layout = "in the peaks"


WORDS = TriPeaksWords()
