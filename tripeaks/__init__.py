"""TriPeaks solitaire: the rules, deals, saves and an exact solver, in plain Python.

>>> from tripeaks import Game, numbered_deal
>>> game = Game(numbered_deal(1))
>>> game.status
<Status.PLAYING: 'playing'>
"""

from .cards import DECK, Card, rank_label, rank_phrase
from .deal import Deal
from .errors import IllegalMoveError, InvalidCardError, InvalidDealError, InvalidSaveError
from .game import Game
from .hint import Hint
from .layout import TRIANGLE, TRIPEAKS, Layout
from .moves import DRAW, RESET, Move
from .numbered import MAX_DEAL, daily_seed, deal_from_seed, numbered_deal
from .position import DRAW_PENALTY, PEAK_BONUS, Position, Status, adjacent, neighbours
from .records import InvalidRecordsError, Records, Stats
from .rules import EASY, RULE_SETS, STANDARD, STRICT, Rules
from .solver import Result, Solution, Solver, solve
from .winnable import DailySearch, WinnableSearch, daily_deal, next_winnable

__version__ = "0.1.0"

__all__ = [
    "DECK",
    "DRAW",
    "DRAW_PENALTY",
    "EASY",
    "MAX_DEAL",
    "PEAK_BONUS",
    "RESET",
    "RULE_SETS",
    "STANDARD",
    "STRICT",
    "TRIANGLE",
    "TRIPEAKS",
    "Card",
    "DailySearch",
    "Deal",
    "Game",
    "Hint",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidRecordsError",
    "InvalidSaveError",
    "Layout",
    "Move",
    "Position",
    "Records",
    "Result",
    "Rules",
    "Solution",
    "Solver",
    "Stats",
    "Status",
    "WinnableSearch",
    "__version__",
    "adjacent",
    "daily_deal",
    "daily_seed",
    "deal_from_seed",
    "neighbours",
    "next_winnable",
    "numbered_deal",
    "rank_label",
    "rank_phrase",
    "solve",
]
