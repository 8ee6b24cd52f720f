"""The fewest cards any line leaves in Golf's columns when none clears them: exact, with a line leaving them.

The cards a line leaves are, in each column, its bottom few (a card stays when one on it stays): a
*down-set* of the columns. So one card left means that for some column the cards left but its bottom
one can all be played: the decision solver's question (kit/last_pass/), asked of the columns without
that card, and any line that clears them is a line of the game that leaves it. Those seven questions
come first (they share all the solver proves, and settle most lost deals at once).

Beyond, a branch and bound over the states the game can reach: a state is (cards left, top, stock
index), its moves a play onto the top, or a draw up to the first stock card a free card goes on, then
that play (drawing further first is never better: more stock left is never worse). It keeps the
fewest cards met, with the line to them, and looks no further from a state that cannot do better: one
whose stuck cards (:mod:`tripeaks.games.golf.stuck`) are already as many. It stops at the least the
questions allow. What is looked at once is looked at no more: each (cards, top) from the earliest
stock index it was met at, and each set of cards' draws from the earliest (a later index has the same
moves and less stock); a top that takes no free card is as good as any other such top. The children
of a state are looked at from the lowest bound, and its draws only once for its cards. The search
keeps its stack of states, so it pauses and goes on where it was.
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
from .layout import COLUMNS
from .stuck import stuck_bound

if TYPE_CHECKING:
    from .play import GolfPosition
    from .solver import GolfSolver

__all__ = ["ROUNDS", "FewestLeft"]

ROUNDS = 1
"""Up to how many cards left are asked of the solver, down-set by down-set, before the search."""

_Child = tuple[int, int, int, int, int]
"""A state's move kept to look at: (bound, stock index after, slot played, packed needs, key)."""


class FewestLeft:
    """The search for a line that leaves the fewest cards in the columns of a lost position."""

    def __init__(self, position: GolfPosition, solver: GolfSolver, work: Work) -> None:
        self.position = position
        self.solver = solver
        self.work = work
        self.stock = tuple(card.rank for card in position.stock)
        self.top = position.waste[-1].rank
        self.floor = 1
        """No line leaves fewer cards (the position is lost), and then more, as the questions go."""

    def run(self) -> Generator[None, None, list[int]]:
        """The steps (layout slots, and ADVANCE for a draw) of a line that leaves the fewest cards,
        yielding whenever the work's time is up (what was found is kept)."""
        remaining = self.position.remaining
        for left in range(1, ROUNDS + 1):
            for kept in self.down_sets(remaining, left):
                path = yield from self._clears(remaining & ~kept)
                if path is not None:
                    return path
            self.floor = left + 1
        return (yield from self._fewest(remaining))

    def down_sets(self, remaining: int, size: int) -> list[int]:
        """Each way to leave ``size`` cards of ``remaining``: the bottom few of each column, as masks."""
        rows = len(self.position.cards) // COLUMNS
        heights = [sum(remaining >> (row * COLUMNS + column) & 1 for row in range(rows))
                   for column in range(COLUMNS)]
        found: list[int] = []

        def pick(column: int, left: int, kept: int) -> None:
            if column == COLUMNS:
                if not left:
                    found.append(kept)
                return
            for take in range(min(left, heights[column]) + 1):
                mask = sum(1 << (row * COLUMNS + column) for row in range(take))
                pick(column + 1, left - take, kept | mask)

        pick(0, size, 0)
        return found

    def _clears(self, cards: int) -> Generator[None, None, list[int] | None]:
        """The solver's line that plays every card of ``cards`` from the position, or ``None``."""
        solver, work = self.solver, self.work
        while True:
            first = solver.nodes
            solver._allow(None, work.left(), time.perf_counter())
            try:
                return _last_pass(solver, cards, self.top, self.stock, solver.nodes + solver.tick)
            except GiveUp:
                pass
            finally:
                work.nodes += solver.nodes - first
            yield

    def _fewest(self, remaining: int) -> Generator[None, None, list[int]]:
        """The branch and bound (see the module's docstring): the steps of a line to the fewest cards."""
        solver, stock, floor = self.solver, self.stock, self.floor
        n = len(stock)
        rank, onto, weight = solver.rank, solver.adjacent_slots, solver.weight
        bound = stuck_bound(solver, stock)
        bit_index = _BIT_INDEX
        # first[s][i]: the stock index just after drawing the first stock card that the card in slot s
        # goes on, with i drawn (n + 1 if none)
        first = []
        for s, r in enumerate(rank):
            row, k = [n + 1] * (n + 1), n + 1
            for j in range(n - 1, -1, -1):
                if r and onto[stock[j]] >> s & 1:
                    k = j + 1
                row[j] = k
            first.append(row)
        # below[i]: the slots whose card goes on a stock card still to come once i are drawn
        below = [0] * (n + 1)
        for j in range(n - 1, -1, -1):
            below[j] = below[j + 1] | onto[stock[j]]
        seen: dict[int, int] = {}  # by cards << 4 | top (0: a top that takes no free card), the index
        drawn: dict[int, int] = {}  # by cards, the index from which its draws were looked at
        best = remaining.bit_count()
        line: list[int] = []
        path: list[int] = []

        def children(cards: int, i: int, top: int, packed: int) -> list[_Child]:
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
                after = cards ^ low
                r = rank[s]
                free_after = after & ~(after >> COLUMNS)
                if not free_after & (onto[r] | below[k]):
                    continue  # no move from there: it leaves its cards, no fewer than the parent's best
                key = after << 4 | (r if free_after & onto[r] else 0)
                if seen.get(key, n + 1) <= k:
                    continue
                needs = packed - weight[s]
                lower = bound(after, k, r, needs)
                if lower < best:
                    seen[key] = k
                    found.append((lower, k, s, needs, key))
            found.sort()
            return found

        def first_move(cards: int, i: int, top: int) -> list[int] | None:
            """The steps of one move from a state, if it has any."""
            free = cards & ~(cards >> COLUMNS)
            if free & onto[top]:
                return [bit_index[(free & onto[top] & -(free & onto[top])) % 37]]
            todo = free
            while todo:
                low = todo & -todo
                todo ^= low
                s = bit_index[low % 37]
                if first[s][i] <= n:
                    return [ADVANCE] * (first[s][i] - i) + [s]
            return None

        def improve(cards: int, i: int, top: int) -> bool:
            """Keep the line one move beyond the state when it leaves fewer cards than the best."""
            nonlocal best, line
            if cards.bit_count() - 1 >= best:
                return False
            step = first_move(cards, i, top)
            if step is None:
                return False
            best, line = cards.bit_count() - 1, path + step
            return True

        packed = solver.flow.base + sum(weight[s] for s in range(len(rank)) if remaining >> s & 1)
        improve(remaining, 0, self.top)
        if best <= floor:
            return line
        # a frame: [cards, stock index, moves to look at, how many looked at, the path's length]
        stack: list[list[object]] = [[remaining, 0, children(remaining, 0, self.top, packed), 0, 0]]
        tick = self.work.tick
        while stack:
            frame = stack[-1]
            kids: list[_Child] = frame[2]  # type: ignore[assignment]
            j: int = frame[3]  # type: ignore[assignment]
            if j == len(kids) or kids[j][0] >= best:  # the lowest bound first: none of the rest helps
                stack.pop()
                continue
            frame[3] = j + 1
            _, k, s, needs, key = kids[j]
            if seen[key] < k:
                continue  # met since from an earlier index
            try:
                tick()
            except Pause:
                yield
            cards: int = frame[0]  # type: ignore[assignment]
            i: int = frame[1]  # type: ignore[assignment]
            after, r = cards ^ 1 << s, rank[s]
            del path[frame[4]:]
            path.extend([ADVANCE] * (k - i))
            path.append(s)
            if improve(after, k, r) and best <= floor:
                return line
            stack.append([after, k, children(after, k, r, needs), 0, len(path)])
        return line
