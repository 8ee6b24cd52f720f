"""TriPeaks' best scores: the highest classic score any line reaches, and the highest of the winning lines.

The score decomposes: a run of ``k`` cards scores 1 + 2 + … + k, each draw or reset costs 5
and ends the run, and the peaks add 15, 15 and 30. A line may stop anywhere (a draw only
costs), so the best is the highest running score of any line. Suits play no part: the search
works on ranks and on the set of layout cards left, numbered (:class:`_Sets`).

It is branch and bound, exact: a state is cut only when an upper bound on what the rest of a
line can add proves it can't beat the best line already found. The bound is the value of a
*relaxed* game, worked out exactly once per deal (:class:`_Relaxed`): the same layout, but
after each draw the player may start the next run with any free card. It ignores the stock's
order only, and so it is tight: on Standard deals, fewer than one state in a hundred of a plain
exhaustive search is ever looked at. Values are memoized as exact, or as proved upper bounds
(for a state cut below what was needed), by state.

* The last pass (Standard, Strict, and every pass after the last reset): a state just after a
  draw is (cards left, stock index), its top the card drawn. A run from it leads to a set of
  cards left, whatever its order (its score depends on its length and the peaks it clears),
  then the line draws again or stops: each state's moves are the distinct sets its runs leave.
* Passes still to come (2 or 3 passes): the waste is all state (it becomes the next stock), so
  the search is over single moves, with the run in the state.
* Unlimited passes: the waste and the stock form a ring that draws and resets walk round; a
  move is "advance k cards, then play", so every move plays a card and the search is acyclic.

The winning lines' best is the same search without stopping short, its hopeless states cut by
the decision solver (a state it proves lost is lost). Moves are tried in an order fixed by the
bound alone, and a state's move is the first of that order that reaches its value, so the lines
found never depend on how the work was sliced.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from functools import partial
from typing import Any

from ....base.cards import Card
from ....kit.best import BestLines
from ....model.answers import Line, Result, Solver
from ....model.position import Status
from ..play import ADVANCE as _ADVANCE
from ..play import DRAW_PENALTY, TriPeaksPosition, follow
from .last_pass import _LastPass
from .relaxed import _Relaxed, _Runs
from .sets import _NEG, _RELEASE, _STOP, _TRI, _Proved, _sets_of

__all__ = ["TriPeaksBest", "_sets_of"]


class TriPeaksBest(BestLines):
    """The search for a TriPeaks position's best scores (see :mod:`tripeaks.services.best`)."""

    position: TriPeaksPosition

    def __init__(self, position: TriPeaksPosition, solver: Solver | None = None) -> None:
        super().__init__(position, solver)
        self.rules = position.rules
        self.sets = _sets_of(position.layout)
        self._passes: dict[tuple[bool, tuple[int, ...]], _LastPass] = {}
        self._tables = {clear: _Proved() for clear in (False, True)}
        self._searches: dict[bool, Callable[..., int]] = {}
        self._roots: dict[bool, Any] = {}

    # The work, as a generator that yields whenever it may pause

    def _lines(self) -> Generator[None, None, tuple[Line, Line | None]]:
        position = self.position
        yield from self.sets.build()
        ranks = [card.rank if card is not None else 0 for card in position.cards]
        self.relaxed = _Relaxed(self.sets, ranks, self.rules.wrap, position.remaining)
        yield from self.relaxed.build()
        self.relaxed0 = self.relaxed
        if self.rules.resets is None or position.resets < self.rules.resets:
            # with draws free: what lines that turn the waste over play at most
            self.relaxed0 = _Relaxed(self.sets, ranks, self.rules.wrap, position.remaining, penalty=0)
            yield from self.relaxed0.build()
        self.runs = _Runs(self.relaxed)
        # Whether the game can still be won, and a winning line's score to beat
        answer = yield from self._decide()
        self._winning = self._replay(answer.moves) if answer.result is Result.WON else None
        yield from self._retry(lambda: self._root(clear=False, need=-1))
        best = self._line(clear=False)
        clear_line: Line | None = None
        if self._winning is not None:
            if self._wins(best):
                clear_line = best
            else:
                # Aspiration: ask for a winning line close to the best first, which cuts the
                # most, then for less and less, down to the decision solver's line (which
                # settles it). What each round proves is kept for the next, and a round that
                # fails returns an upper bound the next round starts from.
                gain = best.score - position.score
                least = self._winning.score - position.score - 1
                step = 1
                while True:
                    need = max(gain - step, least)
                    value = yield from self._retry(partial(self._root, clear=True, need=need))
                    if value > need:
                        break
                    gain = min(gain, value)  # a round that fails proves this bound
                    step *= 2
                clear_line = self._line(clear=True)
        yield from self._release()
        return best, clear_line

    def _release(self) -> Iterator[None]:
        """Empty the tables once both lines are known, a slice at a time. The searches are
        closures that call themselves, cycles that only Python's cycle collector frees, and it
        would first go through every list and tuple their tables hold (a few hundred thousand:
        tens of ms a deal); emptied, what they held is freed at once."""
        tables = [*self._tables[False].tables(), *self._tables[True].tables()]
        for lp in self._passes.values():
            tables += lp.tables()
        tables += [*self.relaxed.tables(), *self.relaxed0.tables(), *self.runs.tables()]
        for table in tables:
            while len(table) > _RELEASE:
                for _ in range(_RELEASE):
                    table.popitem()
                yield
            table.clear()
        self._searches.clear()
        self._solver = None

    def _wins(self, line: Line) -> bool:
        position = self.position
        for move in line.moves:
            position = position.after(move)
        return position.status() is Status.WON

    def _last_pass(self, clear: bool, seq: tuple[Card, ...], resets: int) -> _LastPass:
        """The last pass whose first top is ``seq[0]`` and stock the rest."""
        ranks = tuple(card.rank for card in seq)
        found = self._passes.get((clear, ranks))
        if found is None:
            every = self._last_pass(False, seq, resets) if clear else None
            found = self._passes[clear, ranks] = _LastPass(self.runs, ranks, self._work, clear, every)
        return found

    # The root: the position itself, whichever passes are left

    def _root(self, clear: bool, need: int) -> int:
        position = self.position
        s = self.sets.number[position.remaining]
        resets = self.rules.resets
        left = None if resets is None else resets - position.resets
        stock, waste = position.stock, position.waste
        lp = self._last_pass(clear, (waste[-1], *stock) if waste else stock, position.resets)
        if left == 0:
            top = waste[-1].rank if waste else None
            i = 0 if waste else -1
            value, pick = self._last_root(lp, s, i, top, position.run, need)
            self._roots[clear] = ("last", lp, s, i, top, pick)
            return value
        self._roots[clear] = ("passes",)
        return self._passes_search(clear)(s, stock, waste, left, position.run, lp, need)

    def _last_root(
        self, lp: _LastPass, s: int, i: int, top: int | None, run: int, need: int
    ) -> tuple[int, int]:
        """The best a line that never turns the waste over adds from set ``s`` with ``top`` on
        the waste (``None``: the waste empty, ``i`` -1), the stock ``lp.seq[i + 1:]``, and a run
        of ``run`` under way; with its move. The value is exact when above ``need``, else a
        proved upper bound no higher than ``need``."""
        sets, relaxed, clear = self.sets, self.relaxed, lp.clear
        cards, earned, value, drawn = sets.cards, sets.earned, relaxed.value, relaxed.drawn
        last = len(lp.seq) - 1
        leaves = self.runs.leaves_any(s) if top is None else self.runs.leaves(s, top)
        moves = []
        for child in leaves:
            k = cards[s] - cards[child]
            points = k * run + _TRI[k] + earned[child] - earned[s]
            if child and i < last:
                then = value[child] - DRAW_PENALTY if clear else drawn[child]
                moves.append((points + then, points, child))
            elif clear and child:
                continue  # the stock is empty: a winning line must clear now
            else:
                moves.append((points, points, child))
        if i < last:
            moves.append((value[s] - DRAW_PENALTY if clear else drawn[s], 0, s))
        moves.sort(key=lambda move: (-move[0], move[2]))
        best, pick = (_NEG if clear else 0), _STOP
        ceiling = best
        for first, points, child in moves:
            floor = need if need > best else best
            if first <= floor:
                if first > ceiling:
                    ceiling = first
                break
            goes_on = 0
            if not child or i == last:
                got = points
            else:
                after = lp.search(child, i + 1, floor - points + DRAW_PENALTY) - DRAW_PENALTY
                if clear or after > 0:
                    got, goes_on = points + after, 1
                else:
                    got = points
            if got > floor:
                best, pick = got, child << 1 | goes_on
            elif got > ceiling:
                ceiling = got
        if best > need:
            return best, pick
        return max(best, ceiling), _STOP

    # Passes still to come (2 or 3, or unlimited): "advance k cards, then play"

    def _passes_search(self, clear: bool) -> Callable[..., int]:
        """The search while the waste may still be turned over: a state is the set of cards, the
        stock and the waste (all of it: it becomes the next stock), the resets left (``None``:
        unlimited) and the run; a move advances ``k`` cards (draws, and a reset when the stock
        runs out) and plays a card on the top, so every move plays a card and the search is
        acyclic. A state's lines either never turn the waste over again, worth what the last
        pass's search says (``lp``, this pass), or do, and first pay 5 for every card left in
        the stock and 5 for the reset: the relaxed game with draws free bounds what they play.
        """
        found = self._searches.get(clear)
        if found is not None:
            return found
        sets, relaxed, relaxed0 = self.sets, self.relaxed, self.relaxed0
        free, after, earned = sets.free, sets.after, sets.earned
        near, rank = relaxed.near, relaxed.rank
        bound_of, free_bound = relaxed.bound, relaxed0.bound
        value, value0 = relaxed.value, relaxed0.value
        proved = self._tables[clear]
        exact, upper, choice, settle = proved.exact, proved.upper, proved.choice, proved.settle
        tick = self._work.tick
        used = self.rules.resets
        nothing = _NEG if clear else 0
        last_pass, last_root = self._last_pass, self._last_root
        layout_cards = self.position.cards
        penalty = DRAW_PENALTY

        def ranks(cards: tuple[Card, ...]) -> tuple[int, ...]:
            return tuple([card.rank for card in cards])

        def search(s: int, stock: tuple[Card, ...], waste: tuple[Card, ...], left: int | None, run: int,
                   lp: _LastPass, need: int) -> int:
            key = (s, ranks(stock), ranks(waste), left, run)
            known = exact.get(key)
            if known is not None:
                return known
            top = waste[-1].rank if waste else None
            bound = upper.get(key)
            if bound is None:
                # (a waste empty, with a run under way, only in a made-up position: each card
                # can score at most ``run`` more)
                bound = bound_of(s, top, run) if top is not None else value[s] + run * sets.cards[s]
            if bound <= need:
                return bound
            tick()
            i = len(lp.seq) - 1 - len(stock) if waste else -1
            nowrap, pick = last_root(lp, s, i, top, run, need)
            move: Any
            if nowrap > need:
                best, move, ceiling = nowrap, ("last", lp, i, top, pick), nothing
            else:
                best, move, ceiling = nothing, _STOP, nowrap
            # what lines that turn the waste over can add at most
            wrap = free_bound(s, top, run) if top is not None else value0[s] + run * sets.cards[s]
            wrap -= penalty * (len(stock) + 1)
            floor = need if need > best else best
            if wrap > floor:
                for first, points, k, slot, state in moves(s, stock, waste, left, run, lp):
                    floor = need if need > best else best
                    if first <= floor:
                        if first > ceiling:
                            ceiling = first
                        break
                    child = after[s][slot]
                    c_stock, c_waste, c_left, c_lp = state
                    c_waste = (*c_waste, layout_cards[slot])
                    c_run = (run if k == 0 else 0) + 1
                    if not child:
                        got = points
                    elif c_left == 0:
                        c_i = len(c_lp.seq) - 1 - len(c_stock)
                        sub, sub_pick = last_root(c_lp, child, c_i, rank[slot], c_run, floor - points)
                        got = points + sub
                        if got > floor:
                            choice[(child, ranks(c_stock), ranks(c_waste), 0, c_run)] = (
                                "last", c_lp, c_i, rank[slot], sub_pick)
                    else:
                        got = points + search(child, c_stock, c_waste, c_left, c_run, c_lp, floor - points)
                    if got > floor:
                        best, move = got, ("move", k, slot)
                    elif got > ceiling:
                        ceiling = got
            elif wrap > ceiling:
                ceiling = wrap
            return settle(key, best, move, need, ceiling)

        def moves(s: int, stock: tuple[Card, ...], waste: tuple[Card, ...], left: int | None, run: int,
                  lp: _LastPass) -> list[Any]:
            """(bound, points, k, slot, (stock, waste, resets left, pass)) for each move: advance
            k cards, then play the card in slot; highest bound first."""
            found = []
            here = earned[s]
            state = (stock, waste, left, lp)
            ring = len(stock) + len(waste) if waste else len(stock) + 1
            for k in range(ring):
                if k:
                    if stock:
                        waste, stock = (*waste, stock[0]), stock[1:]
                    elif left is None or left > 0:
                        stock, waste = waste[1:], waste[:1]
                        left = None if left is None else left - 1
                        lp = last_pass(clear, waste + stock, (used or 0) - (left or 0))
                    else:
                        break
                    state = (stock, waste, left, lp)
                if waste:
                    plays = free[s] & near[waste[-1].rank]
                    carried = run if k == 0 else 0
                else:
                    plays, carried = free[s], run if k == 0 else 0
                while plays:
                    low = plays & -plays
                    plays ^= low
                    slot = low.bit_length() - 1
                    child = after[s][slot]
                    points = carried + 1 + earned[child] - here - penalty * k
                    first = points + (bound_of(child, rank[slot], carried + 1) if child else 0)
                    found.append((first, points, k, slot, state))
            found.sort(key=lambda move: (-move[0], move[2], move[3]))
            return found

        self._searches[clear] = search
        return search

    # The lines found, as moves, replayed by the rules themselves

    def _line(self, clear: bool) -> Line:
        moves, end = follow(self.position, self._steps_of(clear))
        return Line(end.score, moves)

    def _steps_of(self, clear: bool) -> list[int]:
        root = self._roots[clear]
        if root[0] == "last":
            _, lp, s, i, top, pick = root
            return self._last_steps(lp, s, i, top, pick)
        return self._passes_steps(clear)

    def _last_steps(self, lp: _LastPass, s: int, i: int, top: int | None, pick: int) -> list[int]:
        """The steps of the line a last pass's choices make, from set ``s`` at index ``i`` with
        ``top`` on the waste, whose move is ``pick``."""
        steps: list[int] = []
        while pick != _STOP:
            child, goes_on = pick >> 1, pick & 1
            if child != s:
                steps.extend(self.runs.path(s, top, child))
            if not goes_on:
                break
            steps.append(_ADVANCE)
            s, i = child, i + 1
            top = lp.seq[i]
            pick = lp.choice[s << 5 | i]
        return steps

    def _passes_steps(self, clear: bool) -> list[int]:
        choice = self._tables[clear].choice
        position = self.position
        resets = self.rules.resets
        left = None if resets is None else resets - position.resets
        stock, waste, run = position.stock, position.waste, position.run
        s = self.sets.number[position.remaining]
        steps: list[int] = []
        while True:
            move = choice[(s, tuple(c.rank for c in stock), tuple(c.rank for c in waste), left, run)]
            if move == _STOP:
                return steps
            if move[0] == "last":
                _, lp, i, top, pick = move
                return steps + self._last_steps(lp, s, i, top, pick)
            _, k, slot = move
            for _ in range(k):
                steps.append(_ADVANCE)
                if stock:
                    waste, stock = (*waste, stock[0]), stock[1:]
                else:
                    stock, waste = waste[1:], waste[:1]
                    left = None if left is None else left - 1
            steps.append(slot)
            card = position.cards[slot]
            assert card is not None
            run = (run if k == 0 else 0) + 1
            waste = (*waste, card)
            s = self.sets.after[s][slot]
            if not s:
                return steps
