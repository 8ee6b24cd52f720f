"""The inverted triangle: 28 cards in seven rows, 7 across the top down to the point of 1."""

from __future__ import annotations

from ...base.layout import build_layout

__all__ = ["INVERTED_TRIANGLE"]

INVERTED_TRIANGLE = build_layout(
    "triangle",
    (7, 6, 5, 4, 3, 2, 1),
    # Card j of a row lies under cards j - 1 and j of the row beneath, where those exist: the
    # ends of a row under one card, the middle under two.
    lambda row, j: [j - 1, j],
    face_up_rows=set(range(7)),
    # Each card sits midway between the two cards it lies under.
    place=lambda row, j: j + row / 2,
)
"""Row 0 (7 cards) at the top to row 6, the point, which alone is free at the deal."""
