"""The sets of cards a TriPeaks layout can have left, numbered once and shared; the search's constants."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....base.layout import Layout
from ..layout import PEAK_BONUS, PEAKS

_NEG = -(1 << 24)  # the value of a state from which no line wins (winning lines only)
_TRI = tuple(k * (k + 1) // 2 for k in range(64))  # a run of k cards scores _TRI[k]
_STOP = -1  # a state's move: stop here
_PEAK_MASK = sum(1 << p for p in PEAKS)
_RELEASE = 4096  # entries of a table freed between looks at the clock (a millisecond or two)


def _earned(mask: int) -> int:
    """The peak bonuses earned once the peaks missing from ``mask`` are cleared."""
    return sum(PEAK_BONUS[: len(PEAKS) - (mask & _PEAK_MASK).bit_count()])


class _Proved:
    """What a best-score search proved of the states it met, by key: the ``exact`` value of each whose
    value is above what was asked of it, with the ``choice`` made there, and an ``upper`` bound of the
    others."""

    def __init__(self) -> None:
        self.exact: dict[Any, int] = {}
        self.upper: dict[Any, int] = {}
        self.choice: dict[Any, Any] = {}

    def tables(self) -> list[dict[Any, Any]]:
        """What :meth:`TriPeaksBest._release` empties."""
        return [self.exact, self.upper, self.choice]

    def settle(self, key: Any, best: int, choice: Any, need: int, ceiling: int) -> int:
        """A state's value once its moves are tried: ``best``, exactly (made by ``choice``), when above
        ``need``; else a bound no higher than ``need``, the higher of ``best`` and ``ceiling`` (what the
        moves not followed could add at most)."""
        if best > need:
            self.exact[key] = best
            self.choice[key] = choice
            return best
        if best > ceiling:
            ceiling = best
        self.upper[key] = ceiling
        return ceiling


class _Built:
    """Tables made in slices: :meth:`build` makes them, pausing (yielding) every few thousand entries,
    and any caller may carry on where another stopped; ``ready`` once made."""

    ready = False
    _building: Iterator[None] | None = None

    def build(self) -> Iterator[None]:
        if self._building is None:
            self._building = self._build()
        yield from self._building

    def _build(self) -> Iterator[None]:  # pragma: no cover - each table's
        raise NotImplementedError


class _Sets(_Built):
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
