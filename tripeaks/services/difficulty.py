"""Difficulty: each deal's grade, from how often a player who can't peek wins it; the next deal of a grade.

A deal's grade is a pure function of the deal and its rules, the same on every machine and in
Pyodide. Each game defines its own no-peeking player (its :attr:`Solitaire.make_grader`, in
``tripeaks/games/<game>/difficulty.py``): a fixed strategy that sees only what a player sees. It
plays the deal itself and a fixed number of re-deals of the cards it cannot see (shuffled by
:class:`~tripeaks.base.generator.SplitMix64` seeded from the deal code and the rules, never by Python's
``random``), and the share of those games it wins gives the grade by the game's thresholds:
``easy``, ``medium``, ``hard`` or ``very hard``. A deal the exact solver proves lost is ``can't be
won`` whatever the share.

>>> from tripeaks import numbered_deal
>>> found = difficulty(numbered_deal(1))
>>> found.grade, found.wins, found.games
(<Grade.HARD: 'hard'>, 209, 512)
"""

from __future__ import annotations

import datetime as dt
import time
from typing import TYPE_CHECKING, Any

from ..base.generator import MAX_DEAL, check_number
from ..kit.solving import collector_paused
from ..model.answers import Difficulty, Grade
from ..model.numbered import numbered_deal
from ..model.position import Position
from ..registry import game_of_rules

if TYPE_CHECKING:
    from ..model.deal import Deal
    from ..model.solitaire import Solitaire

__all__ = [
    "DifficultySearch", "GradeSearch", "daily_difficulty", "difficulty", "fair_player_wins", "next_graded",
]


class DifficultySearch:
    """Working out one deal's difficulty under ``rules`` (by default its game's), in slices of time."""

    def __init__(self, deal: Deal, rules: Any = None) -> None:
        make = deal.solitaire.make_grader
        if make is None:
            raise ValueError(f"{deal.solitaire.name} has no difficulty grades")
        self.deal = deal
        self._grader = make(Position.start(deal, rules))
        self._result: Difficulty | None = None

    def step(self, seconds: float | None = None) -> Difficulty | None:
        """Work for about ``seconds`` (or to the end); the difficulty, or ``None`` while working."""
        if self._result is None:
            deadline = None if seconds is None else time.perf_counter() + seconds
            with collector_paused():
                self._result = self._grader.step(deadline)
        return self._result


def fair_player_wins(deal: Deal, rules: Any = None) -> bool:
    """Whether the game's no-peeking player (the grader's, which sees only what a player sees) wins
    the deal itself under ``rules``: one game, no solver, no re-deals. ``ValueError`` for a game with
    no such player.

    >>> from tripeaks import numbered_deal
    >>> fair_player_wins(numbered_deal(1)), fair_player_wins(numbered_deal(2))
    (False, True)
    """
    make = deal.solitaire.make_grader
    if make is None:
        raise ValueError(f"{deal.solitaire.name} has no no-peeking player")
    return make(Position.start(deal, rules)).fair_win()


def difficulty(deal: Deal, rules: Any = None) -> Difficulty:
    """A deal's difficulty under ``rules`` (by default its game's default rules)."""
    found = DifficultySearch(deal, rules).step()
    assert found is not None
    return found


class GradeSearch:
    """The search for the first deal of a game from ``number`` on whose grade is ``grade``, in
    slices of time (as :class:`~tripeaks.services.winnable.WinnableSearch` finds a winnable one).

    >>> search = GradeSearch(1, Grade.EASY)
    >>> while (number := search.step(seconds=0.05)) is None:
    ...     pass  # the page lets the browser paint here
    >>> number, difficulty(numbered_deal(number)).grade
    (7, <Grade.EASY: 'easy'>)
    """

    def __init__(
        self, number: int, grade: Grade | str, rules: Any = None, *, solitaire: Solitaire | None = None
    ) -> None:
        check_number(number)
        self.grade = Grade(grade)
        self.solitaire = solitaire if solitaire is not None else game_of_rules(rules)
        self.rules = self.solitaire.check_rules(rules)
        self.number = number
        self.tried: list[tuple[int, Grade]] = []
        """Each deal graded so far, by number, with its grade."""
        self._search: DifficultySearch | None = None
        self._found = False

    def step(self, seconds: float | None = None) -> int | None:
        """Work for about ``seconds`` (or to the end); the deal number found, or ``None``."""
        if self._found:
            return self.number
        deadline = None if seconds is None else time.perf_counter() + seconds
        while True:
            if self._search is None:
                self._search = DifficultySearch(numbered_deal(self.number, self.solitaire), self.rules)
            left = None if deadline is None else max(deadline - time.perf_counter(), 0.0)
            found = self._search.step(left)
            if found is None:
                return None
            self.tried.append((self.number, found.grade))
            self._search = None
            if found.grade is self.grade:
                self._found = True
                return self.number
            if self.number >= MAX_DEAL:
                raise ValueError(f"no {self.grade} deal left before the last deal number")
            self.number += 1
            if deadline is not None and time.perf_counter() > deadline:
                return None


def next_graded(
    number: int, grade: Grade | str, rules: Any = None, *, solitaire: Solitaire | None = None
) -> int:
    """The first deal number from ``number`` on whose grade is ``grade``."""
    found = GradeSearch(number, grade, rules, solitaire=solitaire).step()
    assert found is not None
    return found


def daily_difficulty(date: dt.date, *, solitaire: Solitaire | None = None) -> Difficulty:
    """The difficulty of ``date``'s deal of a game (by default TriPeaks), under its default rules."""
    from .winnable import daily_deal

    return difficulty(daily_deal(date, solitaire=solitaire))
