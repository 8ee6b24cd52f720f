"""The grading every game shares: the exact solver first, then a no-peeking player over seeded re-deals.

Each game gives its player (a subclass of :class:`SlicedGrader`, in ``tripeaks/games/<game>/difficulty.py``);
the share of games it wins gives the grade by the game's thresholds.
"""

from __future__ import annotations

import time
from typing import Any

from ..base.generator import SplitMix64
from ..model.answers import Difficulty, Grade, Result
from ..model.deal import Deal
from ..model.solitaire import Solitaire

__all__ = ["SlicedGrader", "deal_seed", "grade_of"]


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


class SlicedGrader:
    """The grading every game shares, in slices: the exact solver first (a deal it proves lost can't
    be won), then the no-peeking player over the deal and ``games - 1`` seeded re-deals, one a
    slice. A game gives its ``games`` and ``thresholds``, and its player as three hooks: what the
    player sees of the deal itself (:meth:`seen`), a re-deal of what it can't see (:meth:`redeal`)
    and one game played blind on such cards (:meth:`play`)."""

    games: int
    thresholds: tuple[float, float, float]

    def __init__(self, position: Any, solver: Any = None) -> None:
        self.position = position
        self._solver = solver
        self._steps: Any = None
        self._deadline: float | None = None
        self._result: Difficulty | None = None

    # The game's player

    def seen(self) -> tuple[Any, ...]:  # pragma: no cover - each game's
        """The cards the player plays on the deal itself, as :meth:`play` takes them."""
        raise NotImplementedError

    @staticmethod
    def redeal(position: Any, rng: SplitMix64) -> tuple[Any, ...]:  # pragma: no cover - each game's
        """A re-deal of what the player can't see at ``position``'s start, as :meth:`play` takes it."""
        raise NotImplementedError

    @staticmethod
    def play(position: Any, *cards: Any) -> bool:  # pragma: no cover - each game's
        """Whether the no-peeking player wins from ``position``'s start with these cards."""
        raise NotImplementedError

    @classmethod
    def wins(cls, position: Any, rng: SplitMix64, games: int) -> int:
        """How many of ``games`` re-deals (see :meth:`redeal`) the no-peeking player wins."""
        return sum(cls.play(position, *cls.redeal(position, rng)) for _ in range(games))

    def deal(self) -> Deal:
        """The deal the position starts from, whose code seeds the re-deals."""
        position = self.position
        talon = (*position.waste, *position.stock)  # a waste dealt empty starts with the stock's top
        layout = tuple(card for card in position.cards if card is not None)
        return Deal(layout, talon[0], talon[1:], Solitaire.of(position))

    # The work

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
        position = self.position
        if self._solver is None:
            self._solver = Solitaire.of(position).solver(position)
        while True:
            left = None if self._deadline is None else max(self._deadline - time.perf_counter(), 0.0)
            answer = self._solver.solve(position, budget=None, seconds=left)
            if answer.result is not Result.GAVE_UP:
                break
            yield
        if answer.result is Result.LOST:
            self._result = Difficulty(Grade.UNWINNABLE, 0, 0)
            return
        yield from self._games()

    def _games(self) -> Any:
        """The no-peeking games of a deal known to be winnable, one a slice, then its grade."""
        position = self.position
        wins = int(self.fair_win())
        rng = SplitMix64(deal_seed(self.deal(), position.rules))
        for _ in range(self.games - 1):
            wins += self.wins(position, rng, 1)
            yield
        self._result = Difficulty(grade_of(wins, self.games, self.thresholds), wins, self.games)

    # What a range of deals asks of each (``stats``): the solver's answer is known there already

    def fair_win(self) -> bool:
        """Whether the no-peeking player wins the deal itself (the first of its graded games): what a
        good player who cannot see the stock or a face-down card would make of it. Cheap: one game."""
        return bool(self.play(self.position, *self.seen()))

    def graded(self, winnable: bool) -> Difficulty:
        """The difficulty of a deal whose exact answer is known (``winnable``): the no-peeking games
        without the solver again."""
        if self._result is None:
            if not winnable:
                self._result = Difficulty(Grade.UNWINNABLE, 0, 0)
            else:
                for _ in self._games():
                    pass
        assert self._result is not None
        return self._result
