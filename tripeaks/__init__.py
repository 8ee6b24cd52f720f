"""A family of solitaires (TriPeaks, Triangle, Pyramid, Golf): the rules, deals, saves and exact solvers, in
plain Python.

The engine is in layers, each importing only from those below it (tests/test_layers.py keeps it so):
``base/`` (cards, errors, move notation, layouts, the numbered-deal generator, stored JSON), ``model/``
(what a game is: its deal, positions, words, answers, the :class:`Solitaire`), ``kit/`` (what a game's
solver and searches are built from), ``games/<game>/`` (one folder a game), ``registry.py`` (the list of
games), ``services/`` (games played, saved and recorded; hints, best scores, difficulty, statistics)
and ``cli.py``. This package's names are its public API.

>>> from tripeaks import Game, numbered_deal
>>> game = Game(numbered_deal(1))
>>> game.status
<Status.PLAYING: 'playing'>
>>> Game(numbered_deal(1, TRIANGLE)).solitaire.name
'Triangle'
"""

from typing import TYPE_CHECKING

from . import registry
from .base.cards import DECK, Card, rank_label, rank_phrase
from .base.errors import (
    IllegalMoveError,
    InvalidCardError,
    InvalidDealError,
    InvalidMoveError,
    InvalidSaveError,
)
from .base.generator import MAX_DEAL
from .base.layout import Layout
from .base.moves import DRAW, REDEAL, RESET, Move, MoveKind
from .games.golf.play import GolfPosition
from .games.golf.rules import GolfRules
from .games.pyramid.play import PyramidPosition
from .games.pyramid.rules import PyramidRules
from .games.triangle.play import TrianglePosition
from .games.triangle.rules import TriangleRules
from .games.tripeaks.layout import PEAK_BONUS
from .games.tripeaks.play import DRAW_PENALTY, TriPeaksPosition, adjacent, neighbours
from .games.tripeaks.rules import EASY, RULE_SETS, STANDARD, STRICT, Rules
from .kit.solving import solve
from .model.answers import Best, Difficulty, Grade, Line, Result, Solution, Solver
from .model.deal import Deal
from .model.numbered import daily_seed, deal_from_seed, numbered_deal
from .model.position import Place, Position, Status
from .model.scoring import CARDS_LEFT, CLASSIC, SCORINGS, score_in
from .model.solitaire import Choice, Solitaire
from .registry import (
    DEFAULT_GAME,
    GOLF,
    PYRAMID,
    TRIANGLE,
    TRIPEAKS,
    find_game,
    find_game_and_rules,
    game_of,
    game_of_rules,
)
from .services import page_words, review_words
from .services.best import BestSearch, find_best, has_best
from .services.charts import Chart, Point, game_charts
from .services.difficulty import DifficultySearch, GradeSearch, daily_difficulty, difficulty, next_graded
from .services.game import Game
from .services.hint import Hint
from .services.records import (
    MAX_IMPORT,
    Imported,
    InvalidRecordsError,
    Played,
    Records,
    Stats,
    import_records,
    records_key,
)
from .services.review import Alternative, Review, ReviewError, ReviewSearch, review
from .services.telling import (
    ANY_GRADE,
    WORKING_BEST,
    WORKING_FEWEST,
    best_line_words,
    best_words,
    choosable_grades,
    looking_for_grade,
    working_best,
)
from .services.watch import LOOKING, Watch, WatchSearch, back_words, best_watch, step_words, take_over_words
from .services.winnable import DailySearch, WinnableSearch, daily_deal, next_winnable

__version__ = "0.2.0"

if TYPE_CHECKING:
    GAMES: tuple[Solitaire, ...]
    """Every game of the family, the default first (the registry's list, as it is now)."""


def __getattr__(name: str) -> tuple[Solitaire, ...]:
    # GAMES is read from the registry each time, so that a game registered later is in it
    if name == "GAMES":
        return registry.GAMES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ANY_GRADE",
    "CARDS_LEFT",
    "CLASSIC",
    "DECK",
    "DEFAULT_GAME",
    "DRAW",
    "DRAW_PENALTY",
    "EASY",
    "GAMES",
    "GOLF",
    "LOOKING",
    "MAX_DEAL",
    "MAX_IMPORT",
    "PEAK_BONUS",
    "PYRAMID",
    "REDEAL",
    "RESET",
    "RULE_SETS",
    "SCORINGS",
    "STANDARD",
    "STRICT",
    "TRIANGLE",
    "TRIPEAKS",
    "WORKING_BEST",
    "WORKING_FEWEST",
    "Alternative",
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
    "GolfPosition",
    "GolfRules",
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
    "PyramidPosition",
    "PyramidRules",
    "Records",
    "Result",
    "Review",
    "ReviewError",
    "ReviewSearch",
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
    "find_game_and_rules",
    "game_charts",
    "game_of",
    "game_of_rules",
    "has_best",
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
    "review",
    "review_words",
    "score_in",
    "solve",
    "step_words",
    "take_over_words",
    "working_best",
]
