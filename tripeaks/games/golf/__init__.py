"""Golf: seven columns of five face-up cards, cleared one rank above or below the waste's top, one pass.

>>> from tripeaks.registry import find_game
>>> find_game("golf solitaire") is GOLF
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from ...base.moves import MoveKind
from ...model.solitaire import Solitaire, deferred
from .layout import GOLF_COLUMNS
from .play import GolfPosition
from .rules import RULE_SETS, GolfRules
from .words import WORDS

if TYPE_CHECKING:
    from ...model.answers import Grader, ScoreSearch, Solver

__all__ = ["GOLF"]


def _solver() -> Callable[[Any], Solver]:
    from .solver import GolfSolver

    return cast("Callable[[Any], Solver]", GolfSolver)  # it takes GolfPositions only


def _best() -> Callable[[Any], ScoreSearch]:
    from .best import GolfBest

    return GolfBest


def _cards_left() -> Callable[[Any], ScoreSearch]:
    from ...kit.cards_left import LeftOfCleared
    from .best import GolfBest

    return lambda position: LeftOfCleared(GolfBest(position), GOLF.layout.size)


def _grader() -> Callable[[Any], Grader]:
    from .difficulty import GolfGrader

    return GolfGrader


GOLF = Solitaire(
    id="golf",
    name="Golf",
    aliases=("Golf Solitaire",),
    blurb="Clear seven columns by playing a column's top card one rank above or below the waste's top card.",
    layout=GOLF_COLUMNS,
    rules_type=GolfRules,
    rule_sets=RULE_SETS,
    position=GolfPosition,
    words=WORDS,
    moves=frozenset({MoveKind.PLAY, MoveKind.DRAW}),
    pairs=False,
    seed_base=2**51,
    make_solver=deferred(GolfPosition, _solver),
    make_best=deferred(GolfPosition, _best),
    make_cards_left=deferred(GolfPosition, _cards_left),
    make_grader=deferred(GolfPosition, _grader),
    scorings=("cards-left",),
    rule_set_names=(("Dead King Golf", "strict"), ("Relaxed Golf", "relaxed")),
)
