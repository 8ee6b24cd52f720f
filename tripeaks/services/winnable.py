"""Winnable deals: the next numbered deal the solver proves can be won, and the daily deal."""

from __future__ import annotations

import datetime as dt
import time
from typing import TYPE_CHECKING, Any

from ..base.generator import MAX_DEAL, check_number
from ..kit.solving import collector_paused
from ..model.answers import Result, Solver
from ..model.deal import Deal
from ..model.numbered import daily_seed, deal_from_seed, numbered_deal
from ..model.position import Position
from ..registry import game_of_rules

if TYPE_CHECKING:
    from ..model.solitaire import Solitaire

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

    def __init__(self, solitaire: Solitaire, rules: Any, budget: int) -> None:
        self.solitaire = solitaire
        self.rules = solitaire.check_rules(rules)
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
                    self._solver = self.solitaire.solver(start)
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


def _game(solitaire: Solitaire | None, rules: Any) -> Solitaire:
    return solitaire if solitaire is not None else game_of_rules(rules)


class WinnableSearch(_FirstWinnable):
    """The search for the first winnable deal of a game from ``number`` on, in slices of time.

    ``rules`` are the game's (by default its default rules); the game is ``solitaire``, or the
    game those rules belong to. Deals the solver proves lost, or can't settle within ``budget``
    states, are skipped, so the answer depends only on the game, the rules and the budget,
    never on how it was sliced.
    """

    def __init__(
        self, number: int, rules: Any = None, *, solitaire: Solitaire | None = None, budget: int = DEAL_BUDGET
    ) -> None:
        check_number(number)
        super().__init__(_game(solitaire, rules), rules, budget)
        self.number = number

    def _key(self) -> int:
        return self.number

    def _start(self) -> Position:
        return Position.start(numbered_deal(self.number, self.solitaire), self.rules)

    def _next(self) -> None:
        if self.number >= MAX_DEAL:
            raise ValueError("no winnable deal left before the last deal number")
        self.number += 1

    def step(self, seconds: float | None = None) -> int | None:
        """Work for about ``seconds`` (or to the end); the winnable deal's number, or ``None``."""
        return self.number if self._search(seconds) else None


class DailySearch(_FirstWinnable):
    """The search for ``date``'s deal of a game (by default TriPeaks), in slices of time: the
    first of the day's candidates (``daily_seed(date, attempt)``) proved winnable under the
    game's default rules (TriPeaks' Standard).

    >>> search = DailySearch(dt.date(2026, 1, 1))
    >>> while (deal := search.step(seconds=0.05)) is None:
    ...     pass  # the page lets the browser paint here
    >>> deal == daily_deal(dt.date(2026, 1, 1))
    True
    """

    def __init__(
        self, date: dt.date, *, solitaire: Solitaire | None = None, budget: int = DEAL_BUDGET
    ) -> None:
        game = _game(solitaire, None)
        super().__init__(game, None, budget)
        self.date = date
        self.attempt = 0
        self._deal = deal_from_seed(daily_seed(date, 0, game), game)

    def _key(self) -> int:
        return self.attempt

    def _start(self) -> Position:
        return Position.start(self._deal, self.rules)

    def _next(self) -> None:
        if self.attempt + 1 >= DAILY_CANDIDATES:
            raise ValueError(f"no winnable deal among the candidates for {self.date}")  # pragma: no cover
        self.attempt += 1
        self._deal = deal_from_seed(daily_seed(self.date, self.attempt, self.solitaire), self.solitaire)

    def step(self, seconds: float | None = None) -> Deal | None:
        """Work for about ``seconds`` (or to the end); the day's deal, or ``None`` while still looking."""
        return self._deal if self._search(seconds) else None


def next_winnable(
    number: int, rules: Any = None, *, solitaire: Solitaire | None = None, budget: int = DEAL_BUDGET
) -> int:
    """The first deal number from ``number`` on whose deal the solver proves winnable."""
    found = WinnableSearch(number, rules, solitaire=solitaire, budget=budget).step()
    assert found is not None
    return found


def daily_deal(date: dt.date, *, solitaire: Solitaire | None = None, budget: int = DEAL_BUDGET) -> Deal:
    """The day's deal of a game: the first of its candidates proved winnable under its default rules."""
    found = DailySearch(date, solitaire=solitaire, budget=budget).step()
    assert found is not None
    return found
