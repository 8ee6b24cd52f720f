"""A game of the family as data plus a few hooks: its names, layout, rules, positions, words and solver.

Each game's folder (``tripeaks/games/<id>/``) makes one :class:`Solitaire`; the registry lists
them. The shared parts (deals, numbered deals, the game history, saves, hints, winnable deals,
the command line) take a solitaire and never name one.
"""

from __future__ import annotations

import importlib
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from ..base.errors import InvalidMoveError
from ..base.layout import Layout
from ..base.moves import Move, MoveKind, not_a_move
from .scoring import SCORINGS
from .words import Words

if TYPE_CHECKING:
    from .answers import Grader, ScoreSearch, Solver
    from .position import Position

__all__ = ["Choice", "Hook", "RuleSet", "Solitaire", "deferred", "name_key"]

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


class Hook:
    """A game's hook (its solver, best-score search, grader or cards-left search) for positions of
    ``kind``: the callable that ``path`` names, ``module:name``, the module relative to ``package`` as
    in a relative import (``.solver:Solver``: the game folder's solver.py; ``...kit.pairs.best:PairsBest``).
    The module is imported only when the hook is first called: a game is listed, and played, without
    its searches loaded. Made by :func:`deferred`."""

    __slots__ = ("kind", "module", "name", "package")

    def __init__(self, package: str, kind: type[Position], path: str) -> None:
        module, colon, name = path.partition(":")
        if not (colon and module.startswith(".") and name.isidentifier()):
            raise ValueError(f"a hook is named '.module:name' (relative to the game's folder), not {path!r}")
        self.package = package
        self.kind = kind
        self.module = module
        self.name = name

    def __repr__(self) -> str:
        return f"<hook {self.module}:{self.name} of {self.package}>"

    def load(self) -> Callable[[Any], Any]:
        """What the hook calls (importing its module, the first time)."""
        made: Callable[[Any], Any] = getattr(importlib.import_module(self.module, self.package), self.name)
        return made

    def __call__(self, position: Position) -> Any:
        assert isinstance(position, self.kind)
        return self.load()(position)


def deferred(package: str, kind: type[Position]) -> Callable[[str], Hook]:
    """The maker of a game's hooks, each a :class:`Hook` of the game's folder ``package`` (its
    ``__name__``) for positions of ``kind``: ``hook = deferred(__name__, MoundPosition)``, then
    ``make_solver=hook(".solver:MoundSolver")``."""
    return partial(Hook, package, kind)


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
    """Added to a deal number to make its generator's seed (see :mod:`tripeaks.model.numbered`)."""
    make_solver: Callable[[Position], Solver] = field(repr=False)
    """A solver for the deal a position belongs to."""
    make_best: Callable[[Position], ScoreSearch] | None = field(default=None, repr=False)
    """The search for a position's best scores (see :mod:`tripeaks.services.best`), if the game has one."""
    make_grader: Callable[[Position], Grader] | None = field(default=None, repr=False)
    """The work out of a deal's difficulty from its start (see :mod:`tripeaks.services.difficulty`)."""
    rule_set_names: tuple[tuple[str, str], ...] = ()
    """Names by which a player calls the game under one of its rule sets, as (name, rules key):
    ``("Relaxed Pyramid", "relaxed")``. They find the game as its aliases do, and those rules with it."""
    scorings: tuple[str, ...] = ("classic", "cards-left")
    """The scorings the game offers (of :data:`~tripeaks.model.scoring.SCORINGS`), its default first:
    ``classic``, its own score, and ``cards-left``, the layout cards left (Golf has only the second)."""
    make_cards_left: Callable[[Position], ScoreSearch] | None = field(default=None, repr=False)
    """A quicker search for the fewest layout cards any line leaves (see :mod:`tripeaks.services.best`),
    if the game has one; without it the kit's search for every game (``tripeaks/kit/cards_left.py``)
    is used."""

    def __repr__(self) -> str:
        return f"find_game({self.id!r})"

    @staticmethod
    def of(position: Position) -> Solitaire:
        """The game of ``position`` (a position names its game only by what it needs of it: its
        :class:`~tripeaks.model.position.Kind`)."""
        game = position.solitaire
        assert isinstance(game, Solitaire)
        return game

    @property
    def prefix(self) -> str:
        """The deal-code prefix, ``triangle`` in ``triangle:…``."""
        return self.id

    @property
    def names(self) -> tuple[str, ...]:
        """Every name that finds the game: its name, its aliases and its rule sets' names."""
        return (self.name, *self.aliases, *(name for name, _ in self.rule_set_names))

    def name_under(self, rules: Any) -> str:
        """The game's name under ``rules`` as a player calls it: its rule set's own name when it has
        one (``Relaxed Pyramid``), else the game's (``Pyramid``)."""
        key = getattr(rules, "key", None)
        return next((name for name, rules_key in self.rule_set_names if rules_key == key), self.name)

    def rules_called(self, name: str) -> Any:
        """The rules ``name`` implies when it names this game under one of its rule sets
        (``Relaxed Pyramid``), else ``None``."""
        key = name_key(name) if isinstance(name, str) else None
        for called, rules_key in self.rule_set_names:
            if name_key(called) == key:
                return self.rules_from_key(rules_key)
        return None

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

    @property
    def default_scoring(self) -> str:
        return self.scorings[0]

    def check_scoring(self, scoring: str | None) -> str:
        """``scoring`` if this game offers it (``None`` is its default); ``ValueError`` naming the
        scorings it offers otherwise.

        >>> from tripeaks import TRIPEAKS
        >>> TRIPEAKS.check_scoring("cards-left")
        'cards-left'
        >>> TRIPEAKS.check_scoring("golf")
        Traceback (most recent call last):
        ...
        ValueError: 'golf' is not a scoring of TriPeaks: choose classic or cards-left
        """
        if scoring is None:
            return self.default_scoring
        offered = " or ".join(self.scorings)
        if scoring in self.scorings:
            return scoring
        if scoring in SCORINGS:
            raise ValueError(f"{self.name} has no {scoring} scoring: it is scored by {offered} only")
        shown = scoring if isinstance(scoring, str) and len(scoring) <= 20 else "that"
        raise ValueError(f"'{shown}' is not a scoring of {self.name}: choose {offered}")

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
