"""Golf's seven columns of five overlapping cards, each covering the one dealt before it."""

from __future__ import annotations

from ...base.layout import build_layout

__all__ = ["COLUMNS", "DEPTH", "GOLF_COLUMNS", "ROW_STEP"]

COLUMNS = 7
DEPTH = 5
"""Cards in a column."""
ROW_STEP = 0.76
"""How far down the table each card of a column lies below the one it covers, in rows (half a card's
height): a strip of 0.38 of a card's height shows the covered card's corner index, whole even on a
phone's small cards, whose rank takes the top 0.36 of the card (web/cards.css)."""

GOLF_COLUMNS = build_layout(
    "golf",
    (COLUMNS,) * DEPTH,
    # Row r holds the r-th card dealt to each column (row 0 the bottom card of the pile, drawn at
    # the top of the table); card j of a row lies under card j of the next row.
    lambda row, j: [j],
    face_up_rows=set(range(DEPTH)),
    place=lambda row, j: float(j),
    row_step=ROW_STEP,
    code_by_column=True,
)
"""Slots row by row: slot ``r * 7 + j`` is column ``j``'s card ``r`` from the bottom; the last row
(slots 28 to 34) is the columns' tops, free at the deal. A deal code lists the columns left to right,
each from its bottom card to its top."""
