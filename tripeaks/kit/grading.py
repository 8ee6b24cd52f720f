"""The grading every game shares: the exact solver first, then a no-peeking player over seeded re-deals.

Each game gives its player (a subclass of :class:`SlicedGrader`, in ``tripeaks/games/<game>/difficulty.py``);
the share of games it wins gives the grade by the game's thresholds.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from ..base.generator import SplitMix64
from ..model.answers import Difficulty, Grade, Result

if TYPE_CHECKING:
    from ..model.deal import Deal

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
