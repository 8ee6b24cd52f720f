"""Triangle (Yield, Funnel): an inverted pyramid cleared by pairs that make 13, and kings alone."""

from __future__ import annotations

from ...base.moves import MoveKind
from ...model.solitaire import Solitaire, deferred
from .layout import INVERTED_TRIANGLE
from .play import TrianglePosition
from .rules import RULE_SETS, TriangleRules
from .words import WORDS

__all__ = ["TRIANGLE"]

hook = deferred(__name__, TrianglePosition)  # each hook's module is imported when first called

TRIANGLE = Solitaire(
    id="triangle", name="Triangle", aliases=("Yield", "Funnel"),
    blurb="Remove the inverted triangle, the stock and the waste by pairs that make 13; a king goes alone.",
    layout=INVERTED_TRIANGLE, position=TrianglePosition, words=WORDS,
    rules_type=TriangleRules, rule_sets=RULE_SETS,
    moves=frozenset({MoveKind.PLAY, MoveKind.DRAW, MoveKind.REDEAL}), pairs=True, seed_base=2**48,
    make_solver=hook("...kit.pairs.solver:PairsSolver"), make_best=hook("...kit.pairs.best:PairsBest"),
    make_grader=hook(".difficulty:TriangleGrader"),
    make_cards_left=hook("...kit.pairs.cards_left:PairsCardsLeft"),
)
