"""What a player reads about the searches' answers beside the table: a deal's best possible score
next to theirs, and a deal's difficulty. Game-independent: each game's units come from its words.

>>> from tripeaks import TRIANGLE, TRIPEAKS
>>> best_words(TRIPEAKS, 40, 88, 88)
'Your score: 40 points. The best possible on this deal: 88 points, also by a line that wins.'
>>> best_words(TRIPEAKS, 40, 61, 55)
'Your score: 40 points. The best possible on this deal: 61 points; the best of a line that wins: 55.'
>>> best_words(TRIANGLE, 30, 41, None)
'Your score: 30 cards removed. The best possible on this deal: 41 cards removed; no line wins it.'
>>> grade_words("very hard", daily=True)
'Difficulty of the daily deal: very hard.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..solitaire import Solitaire

__all__ = [
    "ANY_GRADE", "BEST_LINE", "WORKING_BEST", "best_line_words", "best_words", "choosable_grades",
    "grade_words", "looking_for_grade", "score_words",
]

WORKING_BEST = "Working out the best possible score…"
"""Said while the best possible score of a game that has ended is still being worked out."""
BEST_LINE = "Watch a best line"
"""The name of the control that shows the line that reaches the best score."""


ANY_GRADE = "Any difficulty"
"""The name of the choice of winnable deals of every grade."""


def choosable_grades() -> tuple[tuple[str, str], ...]:
    """The grades a player may ask new winnable deals to have, as (grade, its name for a control),
    easiest first.

    >>> choosable_grades()[0]
    ('easy', 'Easy')
    """
    from .difficulty import Grade

    return tuple((grade.value, grade.value.capitalize()) for grade in Grade if grade is not Grade.UNWINNABLE)


def score_words(solitaire: Solitaire, score: int) -> str:
    one, many = solitaire.words.score_units
    return f"{score} {one if abs(score) == 1 else many}"


def best_words(solitaire: Solitaire, score: int, best: int, best_clear: int | None) -> str:
    """The player's score beside the best any line reaches and the best of the lines that win."""
    said = f"Your score: {score_words(solitaire, score)}. The best possible on this deal: " \
        f"{score_words(solitaire, best)}"
    if best_clear is None:
        return said + "; no line wins it."
    if best_clear == best:
        return said + ", also by a line that wins."
    return said + f"; the best of a line that wins: {best_clear}."


def best_line_words(solitaire: Solitaire, best: int, moves: int) -> str:
    """What is said as the line to the best score starts to be shown."""
    return (f"A line to the best possible score, {score_words(solitaire, best)}: "
            f"{moves} move{'' if moves == 1 else 's'} from the deal's start. Next plays each move; "
            "Take over plays on from there.")


def grade_words(grade: str, *, daily: bool = False) -> str:
    """A deal's difficulty in a sentence (``grade`` is a grade's name: ``easy`` … ``can't be won``)."""
    return f"Difficulty of {'the daily deal' if daily else 'this deal'}: {grade}."


def looking_for_grade(grade: str) -> str:
    """Said while the next deal of ``grade`` is searched for."""
    return f"Looking for a deal graded {grade}…"
