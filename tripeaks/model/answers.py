"""What a game's solver and searches answer: won, lost or gave up with a line; the best scores; the grade.

The game's hooks (:class:`~tripeaks.model.solitaire.Solitaire`'s ``make_solver``, ``make_best`` and
``make_grader``) make these searches; the kit (``tripeaks/kit/``) has what they are built from.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from ..base.moves import Move

if TYPE_CHECKING:
    from .position import Position

__all__ = [
    "DEFAULT_BUDGET", "Best", "Difficulty", "Grade", "Grader", "Line", "Result", "ScoreSearch", "Solution",
    "Solver",
]

DEFAULT_BUDGET = 5_000_000
"""States a solve may examine by default before it gives up."""


@dataclass(frozen=True, slots=True)
class Solution:
    """The solver's answer. ``moves`` wins the game when ``result`` is ``won``; a fewest-moves
    search that gave up may hold the shortest winning line it found so far (not proved the
    fewest); else it is empty."""

    result: Result
    moves: tuple[Move, ...]
    nodes: int
    seconds: float

    @property
    def won(self) -> bool:
        return self.result is Result.WON

    def to_dict(self) -> dict[str, object]:
        return {
            "result": self.result.value,
            "moves": [m.notation for m in self.moves],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }


class Result(StrEnum):
    """How a solve ended: a line wins, no line wins (every line was tried), or it gave up (its budget of
    states or time ran out first)."""

    WON = "won"
    LOST = "lost"
    GAVE_UP = "gave_up"


class Solver(Protocol):
    """A game's solver, made for one deal and its rules (``Solitaire.solver``), which remembers
    what it proved: ask it about positions of that deal, again and again."""

    def solve(
        self,
        position: Position,
        *,
        budget: int | None = DEFAULT_BUDGET,
        seconds: float | None = None,
        shortest: bool = False,
    ) -> Solution:
        """Whether ``position`` can still be won, with a winning line (the fewest moves with
        ``shortest``) when it can; ``gave_up`` when ``budget`` states or ``seconds`` run out,
        and asking again about the same position carries on."""
        ...


@dataclass(frozen=True, slots=True)
class Line:
    """A line of moves from a position, and the score the game has after its last move."""

    score: int
    moves: tuple[Move, ...]

    def to_dict(self) -> dict[str, object]:
        return {"score": self.score, "moves": [move.notation for move in self.moves]}


@dataclass(frozen=True, slots=True)
class Best:
    """A position's best scores with full information (every card known).

    ``best`` reaches the highest score any line of moves reaches (a line may stop anywhere:
    the empty line keeps the position's own score); ``best_clear`` the highest of the lines that
    win the game, ``None`` when no line wins. ``nodes`` and ``seconds`` are the work it took,
    over every slice.
    """

    best: Line
    best_clear: Line | None
    nodes: int
    seconds: float

    def to_dict(self) -> dict[str, object]:
        return {
            "best": self.best.to_dict(),
            "best_clear": self.best_clear.to_dict() if self.best_clear is not None else None,
        }


class ScoreSearch(Protocol):
    """A game's search for the best scores of one position (made by ``Solitaire.make_best``)."""

    @property
    def nodes(self) -> int:
        """States examined so far."""
        ...

    def step(self, deadline: float | None) -> tuple[Line, Line | None] | None:
        """Work until ``time.perf_counter()`` passes ``deadline`` (``None``: to the end); the two
        lines (best, best clear) once found, ``None`` while still working. Asking again carries on."""
        ...


class Grade(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    VERY_HARD = "very hard"
    UNWINNABLE = "can't be won"


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


class Grader(Protocol):
    """A game's work out of one deal's difficulty (made by ``Solitaire.make_grader``)."""

    def step(self, deadline: float | None) -> Difficulty | None:
        """Work until ``time.perf_counter()`` passes ``deadline`` (``None``: to the end); the
        difficulty once known, ``None`` while still working. Asking again carries on."""
        ...

    def fair_win(self) -> bool:
        """Whether the game's no-peeking player wins the deal itself (no re-deals, no solver)."""
        ...

    def graded(self, winnable: bool) -> Difficulty:
        """The difficulty, at once, of a deal whose exact answer (``winnable``) is known already."""
        ...
