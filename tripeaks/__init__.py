"""A family of solitaires (TriPeaks, Triangle): the rules, deals, saves and exact solvers, in plain Python.

>>> from tripeaks import Game, numbered_deal
>>> game = Game(numbered_deal(1))
>>> game.status
<Status.PLAYING: 'playing'>
>>> Game(numbered_deal(1, TRIANGLE)).solitaire.name
'Triangle'
"""

from .cards import DECK, Card, rank_label, rank_phrase
from .deal import Deal
from .errors import IllegalMoveError, InvalidCardError, InvalidDealError, InvalidMoveError, InvalidSaveError
from .game import Game
from .games.triangle.play import TrianglePosition
from .games.triangle.rules import TriangleRules
from .games.tripeaks.layout import PEAK_BONUS
from .games.tripeaks.play import DRAW_PENALTY, TriPeaksPosition, adjacent, neighbours
from .games.tripeaks.rules import EASY, RULE_SETS, STANDARD, STRICT, Rules
from .layout import Layout
from .moves import DRAW, REDEAL, RESET, Move, MoveKind
from .numbered import MAX_DEAL, daily_seed, deal_from_seed, numbered_deal
from .position import Place, Position, Status
from .records import InvalidRecordsError, Records, Stats, records_key
from .registry import DEFAULT_GAME, GAMES, TRIANGLE, TRIPEAKS, find_game, game_of, game_of_rules
from .search.hint import Hint
from .search.winnable import DailySearch, WinnableSearch, daily_deal, next_winnable
from .solitaire import Choice, Solitaire
from .solving import Result, Solution, Solver, solve

__version__ = "0.2.0"

__all__ = [
    "DECK",
    "DEFAULT_GAME",
    "DRAW",
    "DRAW_PENALTY",
    "EASY",
    "GAMES",
    "MAX_DEAL",
    "PEAK_BONUS",
    "REDEAL",
    "RESET",
    "RULE_SETS",
    "STANDARD",
    "STRICT",
    "TRIANGLE",
    "TRIPEAKS",
    "Card",
    "Choice",
    "DailySearch",
    "Deal",
    "Game",
    "Hint",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidMoveError",
    "InvalidRecordsError",
    "InvalidSaveError",
    "Layout",
    "Move",
    "MoveKind",
    "Place",
    "Position",
    "Records",
    "Result",
    "Rules",
    "Solitaire",
    "Solution",
    "Solver",
    "Stats",
    "Status",
    "TriPeaksPosition",
    "TrianglePosition",
    "TriangleRules",
    "WinnableSearch",
    "__version__",
    "adjacent",
    "daily_deal",
    "daily_seed",
    "deal_from_seed",
    "find_game",
    "game_of",
    "game_of_rules",
    "neighbours",
    "next_winnable",
    "numbered_deal",
    "rank_label",
    "rank_phrase",
    "records_key",
    "solve",
]
