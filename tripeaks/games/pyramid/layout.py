"""The upright pyramid: 28 cards in seven rows, 1 at the top down to 7 across the bottom."""

from __future__ import annotations

from ...base.layout import build_layout

__all__ = ["PYRAMID_LAYOUT"]

PYRAMID_LAYOUT = build_layout(
    "pyramid",
    (1, 2, 3, 4, 5, 6, 7),
    # Card j of a row lies under cards j and j + 1 of the row beneath: the bottom row is covered by
    # nothing, so its seven cards are free at the deal.
    lambda row, j: [j, j + 1],
    face_up_rows=set(range(7)),
    # Each card sits midway between the two cards lying on it.
    place=lambda row, j: j + (6 - row) / 2,
)
"""Row 0 (the apex, 1 card) at the top to row 6 (7 cards), the bottom row, free at the deal."""
