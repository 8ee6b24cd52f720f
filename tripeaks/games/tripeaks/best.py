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

import time
from collections.abc import Callable, Iterator
from typing import Any

from ...base.cards import Card
from ...base.layout import Layout
from ...base.moves import DRAW, RESET, Move
from ...kit.work import Pause, Work
from ...model.answers import Line, Result, Solver
from ...model.position import Status
from ...model.solitaire import Solitaire
from .layout import PEAK_BONUS, PEAKS
from .play import DRAW_PENALTY, TriPeaksPosition, neighbours

__all__ = ["TriPeaksBest"]

_NEG = -(1 << 24)  # the value of a state from which no line wins (winning lines only)
_TRI = tuple(k * (k + 1) // 2 for k in range(64))  # a run of k cards scores _TRI[k]
_STOP = -1  # a state's move: stop here
_PEAK_MASK = sum(1 << p for p in PEAKS)
_RELEASE = 4096  # entries of a table freed between looks at the clock (a millisecond or two)
# A step of a line, as found: a run of cards (their slots), then a draw or reset (_ADVANCE)
_ADVANCE = -1


def _earned(mask: int) -> int:
    """The peak bonuses earned once the peaks missing from ``mask`` are cleared."""
    return sum(PEAK_BONUS[: len(PEAKS) - (mask & _PEAK_MASK).bit_count()])


class _Sets:
    """Every set of cards a layout can have left, numbered fewest cards first (22,932 for the
    three peaks), with the free cards of each and the set each play leaves: the same for every
    deal, so made once (in slices, by :meth:`build`) and shared."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.masks: list[int] = []
        """The slots left in each set, by number."""
        self.number: dict[int, int] = {}
        self.free: list[int] = []
        self.cards: list[int] = []
        self.earned: list[int] = []
        """The peak bonuses earned by the time only these cards are left."""
        self.after: list[dict[int, int]] = []
        """``after[s][slot]``: the set a play of the free card in ``slot`` leaves."""
        self.plays: list[tuple[tuple[int, int, int], ...]] = []
        """``plays[s]``: (slot, set left, peak bonus) for each free card of set ``s``."""
        self.ready = False
        self._building: Iterator[None] | None = None

    def build(self) -> Iterator[None]:
        """Make the tables, pausing (yielding) every few thousand sets; any caller may carry on."""
        if self._building is None:
            self._building = self._build()
        yield from self._building

    def _build(self) -> Iterator[None]:
        layout = self.layout
        free_of = layout.free
        seen = {layout.full}
        todo = [layout.full]
        while todo:
            mask = todo.pop()
            free = free_of(mask)
            while free:
                low = free & -free
                free ^= low
                if mask ^ low not in seen:
                    seen.add(mask ^ low)
                    todo.append(mask ^ low)
            if not len(seen) % 512:
                yield
        masks = sorted(seen, key=lambda m: (m.bit_count(), m))
        number = {mask: n for n, mask in enumerate(masks)}
        yield
        free_list, after = [], []
        for n, mask in enumerate(masks):
            free = free_of(mask)
            free_list.append(free)
            steps = {}
            while free:
                low = free & -free
                free ^= low
                steps[low.bit_length() - 1] = number[mask ^ low]
            after.append(steps)
            if not n % 512:
                yield
        self.masks, self.number, self.free, self.after = masks, number, free_list, after
        self.cards = [mask.bit_count() for mask in masks]
        self.earned = earned = [_earned(mask) for mask in masks]
        self.plays = [
            tuple((slot, child, earned[child] - earned[n]) for slot, child in steps.items())
            for n, steps in enumerate(after)
        ]
        self.ready = True


_SETS: dict[str, _Sets] = {}


def _sets_of(layout: Layout) -> _Sets:
    found = _SETS.get(layout.name)
    if found is None:
        found = _SETS[layout.name] = _Sets(layout)
    return found


class _Relaxed:
    """The relaxed game of one deal's layout, whose values bound the real game's from above.

    In the relaxed game, after each draw (5 points) the player may start the next run with any
    free card, as if the stock held every rank in any order, as often as wanted. Everything a
    real line does, a relaxed line can do for the same points (a reset is a draw too), so a real
    value is never above the relaxed one, whatever the passes. ``value[s]``: the relaxed value of
    set ``s`` just after a draw (run 0, the top any rank), 0 at worst (stop). A run in progress
    (top rank ``t``, ``r`` cards so far) can add ``k*r + T(k)`` for ``k`` more cards, so its
    value is ``max over k of k*r + T(k) + vector(s, t)[k]``, where ``vector(s, t)[k]`` is the
    best of the peak bonuses and what follows for runs of exactly ``k`` more cards (``[0]``: draw,
    then the relaxed value; worked out once per set and top rank, as met).
    """

    def __init__(
        self, sets: _Sets, ranks: list[int], wrap: bool, within: int, penalty: int = DRAW_PENALTY
    ) -> None:
        self.sets = sets
        self.penalty = penalty
        self.rank = ranks
        # near[t]: the slots holding a card one rank from t
        self.near = [0] * 14
        for t in range(1, 14):
            for r in neighbours(t, wrap):
                for slot, rank in enumerate(ranks):
                    if rank == r:
                        self.near[t] |= 1 << slot
        self.wrap = wrap
        # near_rank[t]: the rank bits one from rank t
        self.near_rank = [sum(1 << r for r in neighbours(t, wrap)) if t else 0 for t in range(14)]
        # support[s]: the slots whose card may come just before the card in slot s: one rank away,
        # not under it, and not on it with other cards between
        layout = sets.layout
        self.support = [
            self.near[r] & ~layout.beneath[slot] & ~(layout.above[slot] & ~layout.covered_by[slot])
            if r else 0
            for slot, r in enumerate(ranks)
        ]
        self.within = within
        size = len(sets.masks)
        self.value = [0] * size
        self.drawn = [0] * size
        """``drawn[s]``: what drawing adds at best, ``max(0, value[s] - 5)`` (0 for no cards)."""
        self._vectors: dict[int, tuple[int, ...]] = {}
        self._vector = self._make_vector()
        self.ready = False
        self._building: Iterator[None] | None = None

    def build(self) -> Iterator[None]:
        if self._building is None:
            self._building = self._build()
        yield from self._building

    def tables(self) -> list[dict[Any, Any]]:
        return [self._vectors]

    def vector(self, s: int, top: int) -> tuple[int, ...]:
        """``[k]``: the best bonuses plus what follows, for runs of exactly ``k`` more cards on
        ``top`` from set ``s`` (``[0]``: draw now, then the relaxed game's value)."""
        return self._vector(s, top)

    def _make_vector(self) -> Callable[[int, int], tuple[int, ...]]:
        sets, near, rank, drawn = self.sets, self.near, self.rank, self.drawn
        earned, free, after = sets.earned, sets.free, sets.after
        vectors = self._vectors

        def vector(s: int, top: int) -> tuple[int, ...]:
            key = s << 4 | top
            found = vectors.get(key)
            if found is not None:
                return found
            plays = free[s] & near[top]
            if not plays:
                found = vectors[key] = (drawn[s],)
                return found
            steps = after[s]
            if not plays & (plays - 1):  # one card to play: the usual case
                slot = plays.bit_length() - 1
                child = steps[slot]
                r = rank[slot]
                tail = vector(child, r) if free[child] & near[r] else (drawn[child],)
                bonus = earned[child] - earned[s]
                if bonus:
                    tail = tuple([v + bonus for v in tail])
                found = vectors[key] = (drawn[s], *tail)
                return found
            out = [drawn[s]]
            here = earned[s]
            while plays:
                low = plays & -plays
                plays ^= low
                slot = low.bit_length() - 1
                child = steps[slot]
                r = rank[slot]
                bonus = earned[child] - here
                tail = vector(child, r) if free[child] & near[r] else (drawn[child],)
                k = 1
                for v in tail:
                    v += bonus
                    if k < len(out):
                        if v > out[k]:
                            out[k] = v
                    else:
                        out.append(v)
                    k += 1
            found = vectors[key] = tuple(out)
            return found

        return vector

    def bound(self, s: int, top: int, run: int) -> int:
        """An upper bound on what a line can add from set ``s`` with ``top`` on the waste and a
        run of ``run`` cards under way (``run`` 0 just after a draw)."""
        best = 0
        for k, v in enumerate(self._vector(s, top)):
            v += k * run + _TRI[k]
            if v > best:
                best = v
        return best

    def _build(self) -> Iterator[None]:
        sets, near, rank = self.sets, self.near, self.rank
        value, drawn, within = self.value, self.drawn, self.within
        free, masks, plays_of = sets.free, sets.masks, sets.plays
        vector = self._vector
        near_slot = [near[r] for r in rank]
        penalty = self.penalty
        # first[s << 4 | t]: the best a run adds that has just played its first card, of rank t,
        # leaving set s: k more cards add k + T(k), T(k + 1) - 1 (the first card's 1 aside)
        first: dict[int, int] = {}
        gain = tuple(k * (k + 3) // 2 for k in range(64))
        for s in range(1, len(masks)):
            if masks[s] & ~within:
                continue  # not a set this position can reach
            best = -1  # (+1: the run's first card)
            for slot, child, bonus in plays_of[s]:
                if free[child] & near_slot[slot]:
                    r = rank[slot]
                    key = child << 4 | r
                    got = first.get(key)
                    if got is None:
                        got = 0
                        for k, v in enumerate(vector(child, r)):
                            v += gain[k]
                            if v > got:
                                got = v
                        first[key] = got
                else:
                    got = drawn[child]
                got += bonus
                if got > best:
                    best = got
            best += 1
            value[s] = best
            drawn[s] = best - penalty if best > penalty else 0
            if not s % 64:  # a few hundred microseconds
                yield
        self.ready = True


class _Runs:
    """The sets of cards a run leaves, by set and top rank (the same for every stock)."""

    def __init__(self, relaxed: _Relaxed) -> None:
        self.relaxed = relaxed
        self._found: dict[int, tuple[int, ...]] = {}
        self._bare: dict[int, int] = {}
        self.leaves = self._make_leaves()

    def bare(self, s: int) -> int:
        """The ranks of the cards of set ``s`` that no other card left can come just before (a
        card one rank away, not under it nor on it with cards between): each must follow a
        stock card, or the top, or the game can't be won."""
        found = self._bare.get(s)
        if found is None:
            relaxed = self.relaxed
            mask = relaxed.sets.masks[s]
            found = 0
            todo = mask
            while todo:
                low = todo & -todo
                todo ^= low
                slot = low.bit_length() - 1
                if not relaxed.support[slot] & mask:
                    found |= 1 << relaxed.rank[slot]
            self._bare[s] = found
        return found

    def tables(self) -> list[dict[Any, Any]]:
        return [self._found, self._bare]

    def leaves_any(self, s: int) -> tuple[int, ...]:
        """Every set a run that starts with any free card can leave (an empty waste's first run)."""
        rank, leaves = self.relaxed.rank, self.leaves
        out = set()
        for slot, child in self.relaxed.sets.after[s].items():
            out.add(child)
            out.update(leaves(child, rank[slot]))
        return tuple(sorted(out))

    def _make_leaves(self) -> Callable[[int, int], tuple[int, ...]]:
        sets, near, rank = self.relaxed.sets, self.relaxed.near, self.relaxed.rank
        free, after = sets.free, sets.after
        found_of = self._found

        def leaves(s: int, top: int) -> tuple[int, ...]:
            """Every set a run of one or more cards on ``top`` from set ``s`` can leave, in order:
            the sets the run's first card leaves, and what runs on from each leave, each worked
            out once (runs from different sets and tops meet)."""
            key = s << 4 | top
            found = found_of.get(key)
            if found is not None:
                return found
            plays = free[s] & near[top]
            steps = after[s]
            out = set()
            while plays:
                low = plays & -plays
                plays ^= low
                slot = low.bit_length() - 1
                child = steps[slot]
                out.add(child)
                r = rank[slot]
                if free[child] & near[r]:
                    out.update(leaves(child, r))
            found = found_of[key] = tuple(sorted(out))
            return found

        return leaves

    def path(self, s: int, top: int | None, leaves: int) -> list[int]:
        """The slots of a run on ``top`` (``None``: any first card) from set ``s`` to set ``leaves``."""
        sets, near, rank = self.relaxed.sets, self.relaxed.near, self.relaxed.rank
        goal = sets.masks[leaves]
        played = sets.masks[s] & ~goal
        path: list[int] = []

        def walk(s: int, top: int | None) -> bool:
            if sets.masks[s] == goal:
                return True
            plays = sets.free[s] & played & (near[top] if top is not None else -1)
            while plays:
                low = plays & -plays
                plays ^= low
                slot = low.bit_length() - 1
                path.append(slot)
                if walk(sets.after[s][slot], rank[slot]):
                    return True
                path.pop()
            return False

        found = walk(s, top)
        assert found, "no run leaves that set"
        return path


class _LastPass:
    """The last pass through one stock: states just after a draw, (set, index), the top
    ``seq[index]`` (``seq`` is the pass's first top, then the stock, next first).

    ``search(s, i, need)`` answers the best a line adds from the state: exactly when that is
    above ``need``, else a proved upper bound no higher than ``need``. Winning lines only
    (``clear``): the same, a state from which no line wins being worth ``_NEG``.
    """

    def __init__(
        self,
        runs: _Runs,
        seq: tuple[int, ...],
        work: Work,
        clear: bool,
        every: _LastPass | None = None,
    ) -> None:
        """``every``: the same pass for every line, whose values bound this one's (winning lines only)."""
        self.runs = runs
        self.every = every
        self.seq = seq
        self.clear = clear
        self.exact: dict[int, int] = {}
        self.upper: dict[int, int] = {}
        self.choice: dict[int, int] = {}
        """For each state with an exact value: the set its run leaves, twice, plus 1 if the line
        goes on (draws); or _STOP."""
        self.ordered: dict[int, list[tuple[int, int, int]]] = {}
        """The moves of each (set, top), in the order tried (see ``moves`` in :meth:`_make`)."""
        self.search = self._make(work)

    def tables(self) -> list[dict[Any, Any]]:
        """What :meth:`TriPeaksBest._release` empties."""
        return [self.exact, self.upper, self.choice, self.ordered]

    def _make(self, work: Work) -> Callable[[int, int, int], int]:
        runs, seq, clear = self.runs, self.seq, self.clear
        relaxed = runs.relaxed
        sets = relaxed.sets
        cards, earned = sets.cards, sets.earned
        value, drawn = relaxed.value, relaxed.drawn
        exact, upper, choice = self.exact, self.upper, self.choice
        last = len(seq) - 1
        tri = _TRI
        tick = work.tick
        ordered = self.ordered
        penalty = DRAW_PENALTY
        nothing = _NEG if clear else 0
        bare_of = runs.bare
        known_every = self.every.exact if self.every is not None else None
        upper_every = self.every.upper if self.every is not None else {}
        # supplied[i]: the ranks a card can follow with the stock at index i (one from a rank in
        # seq[i:], the top and the stock left)
        near_rank = relaxed.near_rank
        supplied = [0] * (len(seq) + 1)
        for i in range(len(seq) - 1, -1, -1):
            supplied[i] = supplied[i + 1] | near_rank[seq[i]]

        def moves(s: int, top: int) -> list[tuple[int, int, int]]:
            """(bound, points, set left) for each run (and for drawing at once, ``s`` itself),
            highest bound first: the order the search tries them in."""
            key = s << 4 | top
            found = ordered.get(key)
            if found is None:
                here, count = earned[s], cards[s]
                found = []
                for child in runs.leaves(s, top):
                    points = tri[count - cards[child]] + earned[child] - here
                    if not child:
                        found.append((points, points, child))
                    elif clear:
                        found.append((points + value[child] - penalty, points, child))
                    else:
                        found.append((points + drawn[child], points, child))
                found.append((value[s] - penalty if clear else drawn[s], 0, s))
                found.sort(key=lambda move: (-move[0], move[2]))
                ordered[key] = found
            return found

        def search(s: int, i: int, need: int) -> int:
            key = s << 5 | i
            known = exact.get(key)
            if known is not None:
                return known
            bound = upper.get(key)
            if bound is None:
                bound = value[s]
                if known_every is not None:
                    # what a line of any kind can add bounds what a winning line can
                    every = known_every.get(key)
                    if every is None:
                        every = upper_every.get(key)
                    if every is not None and every < bound:
                        bound = every
            if bound <= need:
                return bound
            tick()
            top = seq[i]
            if i == last:  # the stock is empty: a run, then the line ends
                best, pick = nothing, _STOP
                here, count = earned[s], cards[s]
                for child in runs.leaves(s, top):
                    if clear and child:
                        continue
                    points = tri[count - cards[child]] + earned[child] - here
                    if points > best:
                        best, pick = points, child << 1
                exact[key] = best
                choice[key] = pick
                return best
            if clear and bare_of(s) & ~supplied[i]:
                exact[key] = _NEG
                choice[key] = _STOP
                return _NEG
            best, pick, ceiling = nothing, _STOP, nothing
            for first, points, child in moves(s, top):
                floor = need if need > best else best
                if first <= floor:
                    if first > ceiling:
                        ceiling = first
                    break  # the rest are bounded lower still
                if not child:
                    got = points
                    goes_on = 0
                else:
                    after = search(child, i + 1, floor - points + penalty) - penalty
                    if clear or after > 0:
                        got = points + after
                        goes_on = 1
                    else:
                        got = points
                        goes_on = 0
                if got > floor:
                    best, pick = got, child << 1 | goes_on
                elif got > ceiling:
                    ceiling = got
            if best > need:
                exact[key] = best
                choice[key] = pick
                return best
            if best > ceiling:
                ceiling = best
            upper[key] = ceiling
            return ceiling

        return search


class TriPeaksBest:
    """The search for a TriPeaks position's best scores (see :mod:`tripeaks.services.best`)."""

    def __init__(self, position: TriPeaksPosition, solver: Solver | None = None) -> None:
        self.position = position
        self.rules = position.rules
        self.sets = _sets_of(position.layout)
        self._solver = solver
        self._work = Work()
        self._steps: Iterator[None] | None = None
        self._found: tuple[Line, Line | None] | None = None
        self._passes: dict[tuple[bool, tuple[int, ...]], _LastPass] = {}
        self._tables: dict[bool, tuple[dict[Any, int], dict[Any, int], dict[Any, Any]]] = {
            clear: ({}, {}, {}) for clear in (False, True)
        }
        self._searches: dict[bool, Callable[..., int]] = {}
        self._roots: dict[bool, Any] = {}

    @property
    def nodes(self) -> int:
        return self._work.nodes

    def step(self, deadline: float | None) -> tuple[Line, Line | None] | None:
        if self._found is not None:
            return self._found
        self._work.deadline = deadline
        if self._steps is None:
            self._steps = self._run()
        for _ in self._steps:
            if deadline is not None and time.perf_counter() > deadline:
                return None
        assert self._found is not None
        return self._found

    # The work, as a generator that yields whenever it may pause

    def _retry(self, search: Callable[[], int]) -> Iterator[None]:
        """Run ``search`` until it finishes, yielding each time it pauses (what it proved is kept)."""
        while True:
            try:
                self._value = search()
                return
            except Pause:
                yield

    def _run(self) -> Iterator[None]:
        position = self.position
        status = position.status()
        if status is not Status.PLAYING:
            line = Line(position.score, ())
            self._found = (line, line if status is Status.WON else None)
            return
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
        self._winning: Line | None = None
        yield from self._decide(position)
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
                    yield from self._retry(lambda need=need: self._root(clear=True, need=need))
                    if self._value > need:
                        break
                    gain = min(gain, self._value)  # a round that fails proves this bound
                    step *= 2
                clear_line = self._line(clear=True)
        yield from self._release()
        self._found = (best, clear_line)

    def _release(self) -> Iterator[None]:
        """Empty the tables once both lines are known, a slice at a time. The searches are
        closures that call themselves, cycles that only Python's cycle collector frees, and it
        would first go through every list and tuple their tables hold (a few hundred thousand:
        tens of ms a deal); emptied, what they held is freed at once."""
        tables: list[dict[Any, Any]] = [*self._tables[False], *self._tables[True]]
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

    def _decide(self, position: TriPeaksPosition) -> Iterator[None]:
        """Ask the decision solver whether ``position`` can be won: ``_winning`` is its line."""
        if self._solver is None:
            self._solver = Solitaire.of(position).solver(position)
        while True:
            left = None
            if self._work.deadline is not None:
                left = max(self._work.deadline - time.perf_counter(), 0.0)
            answer = self._solver.solve(position, budget=None, seconds=left)
            if answer.result is not Result.GAVE_UP:
                break
            yield
        if answer.result is Result.WON:
            end = position
            for move in answer.moves:
                end = end.after(move)
            self._winning = Line(end.score, answer.moves)

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
        exact, upper, choice = self._tables[clear]
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
            if best > need:
                exact[key] = best
                choice[key] = move
                return best
            if best > ceiling:
                ceiling = best
            upper[key] = ceiling
            return ceiling

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
        steps = self._steps_of(clear)
        position = self.position
        moves = []
        for step in steps:
            if step == _ADVANCE:
                move = DRAW if position.stock else RESET
            else:
                card = position.cards[step]
                assert card is not None
                move = Move.play(card)
            position = position.after(move)
            moves.append(move)
        return Line(position.score, tuple(moves))

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
        _, _, choice = self._tables[clear]
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
