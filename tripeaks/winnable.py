"""Winnable deals: the next numbered deal the solver proves can be won, and the daily deal."""

from __future__ import annotations

import datetime as dt
import time

from .deal import Deal
from .game import Game
from .numbered import MAX_DEAL, daily_seed, deal_from_seed, numbered_deal
from .position import Position
from .rules import STANDARD, Rules
from .solver import Result, Solver, collector_paused

__all__ = ["DAILY_CANDIDATES", "DEAL_BUDGET", "DailySearch", "WinnableSearch", "daily_deal", "next_winnable"]

DEAL_BUDGET = 1_000_000
"""States a deal may take to prove winnable; a deal that needs more is skipped."""

DAILY_CANDIDATES = 256
"""Candidate deals a day has (``daily_seed`` attempts 0 to 255)."""


class _FirstWinnable:
    """The search for the first candidate deal the solver proves winnable, in slices of time.

    Candidates the solver proves lost, or can't settle within ``budget`` states, are skipped, so
    the answer depends only on the candidates, the rules and the budget, never on the slicing.
    """

    def __init__(self, rules: Rules, budget: int) -> None:
        self.rules = rules
        self.budget = budget
        self._solver: Solver | None = None
        self._spent = 0
        self.found = False
        """Whether the search is over: the current candidate is proved winnable."""
        self.tried: list[tuple[int, Result]] = []
        """Each candidate settled so far, by its key (deal number or day's attempt), with its result."""

    def _key(self) -> int:
        raise NotImplementedError

    def _start(self) -> Position:
        raise NotImplementedError

    def _next(self) -> None:
        """Move on to the next candidate; a ``ValueError`` when none is left."""
        raise NotImplementedError

    def _search(self, seconds: float | None) -> bool:
        """Work for about ``seconds`` (or to the end); whether the current candidate is proved won."""
        if self.found:
            return True
        deadline = None if seconds is None else time.perf_counter() + seconds
        with collector_paused():  # collected once, after every candidate this call solves
            while True:
                start = self._start()
                if self._solver is None:
                    self._solver = Solver(start, self.rules)
                left = None if deadline is None else max(deadline - time.perf_counter(), 0.0)
                answer = self._solver.solve(start, budget=self.budget - self._spent, seconds=left)
                self._spent += answer.nodes
                if answer.result is Result.GAVE_UP and self._spent < self.budget:
                    return False  # out of time for now
                self.tried.append((self._key(), answer.result))
                if answer.result is Result.WON:
                    self.found, self._solver = True, None
                    return True
                self._next()
                self._solver, self._spent = None, 0
                if deadline is not None and time.perf_counter() > deadline:
                    return False


class WinnableSearch(_FirstWinnable):
    """The search for the first winnable deal from ``number`` on, in slices of time.

    Deals the solver proves lost, or can't settle within ``budget`` states, are skipped, so
    the answer depends only on the rules and the budget, never on how it was sliced.
    """

    def __init__(self, number: int, rules: Rules = STANDARD, *, budget: int = DEAL_BUDGET) -> None:
        numbered_deal(number)  # checks the number
        super().__init__(rules, budget)
        self.number = number

    def _key(self) -> int:
        return self.number

    def _start(self) -> Position:
        return Game(numbered_deal(self.number), self.rules).position

    def _next(self) -> None:
        if self.number >= MAX_DEAL:
            raise ValueError("no winnable deal left before the last deal number")
        self.number += 1

    def step(self, seconds: float | None = None) -> int | None:
        """Work for about ``seconds`` (or to the end); the winnable deal's number, or ``None``."""
        return self.number if self._search(seconds) else None


class DailySearch(_FirstWinnable):
    """The search for ``date``'s deal, in slices of time: the first of the day's candidates
    (``daily_seed(date, attempt)``) proved winnable under Standard rules.

    >>> search = DailySearch(dt.date(2026, 1, 1))
    >>> while (deal := search.step(seconds=0.05)) is None:
    ...     pass  # the page lets the browser paint here
    >>> deal == daily_deal(dt.date(2026, 1, 1))
    True
    """

    def __init__(self, date: dt.date, *, budget: int = DEAL_BUDGET) -> None:
        super().__init__(STANDARD, budget)
        self.date = date
        self.attempt = 0
        self._deal = deal_from_seed(daily_seed(date, 0))

    def _key(self) -> int:
        return self.attempt

    def _start(self) -> Position:
        return Position.start(self._deal)

    def _next(self) -> None:
        if self.attempt + 1 >= DAILY_CANDIDATES:
            raise ValueError(f"no winnable deal among the candidates for {self.date}")  # pragma: no cover
        self.attempt += 1
        self._deal = deal_from_seed(daily_seed(self.date, self.attempt))

    def step(self, seconds: float | None = None) -> Deal | None:
        """Work for about ``seconds`` (or to the end); the day's deal, or ``None`` while still looking."""
        return self._deal if self._search(seconds) else None


def next_winnable(number: int, rules: Rules = STANDARD, *, budget: int = DEAL_BUDGET) -> int:
    """The first deal number from ``number`` on whose deal the solver proves winnable."""
    found = WinnableSearch(number, rules, budget=budget).step()
    assert found is not None
    return found


def daily_deal(date: dt.date, *, budget: int = DEAL_BUDGET) -> Deal:
    """The day's deal: the first of its candidates proved winnable under Standard rules."""
    found = DailySearch(date, budget=budget).step()
    assert found is not None
    return found
