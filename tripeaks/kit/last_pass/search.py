"""The last pass through the stock: its depth-first search, and fewest draws (the stock cut shorter)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..solving import Budget
from ..solving import GiveUp as _GiveUp
from .bounds import _At, _Cell
from .line import ADVANCE as _ADVANCE
from .ranks import _BIT_INDEX

if TYPE_CHECKING:
    from .memory import Memory

__all__ = ["_fewest_draws", "_inherit", "_last_pass"]

_TICK = Budget.tick


def _last_pass(
    solver: Memory, remaining: int, top: int, stock: tuple[int, ...], limit: int
) -> list[int] | None:
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
    bid, offset = solver._base(stock)
    stock = solver._base_stock[bid]
    n = len(stock)
    state = solver._pass_of(bid)
    cells, make_cell = state.cells, state.cell
    # the draw tables of the card in each slot (its rank's)
    last_at = [state.lastadj[r] for r in solver.rank]
    next_at = [state.nextadj[r] for r in solver.rank]
    adjacent_slots, rank = solver.adjacent_slots, solver.rank
    bit_index = _BIT_INDEX
    path: list[int] = []
    never = n + 1
    count = solver.nodes  # states so far
    look = limit  # when to look at the budget and the clock next
    due = solver._due
    AFTER_DRAW, FREE, DRAWN = _At.AFTER_DRAW, _At.FREE, _At.DRAWN  # see _At

    def search(remaining: int, i: int, top: int, record: _Cell) -> int:
        """The earliest stock index from which (remaining, top) is proved lost: > i if won.

        The caller has looked at ``record``, the cell of ``remaining`` (not empty): the
        state is not lost at i by what it holds for ``top``.
        """
        nonlocal count, look
        free = record[FREE]
        near_top = adjacent_slots[top]
        plays = free & near_top
        # a top that allows no play matters no more than any other such top
        key = top if plays else 0  # where the cell keeps lost t (see _Cell)
        drawn = record[DRAWN]
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
            got: int = below[r if below[FREE] & adjacent_slots[r] else 0]
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
            after_draw = record[AFTER_DRAW]
            end = drawn if drawn < after_draw else after_draw
            draws = []
            todo = free & ~near_top
            while todo:
                low = todo & -todo
                todo ^= low
                slot = bit_index[low % 37]
                k = next_at[slot][i]
                if k < end:
                    draws.append(k << 6 | slot)  # a slot below 64
                else:
                    # no stock card one away before the end: none after i is any use
                    a = last_at[slot][i]
                    if a > latest:
                        latest = a
            if draws:
                draws.sort()
                for k_slot in draws:
                    k = k_slot >> 6
                    slot = k_slot & 63
                    r = rank[slot]
                    child = remaining ^ 1 << slot
                    if not child:
                        path.append(slot)
                        path.extend([_ADVANCE] * (k - i))
                        return never
                    below = cells.get(child)
                    if below is None:
                        below = make_cell(child, slot, record)
                    got = below[r if below[FREE] & adjacent_slots[r] else 0]
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
            record[DRAWN] = drawn = latest + 1
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
            got = record[top if record[FREE] & adjacent_slots[top] else 0]
            if got > offset:
                got = search(remaining, offset, top, record)
    finally:
        solver.nodes = count
        # search refers to itself, a reference cycle that would keep all it refers to (the
        # solver among them) until the cycle collector runs: broken here
        search = None  # type: ignore[assignment]
    path.reverse()
    return path if got > offset else None


def _fewest_draws(
    solver: Memory, remaining: int, top: int, stock: tuple[int, ...]
) -> Generator[list[int] | None, None, list[int] | None]:
    """Fewest moves in the last pass: every winning line plays the same cards, so the
    fewest draws. A line with ``d`` draws wins exactly when the game with the stock cut
    short after its first ``d`` cards does, so: solve, then solve again with the stock cut
    one card shorter than the best line found, until that is lost.
    """
    best: list[int] | None = None
    allowed = len(stock)
    previous: int | None = None  # the stock of the round before, when aligned with this one
    while True:
        bid, offset = solver._base(stock[:allowed])
        if previous is not None and offset == 0:
            _inherit(solver, previous, bid)
        previous = bid if offset == 0 else None
        while True:
            try:
                found = _last_pass(solver, remaining, top, stock[:allowed], solver.nodes + _TICK)
                break
            except _GiveUp:
                yield best  # the best so far; what was proved is kept: the next round goes further
        if found is None:
            return best
        best = found
        allowed = found.count(_ADVANCE) - 1
        if allowed < 0:
            return best


def _inherit(solver: Memory, longer: int, shorter: int) -> None:
    """Copy what was proved lost just after a draw with the stock ``longer`` to the same
    stock cut shorter: with less stock, nothing lost can be won (indices agree, both
    start at the same card). What was proved for each top is not copied: merging it with
    the shorter stock's tighter bounds, top by top, costs more than it saves."""
    if longer == shorter:
        return
    never = len(solver._base_stock[shorter]) + 1
    source, dest = solver._pass_of(longer), solver._pass_of(shorter)
    DRAWN = _At.DRAWN
    # A cell starts from what its stock inherited and only goes lower: it overrides it.
    found = {cards: at for cards, at in source.inherited.items() if at < never}
    found.update({cards: record[DRAWN] for cards, record in source.cells.items() if record[DRAWN] < never})
    into = dest.inherited
    if into:
        for cards, at in found.items():
            if at < into.get(cards, never):
                into[cards] = at
    else:  # a pass just made, as in every round of fewest moves
        into.update(found)

