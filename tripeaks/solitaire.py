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
from .moves import Move, MoveKind

if TYPE_CHECKING:
    from .position import Position, Status
    from .search.best import ScoreSearch
    from .search.difficulty import Grader
    from .solving import Solver

__all__ = ["RuleSet", "Solitaire", "Words", "name_key"]


class RuleSet(Protocol):
    """What every game's rules value offers (TriPeaks' :class:`~tripeaks.games.tripeaks.rules.Rules`
    is one): a stable key for statistics and links, a name, a sentence for a player, a stored form."""

    @property
    def key(self) -> str: ...

    @property
    def name(self) -> str: ...

    def describe(self) -> str: ...

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

    def check_move(self, move: Move) -> Move:
        """``move`` if this game has such moves; :class:`InvalidMoveError` saying so if not."""
        if move.kind not in self.moves:
            raise InvalidMoveError(f"{self.name} has no '{move.kind}' move")
        if len(move.cards) > 1 and not self.pairs:
            raise InvalidMoveError(f"in {self.name} a move plays one card, not {move.notation}")
        return move

    def parse_move(self, text: str) -> Move:
        """A move of this game from its notation; :class:`InvalidMoveError` if it is none."""
        return self.check_move(Move.parse(text))

    def solver(self, position: Position) -> Solver:
        """A solver for the deal ``position`` belongs to, under its rules."""
        return self.make_solver(position)
