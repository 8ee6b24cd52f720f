"""What a player reads about the searches' answers beside the table, besides what each game's words
say (``Words.compared``, ``best_clear_score``, ``grade``, ``grade_name``): the end-of-game line on the
best score, the line to it, the search for a deal of a grade. Game-independent: each game's units come
from its words.

>>> from tripeaks import Position, TRIPEAKS, numbered_deal
>>> from tripeaks.services.best import find_best
>>> best_words(TRIPEAKS, 40, find_best(Position.start(numbered_deal(1))))
'Your score: 40 (the best possible: 88). The best score of a line that clears the peaks: 88.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.scoring import CARDS_LEFT, CLASSIC
from ..model.words import counted

if TYPE_CHECKING:
    from ..model.answers import Best
    from ..model.solitaire import Solitaire

__all__ = [
    "ANY_GRADE", "WORKING_BEST", "WORKING_FEWEST", "best_line_words", "best_words", "choosable_grades",
    "looking_for_grade", "score_words", "working_best",
]

WORKING_BEST = "Working out the best possible score…"
"""Said while the best possible score of a game that has ended is still being worked out."""
WORKING_FEWEST = "Working out the fewest cards any line leaves…"
"""The same, scored by cards left."""


def working_best(scoring: str = CLASSIC) -> str:
    """Said while the best in ``scoring`` of a game that has ended is still being worked out."""
    return WORKING_FEWEST if scoring == CARDS_LEFT else WORKING_BEST


ANY_GRADE = "Any difficulty"
"""The name of the choice of winnable deals of every grade."""


def choosable_grades() -> tuple[tuple[str, str], ...]:
    """The grades a player may ask new winnable deals to have, as (grade, its name for a control),
    easiest first.

    >>> choosable_grades()[0]
    ('easy', 'Easy')
    """
    from ..model.answers import Grade
    from ..registry import DEFAULT_GAME

    name = DEFAULT_GAME.words.grade_name
    return tuple((grade.value, name(grade.value)) for grade in Grade if grade is not Grade.UNWINNABLE)


def score_words(solitaire: Solitaire, score: int) -> str:
    return solitaire.words.scored(score)


def best_words(solitaire: Solitaire, score: int, best: Best, scoring: str | None = None) -> str:
    """The end-of-game panel's line: the player's score beside the best any line reaches, and the
    best of the lines that win, in the game's own words; by cards left (``score`` the cards the
    player left, ``best`` the fewest), the cards left beside the fewest. No ``scoring`` is the game's
    first (Golf's is cards left).

    >>> from tripeaks import STRICT, TRIPEAKS, Position, numbered_deal
    >>> from tripeaks.services.best import find_best
    >>> best_words(TRIPEAKS, 5, find_best(Position.start(numbered_deal(8), STRICT), CARDS_LEFT), CARDS_LEFT)
    'You left 5 cards (the fewest possible: 2).'
    """
    words = solitaire.words
    if (scoring or solitaire.scorings[0]) == CARDS_LEFT:
        return words.left_compared(score, best)
    return f"{words.compared(score, best)} {words.best_clear_score(best)}"


def best_line_words(solitaire: Solitaire, best: int, moves: int, scoring: str | None = None) -> str:
    """What is said as the line to the best score (by cards left, to the fewest) starts to be shown; no
    ``scoring`` is the game's first."""
    if (scoring or solitaire.scorings[0]) == CARDS_LEFT:
        to = f"A line that leaves the fewest cards, {counted(best, 'card', none='no')}"
    else:
        to = f"A line to the best possible score, {score_words(solitaire, best)}"
    return (f"{to}: {counted(moves, 'move')} from the deal's start. Next plays each move; "
            "Take over plays on from there.")


def looking_for_grade(grade: str) -> str:
    """Said while the next deal of ``grade`` is searched for."""
    return f"Looking for a deal graded {grade}…"
