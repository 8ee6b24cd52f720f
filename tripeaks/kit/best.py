"""The frame every game's best-score search shares: work in slices, the decision solver asked first, lines
replayed by the rules; a game gives the search itself (:meth:`BestLines._lines`)."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator
from typing import TYPE_CHECKING, ClassVar, TypeVar

from ..model.answers import Line, Result, Solution
from ..model.position import Status
from ..model.solitaire import Solitaire
from .work import Pause, Work

if TYPE_CHECKING:
    from ..base.moves import Move
    from ..model.answers import Solver
    from ..model.position import Position

__all__ = ["BestLines"]

T = TypeVar("T")


class BestLines:
    """A game's search for the best scores of one position (a :class:`~tripeaks.model.answers.ScoreSearch`).

    :meth:`step` works until its deadline and answers the two lines (best, best clear) once found;
    what was worked out is kept, so the next step carries on. A finished game's lines are the empty
    line; otherwise the game's :meth:`_lines` (a generator that yields wherever it may pause) finds
    them.
    """

    decision_counts: ClassVar[bool] = False
    """Whether the decision solver's states count among :attr:`nodes` (Triangle's do; TriPeaks' count
    only its own search's)."""

    def __init__(self, position: Position, solver: Solver | None = None) -> None:
        self.position = position
        self._solver = solver
        self._work = Work()
        self._steps: Iterator[None] | None = None
        self._found: tuple[Line, Line | None] | None = None

    @property
    def nodes(self) -> int:
        return self._work.nodes

    def step(self, deadline: float | None) -> tuple[Line, Line | None] | None:
        if self._found is not None:
            return self._found
        self._work.deadline = deadline
        if self._steps is None:
            self._steps = self._run()
        for _ in self._steps:
            if self._work.due():
                return None
        assert self._found is not None
        return self._found

    def _run(self) -> Iterator[None]:
        position = self.position
        status = position.status()
        if status is not Status.PLAYING:
            line = Line(position.score, ())
            self._found = (line, line if status is Status.WON else None)
            return
        self._found = yield from self._lines()

    def _lines(self) -> Generator[None, None, tuple[Line, Line | None]]:  # pragma: no cover - each game's
        """The best line and the best winning line (``None`` when none wins), found in slices."""
        raise NotImplementedError

    def _decide(self, solver: Solver | None = None) -> Generator[None, None, Solution]:
        """The decision solver's answer for the position (won with a line, or lost), asked in slices; or
        that of ``solver``, a solver of the same deal that asks another question of it."""
        position = self.position
        if solver is None:
            if self._solver is None:
                self._solver = Solitaire.of(position).solver(position)
            solver = self._solver
        while True:
            answer = solver.solve(position, budget=None, seconds=self._work.left())
            if self.decision_counts:
                self._work.nodes += answer.nodes
            if answer.result is not Result.GAVE_UP:
                return answer
            yield

    def _retry(self, search: Callable[[], T]) -> Generator[None, None, T]:
        """Run ``search`` until it finishes, yielding each time it pauses (what it proved is kept; each
        run from its top may walk back down to where it was before it pauses again)."""
        while True:
            self._work.restart()
            try:
                return search()
            except Pause:
                yield

    def _replay(self, moves: Iterable[Move]) -> Line:
        """The line of ``moves`` from the position, made by the rules themselves, with its score."""
        position = self.position
        made = tuple(moves)
        for move in made:
            position = position.after(move)
        return Line(position.score, made)
