"""A game of the family as data plus a few hooks: its names, layout, rules, positions, words and solver.

Each game's folder (``tripeaks/games/<id>/``) makes one :class:`Solitaire`; the registry lists
them. The shared parts (deals, numbered deals, the game history, saves, hints, winnable deals,
the command line) take a solitaire and never name one.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from .errors import InvalidMoveError
from .layout import Layout
from .moves import Move, MoveKind, not_a_move

if TYPE_CHECKING:
    from .cards import Card
    from .position import Position, Status
    from .search.best import Best, ScoreSearch
    from .search.difficulty import Grader
    from .solving import Solver

__all__ = ["Choice", "RuleSet", "Solitaire", "Words", "name_key"]


@dataclass(frozen=True, slots=True)
class Choice:
    """One question of a game's rules form (the page's settings): its ``name``, the ``legend`` a
    player reads, and its ``options`` as (value, label, note); asked only ``when`` another choice
    has one of some values, as ``(name, values)``, or always when ``None``. A rules type lists
    its questions in ``CHOICES``, answers them for a value (``rules.chosen()``) and reads the
    answers back (``from_choices``), so that a form needs to know nothing of the game."""

    name: str
    legend: str
    options: tuple[tuple[str, str, str], ...]
    when: tuple[str, tuple[str, ...]] | None = None


class RuleSet(Protocol):
    """What every game's rules value offers (TriPeaks' :class:`~tripeaks.games.tripeaks.rules.Rules`
    is one): a stable key for statistics and links, a name, a sentence for a player, a stored form."""

    @property
    def key(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def label(self) -> str:
        """The rules in a few words, for a row of a table: ``Custom: 2 passes, no wrap``."""
        ...

    def describe(self) -> str: ...

    def chosen(self) -> dict[str, str]:
        """The answers to the rules type's ``CHOICES`` that make these rules."""
        ...

    def to_dict(self) -> dict[str, Any]: ...


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
        raise NotImplementedError

    def go_back(self, moves: int) -> str:
        """A hint to undo ``moves`` moves, to the latest position that can still be won."""
        raise NotImplementedError

    def report(self, position: Position, moves: int) -> str:
        """The line under the table in the terminal: score, moves, progress and what can be done."""
        raise NotImplementedError

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

    # The best scores of a deal (tripeaks.search.best) and its difficulty (tripeaks.search.difficulty)

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
        from .search.difficulty import Grade  # not at the top: that module imports this one

        deal = "the daily deal" if daily else "this deal"
        if grade == Grade.UNWINNABLE:
            return f"{deal[0].upper()}{deal[1:]} can't be won."
        return f"Difficulty of {deal}: {grade}."

    def grade_name(self, grade: str) -> str:
        """A grade as a settings choice reads it: ``Very hard``, ``Can't be won``."""
        return grade[0].upper() + grade[1:]

    help: tuple[str, ...] = ()
    """How to play, a paragraph each, for a player reading the page."""

    record_fields: tuple[str, ...] = (
        "played", "won", "win_rate", "streak", "best_streak", "best_score", "fastest_win"
    )
    """The statistics worth showing for this game (of :class:`~tripeaks.records.Stats`'
    fields and ``win_rate``), in order."""

    score_units: tuple[str, str] = ("point", "points")
    """What a score counts, one and many, for a sentence about scores (``40 points``)."""

    notation = ""
    """How the game's moves are written, in a few words for a message about a move written wrongly."""

    lost = "This deal can't be won, whatever you play."
    over = "The game is won: there is nothing left to do."
    thinking = "Still thinking…"
    unknown = "No hint: this position is too hard to work out."


def name_key(name: str) -> str:
    """A name as the registry compares it: letters and digits only, lower case (``Tri Peaks`` and
    ``tri-peaks`` are ``tripeaks``)."""
    text = unicodedata.normalize("NFKC", name).casefold()
    return "".join(ch for ch in text if ch.isalnum())


@dataclass(frozen=True, eq=False)
class Solitaire:
    """One game of the family. Compared by identity: there is one of each."""

    id: str
    """The stable id, also the deal-code prefix: ``tripeaks``, ``triangle``."""
    name: str
    """The name a player reads: ``TriPeaks``, ``Triangle``."""
    aliases: tuple[str, ...]
    """Its other names, by which the registry finds it too."""
    blurb: str
    """The game in one sentence."""
    layout: Layout
    rules_type: type[Any]
    """The game's rules class, with ``named``, ``from_key`` and ``from_dict``."""
    rule_sets: Mapping[str, Any]
    """The named rule sets by name, the default first."""
    position: type[Position]
    """The class of the game's positions, which decides every rule."""
    words: Words
    moves: frozenset[MoveKind]
    """The kinds of move the game has."""
    pairs: bool
    """Whether a play may take two cards (Triangle's pairs), or always one."""
    seed_base: int
    """Added to a deal number to make its generator's seed (see :mod:`tripeaks.numbered`)."""
    make_solver: Callable[[Position], Solver] = field(repr=False)
    """A solver for the deal a position belongs to."""
    make_best: Callable[[Position], ScoreSearch] | None = field(default=None, repr=False)
    """The search for a position's best scores (see :mod:`tripeaks.search.best`), if the game has one."""
    make_grader: Callable[[Position], Grader] | None = field(default=None, repr=False)
    """The work out of a deal's difficulty from its start (see :mod:`tripeaks.search.difficulty`)."""

    def __repr__(self) -> str:
        return f"find_game({self.id!r})"

    @property
    def prefix(self) -> str:
        """The deal-code prefix, ``triangle`` in ``triangle:…``."""
        return self.id

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)

    @property
    def default_rules(self) -> Any:
        return next(iter(self.rule_sets.values()))

    def check_rules(self, rules: Any) -> Any:
        """``rules`` if they are this game's (``None`` is its default rules); ``ValueError`` otherwise."""
        if rules is None:
            return self.default_rules
        if not isinstance(rules, self.rules_type):
            raise ValueError(f"those are not rules of {self.name}")
        return rules

    def rules_named(self, name: str) -> Any:
        return self.rules_type.named(name)

    def rules_from_key(self, key: str) -> Any:
        return self.rules_type.from_key(key)

    def rules_from_dict(self, data: Any) -> Any:
        return self.rules_type.from_dict(data)

    @property
    def rule_choices(self) -> tuple[Choice, ...]:
        """The questions of the game's rules form (none when it has one rule set)."""
        choices: tuple[Choice, ...] = self.rules_type.CHOICES
        return choices

    def rules_from_choices(self, answers: Mapping[str, str]) -> Any:
        """The rules the answers to :attr:`rule_choices` make; ``ValueError`` for a bad answer."""
        return self.rules_type.from_choices(answers)

    def check_move(self, move: Move) -> Move:
        """``move`` if this game has such moves; :class:`InvalidMoveError` saying so if not."""
        if move.kind not in self.moves:
            raise InvalidMoveError(f"{self.name} has no '{move.kind}' move")
        if len(move.cards) > 1 and not self.pairs:
            raise InvalidMoveError(f"in {self.name} a move plays one card, not {move.notation}")
        return move

    def parse_move(self, text: str) -> Move:
        """A move of this game from its notation; :class:`InvalidMoveError` if it is none, saying
        how this game's moves are written."""
        try:
            move = Move.parse(text)
        except InvalidMoveError:
            if not isinstance(text, str):
                raise
            raise InvalidMoveError(not_a_move(text, self.how_to_write)) from None
        return self.check_move(move)

    @property
    def how_to_write(self) -> str:
        """How this game's moves are written, for a message (its words': TriPeaks' is ``a card
        such as 7h, or draw, or reset``)."""
        return self.words.notation

    def solver(self, position: Position) -> Solver:
        """A solver for the deal ``position`` belongs to, under its rules."""
        return self.make_solver(position)
