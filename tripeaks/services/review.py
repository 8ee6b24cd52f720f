"""The review of a game played: whether the deal could still be won after each move, the turning point (the
first move after which it could not), and what would have kept it winnable there; in slices of time.

Winnability is monotone along the moves played: a position that can be won was reached from positions
that could all be won, and every position after one that can't be won can't be either. So a few solves,
halving between the latest position known winnable and the earliest known lost, decide every move. A
solve that gives up (its budget spent) leaves its position undecided: only a later position proved
winnable, or an earlier one proved lost, decides it then, never a guess.

>>> from tripeaks import Game, numbered_deal
>>> game = Game(numbered_deal(1), number=1)
>>> for _ in range(23):
...     _ = game.draw()
>>> search = ReviewSearch(game)
>>> while (review := search.step(seconds=0.05)) is None:
...     pass  # the page lets the browser paint here
>>> review.result, review.winnable_at_start, review.turning_point
('open', True, 9)
>>> review.to_dict()["moves"][9]
{'move': 'draw', 'winnable_after': False}
>>> review.kept[0].notation in {move.notation for move in game.positions[9].legal_moves()}
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..base.errors import IllegalMoveError, InvalidMoveError
from ..kit.solving import collector_paused
from ..model.answers import Result, Solution
from ..model.position import Status
from .game import Game

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..base.moves import Move
    from ..model.answers import Solver
    from ..model.deal import Deal
    from ..model.position import Position

__all__ = ["REVIEW_BUDGET", "REVIEW_TOTAL", "Alternative", "Review", "ReviewError", "ReviewSearch", "replay",
           "review"]

REVIEW_BUDGET = 1_000_000
"""States one position may take to decide; a position that needs more stays undecided."""
REVIEW_TOTAL = 8_000_000
"""States a whole review may take; positions not decided by then stay undecided."""


class ReviewError(ValueError):
    """A move of the list to review that can't be made: its ``index`` (from 0), the ``move`` as given,
    and the rules' ``reason``."""

    def __init__(self, index: int, move: object, reason: str) -> None:
        text = str(move) if isinstance(move, str) else repr(move)
        self.index, self.move, self.reason = index, text[:24], reason
        super().__init__(f"move {index + 1} (index {index}), '{self.move}', can't be made: {reason}")


def replay(deal: Deal | str, rules: Any = None, moves: Iterable[Move | str] = ()) -> Game:
    """The game of ``moves`` made from ``deal`` under ``rules``; :class:`ReviewError` names the first move
    that is not a move of the game or that the rules refuse, by its index."""
    game = Game(deal, rules)
    for index, move in enumerate(moves):
        try:
            game.push(move)
        except (InvalidMoveError, IllegalMoveError) as error:
            raise ReviewError(index, move, str(error)) from None
    return game


@dataclass(frozen=True, slots=True)
class Alternative:
    """Another legal move where the turning move was made, and whether the deal could still be won after
    it (``None``: the solver gave up)."""

    move: Move
    winnable: bool | None


@dataclass(frozen=True, slots=True)
class Review:
    """What the review found. ``winnable[0]`` is whether the deal could be won at its start,
    ``winnable[i + 1]`` whether it could still be won after move ``i`` (``None``: undecided, the solver
    gave up within its budget). ``turning_point`` is the index of the first move after which it could no
    longer be won (``None`` when it could not be won at the start, never stopped being winnable, or the
    moves around it are undecided); there, ``alternatives`` are the other legal moves, each decided, and
    ``line`` a winning line from the position before the turning move."""

    moves: tuple[Move, ...]
    result: str
    """``won``, ``lost`` (out of moves) or ``open`` (the game was left unfinished)."""
    winnable: tuple[bool | None, ...]
    turning_point: int | None
    alternatives: tuple[Alternative, ...] = ()
    line: tuple[Move, ...] = ()
    nodes: int = field(default=0, compare=False)
    seconds: float = field(default=0.0, compare=False)

    @property
    def winnable_at_start(self) -> bool | None:
        return self.winnable[0]

    def winnable_after(self, index: int) -> bool | None:
        """Whether the deal could still be won after move ``index`` (from 0)."""
        return self.winnable[index + 1]

    @property
    def kept(self) -> tuple[Move, ...]:
        """The moves that would have kept the game winnable at the turning point, instead of the turning
        move: the winning line's first move, then the other alternatives proved winnable."""
        found = [alternative.move for alternative in self.alternatives if alternative.winnable]
        if self.line:
            found.sort(key=lambda move: move != self.line[0])
        return tuple(found)

    @property
    def undecided(self) -> tuple[int, ...]:
        """The indices of the moves after which the solver could not decide."""
        return tuple(index for index, known in enumerate(self.winnable[1:]) if known is None)

    def to_dict(self) -> dict[str, object]:
        """The review as the command line's ``--json`` prints it."""
        return {
            "result": self.result,
            "winnable_at_start": self.winnable_at_start,
            "turning_point": self.turning_point,
            "moves": [{"move": move.notation, "winnable_after": self.winnable_after(index)}
                      for index, move in enumerate(self.moves)],
        }


_RESULTS = {Status.WON: "won", Status.OUT_OF_MOVES: "lost", Status.PLAYING: "open"}


class ReviewSearch:
    """The review of ``game`` (every move it made, its redo list aside), worked out a slice of time at a
    time with the game's own solver, so what the game's hints proved is reused and what the review proves
    serves the hints and lines to watch that follow.

    ``budget`` bounds the states one position may take, ``total`` those of the whole review; a position
    they leave undecided stays ``None``. Sliced or not, the review is the same (but for a position whose
    solve the budget cuts short: a search resumed after a pause walks again to where it was). ``solver``
    is another game's of the same deal and rules (the page reviews a copy of the game it played, with
    that game's solver)."""

    def __init__(self, game: Game, *, budget: int = REVIEW_BUDGET, total: int = REVIEW_TOTAL,
                 solver: Solver | None = None) -> None:
        self.game = game
        self.moves = game.moves
        self.positions = game.positions
        self.budget = budget
        self.total = total
        self.nodes = 0
        """States examined so far, over every slice."""
        self._seconds = 0.0
        self._solver: Solver = game.solver if solver is None else solver
        last = len(self.positions) - 1
        self._known: list[bool | None] = [None] * (last + 1)
        self._lines: dict[int, tuple[Move, ...]] = {}
        self._gave_up: set[int] = set()  # positions whose solve spent its budget
        self._spent_here = 0  # states spent on the solve under way
        self._alternatives: list[Alternative] | None = None  # at the turning point, once it is known
        self._done: Review | None = None
        ended = self.positions[-1].status()
        if ended is not Status.PLAYING:
            self._learn(last, ended is Status.WON, ())
        self._given = self._settled()  # what was known without a solve: not progress

    def _settled(self) -> int:
        return sum(known is not None or index in self._gave_up for index, known in enumerate(self._known))

    @property
    def progress(self) -> float:
        """How much of the review is done, from 0 to 1: 0 until its first solve (the longest, from the
        deal's start, as a rule) is over."""
        if self._done is not None:
            return 1.0
        part = 0.9 * (self._settled() - self._given) / max(len(self._known) - self._given, 1)
        if self._alternatives is not None:
            others = len(self.positions[self._turning_point() or 0].legal_moves()) - 1
            part += 0.1 * len(self._alternatives) / max(others, 1)
        return min(part, 0.99)

    def step(self, seconds: float | None = None) -> Review | None:
        """Work for about ``seconds`` (or to the end); the review, or ``None`` while still working."""
        if self._done is not None:
            return self._done
        started = time.perf_counter()
        deadline = None if seconds is None else started + seconds
        try:
            with collector_paused():
                while self._done is None:
                    if not self._work(deadline):
                        return None
        finally:
            self._seconds += time.perf_counter() - started
        return self._done

    # The work

    def _work(self, deadline: float | None) -> bool:
        """One solve (or what is left of it); False when the time ran out first."""
        index = self._next_probe()
        if index is not None:
            answer = self._solve(self.positions[index], deadline)
            if answer is None:
                return False
            if answer.result is Result.GAVE_UP:
                self._gave_up.add(index)
            else:
                self._learn(index, answer.result is Result.WON, answer.moves)
            return True
        turning = self._turning_point()
        if turning is None:
            self._finish(None)
            return True
        if self._alternatives is None:
            self._alternatives = []
        position = self.positions[turning]
        line = self._lines[turning]
        for move in position.legal_moves()[len(self._alternatives):]:
            if move == self.moves[turning]:
                self._alternatives.append(Alternative(move, False))
            elif move == line[0]:
                self._alternatives.append(Alternative(move, True))
            else:
                answer = self._solve(position.after(move), deadline)
                if answer is None:
                    return False
                known = None if answer.result is Result.GAVE_UP else answer.result is Result.WON
                self._alternatives.append(Alternative(move, known))
        self._finish(turning)
        return True

    def _solve(self, position: Position, deadline: float | None) -> Solution | None:
        """The solver's answer for ``position`` within its budget; ``None`` when the time ran out first
        (the next call carries on)."""
        left = min(self.budget - self._spent_here, self.total - self.nodes)
        if left <= 0:
            self._spent_here = 0
            return Solution(Result.GAVE_UP, (), 0, 0.0)
        seconds = None if deadline is None else max(deadline - time.perf_counter(), 0.001)
        answer = self._solver.solve(position, budget=left, seconds=seconds)
        self._spent_here += answer.nodes
        self.nodes += answer.nodes
        if answer.result is Result.GAVE_UP and self._spent_here < self.budget and self.nodes < self.total:
            return None  # out of time for now, not out of budget
        self._spent_here = 0
        return answer

    def _learn(self, index: int, won: bool, line: tuple[Move, ...]) -> None:
        """Position ``index`` is proved won (by ``line``) or lost; so are those it decides."""
        known = self._known
        if not won:
            for later in range(index, len(known)):
                known[later] = False
            return
        self._lines[index] = line
        # The moves played that follow the winning line keep the game on it: those positions are won too.
        latest = index
        for step, move in enumerate(line):
            at = index + step
            if at >= len(self.moves) or self.moves[at] != move:
                break
            latest = at + 1
            self._lines[latest] = line[step + 1:]
        for earlier in range(latest + 1):
            known[earlier] = True

    def _bounds(self) -> tuple[int, int]:
        """The latest position known winnable (-1: none) and the earliest known lost (past the end: none)."""
        known = self._known
        won = max((i for i, k in enumerate(known) if k is True), default=-1)
        lost = min((i for i, k in enumerate(known) if k is False), default=len(known))
        return won, lost

    def _next_probe(self) -> int | None:
        """The next position to solve: the last, then the deal's start, then the middle of the widest
        stretch of positions not yet tried between the latest known winnable and the earliest known lost;
        ``None`` when none is left (or the whole review's budget is spent)."""
        if self.nodes >= self.total and self._spent_here == 0:
            return None
        won, lost = self._bounds()
        untried = [i for i in range(won + 1, lost) if i not in self._gave_up]
        if not untried:
            return None
        last = len(self._known) - 1
        for first in (last, 0):
            if first in untried:
                return first
        widest: list[int] = []
        stretch: list[int] = []
        for i in range(won + 1, lost + 1):
            if i < lost and i not in self._gave_up:
                stretch.append(i)
                continue
            if len(stretch) > len(widest):
                widest = stretch
            stretch = []
        return widest[len(widest) // 2]

    def _turning_point(self) -> int | None:
        won, lost = self._bounds()
        return won if won >= 0 and lost == won + 1 < len(self._known) else None

    def _finish(self, turning: int | None) -> None:
        self._done = Review(
            moves=self.moves,
            result=_RESULTS[self.positions[-1].status()],
            winnable=tuple(self._known),
            turning_point=turning,
            alternatives=tuple(a for a in self._alternatives or () if a.move != self.moves[turning or 0])
            if turning is not None else (),
            line=self._lines.get(turning, ()) if turning is not None else (),
            nodes=self.nodes,
            seconds=self._seconds,
        )


def review(deal: Deal | str, rules: Any = None, moves: Iterable[Move | str] = (), *,
           budget: int = REVIEW_BUDGET, total: int = REVIEW_TOTAL) -> Review:
    """The review of ``moves`` played from ``deal`` under ``rules`` (:class:`ReviewError` for a move that
    can't be made), worked out to the end."""
    found = ReviewSearch(replay(deal, rules, moves), budget=budget, total=total).step()
    assert found is not None
    return found
