"""Triangle's exact solver: can every card still be removed from a position, and how.

The solver knows every card. Suits play no part, so it works on ranks. The 24 cards off the
table (the waste's and the stock's) keep one order for the whole game: the waste bottom to top,
then the stock next card first. A draw moves the boundary between the two one card on, a redeal
moves it back to the start, and a removal takes a card out. So a state is the set of layout
cards left (28 bits), the set of those 24 cards left (24 bits), where the boundary is and the
redeals used, and the boundary and redeals make one *time*, ``25 * redeals + boundary``: from
any time a player can reach every later one (draw, and redeal at the end), so a state lost at
some time is lost at every later one. For each set of cards the solver remembers the earliest
time proved lost.

Removing a king never hurts (it leaves alone, and only uncovers or tops other cards), so
available kings go at once. A bound cuts hopeless states: every card must leave with a partner
of the other value, and two layout cards one of which lies on the other can never be available
together, so the cards of each pair of values must match up with partners they can meet.

Fewest moves: every winning line removes the same 52 cards in the same 28 moves, so the fewest
moves are the fewest draws and redeals: the search runs again allowed one fewer than the best
line found, until that is lost.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import Any

from ...moves import DRAW, REDEAL, Move
from ...position import Status
from ...solving import DEFAULT_BUDGET, Result, Solution, collector_paused
from .play import TrianglePosition

__all__ = ["Solver"]

_TICK = 512  # states between looks at the budget and the clock
_TALON = 24  # the cards off the table
_SPAN = _TALON + 1  # boundaries 0..24: one redeal's worth of time
_KING = 13
# A step of a line: ("p", (where, where)) removes the cards in those places, where a place is a
# layout slot (0-27) or 100 + a talon index; ("d",) draws; ("r",) redeals.
_T = 100


class _GiveUp(Exception):
    pass


class Solver:
    """Solves positions of one Triangle deal, remembering what it proved (keep one per game)."""

    def __init__(self, position: TrianglePosition) -> None:
        layout = position.layout
        self.layout = layout
        self.rules = position.rules
        deal_cards = [*position.cards]
        # The deal's order off the table is not known from a later position: it is rebuilt from
        # the position's own cards, which is enough, since removed cards never come back.
        self.rank = [c.rank if c is not None else 0 for c in deal_cards]
        self.covered_by = layout.covered_by
        self.above = layout.above
        self.beneath = layout.beneath
        self._talons: dict[tuple[Any, ...], _Talon] = {}
        self._known: dict[tuple[Any, ...], Solution] = {}
        self._pending: dict[tuple[Any, ...], Generator[None, None, list[tuple[Any, ...]] | None]] = {}
        self.nodes = 0
        self._stop_nodes = 1 << 62
        self._stop_time: float | None = None

    # Entry point

    def solve(
        self,
        position: TrianglePosition,
        *,
        budget: int | None = DEFAULT_BUDGET,
        seconds: float | None = None,
        shortest: bool = False,
    ) -> Solution:
        """Whether ``position`` can still be won, with a winning line when it can (the fewest
        moves with ``shortest``); ``gave_up`` when ``budget`` or ``seconds`` runs out, and
        asking again carries on."""
        started = time.perf_counter()
        status = position.status()
        if status is not Status.PLAYING:
            result = Result.WON if status is Status.WON else Result.LOST
            return Solution(result, (), 0, time.perf_counter() - started)
        key = (position.remaining, position.stock, position.waste, position.redeals, shortest)
        known = self._known.get(key)
        if known is not None:
            return Solution(known.result, known.moves, 0, time.perf_counter() - started)
        search = self._pending.pop(key, None) or self._search(position, shortest)
        first = self.nodes
        self._stop_nodes = first + (budget if budget is not None else 1 << 62)
        self._stop_time = started + seconds if seconds is not None else None
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

    def _due(self, nodes: int) -> bool:
        if nodes >= self._stop_nodes:
            return True
        return self._stop_time is not None and time.perf_counter() > self._stop_time

    def _talon_of(self, position: TrianglePosition) -> tuple[_Talon, int, int]:
        """The talon (the cards off the table, in their one order) ``position`` is a part of,
        the set of its cards left and the boundary."""
        cards = (*position.waste, *position.stock)
        talon = None
        for known in self._talons.values():
            if all(card in known.index for card in cards) and _in_order(known, cards):
                talon = known
                break
        if talon is None:
            talon = _Talon(cards)
            self._talons[talon.cards] = talon
        left = 0
        for card in cards:
            left |= 1 << talon.index[card]
        boundary = talon.index[position.waste[-1]] + 1 if position.waste else 0
        return talon, left, boundary

    def _search(
        self, position: TrianglePosition, shortest: bool
    ) -> Generator[None, None, list[tuple[Any, ...]] | None]:
        talon, left, boundary = self._talon_of(position)
        start = (position.remaining, left, boundary, position.redeals)
        if not shortest:
            while True:
                try:
                    return _Search(self, talon, None).run(*start)
                except _GiveUp:
                    yield
        best: list[tuple[Any, ...]] | None = None
        allowed: int | None = None
        while True:
            search = _Search(self, talon, allowed)
            while True:
                try:
                    found = search.run(*start)
                    break
                except _GiveUp:
                    yield
            if found is None:
                return best
            best = found
            allowed = sum(1 for step in found if step[0] != "p") - 1
            if allowed < 0:
                return best

    def _moves(self, position: TrianglePosition, path: list[tuple[Any, ...]]) -> tuple[Move, ...]:
        """Turn a path into moves, each checked by the rules themselves."""
        talon, _, _ = self._talon_of(position)
        moves = []
        for step in path:
            if step[0] == "d":
                move = DRAW
            elif step[0] == "r":
                move = REDEAL
            else:
                cards = []
                for place in step[1]:
                    if place >= _T:
                        cards.append(talon.cards[place - _T])
                    else:
                        card = position.cards[place]
                        assert card is not None
                        cards.append(card)
                move = Move.play(*cards)
            position = position.after(move)
            moves.append(move)
        assert position.status() is Status.WON
        return tuple(moves)


def _in_order(talon: _Talon, cards: tuple[Any, ...]) -> bool:
    indices = [talon.index[card] for card in cards]
    return indices == sorted(indices)


class _Talon:
    """The cards off the table in their one order, and what a search of them remembers."""

    def __init__(self, cards: tuple[Any, ...]) -> None:
        self.cards = cards
        self.index = {card: i for i, card in enumerate(cards)}
        self.rank = [card.rank for card in cards]
        self.lost: dict[int, int] = {}
        """For each set of cards (layout | talon << 28), the earliest time proved lost."""
        self.lost_within: dict[tuple[int, int, int], int] = {}
        """For fewest moves: per state, the most draws and redeals proved too few."""


class _Search:
    """One depth-first search from a state, within ``allowed`` draws and redeals if given."""

    def __init__(self, solver: Solver, talon: _Talon, allowed: int | None) -> None:
        self.solver = solver
        self.talon = talon
        self.allowed = allowed

    def run(self, layout: int, left: int, boundary: int, redeals: int) -> list[tuple[Any, ...]] | None:
        solver = self.solver
        rank = solver.rank
        trank = self.talon.rank
        free_of = solver.layout.free
        lost = self.talon.lost
        within = self.talon.lost_within
        most_redeals = solver.rules.redeals
        allowed = self.allowed
        path: list[tuple[Any, ...]] = []
        count = solver.nodes
        look = count + _TICK
        due = solver._due

        def search(layout: int, left: int, boundary: int, redeals: int, budget: int) -> bool:
            """Whether the state can be won with at most ``budget`` draws and redeals (no
            limit when ``allowed`` is None)."""
            nonlocal count, look
            # Kings go at once
            steps = 0
            while True:
                free = free_of(layout)
                taken = False
                todo = free
                while todo:
                    low = todo & -todo
                    todo ^= low
                    s = low.bit_length() - 1
                    if rank[s] == _KING:
                        layout ^= low
                        path.append(("p", (s,)))
                        steps += 1
                        taken = True
                        break
                if taken:
                    continue
                ahead = left >> boundary
                if ahead:
                    q = boundary + ((ahead & -ahead).bit_length() - 1)
                    if trank[q] == _KING:
                        left ^= 1 << q
                        path.append(("p", (_T + q,)))
                        steps += 1
                        continue
                if boundary and trank[boundary - 1] == _KING:
                    w = boundary - 1
                    left ^= 1 << w
                    boundary = (left & ((1 << w) - 1)).bit_length()
                    path.append(("p", (_T + w,)))
                    steps += 1
                    continue
                break
            if not layout and not left:
                return True
            key = layout | left << 28
            time_now = redeals * _SPAN + boundary
            if allowed is None:
                if lost.get(key, 1 << 20) <= time_now:
                    del path[len(path) - steps:]
                    return False
            else:
                wkey = (key, boundary, redeals)
                if within.get(wkey, -1) >= budget or lost.get(key, 1 << 20) <= time_now:
                    del path[len(path) - steps:]
                    return False
            count += 1
            if count > look:
                solver.nodes = count
                if due(count):
                    raise _GiveUp
                look = count + _TICK
            # The available cards: (place, rank)
            avail = []
            todo = free
            while todo:
                low = todo & -todo
                todo ^= low
                s = low.bit_length() - 1
                avail.append((s, rank[s]))
            ahead = left >> boundary
            q = boundary + ((ahead & -ahead).bit_length() - 1) if ahead else -1
            if q >= 0:
                avail.append((_T + q, trank[q]))
            if boundary:
                avail.append((_T + boundary - 1, trank[boundary - 1]))
            n = len(avail)
            for i in range(n):
                a, ra = avail[i]
                need = 13 - ra
                for j in range(i + 1, n):
                    b, rb = avail[j]
                    if rb != need:
                        continue
                    child_layout, child_left, child_boundary = layout, left, boundary
                    for place in (a, b):
                        if place < _T:
                            child_layout ^= 1 << place
                        else:
                            child_left ^= 1 << (place - _T)
                    if child_boundary and not child_left >> (child_boundary - 1) & 1:
                        child_boundary = (child_left & ((1 << child_boundary) - 1)).bit_length()
                    path.append(("p", (a, b)))
                    if search(child_layout, child_left, child_boundary, redeals, budget):
                        return True
                    path.pop()
            if allowed is None or budget > 0:
                if q >= 0:
                    path.append(("d",))
                    if search(layout, left, q + 1, redeals, budget - 1):
                        return True
                    path.pop()
                elif redeals < most_redeals and boundary:
                    path.append(("r",))
                    if search(layout, left, 0, redeals + 1, budget - 1):
                        return True
                    path.pop()
            if allowed is None:
                if time_now < lost.get(key, 1 << 20):
                    lost[key] = time_now
            else:
                within[(key, boundary, redeals)] = budget
            del path[len(path) - steps:]
            return False

        try:
            won = search(layout, left, boundary, redeals, allowed if allowed is not None else 0)
        finally:
            solver.nodes = count
            search = None  # type: ignore[assignment]  # a reference cycle broken
        return path if won else None

