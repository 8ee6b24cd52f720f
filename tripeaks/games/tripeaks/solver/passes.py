"""Searches with passes to come: the waste kept whole, unlimited passes as a cycle, and fewest advances.

While the waste will be turned over again, all of it is part of a state; when the last pass
comes, the search of kit/last_pass/ takes over.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Generator
from typing import TYPE_CHECKING

from ....base.layout import bits
from ....kit.last_pass.line import ADVANCE as _ADVANCE
from ....kit.last_pass.ranks import _neighbour_ranks, _rank_bits
from ....kit.last_pass.search import _last_pass
from .budget import _TICK, _GiveUp

if TYPE_CHECKING:
    from .memo import Memory


def _passes_to_come(
    solver: Memory,
    remaining: int,
    stock: tuple[int, ...],
    waste: tuple[int, ...],
    left: int,
    limit: int,
) -> list[int] | None:
    """Depth-first search while the waste will be turned over again: it is all state."""
    dead = solver._dead_multi
    spend = solver._spender(limit)
    path: list[int] = []

    def search(remaining: int, stock: tuple[int, ...], waste: tuple[int, ...], left: int) -> bool:
        if not remaining:
            return True
        if left == 0:
            sub = _last_pass(solver, remaining, waste[-1], stock, limit)
            if sub is None:
                return False
            path.extend(reversed(sub))
            return True
        key = (remaining, stock, waste, left)
        if key in dead:
            return False
        spend()
        ranks = solver.layout_ranks(remaining)
        avail = ranks | _rank_bits(stock) | _rank_bits(waste)
        if ranks & ~_neighbour_ranks(avail, solver.wrap):
            dead.add(key)
            return False
        plays = solver.layout.free(remaining) & solver.adjacent_slots[waste[-1]]
        for slot in bits(plays):
            if search(remaining ^ 1 << slot, stock, (*waste, solver.rank[slot]), left):
                path.append(slot)
                return True
        if stock:
            after = search(remaining, stock[1:], (*waste, stock[0]), left)
        else:
            after = search(remaining, waste[1:], waste[:1], left - 1)
        if after:
            path.append(_ADVANCE)
            return True
        dead.add(key)
        return False

    try:
        won = search(remaining, stock, waste, left)
    finally:
        search = None  # type: ignore[assignment]  # a reference cycle broken (see _last_pass)
    path.reverse()
    return path if won else None


def _unlimited(
    solver: Memory, remaining: int, cycle: tuple[int, ...], limit: int
) -> list[int] | None:
    """Depth-first over "advance k cards round the cycle, then play": acyclic, as each clears one."""
    dead = solver._dead_multi
    spend = solver._spender(limit)
    path: list[int] = []

    def search(remaining: int, cycle: tuple[int, ...]) -> bool:
        if not remaining:
            return True
        key = (remaining, cycle)
        if key in dead:
            return False
        spend()
        ranks = solver.layout_ranks(remaining)
        if ranks & ~_neighbour_ranks(ranks | _rank_bits(cycle), solver.wrap):
            dead.add(key)
            return False
        free = solver.layout.free(remaining)
        for k, top in enumerate(cycle):
            for slot in bits(free & solver.adjacent_slots[top]):
                after = (solver.rank[slot], *cycle[k + 1 :], *cycle[:k], top)
                if search(remaining ^ 1 << slot, after):
                    path.append(slot)
                    path.extend([_ADVANCE] * k)
                    return True
        dead.add(key)
        return False

    try:
        won = search(remaining, cycle)
    finally:
        search = None  # type: ignore[assignment]  # a reference cycle broken (see _last_pass)
    path.reverse()
    return path if won else None


def _fewest_unlimited(
    solver: Memory, remaining: int, cycle: tuple[int, ...]
) -> Generator[list[int] | None, None, list[int] | None]:
    """Fewest moves with unlimited passes: every winning line plays the same cards, and a move
    that advances k cards round the cycle (draws and resets alike) costs k. A line is found at
    once (see _unlimited), then a depth-first search again with a budget of one advance fewer
    than the best line found, until that is lost; what each search proved too few for a state
    is kept. Proving the last round lost can take more than any budget: a search that must pause
    yields the best line found so far, so that an answer that gives up still has one.
    """
    short = solver._short_unlimited
    dead = solver._dead_multi
    rank, adjacent, free_of, wrap = solver.rank, solver.adjacent_slots, solver.layout.free, solver.wrap
    while True:
        try:
            best = _unlimited(solver, remaining, cycle, solver.nodes + _TICK)
            break
        except _GiveUp:
            yield None
    if best is None:
        return None

    def search(remaining: int, cycle: tuple[int, ...], budget: int) -> bool:
        if not remaining:
            return True
        key = (remaining, cycle)
        if key in dead or short.get(key, -1) >= budget:
            return False
        spend()
        ranks = solver.layout_ranks(remaining)
        if ranks & ~_neighbour_ranks(ranks | _rank_bits(cycle), wrap):
            dead.add(key)
            return False
        free = free_of(remaining)
        for k in range(min(len(cycle), budget + 1)):
            top = cycle[k]
            for slot in bits(free & adjacent[top]):
                after = (rank[slot], *cycle[k + 1 :], *cycle[:k], top)
                if search(remaining ^ 1 << slot, after, budget - k):
                    path.append(slot)
                    path.extend([_ADVANCE] * k)
                    return True
        if budget > short.get(key, -1):
            short[key] = budget
        return False

    try:
        while True:
            allowed = best.count(_ADVANCE) - 1
            if allowed < 0:
                return best
            while True:
                path: list[int] = []
                spend = solver._spender(solver.nodes + _TICK)
                try:
                    won = search(remaining, cycle, allowed)
                    break
                except _GiveUp:
                    yield best  # the best so far: what was proved is kept, the next round goes further
            if not won:
                return best
            path.reverse()
            best = path
    finally:
        search = None  # type: ignore[assignment]  # a reference cycle broken (see _last_pass)


# Fewest moves with passes to come: 0-1 breadth first, plays cost nothing, draws and
# resets cost one (every winning line plays the same cards).
def _fewest_advances(
    solver: Memory, remaining: int, stock: tuple[int, ...], waste: tuple[int, ...], left: int | None
) -> Generator[list[int] | None, None, list[int] | None]:
    wrap = solver.wrap
    State = tuple[int, tuple[int, ...], tuple[int, ...], int]

    def key(state: State) -> tuple[object, ...]:
        remaining, stock, waste, left = state
        if left == 0:  # the waste below the top is gone for good
            return (remaining, stock, waste[-1])
        if left < 0:  # unlimited: only the cycle counts
            return (remaining, (waste[-1], *stock, *waste[:-1]))
        return state

    start: State = (remaining, stock, waste, -1 if left is None else left)
    distance: dict[tuple[object, ...], int] = {key(start): 0}
    parents: dict[tuple[object, ...], tuple[tuple[object, ...], int]] = {}
    done: set[tuple[object, ...]] = set()
    queue: deque[tuple[int, State]] = deque([(0, start)])
    while queue:
        cost, state = queue.popleft()
        here = key(state)
        if here in done:
            continue
        done.add(here)
        remaining, stock, waste, left = state
        if not remaining:
            path: list[int] = []
            while here in parents:
                here, step = parents[here]
                path.append(step)
            path.reverse()
            return path
        solver.nodes += 1
        if not solver.nodes % _TICK and solver._due(solver.nodes):
            yield None
        ranks = solver.layout_ranks(remaining)
        pool = _rank_bits(stock) | (_rank_bits(waste) if left != 0 else 1 << waste[-1])
        if ranks & ~_neighbour_ranks(ranks | pool, wrap):
            continue
        steps: list[tuple[int, State, int]] = [
            (0, (remaining ^ 1 << slot, stock, (*waste, solver.rank[slot]), left), slot)
            for slot in bits(solver.layout.free(remaining) & solver.adjacent_slots[waste[-1]])
        ]
        if stock:
            steps.append((1, (remaining, stock[1:], (*waste, stock[0]), left), _ADVANCE))
        elif left != 0 and len(waste) > 1:
            again = left - 1 if left > 0 else left
            steps.append((1, (remaining, waste[1:], waste[:1], again), _ADVANCE))
        for extra, after, step in steps:
            there = key(after)
            if cost + extra < distance.get(there, 1 << 30):
                distance[there] = cost + extra
                parents[there] = (here, step)
                if extra:
                    queue.append((cost + 1, after))
                else:
                    queue.appendleft((cost, after))
    return None
