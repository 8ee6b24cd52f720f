"""The last pass through one stock: the best a line adds from each state just after a draw."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....kit.work import Work
from ..play import DRAW_PENALTY
from .relaxed import _Runs
from .sets import _NEG, _STOP, _TRI, _Proved


class _LastPass(_Proved):
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
        super().__init__()
        # (its choice of a state with an exact value: the set its run leaves, twice, plus 1 if the line
        # goes on, drawing; or _STOP)
        self.ordered: dict[int, list[tuple[int, int, int]]] = {}
        """The moves of each (set, top), in the order tried (see ``moves`` in :meth:`_make`)."""
        self.search = self._make(work)

    def tables(self) -> list[dict[Any, Any]]:
        """What :meth:`TriPeaksBest._release` empties."""
        return [*super().tables(), self.ordered]

    def _make(self, work: Work) -> Callable[[int, int, int], int]:
        runs, seq, clear = self.runs, self.seq, self.clear
        relaxed = runs.relaxed
        sets = relaxed.sets
        cards, earned = sets.cards, sets.earned
        value, drawn = relaxed.value, relaxed.drawn
        exact, upper, choice, settle = self.exact, self.upper, self.choice, self.settle
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
            return settle(key, best, pick, need, ceiling)

        return search
