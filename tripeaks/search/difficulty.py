"""Difficulty: each deal's grade, from how often a player who can't peek wins it; the next deal of a grade.

A deal's grade is a pure function of the deal and its rules, the same on every machine and in
Pyodide. Each game defines its own no-peeking player (its :attr:`Solitaire.make_grader`, in
``tripeaks/games/<game>/difficulty.py``): a fixed strategy that sees only what a player sees. It
plays the deal itself and a fixed number of re-deals of the cards it cannot see (shuffled by
:class:`~tripeaks.numbered.SplitMix64` seeded from the deal code and the rules, never by Python's
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
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from ..numbered import MAX_DEAL, SplitMix64, check_number, numbered_deal
from ..position import Position
from ..registry import game_of_rules
from ..solving import collector_paused

if TYPE_CHECKING:
    from ..deal import Deal
    from ..solitaire import Solitaire

__all__ = [
    "Difficulty", "DifficultySearch", "Grade", "GradeSearch", "Grader", "daily_difficulty", "deal_seed",
    "difficulty", "grade_of", "next_graded", "shuffle",
]


class Grade(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    VERY_HARD = "very hard"
    UNWINNABLE = "can't be won"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Difficulty:
    """A deal's grade, and the no-peeking games behind it: ``wins`` of ``games`` won."""

    grade: Grade
    wins: int
    games: int

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, object]:
        return {"grade": self.grade.value, "wins": self.wins, "games": self.games}


def grade_of(wins: int, games: int, thresholds: tuple[float, float, float]) -> Grade:
    """The grade of a winnable deal whose no-peeking games won ``wins`` of ``games``: ``easy`` at
    a share of at least ``thresholds[0]``, ``medium`` of ``[1]``, ``hard`` of ``[2]``, else
    ``very hard``."""
    if not 0 <= wins <= games or games <= 0:
        raise ValueError(f"{wins} wins of {games} games is no share of games won")
    share = wins / games
    for grade, least in zip((Grade.EASY, Grade.MEDIUM, Grade.HARD), thresholds, strict=True):
        if share >= least:
            return grade
    return Grade.VERY_HARD


def deal_seed(deal: Deal, rules: Any) -> int:
    """The seed of a deal's re-deals: FNV-1a (64 bits) of the deal code and the rules key, so
    the same on every machine (Python's ``hash`` of a string is not)."""
    value = 0xCBF29CE484222325
    for byte in f"{deal.code} {rules.key}".encode():
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value


def shuffle(items: list[Any], rng: SplitMix64) -> None:
    """Shuffle ``items`` in place by Fisher–Yates with ``rng`` (as numbered deals are)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        items[i], items[j] = items[j], items[i]


class SlicedGrader:
    """The grading every game shares, in slices: the exact solver first (a deal it proves lost can't
    be won), then the no-peeking player over the deal and ``games - 1`` seeded re-deals, one a
    slice. A game gives its ``games`` and ``thresholds``, the player's game on the deal itself
    (``first_game``), the deal that seeds the re-deals (``deal``) and one re-deal's win
    (``redeal_win``)."""

    games: int
    thresholds: tuple[float, float, float]

    def __init__(self, position: Any, solver: Any = None) -> None:
        self.position = position
        self._solver = solver
        self._steps: Any = None
        self._deadline: float | None = None
        self._result: Difficulty | None = None

    def first_game(self) -> bool:
        raise NotImplementedError

    def deal(self) -> Any:
        raise NotImplementedError

    def redeal_win(self, rng: SplitMix64) -> int:
        raise NotImplementedError

    def step(self, deadline: float | None) -> Difficulty | None:
        if self._result is not None:
            return self._result
        self._deadline = deadline
        if self._steps is None:
            self._steps = self._run()
        for _ in self._steps:
            if deadline is not None and time.perf_counter() > deadline:
                return None
        return self._result

    def _run(self) -> Any:
        from ..solving import Result

        position = self.position
        if self._solver is None:
            self._solver = position.solitaire.solver(position)
        while True:
            left = None if self._deadline is None else max(self._deadline - time.perf_counter(), 0.0)
            answer = self._solver.solve(position, budget=None, seconds=left)
            if answer.result is not Result.GAVE_UP:
                break
            yield
        if answer.result is Result.LOST:
            self._result = Difficulty(Grade.UNWINNABLE, 0, 0)
            return
        wins = int(self.first_game())
        rng = SplitMix64(deal_seed(self.deal(), position.rules))
        for _ in range(self.games - 1):
            wins += self.redeal_win(rng)
            yield
        self._result = Difficulty(grade_of(wins, self.games, self.thresholds), wins, self.games)


class Grader(Protocol):
    """A game's work out of one deal's difficulty (made by ``Solitaire.make_grader``)."""

    def step(self, deadline: float | None) -> Difficulty | None:
        """Work until ``time.perf_counter()`` passes ``deadline`` (``None``: to the end); the
        difficulty once known, ``None`` while still working. Asking again carries on."""
        ...


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


def difficulty(deal: Deal, rules: Any = None) -> Difficulty:
    """A deal's difficulty under ``rules`` (by default its game's default rules)."""
    found = DifficultySearch(deal, rules).step()
    assert found is not None
    return found


class GradeSearch:
    """The search for the first deal of a game from ``number`` on whose grade is ``grade``, in
    slices of time (as :class:`~tripeaks.search.winnable.WinnableSearch` finds a winnable one).

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
