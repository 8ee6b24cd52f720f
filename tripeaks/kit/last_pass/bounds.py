"""The last pass's counting bounds: a pass's cells, one per set of cards met, with what the bounds say.

The bounds (isolated cards with deadlines, rank flow) are worked out as stock-index thresholds
by :func:`_make_pass`, once per stock; the searches of search.py read and fill in the cells.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .ranks import _BIAS, _BIT_INDEX, _FIELD, _MASK, _RANKS

if TYPE_CHECKING:
    from .tables import Tables


class _Part:
    """One part of a bound: ``tops[t]`` the stock index from which it says a state with top
    ``t`` is lost (one more than the last index it allows with ``t`` as a wildcard), ``tops[0]``
    the same with no wildcard, the least of them; ``wild`` the tops for which it may say so
    later than ``tops[0]`` (any other top is no help to it); ``number`` tells parts apart in a
    small integer.
    """

    __slots__ = ("number", "tops", "wild")

    def __init__(self, number: int, tops: list[int], wild: list[int]) -> None:
        self.number = number
        self.tops = tops
        self.wild = wild


def _tops(limit: int, conds: list[tuple[int, int, int]]) -> tuple[list[int], list[int]]:
    """A part's ``tops`` and ``wild`` from its conditions (at least one): (stock ranks,
    threshold, threshold with the top as a wildcard); ``limit``, the stock's length, is the
    latest index any part allows."""
    # A top changes the limit only if it is a wildcard for every condition at the limit
    # (a wildcard never makes a threshold earlier).
    common = _RANKS
    for ranks, bare, _ in conds:
        if bare < limit:
            limit = bare
            common = ranks
        elif bare == limit:
            common &= ranks
    tops = [limit + 1] * 14
    wild = []
    while common:
        low = common & -common
        common ^= low
        top = _BIT_INDEX[low % 37]
        best = 1 << 30  # above every threshold
        for ranks, bare, topped in conds:
            if ranks & low:
                if topped < best:
                    best = topped
            elif bare < best:
                best = bare
        tops[top] = best + 1
        wild.append(top)
    return tops, wild


# A set of cards in the last pass through one stock: a cell, the list
#   [lost 0, lost 1, ..., lost 13, after_draw, free, drawn, isolated, packed]
# after_draw: the stock index from which a state just after a draw is lost by the bounds;
# free: the free cards; drawn: the stock index from which it is proved lost just after a draw;
# isolated: the isolated cards; packed: the rank-flow needs, packed in fields;
# lost t (at t): the earliest stock index from which the state with top t is lost, by
#   the bounds or proved so; lost 0 the same for every top that allows no play (they all draw).
# A list and not an object with named fields: half a million cells made through __init__ cost
# a search 3% of its time.
_Cell = list[Any]


class _At:
    """Where a cell keeps its fields after lost 0 to 13 (lost t is ``cell[t]``).

    A function whose nested function reads cells binds the fields it reads to locals of its
    own (``FREE = _At.FREE``), which the nested function reads as closure cells. Neither they
    nor a module's names cost what a literal index does (CPython 3.11, by callgrind: a closure
    cell about 15 instructions more a read and 17 more a call, a module's name about 29 more a
    read, dearer here), and in the searches' hottest loop that adds up, about 0.7% of Strict's
    instructions. Two things win back about half: lost t comes first, at ``t``, where a lookup
    by top needs no addition and no name, and a new cell is made from its fields in order.
    """

    AFTER_DRAW, FREE, DRAWN, ISOLATED, PACKED = range(14, 19)


@dataclass(slots=True)
class _Pass:
    """The last pass through one stock: the cells of the sets of cards met, with what was
    proved about them, by cards (small integers: no stock number in them, so their hashing
    and bit operations stay on CPython's fast path).
    """

    cells: dict[int, _Cell]
    inherited: dict[int, int]  # proved lost just after a draw with a longer stock, by cards
    cell: Callable[[int, int, _Cell | None], _Cell]
    # ``one rank from r`` here and below: a stock card that a card of rank r goes on (see kit/adjacency.py)
    lastadj: list[list[int]]  # [r][u]: the latest k <= u with stock[k-1] one rank from r (0 if none)
    nextadj: list[list[int]]  # [r][i]: the first k > i with stock[k-1] one rank from r (n + 1 if none)


def _make_pass(solver: Tables, stock: tuple[int, ...]) -> _Pass:
    """Per stock: what cards left can still need, as stock-index thresholds.

    ``cell(cards, parent)`` is the cell of a set of cards (see _Cell), with the bounds'
    thresholds: ``after_draw``, a state just after drawing up to index ``k`` is lost when
    ``k >= after_draw``; ``lost top`` (1-13), the state (cards, top, i) is lost when
    ``i >= lost top``, and ``lost 0`` the same for a top that allows no play.

    Isolated cards with deadlines. A card none of whose layout supporters is left
    (isolated) must be played straight after a stock card one rank away (at the index that
    draw made) or straight onto the present top. Cards lying on a card are played before
    it, at an index no later; an isolated card lying on another isolated card followed a
    different stock card, drawn earlier, so at a strictly earlier index. Hence, from the
    bottom of the layout up, a latest index (deadline) for every isolated card: the last
    stock card one rank away before the earliest deadline of an isolated card beneath it,
    less one. These deadlines assume stock supporters; the present top can serve one
    card, any: a wildcard that relaxes each condition by one (a card it serves is free, so
    nothing lies on it and its deadline constrains no other card). Hall's condition for a
    set S of isolated cards: the stock cards after index i, at or before the latest
    deadline in S, with a rank next to a rank in S, plus the wildcard, number at least
    |S|. It is checked for the j cards of one rank with the earliest deadlines, and the j
    isolated cards with the earliest deadlines. Each condition, once failed, fails for
    every later i (fewer stock cards left): its threshold is kept.

    The rank flow: every layout card left needs a card one rank away played or drawn
    just before it (a layout card, a stock card after i, or the present top), and each
    card comes just before at most one card. Hall's condition for the layout cards of a
    set of ranks (runs of one or two ranks along the chain 1, 3, ..., 13, 2, 4, ..., 12
    where next ranks share a rank next to both) is again a count of stock cards after i
    of the ranks next to them, plus the wildcard top.
    """
    n = len(stock)
    rank = solver.rank
    beneath = solver.layout.beneath
    # near[r]: the ranks a card of rank r goes on (near_ranks[r] as a tuple): the stock cards it may follow
    near = solver.adjacency.under
    near_ranks = solver.adjacency.under_ranks
    where_rank: list[list[int]] = [[] for _ in range(14)]  # the indices k (from 1) of each rank
    for k, r in enumerate(stock, 1):
        where_rank[r].append(k)
    # Filled a run of indices at a time, between the stock cards one rank away
    lastadj = [[0] * (n + 1)]
    nextadj = [[n + 1] * (n + 1)]
    for r in range(1, 14):
        last = [0] * (n + 1)
        after = [n + 1] * (n + 1)
        prev = 0
        for k in sorted([k for q in near_ranks[r] for k in where_rank[q]]):
            last[prev:k] = [prev] * (k - prev)
            after[prev:k] = [k] * (k - prev)
            prev = k
        last[prev:] = [prev] * (n + 1 - prev)
        lastadj.append(last)
        nextadj.append(after)
    # tables[ranks]: (counts, where): where, the indices k (from 1) of the stock cards of
    # ``ranks``, in order; counts[k], how many of them are at k or before
    tables: dict[int, tuple[list[int], list[int]]] = {}

    def table(ranks: int) -> tuple[list[int], list[int]]:
        where = [k for k, r in enumerate(stock, 1) if ranks >> r & 1]
        counts = [0] * (n + 1)
        prev = 0
        for c, k in enumerate(where):
            counts[prev:k] = [c] * (k - prev)
            prev = k
        counts[prev:] = [len(where)] * (n + 1 - prev)
        found = tables[ranks] = (counts, where)
        return found

    step_ranks = solver.flow.step_ranks
    # step_conds[f][b]: the condition of step f when its need's byte is b (need b - _BIAS > 0):
    # (ranks, the last index i from which the stock after i holds ``need`` cards of the
    # step's ranks (-1 if none), the same for need - 1)
    step_conds: list[list[tuple[int, int, int]]] = []
    most = solver.layout.size + 1  # no need is more than the cards of the layout
    unused = (0, n, n)
    for ranks, rank_list in zip(step_ranks, solver.flow.step_lists, strict=True):
        thr = [n, *sorted([k - 1 for q in rank_list for k in where_rank[q]], reverse=True), -1]
        have = len(thr) - 2  # the stock cards of the step's ranks
        conds = [(ranks, thr[need], thr[need - 1]) for need in range(1, have + 2)]
        step_conds.append([unused] * (_BIAS + 1) + conds + [(ranks, -1, -1)] * (most - have - 1))
    field_add, field_guard = solver.flow.add, solver.flow.guard
    spread = _FIELD - 1
    cells: dict[int, _Cell] = {}
    # the bounds of a pair of parts, by their numbers: the start of a cell (see _Cell), lost 0
    # to 13 and after_draw (one more than lost 0), nothing proved; every cell with that pair
    # starts with them, followed by its own fields
    bounds_of: dict[int, list[int]] = {}
    inherited: dict[int, int] = {}  # proved lost after a draw with a longer stock
    never = n + 1
    # The bounds of isolated cards depend on the isolated cards alone, and those of the
    # rank flow on the needs that are short alone: each part is worked out once.
    isolated_parts: dict[int, _Part] = {}
    flow_parts: dict[int, _Part] = {}  # by the needs that are short
    flow_of: dict[int, _Part] = {}  # by all the needs
    no_part = _Part(0, [n + 1] * 14, [])

    # Parts that say the same for every top are one part (18,462 flow parts made on every 10th
    # Strict deal say only 3,222 different things), so their pairs' bounds are shared.
    by_tops: dict[tuple[int, ...], _Part] = {}

    def new_part(conds: list[tuple[int, int, int]]) -> _Part:
        tops, wild = _tops(n, conds)
        key = tuple(tops)
        part = by_tops.get(key)
        if part is None:
            part = by_tops[key] = _Part(len(by_tops) + 1, tops, wild)
        return part

    def isolated_part(todo: int) -> _Part:
        isolated: list[tuple[int, int]] = []  # (deadline, rank), deepest first
        slots: list[int] = []
        while todo:
            low = todo & -todo
            todo ^= low
            s = low.bit_length() - 1
            r = rank[s]
            cap = n
            under = beneath[s]
            for x, below in zip(slots, isolated, strict=True):
                if under >> x & 1 and below[0] <= cap:
                    cap = below[0] - 1
            isolated.append((lastadj[r][cap] if cap > 0 else 0, r))
            slots.append(s)
        # Hall's conditions: (ranks, threshold, threshold with the top); the threshold is the
        # last index i from which the stock in (i, deadline] holds the ``need`` cards of ranks
        # (where[c - need] - 1 of the c in (0, deadline]), -1 if it holds fewer
        conds: list[tuple[int, int, int]] = []
        isolated.sort()
        by_rank = [0] * 14
        union = 0
        for j, (d, r) in enumerate(isolated, 1):
            m = by_rank[r] = by_rank[r] + 1
            ranks = near[r]
            counts, where = tables.get(ranks) or table(ranks)
            c = counts[d]
            bare = where[c - m] - 1 if m <= c else -1
            conds.append((ranks, bare, (where[c - m + 1] - 1 if m <= c + 1 else -1) if m > 1 else n))
            union |= ranks
            if j > m:
                counts, where = tables.get(union) or table(union)
                c = counts[d]
                bare = where[c - j] - 1 if j <= c else -1
                conds.append((union, bare, where[c - j + 1] - 1 if j <= c + 1 else -1))
        return new_part(conds)

    steps = len(step_ranks)

    def flow_part(packed: int, short: int) -> _Part:
        conds: list[tuple[int, int, int]] = []
        needs = packed.to_bytes(steps, "little")  # a byte per step
        guards = short.to_bytes(steps, "little")  # 0x80 where the need is above 0
        f = guards.find(0x80)
        while f >= 0:
            conds.append(step_conds[f][needs[f]])
            f = guards.find(0x80, f + 1)
        return new_part(conds)

    layout = solver.layout
    support, dependants, weight = solver.support, solver.dependants, solver.weight
    uncovering, isolating = layout.uncovering, solver.isolating
    bit_index = _BIT_INDEX
    field_base = solver.flow.base
    FREE, ISOLATED, PACKED = _At.FREE, _At.ISOLATED, _At.PACKED  # see _At

    def cell(cards: int, slot: int, known: _Cell | None) -> _Cell:
        """The cell of ``cards``, worked out from ``known`` if given: the cell of the same
        cards and the one in ``slot``."""
        if known is None:
            free = layout.free(cards)
            isolated = 0
            packed = field_base
            todo = cards
            while todo:
                low = todo & -todo
                todo ^= low
                s = low.bit_length() - 1
                if not support[s] & cards:
                    isolated |= low
                packed += weight[s]
        else:
            low = 1 << slot
            near, freed = uncovering[slot]
            free = known[FREE] ^ low | freed[cards & near]
            around, table = isolating[slot]
            beside = cards & around
            newly = table.get(beside)
            if newly is None:
                newly = 0
                todo = dependants[slot] & cards
                while todo:
                    low2 = todo & -todo
                    todo ^= low2
                    if not support[bit_index[low2 % 37]] & cards:
                        newly |= low2
                table[beside] = newly
            isolated = known[ISOLATED] & ~low | newly
            packed = known[PACKED] - weight[slot]
        if isolated:
            part = isolated_parts.get(isolated)
            if part is None:
                part = isolated_parts[isolated] = isolated_part(isolated)
        else:
            part = no_part
        flow = flow_of.get(packed)
        if flow is None:
            short = (packed + field_add) & field_guard
            if short:
                key = packed & (short >> spread) * _MASK
                flow = flow_parts.get(key)
                if flow is None:
                    flow = flow_parts[key] = flow_part(packed, short)
            else:
                flow = no_part
            flow_of[packed] = flow
        pair = part.number << 24 | flow.number
        bounds = bounds_of.get(pair)
        if bounds is None:
            # lost t: the first index from which either part says lost with top t. Just
            # after drawing to k the top is stock[k - 1]: the state of index k - 1 with no
            # wildcard, lost from k - 1 >= lost 0 on. A top that allows no play must be
            # drawn on: from lost 0 on, that is lost. Where the part with the earlier
            # lost 0 has no wildcard, the other part's lost t is no earlier.
            low_part, high = (part, flow) if part.tops[0] <= flow.tops[0] else (flow, part)
            bounds = low_part.tops.copy()
            others = high.tops
            for t in low_part.wild:
                if others[t] < bounds[t]:
                    bounds[t] = others[t]
            bounds.append(bounds[0] + 1)  # after_draw
            bounds_of[pair] = bounds
        drawn = inherited.get(cards, never) if inherited else never
        # the fields in their order (see _At), with no index to look up
        found = [*bounds, free, drawn, isolated, packed]
        cells[cards] = found
        return found

    return _Pass(cells, inherited, cell, lastadj, nextadj)

