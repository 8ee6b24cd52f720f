"""The fewest cards any line leaves in Golf's columns when none clears them: exact, with a line leaving them.

First a beam search finds a line that leaves few cards (:mod:`tripeaks.games.golf.beam`). Then a
branch and bound over the states the game can reach (:mod:`tripeaks.games.golf.reach`) keeps the
fewest cards met, with the line to them, and looks no further from a state whose stuck cards
(:mod:`tripeaks.games.golf.stuck`) are already as many: when it ends, its line is the best. What is
looked at once is looked at no more: each (cards, top) from the earliest stock index it was met at
(counting only stock cards that go on one of its cards), and each set of cards' draws from the
earliest (a later index has the same moves and less stock); a top that takes no free card is as good
as any other such top. A state's moves are looked at from the lowest bound. The search keeps its
stack of states, so it pauses and goes on where it was.

The cards a line leaves are, in each column, its bottom few (a card stays when one on it stays): a
*down-set* of the columns. So one card left means that for some column the cards left but its bottom
one can all be played: the decision solver's question (kit/last_pass/), asked of the columns without
that card, and any line that clears them is a line of the game that leaves it. Once a line leaves two
cards, those seven questions settle one or two faster than the branch and bound, under the Golf and
Dead King Golf rules (on the first 100 lost deals, a p95 of 0.73 s against 0.79 s for Dead King Golf,
0.92 s against 1.04 s for Golf); under Relaxed Golf's, where nearly every deal can be won, a question
that no line answers takes the solver hundreds of thousands of states, and the branch and bound goes
on alone (p95 0.96 s against 1.42 s).
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import TYPE_CHECKING

from ...kit.last_pass.line import ADVANCE
from ...kit.last_pass.ranks import _BIT_INDEX
from ...kit.last_pass.search import _last_pass
from ...kit.solving import GiveUp
from ...kit.work import Pause, Work
from .beam import first_line
from .layout import COLUMNS
from .reach import Moves
from .stuck import stuck_bound

if TYPE_CHECKING:
    from .play import GolfPosition
    from .solver import GolfSolver

__all__ = ["FIRST_TURN", "FewestLeft"]

FIRST_TURN = 1024
"""The states each of the seven questions may take on its first turn."""

_Move = tuple[int, int, int, int, int, int]
"""A state's move kept to look at: (bound, stock index after, slot played, rank flow's needs after,
the state's key, its settled stock index)."""


class _Frame:
    """A state on the branch and bound's stack: its cards and stock index, its moves to look at (the
    lowest bound first), how many are looked at, and the length of the line to it."""

    __slots__ = ("cards", "depth", "i", "moves", "next")

    def __init__(self, cards: int, i: int, moves: list[_Move], depth: int) -> None:
        self.cards, self.i, self.moves, self.next, self.depth = cards, i, moves, 0, depth


class FewestLeft:
    """The search for a line that leaves the fewest cards in the columns of a lost position."""

    def __init__(self, position: GolfPosition, solver: GolfSolver, work: Work) -> None:
        self.position = position
        self.solver = solver
        self.work = work
        self.stock = tuple(card.rank for card in position.stock)
        self.top = position.waste[-1].rank
        self.moves = Moves(solver, self.stock)
        self.bound = stuck_bound(solver, self.stock)
        self.best = position.remaining.bit_count()
        self.line: list[int] = []

    def run(self) -> Generator[None, None, list[int]]:
        """The steps (layout slots, and ADVANCE for a draw) of a line that leaves the fewest cards,
        yielding whenever the work's time is up (what was found is kept)."""
        remaining = self.position.remaining
        self.best, self.line = yield from first_line(self.moves, self.bound, remaining, self.top, self.work)
        ask = not self.position.rules.adjacency.wrap  # the one-card questions, but in Relaxed Golf
        stop = 2 if ask else 1
        if self.best > stop:
            yield from self._fewest(remaining, stop)
        if self.best == 2 and ask:
            path = yield from self._one_left(remaining)
            if path is not None:
                return path
        return self.line

    def _one_left(self, remaining: int) -> Generator[None, None, list[int] | None]:
        """A line that leaves one card, or ``None`` (then no line does): a column's bottom card, and
        every other card played. The seven questions take turns, each with twice the states of its last
        turn: one that a line answers yes often takes far fewer states than one no line can."""
        pending = [1 << column for column in range(COLUMNS) if remaining >> column & 1]
        states = FIRST_TURN
        while pending:
            unsettled = []
            for kept in pending:
                settled, path = yield from self._clears(remaining & ~kept, states)
                if path is not None:
                    return path
                if not settled:
                    unsettled.append(kept)
            pending, states = unsettled, 2 * states
        return None

    def _clears(self, cards: int, states: int) -> Generator[None, None, tuple[bool, list[int] | None]]:
        """Whether the solver settles, within about ``states`` more states, if every card of ``cards``
        can be played from the position, and its line if so (what it proves is kept either way)."""
        solver, work = self.solver, self.work
        spent = 0
        while True:
            first = solver.nodes
            solver._allow(states - spent, work.left(), time.perf_counter())
            try:
                return True, _last_pass(solver, cards, self.top, self.stock, solver.nodes + solver.tick)
            except GiveUp:
                pass
            finally:
                work.nodes += solver.nodes - first
                spent += solver.nodes - first
            if spent >= states:
                return False, None
            yield

    def _fewest(self, remaining: int, stop: int) -> Generator[None, None, None]:
        """The branch and bound (see the module's docstring), from the best line so far: it ends with
        the best line in :attr:`best` and :attr:`line`, proved the best unless it leaves ``stop`` cards
        or fewer (where it stops looking)."""
        moves, bound = self.moves, self.bound
        n, rank, onto, weight = moves.n, moves.rank, moves.onto, moves.weight
        first, below, settled = moves.first, moves.below, moves.settled
        bit_index = _BIT_INDEX
        seen: dict[int, int] = {}  # by cards << 4 | top (0: a top that takes no free card), the index
        drawn: dict[int, int] = {}  # by cards, the stock index from which its draws were looked at
        best = self.best
        path: list[int] = []

        def children(cards: int, i: int, top: int, packed: int) -> list[_Move]:
            """The moves from a state that may lead below ``best``, the lowest bound first."""
            free = cards & ~(cards >> COLUMNS)
            plays = free & onto[top]
            todo = plays
            if drawn.get(cards, n + 1) > i:
                drawn[cards] = i
                todo = free
            found = []
            while todo:
                low = todo & -todo
                todo ^= low
                s = bit_index[low % 37]
                k = i if plays & low else first[s][i]
                if k > n:
                    continue
                after, r = cards ^ low, rank[s]
                free_after = after & ~(after >> COLUMNS)
                if not free_after & (onto[r] | below[k]):
                    continue  # no move from there: it leaves its cards, no fewer than the parent's best
                key = after << 4 | (r if free_after & onto[r] else 0)
                at = settled(after, k)
                if seen.get(key, n + 1) <= at:
                    continue
                needs = packed - weight[s]
                lower = bound(after, k, r, needs)
                if lower < best:
                    seen[key] = at
                    found.append((lower, k, s, needs, key, at))
            found.sort()
            return found

        def improve(cards: int, i: int, top: int) -> None:
            """Keep a line one move beyond the state when it leaves fewer cards than the best."""
            nonlocal best
            if cards.bit_count() - 1 < best:
                step = moves.one(cards, i, top)
                if step is not None:
                    best = self.best = cards.bit_count() - 1
                    self.line = path + step

        improve(remaining, 0, self.top)
        stack = [_Frame(remaining, 0, children(remaining, 0, self.top, moves.packed(remaining)), 0)]
        tick = self.work.tick
        while stack and best > stop:
            frame = stack[-1]
            kids, j = frame.moves, frame.next
            if j == len(kids) or kids[j][0] >= best:  # the lowest bound first: none of the rest helps
                stack.pop()
                continue
            frame.next = j + 1
            _, k, s, needs, key, at = kids[j]
            if seen[key] < at:
                continue  # met since from an earlier index
            try:
                tick()
            except Pause:
                yield
            cards, i = frame.cards, frame.i
            after, r = cards ^ 1 << s, rank[s]
            del path[frame.depth:]
            if k > i:
                path.extend([ADVANCE] * (k - i))
            path.append(s)
            if after.bit_count() <= best:
                improve(after, k, r)
            stack.append(_Frame(after, k, children(after, k, r, needs), len(path)))
