"""What a player reads about a game: the base of each game's words, with what every game says alike."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.moves import Move, MoveKind
from .answers import Grade
from .position import Status
from .scoring import CARDS_LEFT

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..base.cards import Card
    from .answers import Best
    from .position import Position

__all__ = ["Words", "capital", "counted", "the_cards"]


class Words:
    """What a player reads about a game besides the explanation of a tap (its positions' ``explain``):
    each game has its own, so the command line and the page say the same thing."""

    def said(self, before: Position, move: Move, after: Position) -> str:
        """What a move did, as the page announces it: ``Played the 7 of hearts, run of 4.``"""
        raise NotImplementedError

    def undone(self, before: Position, move: Move, after: Position) -> str:
        """What undoing ``move`` (from ``before`` back to ``after``) did."""
        raise NotImplementedError

    def prompt(self, position: Position) -> str:
        """A line on what can be done now, or how the game ended."""
        status = position.status()
        if status is Status.WON:
            return "This game is won."
        if status is Status.OUT_OF_MOVES:
            return "No more moves: undo, ask for a hint, or restart."
        return self.playing(position)

    def playing(self, position: Position) -> str:
        """What can be done now, in a game still being played (the prompt's own part for a game)."""
        raise NotImplementedError

    def status(self, status: Status) -> str:
        """The status in a word or two: ``Playing``, ``Won``, ``Out of moves``."""
        return {"playing": "Playing", "won": "Won", "out_of_moves": "Out of moves"}[status.value]

    def end(self, position: Position) -> str:
        """The line shown when the game ends (won, or out of moves)."""
        raise NotImplementedError

    def progress(self, position: Position) -> str:
        """How far the game has got, in a few words: ``Cleared 12/28``."""
        raise NotImplementedError

    def piles(self, position: Position, *, reveal: bool = False) -> str:
        """The waste and the stock in a line of text for the terminal (``reveal`` shows the stock)."""
        raise NotImplementedError

    def advice(self, position: Position, move: Move) -> str:
        """A hint that says to make ``move``: ``Play the 8 of clubs.``"""
        if move.kind is MoveKind.PLAY:
            return f"{self.play_verb} {the_cards(move.cards)}."
        if move.kind is MoveKind.DRAW:
            return "Draw a card from the stock."
        return self.turn_advice

    play_verb = "Play"
    """What a hint says to do with the cards of a play: ``Play``, ``Remove``."""
    turn_advice = "Turn the waste over to reset the stock."
    """A hint to turn the waste back into the stock (a reset, a redeal)."""

    def go_back(self, moves: int) -> str:
        """A hint to undo ``moves`` moves, to the latest position that can still be won."""
        said = "1 move" if moves == 1 else f"{moves} moves"
        return f"Go back {said}: from there {self.still_won}."

    still_won = "the game can still be won"
    """What can still be done from the position a hint goes back to: ``the peaks can still be cleared``."""

    def report(self, position: Position, moves: int) -> str:
        """The line under the table in the terminal: score, moves, progress and what can be done."""
        raise NotImplementedError

    @staticmethod
    def reported(position: Position, *, playing: str, won: str) -> str:
        """The end of a :meth:`report`, in its brackets: ``playing`` (what can be done) while the game
        goes on, ``won`` once it is won, and that it is out of moves at a dead end."""
        status = position.status()
        if status is Status.PLAYING:
            return playing
        return won if status is Status.WON else "out of moves (undo to try another way)"

    typing = ""
    """How to type moves in the terminal, and the commands there."""

    # What a page shows beside the table (web/ draws these and decides none of them)

    def redone(self, before: Position, move: Move, after: Position) -> str:
        """What redoing ``move`` did: ``Redid: played the 7 of hearts, run of 4.``"""
        said = self.said(before, move, after)
        return f"Redid: {said[0].lower()}{said[1:]}"

    def cheers(self, before: Position, move: Move, after: Position) -> tuple[str, ...]:
        """Short words that float up from a move on the page, the points it won first (``+3``), then
        anything worth a cheer (a peak cleared); none for a move that won nothing."""
        gained = after.score - before.score
        return (f"+{gained}",) if move.kind is MoveKind.PLAY and gained > 0 else ()

    def selected(self, position: Position, card: Card) -> str:
        """What selecting ``card`` as the first of a pair says (games that remove pairs)."""
        return f"Selected the {card.name}."

    def deselected(self, position: Position, card: Card) -> str:
        return f"The {card.name} is no longer selected."

    def tallies(self, position: Position) -> tuple[tuple[str, str], ...]:
        """The figures above the table, as (name, value): ``(("Score", "12"), ("Run", "3"))``."""
        return (("Score", str(position.score)),)

    def panel(self, position: Position) -> tuple[tuple[str, str], ...]:
        """Lines beside the table on what can be done, as (name, value)."""
        return ()

    def control(self, position: Position, kind: MoveKind) -> str | None:
        """The label of the button for a stock move of ``kind`` now (draw, reset, redeal), or
        ``None`` when the button is not shown now."""
        if kind is MoveKind.DRAW:
            return "Draw"
        if kind is MoveKind.RESET:
            return "Reset stock" if Move(kind) in position.legal_moves() else None
        if kind is MoveKind.REDEAL:
            return "Redeal"
        return None

    def stock_label(self, position: Position) -> str:
        """The stock's name for a screen reader, with what a tap on it does."""
        count = len(position.stock)
        if not count:
            return "Stock: empty"
        return f"Stock: {count} card{'' if count == 1 else 's'}"

    def waste_label(self, position: Position) -> str:
        """The waste's name for a screen reader: its top card, or what may go on it."""
        return f"Waste: {position.waste[-1].name}" if position.waste else "Waste: empty"

    def waste_mark(self, position: Position) -> str:
        """A word or two shown on an empty waste (what may go there), or nothing."""
        return ""

    def ending(self, position: Position) -> tuple[str, str]:
        """The heading and the text shown over the table when the game ends."""
        return self.status(position.status()), self.end(position)

    # The best scores of a deal (tripeaks.services.best) and its difficulty (tripeaks.services.difficulty)

    def best_score(self, best: Best) -> str:
        """The best score a deal allows: ``The best score this deal allows: 1,234.``"""
        return f"The best score this deal allows: {best.best.score:,}."

    def best_clear_score(self, best: Best) -> str:
        """The best score of the lines that win, or that none wins."""
        if best.best_clear is None:
            return "No line wins this deal."
        return f"The best score of a winning line: {best.best_clear.score:,}."

    def compared(self, score: int, best: Best) -> str:
        """A player's score beside the best possible: ``Your score: 40 (the best possible: 88).``"""
        if score >= best.best.score:
            return f"Your score: {score:,}, the best this deal allows."
        return f"Your score: {score:,} (the best possible: {best.best.score:,})."

    def watch(self, clear: bool) -> str:
        """The label of the button that replays a best line (``clear``: the best winning line)."""
        return "Watch the best winning line" if clear else "Watch a best line"

    def grade(self, grade: str, *, daily: bool = False) -> str:
        """A deal's difficulty in a sentence, the one the page and the command line say (``grade``:
        a grade's name, ``easy`` … ``can't be won``; ``daily``: of the daily deal).

        >>> Words().grade("very hard", daily=True)
        'Difficulty of the daily deal: very hard.'
        >>> Words().grade("can't be won")
        "This deal can't be won."
        """
        deal = "the daily deal" if daily else "this deal"
        if grade == Grade.UNWINNABLE:
            return f"{capital(deal)} can't be won."
        return f"Difficulty of {deal}: {grade}."

    def grade_name(self, grade: str) -> str:
        """A grade as a settings choice reads it: ``Very hard``, ``Can't be won``."""
        return capital(grade)

    # The scorings (tripeaks.model.scoring): Classic, the game's own score, or the cards left

    def scoring_name(self, scoring: str) -> str:
        """A scoring as a choice reads it: ``Classic``, ``Cards left``."""
        return "Cards left" if scoring == CARDS_LEFT else "Classic"

    def scoring_note(self, scoring: str) -> str:
        """What a scoring counts, in a few words beside its name."""
        if scoring == CARDS_LEFT:
            return f"the cards left {self.on_layout} at the end: fewer is better, none for a win"
        return self.classic_note

    classic_note = "the game's own score"
    """What the classic score counts, in a few words (TriPeaks: its points)."""
    on_layout = "on the table"
    """Where the cards counted by cards left lie, after "cards left": ``in the peaks``."""

    def left_said(self, left: int) -> str:
        """The cards left as a sentence: ``3 cards left in the peaks.``, ``No cards left in the peaks.``"""
        return f"{counted(left, 'card', none='No')} left {self.on_layout}."

    def scored_tallies(self, position: Position, scoring: str) -> tuple[tuple[str, str], ...]:
        """The figures above the table in ``scoring``: the game's own (:meth:`tallies`), or the cards left."""
        if scoring == CARDS_LEFT:
            return (("Cards left", str(position.layout_left)),)
        return self.tallies(position)

    def scored_ending(self, position: Position, scoring: str) -> tuple[str, str]:
        """The heading and text over the table when the game ends, in ``scoring`` (by cards left, the
        cards left first)."""
        title, text = self.ending(position)
        if scoring != CARDS_LEFT:
            return title, text
        if position.status() is Status.WON:
            return title, self.left_said(0)
        return title, f"{self.left_said(position.layout_left)} {text}"

    def scored_end(self, position: Position, scoring: str) -> str:
        """The line said when the game ends (:meth:`end`), in ``scoring``: by cards left, with the cards left
        (a win: its heading and none left)."""
        if scoring != CARDS_LEFT:
            return self.end(position)
        if position.status() is Status.WON:
            return f"{self.ending(position)[0]} {self.left_said(0)}"
        return f"{self.end(position)} {self.left_said(position.layout_left)}"

    def scored_report(self, position: Position, moves: int, scoring: str) -> str:
        """The terminal's line under the table in ``scoring`` (by cards left: those, moves, the prompt)."""
        if scoring == CARDS_LEFT:
            return f"Cards left {position.layout_left}  Moves {moves}  ({self.prompt(position)})"
        return self.report(position, moves)

    def left_compared(self, left: int, best: Best) -> str:
        """The cards a player left beside the fewest any line leaves (``best.best.score``)."""
        fewest = best.best.score
        said = counted(left, "card", none="no")
        if left <= fewest:
            return f"You left {said}, the fewest this deal allows."
        return f"You left {said} (the fewest possible: {fewest})."

    def fewest_left(self, best: Best) -> str:
        """The fewest cards any line leaves, as a sentence of its own."""
        fewest = best.best.score
        if best.best_clear is not None:
            return "This deal can be won: a line leaves no card."
        return f"The fewest cards a line leaves on this deal: {fewest}."

    watch_fewest = "Watch a line that leaves the fewest"
    """The label of the button that replays a line to the fewest cards left."""

    help: tuple[str, ...] = ()
    """How to play, a paragraph each, for a player reading the page."""

    record_fields: tuple[str, ...] = (
        "played", "won", "win_rate", "streak", "best_streak", "best_score", "fastest_win", "fewest_moves"
    )
    """The statistics worth showing for this game (of :class:`~tripeaks.services.records.Stats`'
    fields and ``win_rate``), in order, when it is scored classic (see :meth:`shown_records`)."""

    def shown_records(self, scoring: str) -> tuple[str, ...]:
        """The statistics worth showing in ``scoring``: by cards left, the fewest cards left in place
        of the best score (or after the fastest win, if the game shows no best score)."""
        fields = self.record_fields
        if scoring != CARDS_LEFT:
            return fields
        if "best_score" in fields:
            return tuple("fewest_left" if name == "best_score" else name for name in fields)
        at = fields.index("fastest_win") if "fastest_win" in fields else len(fields)
        return (*fields[:at], "fewest_left", *fields[at:])

    score_units: tuple[str, str] = ("point", "points")
    """What a score counts, one and many, for a sentence about scores (``40 points``)."""

    def scored(self, score: int) -> str:
        """A score as a sentence says it: ``40 points``, ``1 card removed`` (in the :attr:`score_units`;
        Golf says the cards left: ``3 cards left``).

        >>> Words().scored(40), Words().scored(1)
        ('40 points', '1 point')
        """
        one, many = self.score_units
        return f"{score} {one if abs(score) == 1 else many}"

    notation = ""
    """How the game's moves are written, in a few words for a message about a move written wrongly."""

    lost = "This deal can't be won, whatever you play."
    over = "The game is won: there is nothing left to do."
    thinking = "Still thinking…"
    unknown = "No hint: this position is too hard to work out."


def counted(n: int, thing: str, *, none: str | None = None) -> str:
    """``n`` things in words: ``1 card``, ``3 cards``, and ``none`` (``No``) for 0 when given.

    >>> counted(1, "card"), counted(12, "move"), counted(0, "card", none="no")
    ('1 card', '12 moves', 'no cards')
    """
    if n == 0 and none is not None:
        return f"{none} {thing}s"
    return f"{n:,} {thing}{'' if n == 1 else 's'}"


def the_cards(cards: Sequence[Card]) -> str:
    """Cards named in a sentence: ``the 7 of hearts``, ``the Q of hearts and the A of diamonds``."""
    said = [f"the {card.name}" for card in cards]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def capital(phrase: str) -> str:
    """``phrase`` with its first letter upper-case and the rest as it is: ``A Q``, where
    ``str.capitalize()`` would make ``A q``."""
    return phrase[0].upper() + phrase[1:]
