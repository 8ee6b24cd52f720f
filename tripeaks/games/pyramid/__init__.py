"""Pyramid (with its rule set Relaxed Pyramid): an upright pyramid cleared by pairs that make 13, and kings
alone; Triangle's sibling, the other way up.

>>> from tripeaks.registry import find_game, find_game_and_rules
>>> find_game("Relaxed Pyramid") is PYRAMID
True
>>> find_game_and_rules("relaxed-pyramid")
(find_game('pyramid'), PyramidRules(layout_only=True))
"""

from __future__ import annotations

from ...base.moves import MoveKind
from ...model.solitaire import Solitaire, deferred
from .layout import PYRAMID_LAYOUT
from .play import PyramidPosition
from .rules import RULE_SETS, PyramidRules
from .words import WORDS

__all__ = ["PYRAMID"]

hook = deferred(__name__, PyramidPosition)  # each hook's module is imported when first called

PYRAMID = Solitaire(
    id="pyramid", name="Pyramid", aliases=("Pyramid Solitaire",),
    blurb="Remove the pyramid, the stock and the waste by pairs that make 13; a king goes alone. "
    "Relaxed Pyramid: only the pyramid must go.",
    layout=PYRAMID_LAYOUT, position=PyramidPosition, words=WORDS,
    rules_type=PyramidRules, rule_sets=RULE_SETS, rule_set_names=(("Relaxed Pyramid", "relaxed"),),
    moves=frozenset({MoveKind.PLAY, MoveKind.DRAW, MoveKind.REDEAL}), pairs=True, seed_base=3 * 2**48,
    make_solver=hook("...kit.pairs.solver:PairsSolver"), make_best=hook("...kit.pairs.best:PairsBest"),
    make_grader=hook(".difficulty:PyramidGrader"),
    make_cards_left=hook("...kit.pairs.cards_left:PairsCardsLeft"),
)
