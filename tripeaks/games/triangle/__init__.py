"""Triangle (Yield, Funnel): an inverted pyramid cleared by pairs that make 13, and kings alone.

>>> from tripeaks.registry import find_game
>>> find_game("Yield") is TRIANGLE
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...base.moves import MoveKind
from ...model.solitaire import Solitaire
from .layout import INVERTED_TRIANGLE
from .play import TrianglePosition
from .rules import RULE_SETS, TriangleRules
from .words import WORDS

if TYPE_CHECKING:
    from ...model.answers import Grader, ScoreSearch, Solver
    from ...model.position import Position

__all__ = ["TRIANGLE"]


def _solver(position: Position) -> Solver:
    from .solver import Solver as TriangleSolver

    assert isinstance(position, TrianglePosition)
    return cast("Solver", TriangleSolver(position))  # it takes Triangle positions only


def _best(position: Position) -> ScoreSearch:
    from .best import TriangleBest

    assert isinstance(position, TrianglePosition)
    return TriangleBest(position)


def _grader(position: Position) -> Grader:
    from .difficulty import TriangleGrader

    assert isinstance(position, TrianglePosition)
    return TriangleGrader(position)


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
    make_solver=_solver,
    make_best=_best,
    make_grader=_grader,
)
