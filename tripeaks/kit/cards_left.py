"""The fewest layout cards any line leaves, for every game: the score by cards left, searched exactly.

A line may stop anywhere, so the fewest cards left is the fewest of any position a line reaches: a
question of which positions can be reached at all, not of what each is worth. The search asks the
decision solver first (a deal it wins leaves none), then walks every position reachable from the start
once, depth first, remembered by its :meth:`~tripeaks.model.position.Position.state_key` (what decides
the lines to come, without the score), and keeps the line to the fewest met; it stops as soon as it meets
as few as any line can leave (none; one, in a game won the moment its layout is clear and proved lost).
Cards only ever leave the layout, and a walk that meets a position again goes no further, so draws and
resets that come round in a circle end too.

A game may hand any position to a quicker search of its own (:meth:`CardsLeftLines._quick`): TriPeaks
does for its last pass through the stock (``tripeaks/games/tripeaks/cards_left.py``), and the games of
pairs from their start (``tripeaks/kit/pairs/cards_left.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Generator, Iterator
from typing import TYPE_CHECKING

from ..model.answers import Line, Result
from ..model.position import Status
from .best import BestLines
from .work import Pause

if TYPE_CHECKING:
    from ..base.moves import Move
    from ..model.answers import ScoreSearch, Solver
    from ..model.position import Position
    from .work import Work

__all__ = ["CardsLeftLines", "LeftOfCleared", "Quick", "Settled", "walk_in_slices"]

Quick = Generator[None, None, None]
"""A game's own search from one position (see :meth:`CardsLeftLines._quick`): it yields wherever it
pauses, and tells each line that leaves fewer cards than the best so far to :meth:`CardsLeftLines.found`."""


class Settled(Exception):
    """A game's walk met as few cards left as any line can leave: nothing more to look for."""


def walk_in_slices(walk: Callable[[], None], work: Work) -> Quick:
    """A game's own search (:data:`Quick`) made of ``walk``, a recursive walk from its top that raises
    :class:`~tripeaks.kit.work.Pause` when its time is up and keeps what it finished: it runs again from
    its top after each pause (and the yield that hands the time back), until it finishes or raises
    :class:`Settled`. A line of moves is a few hundred calls deep at the most."""
    limit = sys.getrecursionlimit()
    while True:
        sys.setrecursionlimit(max(limit, 1000))
        work.restart()
        try:
            walk()
            return
        except Pause:
            pass
        except Settled:
            return
        finally:
            sys.setrecursionlimit(limit)
        yield


class CardsLeftLines(BestLines):
    """The search for the fewest layout cards any line leaves from a position, for any game (a
    :class:`~tripeaks.model.answers.ScoreSearch`): its two lines are the line to the fewest cards
    left (``score``: how many) and a winning line (``score`` 0), ``None`` when no line wins."""

    clear_wins: bool = False
    """Whether the game is won the moment its layout is clear (TriPeaks, Golf, Relaxed Pyramid): then a
    deal proved lost leaves at least one card, and the search stops at one. (Triangle and Pyramid must
    clear their stock too.) A game may set it per position, from its rules."""

    def __init__(self, position: Position, solver: Solver | None = None) -> None:
        super().__init__(position, solver)
        self.best = Line(position.layout_left, ())
        self.floor = 0
        """The fewest cards any line can leave, as far as is known: the search stops there."""

    def _run(self) -> Iterator[None]:
        position = self.position
        status = position.status()
        if status is not Status.PLAYING:
            line = Line(position.layout_left, ())
            self._found = (line, line if status is Status.WON else None)
            return
        self._found = yield from self._lines()

    def _lines(self) -> Generator[None, None, tuple[Line, Line | None]]:
        answer = yield from self._decide()
        if answer.result is Result.WON:
            won = Line(0, answer.moves)
            return won, won
        if self.clear_wins:
            self.floor = 1
        yield from self._walk()
        return self.best, None

    def found(self, left: int, moves: tuple[Move, ...]) -> None:
        """A line from the position (``moves``) that leaves ``left`` layout cards, if fewer than the best."""
        if left < self.best.score:
            self.best = Line(left, moves)

    @property
    def settled(self) -> bool:
        """Whether the best line leaves as few cards as any can: the search is over."""
        return self.best.score <= self.floor

    def _quick(self, position: Position, line: tuple[Move, ...]) -> Quick | None:
        """A game's own search of every position reachable from ``position`` (reached by ``line``), or
        ``None`` to let this walk go on from it. Where it meets fewer cards left than the best so far it
        calls :meth:`found` with the whole line; it may stop once :attr:`settled`."""
        return None

    def _walk(self) -> Generator[None, None, None]:
        """Every position reachable from the start, each once, depth first (plays before the stock's
        moves, as ``legal_moves`` lists them); the line to the fewest cards left met is :attr:`best`."""
        tick = self._work.tick
        root = self.position
        seen = {root.state_key()}
        stack: list[tuple[Position, Iterator[Move]]] = [(root, iter(root.legal_moves()))]
        line: list[Move] = []
        quick = self._quick(root, ())
        if quick is not None:
            yield from quick
            return
        while stack and not self.settled:
            position, moves = stack[-1]
            move = next(moves, None)
            if move is None:
                stack.pop()
                if line:
                    line.pop()
                continue
            child = position.after(move)
            key = child.state_key()
            if key in seen:
                continue
            seen.add(key)
            try:
                tick()
            except Pause:
                yield
            made = (*line, move)
            self.found(child.layout_left, made)
            quick = self._quick(child, made)
            if quick is not None:
                yield from quick
            elif child.status() is Status.PLAYING:
                stack.append((child, iter(child.legal_moves())))
                line.append(move)


class LeftOfCleared:
    """A game's best-score search whose score is the layout cards cleared (Golf's), read as the fewest
    cards left: each line's score becomes ``size`` minus it. The game's own search, quicker than the
    kit's walk, serves both."""

    def __init__(self, search: ScoreSearch, size: int) -> None:
        self._search = search
        self._size = size

    @property
    def nodes(self) -> int:
        return self._search.nodes

    def step(self, deadline: float | None) -> tuple[Line, Line | None] | None:
        found = self._search.step(deadline)
        if found is None:
            return None
        best, clear = found
        left = Line(self._size - best.score, best.moves)
        return left, None if clear is None else Line(self._size - clear.score, clear.moves)
