"""The fewest cards any line leaves in Golf's columns when none clears them: exact, with a line leaving them.

The cards a line leaves are, in each column, its bottom few (a card stays when one on it stays): a
*down-set* of the columns. So one card left means that for some column the cards left but its bottom
one can all be played: the decision solver's question (kit/last_pass/), asked of the columns without
that card, and any line that clears them is a line of the game that leaves it. Those seven questions
come first (they share all the solver proves, and settle most lost deals at once).

Beyond, a depth-first search works out, for each state the game can reach, the fewest cards a line
from it leaves: a state is (cards left, top, stock index), its moves a play onto the top, or a draw
up to the first stock card a free card goes on, then that play (drawing further first is never
better: more stock left is never worse), or stopping. No line from any state leaves fewer cards than
the fewest of all, which the questions before bound from below: a state that reaches that bound
looks no further. Each state's value is kept, and the move that reaches it, so the search can pause
and go on, and the line is read off the choices.
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

ROUNDS = 1
"""Up to how many cards left are asked of the solver, down-set by down-set, before the search: more
rounds cost more than they save (two, on the lost deals among Golf's numbered deals 1 to 60 of each
rule set: 14% more time under Golf's rules, 5% more under Dead King Golf's, 15% less under Relaxed
Golf's, where lost deals are few)."""

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
        self.value: dict[int, int] = {}
        self.choice: dict[int, int] = {}
        self.floor = 1
        """No line leaves fewer cards (the position is lost), and then more, as the questions go."""
        self._search: Callable[[int, int, int], int] | None = None

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
        yield from self._retry(remaining)
        return self._line(remaining)

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

    def _retry(self, remaining: int) -> Generator[None, None, int]:
        search = self._search or self._make()
        while True:
            try:
                return search(remaining, self.top, 0)
            except Pause:
                yield

    def _line(self, remaining: int) -> list[int]:
        """The steps of the line the choices kept make from the start."""
        steps: list[int] = []
        cards, top, i = remaining, self.top, 0
        free_of = self.position.layout.free
        onto = self.solver.adjacent_slots
        while True:
            key = cards << 9 | i << 4 | (top if free_of(cards) & onto[top] else 0)
            pick = self.choice[key]
            if pick == _STOP:
                return steps
            slot, after = pick & 63, pick >> 6
            steps.extend([ADVANCE] * (after - i))
            steps.append(slot)
            cards, top, i = cards ^ 1 << slot, self.rank[slot], after

    def _make(self) -> Callable[[int, int, int], int]:
        position, solver = self.position, self.solver
        layout = position.layout
        rank, stock = self.rank, self.stock
        n = len(stock)
        onto = solver.adjacent_slots  # onto[t]: the slots whose card goes on a top of rank t
        free_of = layout.free
        # first[s][i]: the first index k >= i whose stock card the card in slot s goes on (n if none)
        first: list[list[int]] = []
        for s, r in enumerate(rank):
            row, k = [n] * (n + 1), n
            for i in range(n - 1, -1, -1):
                if r and onto[stock[i]] >> s & 1:
                    k = i
                row[i] = k
            first.append(row)
        value, choice = self.value, self.choice
        tick = self.work.tick
        known_free = layout._free_of  # free(cards) once worked out, by cards

        def search(cards: int, top: int, i: int) -> int:
            """The fewest cards a line from the state leaves (no fewer than the floor)."""
            free = known_free.get(cards)
            if free is None:
                free = free_of(cards)
            plays = free & onto[top]
            if not plays:
                top = 0  # a top that takes no free card: every such state draws alike
            key = cards << 9 | i << 4 | top
            found = value.get(key)
            if found is not None:
                return found
            tick()
            best, pick = cards.bit_count(), _STOP
            floor = self.floor
            if best > floor:
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
                moves.sort()  # plays onto the top first, then each draw, the shortest first
                for move in moves:
                    slot = move & 63
                    got = search(cards ^ 1 << slot, rank[slot], move >> 6)
                    if got < best:
                        best, pick = got, move
                        if best <= floor:
                            break
            value[key] = best
            choice[key] = pick
            return best

        self._search = search
        return search
