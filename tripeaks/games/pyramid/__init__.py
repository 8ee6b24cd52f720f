"""Pyramid (with its rule set Relaxed Pyramid): an upright pyramid cleared by pairs that make 13, and kings
alone; Triangle's sibling, the other way up.

>>> from tripeaks.registry import find_game, find_game_and_rules
>>> find_game("Relaxed Pyramid") is PYRAMID
True
>>> find_game_and_rules("relaxed-pyramid")
(find_game('pyramid'), PyramidRules(layout_only=True))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from ...base.moves import MoveKind
from ...model.solitaire import Solitaire, deferred
from .layout import PYRAMID_LAYOUT
from .play import PyramidPosition
from .rules import RULE_SETS, PyramidRules
from .words import WORDS

if TYPE_CHECKING:
    from ...model.answers import Grader, ScoreSearch, Solver

__all__ = ["PYRAMID"]


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
    from .difficulty import PyramidGrader

    return PyramidGrader


PYRAMID = Solitaire(
    id="pyramid",
    name="Pyramid",
    aliases=("Pyramid Solitaire",),
    blurb="Remove the pyramid, the stock and the waste by pairs that make 13; a king goes alone. "
    "Relaxed Pyramid: only the pyramid must go.",
    layout=PYRAMID_LAYOUT,
    rules_type=PyramidRules,
    rule_sets=RULE_SETS,
    position=PyramidPosition,
    words=WORDS,
    moves=frozenset({MoveKind.PLAY, MoveKind.DRAW, MoveKind.REDEAL}),
    pairs=True,
    seed_base=3 * 2**48,
    make_solver=deferred(PyramidPosition, _solver),
    make_best=deferred(PyramidPosition, _best),
    make_grader=deferred(PyramidPosition, _grader),
    make_cards_left=deferred(PyramidPosition, _cards_left),
    rule_set_names=(("Relaxed Pyramid", "relaxed"),),
)
