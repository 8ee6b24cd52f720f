"""Triangle (Yield, Funnel): an inverted pyramid cleared by pairs that make 13, and kings alone.

>>> from tripeaks.registry import find_game
>>> find_game("Yield") is TRIANGLE
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from ...base.moves import MoveKind
from ...model.solitaire import Solitaire, deferred
from .layout import INVERTED_TRIANGLE
from .play import TrianglePosition
from .rules import RULE_SETS, TriangleRules
from .words import WORDS

if TYPE_CHECKING:
    from ...model.answers import Grader, ScoreSearch, Solver

__all__ = ["TRIANGLE"]


def _solver() -> Callable[[Any], Solver]:
    from ...kit.pairs.solver import PairsSolver

    return cast("Callable[[Any], Solver]", PairsSolver)  # it takes positions of pairs only


def _best() -> Callable[[Any], ScoreSearch]:
    from ...kit.pairs.best import PairsBest

    return PairsBest


def _cards_left() -> Callable[[Any], ScoreSearch]:
    from ...kit.pairs.cards_left import PairsCardsLeft

    return PairsCardsLeft


def _grader() -> Callable[[Any], Grader]:
    from .difficulty import TriangleGrader

    return TriangleGrader


TRIANGLE = Solitaire(
    id="triangle",
    name="Triangle",
    aliases=("Yield", "Funnel"),
    blurb="Remove the inverted triangle, the stock and the waste by pairs that make 13; a king goes alone.",
    layout=INVERTED_TRIANGLE,
    rules_type=TriangleRules,
    rule_sets=RULE_SETS,
    position=TrianglePosition,
    words=WORDS,
    moves=frozenset({MoveKind.PLAY, MoveKind.DRAW, MoveKind.REDEAL}),
    pairs=True,
    seed_base=2**48,
    make_solver=deferred(TrianglePosition, _solver),
    make_best=deferred(TrianglePosition, _best),
    make_grader=deferred(TrianglePosition, _grader),
    make_cards_left=deferred(TrianglePosition, _cards_left),
)
