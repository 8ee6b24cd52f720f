"""Winnable deals: the next numbered deal the solver proves can be won, and the daily deal."""

from __future__ import annotations

import datetime as dt
import time

from .deal import Deal
from .game import Game
from .numbered import MAX_DEAL, daily_seed, deal_from_seed, numbered_deal
from .rules import STANDARD, Rules
from .solver import Result, Solver

__all__ = ["DEAL_BUDGET", "WinnableSearch", "daily_deal", "next_winnable"]

DEAL_BUDGET = 1_000_000
"""States a deal may take to prove winnable; a deal that needs more is skipped."""


class WinnableSearch:
    """The search for the first winnable deal from ``number`` on, in slices of time.

    Deals the solver proves lost, or can't settle within ``budget`` states, are skipped, so
    the answer depends only on the rules and the budget, never on how it was sliced.
    """

    def __init__(self, number: int, rules: Rules = STANDARD, *, budget: int = DEAL_BUDGET) -> None:
        numbered_deal(number)  # checks the number
        self.number = number
        self.rules = rules
        self.budget = budget
        self._solver: Solver | None = None
        self._spent = 0
        self.tried: list[tuple[int, Result]] = []

    def step(self, seconds: float | None = None) -> int | None:
        """Work for about ``seconds`` (or to the end); the winnable deal's number, or ``None``."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        while True:
            start = Game(numbered_deal(self.number), self.rules).position
            if self._solver is None:
                self._solver = Solver(start, self.rules)
            left = None if deadline is None else max(deadline - time.perf_counter(), 0.0)
            answer = self._solver.solve(start, budget=self.budget - self._spent, seconds=left)
            self._spent += answer.nodes
            if answer.result is Result.GAVE_UP and self._spent < self.budget:
                return None  # out of time for now
            self.tried.append((self.number, answer.result))
            if answer.result is Result.WON:
                return self.number
            if self.number >= MAX_DEAL:
                raise ValueError("no winnable deal left before the last deal number")
            self.number += 1
            self._solver, self._spent = None, 0
            if deadline is not None and time.perf_counter() > deadline:
                return None


def next_winnable(number: int, rules: Rules = STANDARD, *, budget: int = DEAL_BUDGET) -> int:
    """The first deal number from ``number`` on whose deal the solver proves winnable."""
    found = WinnableSearch(number, rules, budget=budget).step()
    assert found is not None
    return found


def daily_deal(date: dt.date, *, budget: int = DEAL_BUDGET) -> Deal:
    """The day's deal: the first of its candidates proved winnable under Standard rules."""
    for attempt in range(256):
        deal = deal_from_seed(daily_seed(date, attempt))
        start = Game(deal).position
        if Solver(start, STANDARD).solve(start, budget=budget).result is Result.WON:
            return deal
    raise ValueError(f"no winnable deal among the candidates for {date}")  # pragma: no cover
