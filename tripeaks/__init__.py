"""A family of solitaires (TriPeaks, Triangle): the rules, deals, saves and exact solvers, in plain Python.

>>> from tripeaks import Game, numbered_deal
>>> game = Game(numbered_deal(1))
>>> game.status
<Status.PLAYING: 'playing'>
>>> Game(numbered_deal(1, TRIANGLE)).solitaire.name
'Triangle'
"""

from . import page_words
from .cards import DECK, Card, rank_label, rank_phrase
from .charts import Chart, Point, game_charts
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
from .records import (
    MAX_IMPORT,
    Imported,
    InvalidRecordsError,
    Played,
    Records,
    Stats,
    import_records,
    records_key,
)
from .registry import DEFAULT_GAME, GAMES, TRIANGLE, TRIPEAKS, find_game, game_of, game_of_rules
from .search.best import Best, BestSearch, Line, find_best
from .search.difficulty import (
    Difficulty,
    DifficultySearch,
    Grade,
    GradeSearch,
    daily_difficulty,
    difficulty,
    next_graded,
)
from .search.hint import Hint
from .search.telling import (
    ANY_GRADE,
    WORKING_BEST,
    best_line_words,
    best_words,
    choosable_grades,
    looking_for_grade,
)
from .search.watch import LOOKING, Watch, WatchSearch, back_words, best_watch, step_words, take_over_words
from .search.winnable import DailySearch, WinnableSearch, daily_deal, next_winnable
from .solitaire import Choice, Solitaire
from .solving import Result, Solution, Solver, solve

__version__ = "0.2.0"

__all__ = [
    "ANY_GRADE",
    "DECK",
    "DEFAULT_GAME",
    "DRAW",
    "DRAW_PENALTY",
    "EASY",
    "GAMES",
    "LOOKING",
    "MAX_DEAL",
    "MAX_IMPORT",
    "PEAK_BONUS",
    "REDEAL",
    "RESET",
    "RULE_SETS",
    "STANDARD",
    "STRICT",
    "TRIANGLE",
    "TRIPEAKS",
    "WORKING_BEST",
    "Best",
    "BestSearch",
    "Card",
    "Chart",
    "Choice",
    "DailySearch",
    "Deal",
    "Difficulty",
    "DifficultySearch",
    "Game",
    "Grade",
    "GradeSearch",
    "Hint",
    "IllegalMoveError",
    "Imported",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidMoveError",
    "InvalidRecordsError",
    "InvalidSaveError",
    "Layout",
    "Line",
    "Move",
    "MoveKind",
    "Place",
    "Played",
    "Point",
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
    "Watch",
    "WatchSearch",
    "WinnableSearch",
    "__version__",
    "adjacent",
    "back_words",
    "best_line_words",
    "best_watch",
    "best_words",
    "choosable_grades",
    "daily_deal",
    "daily_difficulty",
    "daily_seed",
    "deal_from_seed",
    "difficulty",
    "find_best",
    "find_game",
    "game_charts",
    "game_of",
    "game_of_rules",
    "import_records",
    "looking_for_grade",
    "neighbours",
    "next_graded",
    "next_winnable",
    "numbered_deal",
    "page_words",
    "rank_label",
    "rank_phrase",
    "records_key",
    "solve",
    "step_words",
    "take_over_words",
]
