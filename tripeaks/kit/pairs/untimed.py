"""The untimed game of pairs: whether the layout could be cleared if every talon card could be had at any
moment, a bound on the real game (where a talon card shows only at its moments) worked out once per set of
layout cards and count of talon cards of each value.

Suits play no part and, with time set aside, neither does the talon's order: a talon card is as good as
any other of its value. So a state is the layout cards left and how many talon cards of each value are
left; a move removes a king of the layout, two free layout cards that make 13, or a free layout card with
a talon card of the other value. The layout must be cleared, and (where every card must go) the talon's
cards left must pair among themselves: as many of each value as of the other of its pair. A real line is
a line of this game too, so a state it can't win is lost in the real game, whatever the time: the solver
asks this before searching a state (:meth:`Untimed.lost`). Each state is cut first by the pairing bounds
(:meth:`~tripeaks.kit.pairs.bounds.Pairings.counted_hopeless`), and what is found is kept.

The fewest layout cards a line of the untimed game leaves (:meth:`Untimed.fewest`) bound the real game's
from below the same way (a real line's pairs of two talon cards only use up talon cards): the search for
the fewest cards left starts from it and cuts every state where it is no better than the best line found.

The most cards a line of the untimed game removes (:meth:`Untimed.most`) bounds the real game's from
above the same way, for the best-score search: talon cards may also pair with each other at any time
(in the real game only neighbours do), so those pairs are best left to the end, where each pair of values
adds as many pairs as the fewer of its two values.
"""

from __future__ import annotations

from collections.abc import Callable

from .bounds import Pairings
from .play import KING, TOTAL

__all__ = ["Untimed"]

_BITS = 3  # the bits of a value's count in a packed count of talon cards: 0 to 4
_LAYOUT = 28  # a state's key: the layout's cards, then the counts above them


class Untimed:
    """The untimed game of one deal (see the module's docstring)."""

    def __init__(
        self, rank: list[int], talon_rank: list[int], free_of: Callable[[int], int], pairings: Pairings,
        layout_only: bool,
    ) -> None:
        self.rank = rank
        self.free_of = free_of
        self.pairings = pairings
        self.layout_only = layout_only
        self.slots_of = [sum(1 << s for s, r in enumerate(rank) if r == v) for v in range(14)]
        self.talon_of = [sum(1 << j for j, r in enumerate(talon_rank) if r == v) for v in range(13)]
        self.one = [1 << _BITS * (v - 1) if 0 < v < KING else 0 for v in range(14)]
        self.won: dict[int, bool] = {}
        """Per state (layout | counts << 28): whether the untimed game can be won from it."""
        self.least: dict[int, int] = {}
        """Per state (layout | counts << 28): the fewest layout cards a line of the untimed game leaves."""
        self.best: dict[int, int] = {}
        """Per state (layout | counts << 28): the most cards a line of the untimed game removes."""

    def counts(self, left: int) -> int:
        """The counts of the talon cards ``left`` (a mask of talon indices) of each value, packed."""
        talon_of = self.talon_of
        packed = 0
        for v in range(12, 0, -1):
            packed = packed << _BITS | (left & talon_of[v]).bit_count()
        return packed

    def lost(self, layout: int, left: int) -> bool:
        """Whether the layout cards ``layout`` can't be cleared with the talon cards ``left`` even
        untimed: then the real state is lost at every time."""
        return not self._wins(layout, self.counts(left))

    def _talon_pairs_off(self, counts: int) -> bool:
        for v in range(1, 7):
            if counts >> _BITS * (v - 1) & 7 != counts >> _BITS * (TOTAL - v - 1) & 7:
                return False
        return True

    def kings_gone(self, layout: int) -> tuple[int, int]:
        """The layout once its kings go, as they show (at once: a king alone never hurts), and its free
        cards: what every search of the games of pairs keeps a state's layout as."""
        free_of, kings = self.free_of, self.slots_of[KING]
        free = free_of(layout)
        while free & kings:
            layout &= ~(free & kings)
            free = free_of(layout)
        return layout, free

    def _wins(self, layout: int, counts: int) -> bool:
        layout, free = self.kings_gone(layout)
        if not layout:
            return self.layout_only or self._talon_pairs_off(counts)
        key = layout | counts << _LAYOUT
        won = self.won.get(key)
        if won is not None:
            return won
        won = False
        if not self.pairings.counted_hopeless(layout, counts):
            won = self._moves_win(layout, counts, free)
        self.won[key] = won
        return won

    def _moves_win(self, layout: int, counts: int, free: int) -> bool:
        rank, slots_of, one = self.rank, self.slots_of, self.one
        # two free layout cards first: they keep the talon's cards for the cards to come
        todo = free
        while todo:
            low = todo & -todo
            todo ^= low
            other = todo & slots_of[TOTAL - rank[low.bit_length() - 1]]
            while other:
                low2 = other & -other
                other ^= low2
                if self._wins(layout ^ low ^ low2, counts):
                    return True
        todo = free
        while todo:
            low = todo & -todo
            todo ^= low
            need = TOTAL - rank[low.bit_length() - 1]
            if counts >> _BITS * (need - 1) & 7 and self._wins(layout ^ low, counts - one[need]):
                return True
        return False

    def fewest(self, layout: int, left: int) -> int:
        """The fewest layout cards any line of the untimed game leaves from the layout cards ``layout``
        with the talon cards ``left`` (a mask of talon indices): as few as the real game leaves at any
        time, or fewer."""
        return self._fewest(layout, self.counts(left))

    def _fewest(self, layout: int, counts: int) -> int:
        layout, free = self.kings_gone(layout)
        key = layout | counts << _LAYOUT
        best = self.least.get(key)
        if best is not None:
            return best
        best = layout.bit_count()
        rank, slots_of, one = self.rank, self.slots_of, self.one
        todo = free
        while todo and best:
            low = todo & -todo
            todo ^= low
            need = TOTAL - rank[low.bit_length() - 1]
            other = todo & slots_of[need]
            while other and best:
                low2 = other & -other
                other ^= low2
                got = self._fewest(layout ^ low ^ low2, counts)
                if got < best:
                    best = got
            if best and counts >> _BITS * (need - 1) & 7:
                got = self._fewest(layout ^ low, counts - one[need])
                if got < best:
                    best = got
        self.least[key] = best
        return best

    def most(self, layout: int, left: int) -> int:
        """The most cards any line removes from the layout cards ``layout`` and the talon cards ``left``
        (a mask of talon indices, kings left out) untimed: a bound on the real game's at any time."""
        return self._most(layout, self.counts(left))

    def _most(self, layout: int, counts: int) -> int:
        before = layout
        layout, free = self.kings_gone(layout)
        taken = (before ^ layout).bit_count()
        key = layout | counts << _LAYOUT
        best = self.best.get(key)
        if best is not None:
            return best + taken
        best = 0  # the talon's pairs of each pair of values, at the end
        for v in range(1, 7):
            best += 2 * min(counts >> _BITS * (v - 1) & 7, counts >> _BITS * (TOTAL - v - 1) & 7)
        rank, slots_of, one = self.rank, self.slots_of, self.one
        todo = free
        while todo:
            low = todo & -todo
            todo ^= low
            need = TOTAL - rank[low.bit_length() - 1]
            other = todo & slots_of[need]
            while other:
                low2 = other & -other
                other ^= low2
                got = 2 + self._most(layout ^ low ^ low2, counts)
                if got > best:
                    best = got
            if counts >> _BITS * (need - 1) & 7:
                got = 2 + self._most(layout ^ low, counts - one[need])
                if got > best:
                    best = got
        self.best[key] = best
        return best + taken
