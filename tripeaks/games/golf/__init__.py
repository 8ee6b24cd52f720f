"""Golf: seven columns of five face-up cards, cleared one rank above or below the waste's top, one pass."""

from __future__ import annotations

from ...base.moves import MoveKind
from ...model.solitaire import Solitaire, deferred
from .layout import GOLF_COLUMNS
from .play import GolfPosition
from .rules import RULE_SETS, GolfRules
from .words import WORDS

__all__ = ["GOLF"]

hook = deferred(__name__, GolfPosition)  # each hook's module is imported when first called

GOLF = Solitaire(
    id="golf", name="Golf", aliases=("Golf Solitaire",),
    blurb="Clear seven columns by playing a column's top card one rank above or below the waste's top card.",
    layout=GOLF_COLUMNS, position=GolfPosition, words=WORDS,
    rules_type=GolfRules, rule_sets=RULE_SETS,
    rule_set_names=(("Dead King Golf", "strict"), ("Relaxed Golf", "relaxed")),
    moves=frozenset({MoveKind.PLAY, MoveKind.DRAW}), pairs=False, seed_base=2**51,
    make_solver=hook(".solver:GolfSolver"), make_best=hook(".best:GolfBest"),
    make_grader=hook(".difficulty:GolfGrader"), make_cards_left=hook(".best:GolfCardsLeft"),
    scorings=("cards-left",),
)
