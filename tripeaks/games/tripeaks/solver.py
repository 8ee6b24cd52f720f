"""TriPeaks' exact solver: can the layout still be cleared from a position, and how.

The solver knows every card, face-down and stock included. Suits play no part in the rules,
so it works on ranks: a state is the set of layout cards left (a 28-bit mask), the waste top's
rank, and what is left of the stock (and, while the waste can still be turned over, the waste).

Three searches share one :class:`Solver`:

* the last pass through the stock: depth-first over (cards left, top, stock left). What it
  remembers, across calls, is for each (cards, top) the earliest stock index from which it is
  proved lost, worked out as a value from the branches (not just "lost from where it was
  asked"), and for each set of cards the same just after a draw. A draw is taken as "draw up
  to the first stock card one away from a free card, then play it". Every top that allows no
  play shares what was proved, as such a state can only be drawn on. States are cut by index
  thresholds from counting bounds (isolated cards with deadlines, rank flow); the bounds
  depend on the isolated cards alone and on the short rank-flow needs alone, so each is
  worked out once per distinct set of those, for every top at once; a set of cards' free and
  isolated cards and needs come from its parent's, by one card, and are kept in one cell per
  set of cards with, for each top, the earliest index from which lost: by the bounds until
  more is proved, so one look tells both;
* passes still to come (2 or 3 passes): the same, keeping the whole waste in the state;
* unlimited passes: the waste and stock form a cycle that draws and resets walk round, so a
  move is "advance k cards, then play": every move clears a card and the search is acyclic.

Fewest moves: every winning line plays the same cards, so the fewest moves are the fewest
draws and resets. In the last pass, the depth-first search again with the stock cut one card
shorter than the best line found, until that is lost; with passes to come, a 0-1
breadth-first search.

A work budget (nodes and seconds) bounds every search; a search that runs out answers
``gave_up`` and keeps what it proved, so asking again goes further.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any

from ...layout import bits
from ...moves import DRAW, RESET, Move
from ...position import Status
from ...solving import DEFAULT_BUDGET, Result, Solution, collector_paused
from .play import TriPeaksPosition as Position
from .rules import Rules

__all__ = ["Solver"]

_RANKS = 0x3FFE  # bits 1..13: one per rank
_ADVANCE = -1  # a draw or a reset, in a path of slots
_TICK = 512  # states between looks at the budget and the clock: a few milliseconds
_FIELD = 8  # bits per rank-flow need in a packed integer (a byte), the top one a guard
_BIAS = 64  # a need of 0 in its field
_MASK = (1 << _FIELD) - 1
# _BIT_INDEX[(1 << b) % 37] is b for every b < 36 (the powers of 2 differ modulo 37): a slot's
# index from its bit by one list lookup. int.bit_length() is a method call, which costs about
# as much in CPython but twice as much in Pyodide (WebAssembly).
_BIT_INDEX = [0] * 37
for _b in range(36):
    _BIT_INDEX[(1 << _b) % 37] = _b
del _b


class _GiveUp(Exception):
    pass


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
#   [after_draw, free, drawn, isolated, packed, lost 0, lost 1, ..., lost 13]
# after_draw: the stock index from which a state just after a draw is lost by the bounds;
# free: the free cards; drawn: the stock index from which it is proved lost just after a draw;
# isolated: the isolated cards; packed: the rank-flow needs, packed in fields;
# lost t (at 5 + t): the earliest stock index from which the state with top t is lost, by
#   the bounds or proved so; lost 0 the same for every top that allows no play (they all draw).
# A list and not an object with named fields: half a million cells made through __init__ cost
# a search 3% of its time.
_Cell = list[Any]


@dataclass(slots=True)
class _Pass:
    """The last pass through one stock: the cells of the sets of cards met, with what was
    proved about them, by cards (small integers: no stock number in them, so their hashing
    and bit operations stay on CPython's fast path).
    """

    cells: dict[int, _Cell]
    inherited: dict[int, int]  # proved lost just after a draw with a longer stock, by cards
    cell: Callable[[int, int, _Cell | None], _Cell]
    lastadj: list[list[int]]  # [r][u]: the latest k <= u with stock[k-1] one rank from r (0 if none)
    nextadj: list[list[int]]  # [r][i]: the first k > i with stock[k-1] one rank from r (n + 1 if none)


def _neighbour_ranks(ranks: int, wrap: bool) -> int:
    """The rank bits one away from any rank in ``ranks``."""
    near = ((ranks << 1) | (ranks >> 1)) & _RANKS
    if wrap:
        if ranks & (1 << 13):
            near |= 1 << 1
        if ranks & (1 << 1):
            near |= 1 << 13
    return near


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


def _make_flow(wrap: bool) -> _Flow:
    if wrap:
        cycle = [1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10, 12]
        arcs = [[cycle[a], cycle[(a + 1) % 13]] for a in range(13)]
    else:
        arcs = [list(range(a, 14, 2))[:2] for a in range(1, 14)]
    near = _NEAR_MASK[wrap]
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
        tuple(tuple(bits(ranks)) for ranks in step_ranks),
        tuple(weight_of_rank),
        sum(_BIAS << (_FIELD * f) for f in fields),
        sum((_BIAS - 1) << (_FIELD * f) for f in fields),
        sum(1 << (_FIELD * f + _FIELD - 1) for f in fields),
    )


# _NEAR_MASK[wrap][r]: the rank bits one away from r; _NEAR[wrap][r]: the same ranks listed
_NEAR_MASK = {wrap: [_neighbour_ranks(1 << r, wrap) if r else 0 for r in range(14)] for wrap in (False, True)}
_NEAR = {wrap: [tuple(bits(mask)) for mask in masks] for wrap, masks in _NEAR_MASK.items()}
_FLOWS = {wrap: _make_flow(wrap) for wrap in (False, True)}  # the same for every deal


class Solver:
    """Solves positions of one deal under one set of rules, remembering what it proved.

    Keep one per game: a hint that walks back through the game's history reuses every
    position already proved hopeless, and a search cut short by its budget carries on
    where it stopped when the same position is asked about again.
    """

    def __init__(self, position: Position) -> None:
        """A solver for the deal ``position`` belongs to, under its rules (it reads the cards in
        every slot)."""
        rules: Rules = position.rules
        layout = position.layout
        self.rules = rules
        self.layout = layout
        self.wrap = rules.wrap
        self.rank = [c.rank if c is not None else 0 for c in position.cards]
        slots_of_rank = [0] * 14
        for s, r in enumerate(self.rank):
            slots_of_rank[r] |= 1 << s
        self.adjacent_slots = [0] * 14
        for t, near in enumerate(_NEAR[self.wrap]):
            for r in near:
                self.adjacent_slots[t] |= slots_of_rank[r]
        # support[s]: the layout cards that could be played just before the card in slot s:
        # one rank away, not under it, and not on it with other cards in between.
        self.support = [
            self.adjacent_slots[r] & ~layout.beneath[s] & ~(layout.above[s] & ~layout.covered_by[s])
            if r
            else 0
            for s, r in enumerate(self.rank)
        ]
        size = layout.size
        # dependants[s]: the cards s supports; a card whose last supporter goes is isolated
        self.dependants = [0] * size
        for t, supporters in enumerate(self.support):
            while supporters:
                low = supporters & -supporters
                supporters ^= low
                self.dependants[_BIT_INDEX[low % 37]] |= 1 << t
        # isolating[s]: (around, table): ``around`` is the mask of the slots that decide which
        # cards taking the card in s leaves with no supporter (its dependants and their
        # supporters), and ``table[cards & around]``, filled as met, those it leaves so.
        self.isolating: list[tuple[int, dict[int, int]]] = []
        for s in range(size):
            around = todo = self.dependants[s]
            while todo:
                low = todo & -todo
                todo ^= low
                around |= self.support[_BIT_INDEX[low % 37]]
            self.isolating.append((around & ~(1 << s), {}))
        self.flow = _FLOWS[rules.wrap]
        self.weight = [self.flow.weight_of_rank[r] for r in self.rank]
        self._layout_ranks: dict[int, int] = {}
        self._bases: dict[tuple[int, ...], int] = {}
        self._base_stock: list[tuple[int, ...]] = []
        self._passes: dict[int, _Pass] = {}  # the last pass through each known stock
        self._dead_multi: set[tuple[object, ...]] = set()  # states with passes still to come
        self._pending: dict[tuple[object, ...], Iterator[None]] = {}
        self._known: dict[tuple[object, ...], Solution] = {}
        self._base(tuple(c.rank for c in position.stock))
        self.nodes = 0
        # When the search under way must pause: the states it may reach, and the time (see _due)
        self._stop_nodes = 1 << 62
        self._stop_time: float | None = None

    # Shared helpers

    def layout_ranks(self, remaining: int) -> int:
        ranks = self._layout_ranks.get(remaining)
        if ranks is None:
            ranks = 0
            for s in bits(remaining):
                ranks |= 1 << self.rank[s]
            self._layout_ranks[remaining] = ranks
        return ranks

    def _base(self, stock: tuple[int, ...]) -> tuple[int, int]:
        """A known stock that ``stock`` is the tail of, and how far into it it starts.

        Positions of one pass share their stock's tail, so they share what was proved.
        """
        for base, bid in self._bases.items():
            offset = len(base) - len(stock)
            if offset >= 0 and base[offset:] == stock:
                return bid, offset
        bid = len(self._bases)
        self._bases[stock] = bid
        self._base_stock.append(stock)
        return bid, 0

    def _due(self, nodes: int) -> bool:
        """Whether the search must pause: its budget of states spent, or its time up.

        The searches look every _TICK states and only then give up (raise _GiveUp): a depth-first
        search that gives up starts again from the top when resumed, redoing the walk down to where
        it was (what it proved is kept), so it pauses only when it has to.
        """
        if nodes >= self._stop_nodes:
            return True
        return self._stop_time is not None and time.perf_counter() > self._stop_time

    def _spender(self, limit: int) -> Callable[[], None]:
        look = limit  # when to look at the budget and the clock next

        def spend() -> None:
            nonlocal look
            self.nodes += 1
            if self.nodes > look:
                if self._due(self.nodes):
                    raise _GiveUp
                look = self.nodes + _TICK

        return spend

    # Entry point

    def solve(
        self,
        position: Position,
        *,
        budget: int | None = DEFAULT_BUDGET,
        seconds: float | None = None,
        shortest: bool = False,
    ) -> Solution:
        """Whether ``position`` can still be won, with a winning line when it can.

        ``budget`` caps the states examined and ``seconds`` the time; when either runs out
        the answer is ``gave_up``, and asking again about the same position carries on.
        """
        started = time.perf_counter()
        status = position.status()
        if status is not Status.PLAYING:
            result = Result.WON if status is Status.WON else Result.LOST
            return Solution(result, (), 0, time.perf_counter() - started)
        if not position.waste:
            return self._first_play(position, budget, seconds, shortest, started)
        key = (position.remaining, position.stock, position.waste, position.resets, shortest)
        known = self._known.get(key)
        if known is not None:
            return Solution(known.result, known.moves, 0, time.perf_counter() - started)
        search = self._pending.pop(key, None) or self._search(position, shortest)
        first = self.nodes
        self._stop_nodes = first + (budget if budget is not None else 1 << 62)
        self._stop_time = started + seconds if seconds is not None else None
        path: list[int] | None = None
        while True:
            try:
                with collector_paused():
                    next(search)
            except StopIteration as stop:
                path = stop.value
                break
            if self._due(self.nodes):
                self._pending[key] = search
                return Solution(Result.GAVE_UP, (), self.nodes - first, time.perf_counter() - started)
        elapsed = time.perf_counter() - started
        if path is None:
            answer = Solution(Result.LOST, (), self.nodes - first, elapsed)
        else:
            answer = Solution(Result.WON, self._moves(position, path), self.nodes - first, elapsed)
        self._known[key] = answer
        return answer

    def _first_play(
        self, position: Position, budget: int | None, seconds: float | None, shortest: bool, started: float
    ) -> Solution:
        """An empty waste (the empty-waste option's start): any free card may go first, so each
        first move is a position of the usual kind, solved in turn. Won by the first won (the
        fewest moves of them all with ``shortest``), lost when every one is lost."""
        first = self.nodes
        best: tuple[Move, ...] | None = None
        for move in position.legal_moves():
            spent = self.nodes - first
            left = None if seconds is None else max(seconds - (time.perf_counter() - started), 0.0)
            answer = self.solve(
                position.after(move), budget=None if budget is None else max(budget - spent, 1),
                seconds=left, shortest=shortest,
            )
            if answer.result is Result.GAVE_UP:
                return Solution(Result.GAVE_UP, (), self.nodes - first, time.perf_counter() - started)
            if answer.won and (best is None or len(answer.moves) + 1 < len(best)):
                best = (move, *answer.moves)
                if not shortest:
                    break
        result = Result.LOST if best is None else Result.WON
        return Solution(result, best or (), self.nodes - first, time.perf_counter() - started)

    def _moves(self, position: Position, path: list[int]) -> tuple[Move, ...]:
        """Turn a path of slots and advances into moves, each checked by the rules themselves."""
        moves = []
        for step in path:
            if step == _ADVANCE:
                move = DRAW if position.stock else RESET
            else:
                card = position.cards[step]
                assert card is not None
                move = Move.play(card)
            position = position.after(move)
            moves.append(move)
        return tuple(moves)

    def _search(self, position: Position, shortest: bool) -> Generator[None, None, list[int] | None]:
        """The search for one position, pausing when its budget or time runs out (see _due)."""
        remaining = position.remaining
        stock = tuple(c.rank for c in position.stock)
        waste = tuple(c.rank for c in position.waste)
        left = None if self.rules.resets is None else self.rules.resets - position.resets
        if shortest:
            if left == 0:
                return (yield from self._fewest_draws(remaining, waste[-1], stock))
            return (yield from self._fewest_advances(remaining, stock, waste, left))
        while True:
            try:
                if left == 0:
                    return self._last_pass(remaining, waste[-1], stock, self.nodes + _TICK)
                if left is None:
                    cycle = (waste[-1], *stock, *waste[:-1])
                    return self._unlimited(remaining, cycle, self.nodes + _TICK)
                return self._passes_to_come(remaining, stock, waste, left, self.nodes + _TICK)
            except _GiveUp:
                yield  # what was proved is kept: the next round goes further

    # The last pass

    def _pass_of(self, bid: int) -> _Pass:
        """The last pass through the stock ``bid``: its cells and what was proved."""
        found = self._passes.get(bid)
        if found is None:
            found = self._passes[bid] = self._make_pass(bid)
        return found

    def _make_pass(self, bid: int) -> _Pass:
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
        stock = self._base_stock[bid]
        n = len(stock)
        wrap = self.wrap
        rank = self.rank
        beneath = self.layout.beneath
        near = _NEAR_MASK[wrap]
        near_ranks = _NEAR[wrap]
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

        step_ranks = self.flow.step_ranks
        # step_conds[f][b]: the condition of step f when its need's byte is b (need b - _BIAS > 0):
        # (ranks, the last index i from which the stock after i holds ``need`` cards of the
        # step's ranks (-1 if none), the same for need - 1)
        step_conds: list[list[tuple[int, int, int]]] = []
        most = self.layout.size + 1  # no need is more than the cards of the layout
        unused = (0, n, n)
        for ranks, rank_list in zip(step_ranks, self.flow.step_lists, strict=True):
            thr = [n, *sorted([k - 1 for q in rank_list for k in where_rank[q]], reverse=True), -1]
            have = len(thr) - 2  # the stock cards of the step's ranks
            conds = [(ranks, thr[need], thr[need - 1]) for need in range(1, have + 2)]
            step_conds.append([unused] * (_BIAS + 1) + conds + [(ranks, -1, -1)] * (most - have - 1))
        field_add, field_guard = self.flow.add, self.flow.guard
        spread = _FIELD - 1
        cells: dict[int, _Cell] = {}
        # the bounds of a pair of parts, by their numbers: a cell as it starts (see _Cell) with
        # after_draw and lost 0 to 13 filled in (after_draw is one more than lost 0), nothing
        # proved, and the rest to fill; every cell with that pair starts as a copy of it
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

        layout = self.layout
        support, dependants, weight = self.support, self.dependants, self.weight
        uncovering, isolating = layout.uncovering, self.isolating
        bit_index = _BIT_INDEX
        field_base = self.flow.base

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
                free = known[1] ^ low | freed[cards & near]
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
                isolated = known[3] & ~low | newly
                packed = known[4] - weight[slot]
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
                bounds = bounds_of[pair] = [bounds[0] + 1, 0, never, 0, 0, *bounds]
            found = bounds.copy()
            found[1] = free
            found[3] = isolated
            found[4] = packed
            if inherited:
                found[2] = inherited.get(cards, never)
            cells[cards] = found
            return found

        return _Pass(cells, inherited, cell, lastadj, nextadj)

    def _last_pass(self, remaining: int, top: int, stock: tuple[int, ...], limit: int) -> list[int] | None:
        """Depth-first search of the last pass: plays before draws, the waste below its top
        no longer matters.

        More stock left is never worse: with the stock at ``i`` a player can do all they
        could at any later ``j`` (make the same plays, then draw up to ``j``). So each
        (cards, top), and each (cards) just after a draw, keeps the earliest stock index
        proved lost (a sound upper bound on how far winning lasts): arriving there at that
        index or later needs no search. The value of a search is that index, worked out
        from its branches: a state is lost from the latest index any of its plays (at the
        same index) or draws can still win from. A draw is a play out of the same cards
        after drawing up to the first stock card one rank away from the card played: a
        later stock card would only be a worse start for the same play.
        """
        bid, offset = self._base(stock)
        stock = self._base_stock[bid]
        n = len(stock)
        state = self._pass_of(bid)
        cells, make_cell = state.cells, state.cell
        # the draw tables of the card in each slot (its rank's)
        last_at = [state.lastadj[r] for r in self.rank]
        next_at = [state.nextadj[r] for r in self.rank]
        adjacent_slots, rank = self.adjacent_slots, self.rank
        bit_index = _BIT_INDEX
        path: list[int] = []
        never = n + 1
        count = self.nodes  # states so far
        look = limit  # when to look at the budget and the clock next
        due = self._due

        def search(remaining: int, i: int, top: int, record: _Cell) -> int:
            """The earliest stock index from which (remaining, top) is proved lost: > i if won.

            The caller has looked at ``record``, the cell of ``remaining`` (not empty): the
            state is not lost at i by what it holds for ``top``.
            """
            nonlocal count, look
            free = record[1]
            near_top = adjacent_slots[top]
            plays = free & near_top
            # a top that allows no play matters no more than any other such top
            key = 5 + top if plays else 5  # where the cell keeps lost t (see _Cell)
            drawn = record[2]
            if i >= drawn and i and top == stock[i - 1]:
                # this is the state just after drawing to i, lost: so from i on, not
                # (necessarily) from ``drawn``, where the top would be another card
                record[key] = i
                return i
            count += 1
            if count > look:
                if due(count):
                    raise _GiveUp
                look = count + _TICK
            best = 0
            latest = 0  # the latest index just after a draw that might be won
            while plays:
                low = plays & -plays
                plays ^= low
                slot = bit_index[low % 37]
                r = rank[slot]
                child = remaining ^ low
                if not child:
                    path.append(slot)
                    return never
                # The child's entry is looked at here, not in the call: a child already proved
                # lost, or lost by its bounds (about half of them), costs no call.
                below = cells.get(child)
                if below is None:
                    below = make_cell(child, slot, record)
                got: int = below[5 + r if below[1] & adjacent_slots[r] else 5]
                if got > i:
                    got = search(child, i, r, below)
                    if got > i:
                        path.append(slot)
                        return got
                if got > best:
                    best = got
                if got > 1:
                    a = last_at[slot][got - 1]
                    if a > latest:
                        latest = a
            if drawn > i + 1:
                # Draw up to the first stock card one away from each other free card, in
                # stock order; beyond the bound's limit every state just after a draw is lost.
                after_draw = record[0]
                end = drawn if drawn < after_draw else after_draw
                draws = []
                todo = free & ~near_top
                while todo:
                    low = todo & -todo
                    todo ^= low
                    slot = bit_index[low % 37]
                    k = next_at[slot][i]
                    if k < end:
                        draws.append(k << 5 | slot)
                    else:
                        # no stock card one away before the end: none after i is any use
                        a = last_at[slot][i]
                        if a > latest:
                            latest = a
                if draws:
                    draws.sort()
                    for k_slot in draws:
                        k = k_slot >> 5
                        slot = k_slot & 31
                        r = rank[slot]
                        child = remaining ^ 1 << slot
                        if not child:
                            path.append(slot)
                            path.extend([_ADVANCE] * (k - i))
                            return never
                        below = cells.get(child)
                        if below is None:
                            below = make_cell(child, slot, record)
                        got = below[5 + r if below[1] & adjacent_slots[r] else 5]
                        if got > k:
                            got = search(child, k, r, below)
                        if got > k:
                            path.append(slot)
                            path.extend([_ADVANCE] * (k - i))
                            return got
                        if got > 1:
                            a = last_at[slot][got - 1 if got <= i else i]
                            if a > latest:
                                latest = a
                # Every state just after a draw from i + 1 on is lost; one at k <= i needs a
                # play out of these cards onto stock[k - 1] that is won from k: no later
                # than the latest such k each play's proved value allows.
                record[2] = drawn = latest + 1
            if drawn - 1 > best:
                best = drawn - 1
            record[key] = best  # no later than i: below what the bounds said
            return best

        try:
            if not remaining:
                got = never
            else:
                record = cells.get(remaining)
                if record is None:
                    record = make_cell(remaining, 0, None)
                got = record[5 + top if record[1] & adjacent_slots[top] else 5]
                if got > offset:
                    got = search(remaining, offset, top, record)
        finally:
            self.nodes = count
            # search refers to itself, a reference cycle that would keep all it refers to (the
            # solver among them) until the cycle collector runs: broken here
            search = None  # type: ignore[assignment]
        path.reverse()
        return path if got > offset else None

    def _fewest_draws(
        self, remaining: int, top: int, stock: tuple[int, ...]
    ) -> Generator[None, None, list[int] | None]:
        """Fewest moves in the last pass: every winning line plays the same cards, so the
        fewest draws. A line with ``d`` draws wins exactly when the game with the stock cut
        short after its first ``d`` cards does, so: solve, then solve again with the stock cut
        one card shorter than the best line found, until that is lost.
        """
        best: list[int] | None = None
        allowed = len(stock)
        previous: int | None = None  # the stock of the round before, when aligned with this one
        while True:
            bid, offset = self._base(stock[:allowed])
            if previous is not None and offset == 0:
                self._inherit(previous, bid)
            previous = bid if offset == 0 else None
            while True:
                try:
                    found = self._last_pass(remaining, top, stock[:allowed], self.nodes + _TICK)
                    break
                except _GiveUp:
                    yield  # what was proved is kept: the next round goes further
            if found is None:
                return best
            best = found
            allowed = found.count(_ADVANCE) - 1
            if allowed < 0:
                return best

    def _inherit(self, longer: int, shorter: int) -> None:
        """Copy what was proved lost just after a draw with the stock ``longer`` to the same
        stock cut shorter: with less stock, nothing lost can be won (indices agree, both
        start at the same card). What was proved for each top is not copied: merging it with
        the shorter stock's tighter bounds, top by top, costs more than it saves."""
        if longer == shorter:
            return
        never = len(self._base_stock[shorter]) + 1
        source, dest = self._pass_of(longer), self._pass_of(shorter)
        # A cell starts from what its stock inherited and only goes lower: it overrides it.
        found = {cards: at for cards, at in source.inherited.items() if at < never}
        found.update({cards: record[2] for cards, record in source.cells.items() if record[2] < never})
        into = dest.inherited
        if into:
            for cards, at in found.items():
                if at < into.get(cards, never):
                    into[cards] = at
        else:  # a pass just made, as in every round of fewest moves
            into.update(found)

    def _passes_to_come(
        self,
        remaining: int,
        stock: tuple[int, ...],
        waste: tuple[int, ...],
        left: int,
        limit: int,
    ) -> list[int] | None:
        """Depth-first search while the waste will be turned over again: it is all state."""
        dead = self._dead_multi
        spend = self._spender(limit)
        path: list[int] = []

        def search(remaining: int, stock: tuple[int, ...], waste: tuple[int, ...], left: int) -> bool:
            if not remaining:
                return True
            if left == 0:
                sub = self._last_pass(remaining, waste[-1], stock, limit)
                if sub is None:
                    return False
                path.extend(reversed(sub))
                return True
            key = (remaining, stock, waste, left)
            if key in dead:
                return False
            spend()
            ranks = self.layout_ranks(remaining)
            avail = ranks | _rank_bits(stock) | _rank_bits(waste)
            if ranks & ~_neighbour_ranks(avail, self.wrap):
                dead.add(key)
                return False
            plays = self.layout.free(remaining) & self.adjacent_slots[waste[-1]]
            for slot in bits(plays):
                if search(remaining ^ 1 << slot, stock, (*waste, self.rank[slot]), left):
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
        self, remaining: int, cycle: tuple[int, ...], limit: int
    ) -> list[int] | None:
        """Depth-first over "advance k cards round the cycle, then play": acyclic, as each clears one."""
        dead = self._dead_multi
        spend = self._spender(limit)
        path: list[int] = []

        def search(remaining: int, cycle: tuple[int, ...]) -> bool:
            if not remaining:
                return True
            key = (remaining, cycle)
            if key in dead:
                return False
            spend()
            ranks = self.layout_ranks(remaining)
            if ranks & ~_neighbour_ranks(ranks | _rank_bits(cycle), self.wrap):
                dead.add(key)
                return False
            free = self.layout.free(remaining)
            for k, top in enumerate(cycle):
                for slot in bits(free & self.adjacent_slots[top]):
                    after = (self.rank[slot], *cycle[k + 1 :], *cycle[:k], top)
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

    # Fewest moves with passes to come: 0-1 breadth first, plays cost nothing, draws and
    # resets cost one (every winning line plays the same cards).

    def _fewest_advances(
        self, remaining: int, stock: tuple[int, ...], waste: tuple[int, ...], left: int | None
    ) -> Generator[None, None, list[int] | None]:
        wrap = self.wrap
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
            self.nodes += 1
            if not self.nodes % _TICK and self._due(self.nodes):
                yield
            ranks = self.layout_ranks(remaining)
            pool = _rank_bits(stock) | (_rank_bits(waste) if left != 0 else 1 << waste[-1])
            if ranks & ~_neighbour_ranks(ranks | pool, wrap):
                continue
            steps: list[tuple[int, State, int]] = [
                (0, (remaining ^ 1 << slot, stock, (*waste, self.rank[slot]), left), slot)
                for slot in bits(self.layout.free(remaining) & self.adjacent_slots[waste[-1]])
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

