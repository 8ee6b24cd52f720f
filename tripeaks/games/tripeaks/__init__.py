"""TriPeaks (Tri Peaks, Three Peaks): three peaks cleared by playing cards one rank from the waste's top."""

from __future__ import annotations

from ...base.moves import MoveKind
from ...model.solitaire import Solitaire, deferred
from .layout import THREE_PEAKS
from .play import TriPeaksPosition
from .rules import RULE_SETS, Rules
from .words import WORDS

__all__ = ["TRIPEAKS"]

hook = deferred(__name__, TriPeaksPosition)  # each hook's module is imported when first called

TRIPEAKS = Solitaire(
    id="tripeaks", name="TriPeaks", aliases=("Tri Peaks", "Three Peaks", "Triple Peaks", "Tri Towers"),
    blurb="Clear three peaks by playing any free card one rank above or below the waste's top card.",
    layout=THREE_PEAKS, position=TriPeaksPosition, words=WORDS,
    rules_type=Rules, rule_sets=RULE_SETS,
    moves=frozenset({MoveKind.PLAY, MoveKind.DRAW, MoveKind.RESET}), pairs=False, seed_base=0,
    make_solver=hook(".solver:Solver"), make_best=hook(".best:TriPeaksBest"),
    make_grader=hook(".difficulty:TriPeaksGrader"), make_cards_left=hook(".cards_left:TriPeaksCardsLeft"),
)
