"""The fewest cards any line leaves in Golf's columns when none clears them: exact, with a line leaving them.

The cards a line leaves are, in each column, its bottom few (a card stays when one on it stays): a
*down-set* of the columns. So the fewest cards left are the least size of a down-set ``B`` such that the
cards left but ``B`` can all be played: the decision solver's question (kit/last_pass/), asked of the
columns without ``B``, and any line that clears them is a line of the game that leaves ``B``. Two
searches share the work:

* for one and two cards left, each down-set of that size is asked of the solver in turn (at most 7 and
  28 questions, sharing all it proves), which settles most lost deals at once;
* beyond, a branch and bound over the states the game can reach, (cards left, top, stock index): its
  moves a play onto the top, or a draw up to the first stock card a free card goes on, then that play
  (drawing further first is never better: more stock left is never worse), or stopping. A state is cut
  when a lower bound on the cards any line from it leaves is above what is looked for: the cards that can
  never be played (no card they go on is left to come before them: no column card but those beneath
  them, no stock card to come, not the top; and every card under such a card), never fewer than what the
  rounds before proved of the deal itself (no line from any state leaves fewer than the fewest of all).
  What is looked for starts at the least the rounds before allow and rises to each bound the search
  proves, so the first line found is the best. Values are kept as exact, or as proved lower bounds
  (which hold for every later stock index too), by state.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING

from ...kit.last_pass.line import ADVANCE
from ...kit.last_pass.search import _last_pass
from ...kit.solving import GiveUp
from ...kit.work import Pause, Work
from .layout import COLUMNS

if TYPE_CHECKING:
    from .play import GolfPosition
    from .solver import GolfSolver

__all__ = ["ROUNDS", "FewestLeft"]

ROUNDS = 2
"""The cards left asked of the solver down-set by down-set, before the branch and bound."""

_STOP = -1
"""A state's choice when its best line stops there."""


class FewestLeft:
    """The search for a line that leaves the fewest cards in the columns of a lost position."""

    def __init__(self, position: GolfPosition, solver: GolfSolver, work: Work) -> None:
        self.position = position
        self.solver = solver
        self.work = work
        self.rank = [card.rank if card is not None else 0 for card in position.cards]
        self.stock = tuple(card.rank for card in position.stock)
        self.top = position.waste[-1].rank
        self.exact: dict[int, int] = {}
        self.choice: dict[int, int] = {}
        self.lows: dict[int, list[int]] = {}
        self.floor = 0
        self._search: Callable[[int, int, int, int], int] | None = None

    def run(self) -> Generator[None, None, list[int]]:
        """The steps (layout slots, and ADVANCE for a draw) of a line that leaves the fewest cards,
        yielding whenever the work's time is up (what was proved is kept)."""
        remaining = self.position.remaining
        for left in range(1, ROUNDS + 1):
            for kept in self.down_sets(remaining, left):
                path = yield from self._clears(remaining & ~kept)
                if path is not None:
                    return path
            self.floor = left + 1
        need = self.floor
        while True:
            value = yield from self._retry(remaining, need)
            if value <= need:
                return self._line(remaining)
            need = self.floor = value

    def down_sets(self, remaining: int, size: int) -> list[int]:
        """Each way to leave ``size`` cards of ``remaining``: the bottom few of each column, as masks."""
        heights = [sum(remaining >> (row * COLUMNS + column) & 1 for row in range(len(self.rank) // COLUMNS))
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

    def _retry(self, remaining: int, need: int) -> Generator[None, None, int]:
        search = self._search or self._make()
        while True:
            try:
                return search(remaining, self.top, 0, need)
            except Pause:
                yield

    def _line(self, remaining: int) -> list[int]:
        """The steps of the line the choices kept make from the start."""
        steps: list[int] = []
        cards, top, i = remaining, self.top, 0
        free_of = self.position.layout.free
        onto = self.solver.adjacent_slots
        while True:
            key = _key(cards, top if free_of(cards) & onto[top] else 0, i)
            pick = self.choice[key]
            if pick == _STOP:
                return steps
            slot, after = pick & 63, pick >> 6
            steps.extend([ADVANCE] * (after - i))
            steps.append(slot)
            cards, top, i = cards ^ 1 << slot, self.rank[slot], after

    def _make(self) -> Callable[[int, int, int, int], int]:
        position, solver = self.position, self.solver
        layout = position.layout
        rank, stock = self.rank, self.stock
        n = len(stock)
        onto = solver.adjacent_slots  # onto[t]: the slots whose card goes on a top of rank t
        support, beneath, free_of = solver.support, layout.beneath, layout.free
        # later[i]: the slots whose card goes on some stock card from index i on
        later = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            later[i] = later[i + 1] | onto[stock[i]]
        # first[s][i]: the first index k >= i whose stock card the card in slot s goes on (n if none)
        first: list[list[int]] = []
        for s, r in enumerate(rank):
            row, k = [n] * (n + 1), n
            for i in range(n - 1, -1, -1):
                if r and onto[stock[i]] >> s & 1:
                    k = i
                row[i] = k
            first.append(row)
        exact, choice, lows = self.exact, self.choice, self.lows
        tick = self.work.tick

        def never(cards: int, top: int, i: int, free: int) -> int:
            """The cards of ``cards`` that can never be played, and those under them."""
            ok = later[i] | (onto[top] & free)
            stuck = 0
            while True:
                pool = cards & ~stuck
                found = stuck
                todo = pool & ~ok
                while todo:
                    low = todo & -todo
                    todo ^= low
                    s = low.bit_length() - 1
                    if not support[s] & pool:
                        found |= low | (beneath[s] & cards)
                if found == stuck:
                    return stuck
                stuck = found

        def search(cards: int, top: int, i: int, need: int) -> int:
            """The fewest cards a line from the state leaves: exactly when at most ``need``, else a
            proved lower bound above ``need``."""
            free = free_of(cards)
            plays = free & onto[top]
            if not plays:
                top = 0  # a top that takes no free card: every such state draws alike
            key = _key(cards, top, i)
            known = exact.get(key)
            if known is not None:
                return known
            per = lows.get(cards << 4 | top)
            if per is None:
                per = lows[cards << 4 | top] = [0] * (n + 1)
            low = max(per[: i + 1])
            if not low:
                low = never(cards, top, i, free).bit_count()
            if low < self.floor:
                low = self.floor
            if low > need:
                return low
            tick()
            best, pick = cards.bit_count(), _STOP
            moves = []
            while plays:
                bit = plays & -plays
                plays ^= bit
                moves.append(i << 6 | bit.bit_length() - 1)
            todo = free & ~onto[top]
            while todo:
                bit = todo & -todo
                todo ^= bit
                s = bit.bit_length() - 1
                k = first[s][i]
                if k < n:
                    moves.append((k + 1) << 6 | s)
            moves.sort()
            for move in moves:
                slot, after = move & 63, move >> 6
                got = search(cards ^ 1 << slot, rank[slot], after, need if need < best - 1 else best - 1)
                if got < best:
                    best, pick = got, move
                    if best <= low:
                        break
            if best <= need:
                exact[key] = best
                choice[key] = pick
            elif best > per[i]:
                per[i] = best
            return best

        self._search = search
        return search


def _key(cards: int, top: int, i: int) -> int:
    return cards << 9 | i << 4 | top
