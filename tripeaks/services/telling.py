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

if TYPE_CHECKING:
    from ..model.answers import Best
    from ..model.solitaire import Solitaire

__all__ = [
    "ANY_GRADE", "WORKING_BEST", "best_line_words", "best_words", "choosable_grades",
    "looking_for_grade", "score_words",
]

WORKING_BEST = "Working out the best possible score…"
"""Said while the best possible score of a game that has ended is still being worked out."""


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


def best_words(solitaire: Solitaire, score: int, best: Best) -> str:
    """The end-of-game panel's line: the player's score beside the best any line reaches, and the
    best of the lines that win, in the game's own words."""
    words = solitaire.words
    return f"{words.compared(score, best)} {words.best_clear_score(best)}"


def best_line_words(solitaire: Solitaire, best: int, moves: int) -> str:
    """What is said as the line to the best score starts to be shown."""
    return (f"A line to the best possible score, {score_words(solitaire, best)}: "
            f"{moves} move{'' if moves == 1 else 's'} from the deal's start. Next plays each move; "
            "Take over plays on from there.")


def looking_for_grade(grade: str) -> str:
    """Said while the next deal of ``grade`` is searched for."""
    return f"Looking for a deal graded {grade}…"
