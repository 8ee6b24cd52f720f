"""A first line that leaves few cards in Golf's columns, found quickly: a beam search over the moves.

Every move plays one card, so the states ``d`` moves from the start all leave the same number of
cards: the search goes a move at a time and keeps, of the states one move further, the ``width`` most
promising (fewest stuck cards, :mod:`tripeaks.games.golf.stuck`, twice over, plus the stock index:
fewer cards drawn). The deepest it reaches is a line; on the first 100 lost Dead King Golf deals a
width of 64 finds the fewest cards left on 61 (`benchmarks/cards_left.py` times the whole search).
What it is for: a line that leaves as few as the least allowed ends the search at once, and otherwise
the exact search starts from a low bound.
"""

from __future__ import annotations

from collections.abc import Generator

from ...kit.last_pass.line import ADVANCE
from ...kit.last_pass.ranks import _BIT_INDEX
from ...kit.work import Pause, Work
from .layout import COLUMNS
from .reach import Moves
from .stuck import Bound

__all__ = ["WIDTH", "first_line"]

WIDTH = 64
"""The states kept a move."""

_Steps = tuple[object, tuple[int, ...]] | None
"""A line as a chain: (the line before, its last move's steps)."""


def first_line(
    moves: Moves, bound: Bound, cards: int, top: int, work: Work, width: int = WIDTH
) -> Generator[None, None, tuple[int, list[int]]]:
    """The fewest cards the beam's lines leave from (``cards``, no card drawn, ``top``), and the steps
    of one (layout slots, and ADVANCE for a draw); it yields when the work's time is up."""
    n, rank, onto, weight, first = moves.n, moves.rank, moves.onto, moves.weight, moves.first
    bit_index = _BIT_INDEX
    tick = work.tick
    left, line = cards.bit_count(), None
    # a state kept: (its promise, stock index, cards, top, rank flow's needs, its line)
    layer: list[tuple[int, int, int, int, int, _Steps]] = [(0, 0, cards, top, moves.packed(cards), None)]
    while True:
        found: dict[int, tuple[int, int, int, int, int, _Steps]] = {}
        for _, i, cards, top, packed, steps in layer:
            try:
                tick()
            except Pause:
                yield
            free = cards & ~(cards >> COLUMNS)
            plays = free & onto[top]
            todo = free
            while todo:
                low = todo & -todo
                todo ^= low
                s = bit_index[low % 37]
                k = i if plays & low else first[s][i]
                if k > n:
                    continue
                after, r = cards ^ low, rank[s]
                key = after << 4 | r
                there = found.get(key)
                if there is not None and there[1] <= k:
                    continue
                needs = packed - weight[s]
                promise = 2 * bound(after, k, r, needs) + k
                found[key] = (promise, k, after, r, needs, (steps, (ADVANCE,) * (k - i) + (s,)))
        if not found:
            break
        layer = sorted(found.values(), key=lambda state: state[:2])[:width]
        left, line = left - 1, layer[0][5]
    return left, _unchain(line)


def _unchain(line: _Steps) -> list[int]:
    parts: list[tuple[int, ...]] = []
    while line is not None:
        before, steps = line
        parts.append(steps)
        line = before  # type: ignore[assignment]  # a chain of the same shape
    return [step for steps in reversed(parts) for step in steps]
