"""Golf's best: no card left when the game can be won, else the fewest cards any line leaves in the columns.

Golf's score is the cards left (fewer is better); the engine's score is the cards cleared, 35 less
that, so the family's best-score machinery (the highest score) finds the fewest cards left. When the
decision solver wins the game, its line is both answers. Otherwise the line that leaves the fewest
cards comes from :mod:`tripeaks.games.golf.leaving`, and no line clears the columns.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import cast

from ...kit.best import BestLines
from ...kit.cards_left import LeftOfCleared
from ...kit.last_pass.line import follow
from ...model.answers import Line, Result
from .leaving import FewestLeft
from .play import GolfPosition
from .solver import GolfSolver

__all__ = ["GolfBest", "GolfCardsLeft"]


class GolfBest(BestLines):
    """The search for a Golf position's best (see :mod:`tripeaks.services.best`)."""

    position: GolfPosition
    decision_counts = True

    def _lines(self) -> Generator[None, None, tuple[Line, Line | None]]:
        position = self.position
        answer = yield from self._decide()
        if answer.result is Result.WON:
            line = self._replay(answer.moves)
            return line, line
        solver = cast(GolfSolver, self._solver)  # the game's own, made by _decide
        steps = yield from FewestLeft(position, solver, self._work).run()
        moves, end = follow(position, steps)
        return Line(end.score, moves), None


class GolfCardsLeft(LeftOfCleared):
    """The search for the fewest cards a Golf position's lines leave in the columns: its best (the
    most cards cleared), read the other way."""

    def __init__(self, position: GolfPosition) -> None:
        super().__init__(GolfBest(position), position.layout.size)
