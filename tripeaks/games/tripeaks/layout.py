"""The three peaks: 28 cards in four rows, covering as RULES.md states it, and the peak tops."""

from __future__ import annotations

from ...base.layout import build_layout

__all__ = ["PEAKS", "PEAK_BONUS", "THREE_PEAKS"]


def _covering(row: int, i: int) -> list[int]:
    if row == 0:
        return [2 * i, 2 * i + 1]
    if row == 1:
        peak, k = divmod(i, 2)
        return [3 * peak + k, 3 * peak + k + 1]
    return [i, i + 1]


def _place(row: int, i: int) -> float:
    # Each card sits midway between the two cards that cover it; the base row is 0..9.
    if row == 3:
        return float(i)
    a, b = _covering(row, i)
    return (_place(row + 1, a) + _place(row + 1, b)) / 2


THREE_PEAKS = build_layout("tripeaks", (3, 6, 9, 10), _covering, face_up_rows={3}, place=_place)
"""Rows 0 (the peak tops) to 3 (the base, dealt face up)."""

PEAKS = (0, 1, 2)
"""The peak tops' slots: clearing one earns a bonus."""

PEAK_BONUS = (15, 15, 30)
"""For the first, second and third peak cleared."""
