"""The relaxed game that bounds the real one from above, and the runs from each set of cards left."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..play import DRAW_PENALTY, neighbours
from .sets import _TRI, _Built, _Sets


class _Relaxed(_Built):
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
