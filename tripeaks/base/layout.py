"""Layouts: slots in rows, which slots cover which, and where each sits on the table.

A layout is generated from its covering rule (:func:`build_layout`), never typed in by hand;
each game makes its own. Bit ``i`` of a mask stands for slot ``i``; slots are numbered row by
row, top to bottom, left to right.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property

__all__ = ["Layout", "bits", "build_layout"]


def bits(mask: int) -> Iterator[int]:
    """The slot numbers set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True)
class Layout:
    """Slots that cover each other.

    ``covered_by[i]`` is the mask of the slots lying on slot ``i``; a slot is free once all
    of them are gone. ``face_up`` is the mask of slots dealt face up, ``places`` each slot's
    (x, y) on the table, in card widths and rows (a row is half a card's height: the next row of
    a pyramid covers the lower half of the row above), for drawing it. ``code_groups`` are the
    slots a deal code writes between two ``/``, in order (by default the rows, see :attr:`groups`),
    and ``group_word`` what a player calls one (``row``, ``column``).
    """

    name: str
    rows: tuple[int, ...]
    covered_by: tuple[int, ...]
    face_up: int
    places: tuple[tuple[float, float], ...]
    code_groups: tuple[tuple[int, ...], ...] | None = None
    group_word: str = "row"

    @property
    def size(self) -> int:
        return len(self.covered_by)

    @property
    def full(self) -> int:
        """The mask with every slot present."""
        return (1 << self.size) - 1

    @cached_property
    def row_of(self) -> tuple[int, ...]:
        return tuple(r for r, n in enumerate(self.rows) for _ in range(n))

    @cached_property
    def row_starts(self) -> tuple[int, ...]:
        starts, total = [], 0
        for n in self.rows:
            starts.append(total)
            total += n
        return tuple(starts)

    @cached_property
    def groups(self) -> tuple[tuple[int, ...], ...]:
        """The slots of each group of a deal code, in the code's order: the rows, top first and each
        left to right, unless the layout says otherwise (Golf's columns)."""
        if self.code_groups is not None:
            return self.code_groups
        starts, rows = self.row_starts, self.rows
        return tuple(tuple(range(start, start + n)) for start, n in zip(starts, rows, strict=True))

    @cached_property
    def covers(self) -> tuple[int, ...]:
        """``covers[i]``: the mask of slots that slot ``i`` lies on."""
        return tuple(
            sum(1 << j for j in range(self.size) if self.covered_by[j] >> i & 1)
            for i in range(self.size)
        )

    @cached_property
    def beneath(self) -> tuple[int, ...]:
        """``beneath[i]``: the mask of slots lying under slot ``i``, directly or not."""
        out = [0] * self.size
        for i in range(self.size):
            todo = self.covers[i]
            while todo:
                low = todo & -todo
                todo ^= low
                if not out[i] & low:
                    out[i] |= low
                    todo |= self.covers[low.bit_length() - 1]
        return tuple(out)

    @cached_property
    def above(self) -> tuple[int, ...]:
        """``above[i]``: the mask of slots lying on slot ``i``, directly or not."""
        return tuple(
            sum(1 << j for j in range(self.size) if self.beneath[j] >> i & 1)
            for i in range(self.size)
        )

    @cached_property
    def uncovering(self) -> tuple[tuple[int, dict[int, int]], ...]:
        """``uncovering[i]``: ``(near, freed)``, where ``near`` is the mask of the slots that
        decide what taking the card in slot ``i`` frees (the slots it lies on and what else lies
        on them), and ``freed[cards & near]`` the slots it frees when ``cards`` are left after it.
        """
        out = []
        for i in range(self.size):
            under = self.covers[i]
            near = under
            for s in bits(under):
                near |= self.covered_by[s]
            near &= ~(1 << i)
            freed = {}
            sub = near
            while True:  # every subset of near, near first
                freed[sub] = sum(1 << s for s in bits(under & sub) if not sub & self.covered_by[s])
                if not sub:
                    break
                sub = (sub - 1) & near
            out.append((near, freed))
        return tuple(out)

    @cached_property
    def _free_of(self) -> dict[int, int]:
        """``free(remaining)`` for each set of remaining slots met so far (a layout has only so
        many: 22,932 for TriPeaks, 1,430 for Triangle)."""
        return {}

    def free(self, remaining: int) -> int:
        """The mask of remaining slots with nothing left on top of them."""
        free = self._free_of.get(remaining)
        if free is None:
            covered_by = self.covered_by
            free, todo = 0, remaining
            while todo:
                low = todo & -todo
                todo ^= low
                if not remaining & covered_by[low.bit_length() - 1]:
                    free |= low
            self._free_of[remaining] = free
        return free

    @cached_property
    def width(self) -> float:
        """How many card widths the layout spans, from its leftmost card's left edge."""
        return max(x for x, _ in self.places) + 1 - min(x for x, _ in self.places)

    def is_free(self, remaining: int, slot: int) -> bool:
        return bool(remaining >> slot & 1) and not remaining & self.covered_by[slot]


def build_layout(
    name: str,
    rows: tuple[int, ...],
    covering: Callable[[int, int], list[int]],
    face_up_rows: set[int],
    place: Callable[[int, int], float],
    *,
    row_step: float = 1.0,
    code_by_column: bool = False,
) -> Layout:
    """Make a layout from ``covering(row, i)``: the indices in row ``row + 1`` lying on card ``i``
    of ``row`` (those outside the row are ignored); ``place(row, i)`` is the card's x on the table,
    and ``row_step`` how far down the table each row lies below the last, in rows (half a card's
    height: Golf's overlapping columns show a strip of each card, a pyramid half of it).
    ``code_by_column``: the deal code lists the cards column by column (rows of equal length), each
    from the first row to the last, rather than row by row."""
    starts = [sum(rows[:r]) for r in range(len(rows))]
    covered_by: list[int] = []
    places: list[tuple[float, float]] = []
    face_up = 0
    for r, n in enumerate(rows):
        for i in range(n):
            slot = starts[r] + i
            mask = 0
            if r + 1 < len(rows):
                for j in covering(r, i):
                    if 0 <= j < rows[r + 1]:
                        mask |= 1 << (starts[r + 1] + j)
            covered_by.append(mask)
            places.append((place(r, i), r * row_step))
            if r in face_up_rows:
                face_up |= 1 << slot
    if code_by_column:
        if len(set(rows)) != 1:
            raise ValueError("a layout written column by column needs rows of equal length")
        columns = tuple(tuple(starts[r] + j for r in range(len(rows))) for j in range(rows[0]))
        return Layout(name, rows, tuple(covered_by), face_up, tuple(places), columns, "column")
    return Layout(name, rows, tuple(covered_by), face_up, tuple(places))
