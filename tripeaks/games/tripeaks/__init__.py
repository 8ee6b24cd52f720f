"""TriPeaks (Tri Peaks, Three Peaks): three peaks cleared by playing cards one rank from the waste's top.

>>> from tripeaks.registry import find_game
>>> find_game("Three Peaks") is TRIPEAKS
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from ...base.moves import MoveKind
from ...model.solitaire import Solitaire, deferred
from .layout import THREE_PEAKS
from .play import TriPeaksPosition
from .rules import RULE_SETS, Rules
from .words import WORDS

if TYPE_CHECKING:
    from ...model.answers import Grader, ScoreSearch, Solver

__all__ = ["TRIPEAKS"]


def _solver() -> Callable[[Any], Solver]:
    from .solver import Solver as TriPeaksSolver

    return cast("Callable[[Any], Solver]", TriPeaksSolver)  # it takes TriPeaksPositions only


def _best() -> Callable[[Any], ScoreSearch]:
    from .best import TriPeaksBest

    return TriPeaksBest


def _cards_left() -> Callable[[Any], ScoreSearch]:
    from .cards_left import TriPeaksCardsLeft

    return TriPeaksCardsLeft


def _grader() -> Callable[[Any], Grader]:
    from .difficulty import TriPeaksGrader

    return TriPeaksGrader


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
    make_solver=deferred(TriPeaksPosition, _solver),
    make_best=deferred(TriPeaksPosition, _best),
    make_grader=deferred(TriPeaksPosition, _grader),
    make_cards_left=deferred(TriPeaksPosition, _cards_left),
)
