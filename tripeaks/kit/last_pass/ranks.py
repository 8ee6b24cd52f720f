"""Rank bit tables: a slot's index from its bit, the rank flow's steps.

A set of ranks is a mask with bit ``r`` for rank ``r`` (1 to 13); the rank flow depends on the
relation of ranks alone (:mod:`tripeaks.kit.adjacency`), so it is made once for each.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..adjacency import Adjacency

_RANKS = 0x3FFE  # bits 1..13: one per rank
_FIELD = 8  # bits per rank-flow need in a packed integer (a byte), the top one a guard
_BIAS = 64  # a need of 0 in its field
_MASK = (1 << _FIELD) - 1
# _BIT_INDEX[(1 << b) % 37] is b for every b < 36 (the powers of 2 differ modulo 37): a slot's
# index from its bit by one list lookup, for layouts of up to 36 slots (Golf's has 35).
# int.bit_length() is a method call, which costs about as much in CPython but twice as much in
# Pyodide (WebAssembly).
_BIT_INDEX = [0] * 37
for _b in range(36):
    _BIT_INDEX[(1 << _b) % 37] = _b
del _b


def _neighbour_ranks(ranks: int, wrap: bool) -> int:
    """The rank bits one away from any rank in ``ranks``."""
    near = ((ranks << 1) | (ranks >> 1)) & _RANKS
    if wrap:
        if ranks & (1 << 13):
            near |= 1 << 1
        if ranks & (1 << 1):
            near |= 1 << 13
    return near


def _ranks_of(mask: int) -> tuple[int, ...]:
    """The ranks in a mask of rank bits, lowest first."""
    return tuple(r for r in range(14) if mask >> r & 1)


def _rank_bits(ranks: tuple[int, ...] | list[int]) -> int:
    out = 0
    for r in ranks:
        out |= 1 << r
    return out


@dataclass(frozen=True, slots=True)
class _Flow:
    """The rank flow's runs of demand ranks, each step a field of a packed integer.

    The need of a step (layout cards of its demand ranks less layout cards of the supply
    ranks next to them) is a sum over the cards left, so a set of cards keeps every need
    in one integer, ``_FIELD`` bits per step, updated by one subtraction per card played:
    ``weight_of_rank[r]`` is what a card of rank ``r`` adds. ``base`` is every need at 0,
    ``add`` and ``guard`` turn the needs above 0 into guard bits.
    """

    step_ranks: tuple[int, ...]  # the supply ranks of each step
    step_lists: tuple[tuple[int, ...], ...]  # the same as lists of ranks
    weight_of_rank: tuple[int, ...]
    base: int
    add: int
    guard: int


def _make_flow(adjacency: Adjacency) -> _Flow:
    """The steps of the rank flow: runs of one or two ranks along a chain where next ranks share a
    rank next to both (1, 3, ..., 13 with wrap then 2, 4, ..., 12), each with its supply, the ranks
    its cards may follow."""
    if adjacency.wrap:
        cycle = [1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10, 12]
        arcs = [[cycle[a], cycle[(a + 1) % 13]] for a in range(13)]
    else:
        arcs = [list(range(a, 14, 2))[:2] for a in range(1, 14)]
    near = adjacency.under
    weight_of_rank = [0] * 14
    step_ranks: list[int] = []
    for arc in arcs:
        demand = supply = 0
        for r in arc:
            demand |= 1 << r
            supply |= near[r]
            for q in range(1, 14):
                w = (demand >> q & 1) - (supply >> q & 1)
                weight_of_rank[q] += w << (_FIELD * len(step_ranks))
            step_ranks.append(supply)
    fields = range(len(step_ranks))
    return _Flow(
        tuple(step_ranks),
        tuple(_ranks_of(ranks) for ranks in step_ranks),
        tuple(weight_of_rank),
        sum(_BIAS << (_FIELD * f) for f in fields),
        sum((_BIAS - 1) << (_FIELD * f) for f in fields),
        sum(1 << (_FIELD * f + _FIELD - 1) for f in fields),
    )


_FLOWS: dict[Adjacency, _Flow] = {}


def _flow_of(adjacency: Adjacency) -> _Flow:
    """The rank flow of a relation of ranks, the same for every deal: made once."""
    flow = _FLOWS.get(adjacency)
    if flow is None:
        flow = _FLOWS[adjacency] = _make_flow(adjacency)
    return flow
