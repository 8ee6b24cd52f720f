"""TriPeaks (Tri Peaks, Three Peaks): three peaks cleared by playing cards one rank from the waste's top.

>>> from tripeaks.registry import find_game
>>> find_game("Three Peaks") is TRIPEAKS
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...base.moves import MoveKind
from ...model.solitaire import Solitaire
from .layout import THREE_PEAKS
from .play import TriPeaksPosition
from .rules import RULE_SETS, Rules
from .words import WORDS

if TYPE_CHECKING:
    from ...model.answers import Grader, ScoreSearch, Solver
    from ...model.position import Position

__all__ = ["TRIPEAKS"]


def _solver(position: Position) -> Solver:
    from .solver import Solver as TriPeaksSolver

    assert isinstance(position, TriPeaksPosition)
    return cast("Solver", TriPeaksSolver(position))  # it takes TriPeaks positions only


def _best(position: Position) -> ScoreSearch:
    from .best import TriPeaksBest

    assert isinstance(position, TriPeaksPosition)
    return TriPeaksBest(position)


def _grader(position: Position) -> Grader:
    from .difficulty import TriPeaksGrader

    assert isinstance(position, TriPeaksPosition)
    return TriPeaksGrader(position)


TRIPEAKS = Solitaire(
    id="tripeaks",
    name="TriPeaks",
    aliases=("Tri Peaks", "Three Peaks", "Triple Peaks", "Tri Towers"),
    blurb="Clear three peaks by playing any free card one rank above or below the waste's top card.",
    layout=THREE_PEAKS,
    rules_type=Rules,
    rule_sets=RULE_SETS,
    position=TriPeaksPosition,
    words=WORDS,
    moves=frozenset({MoveKind.PLAY, MoveKind.DRAW, MoveKind.RESET}),
    pairs=False,
    seed_base=0,
    make_solver=_solver,
    make_best=_best,
    make_grader=_grader,
)
