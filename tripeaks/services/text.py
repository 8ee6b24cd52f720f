"""The table drawn as text, for the terminal."""

from __future__ import annotations

from ..model.position import Position
from ..model.solitaire import Solitaire

__all__ = ["draw_table"]

_WIDTH = 4  # characters per card width on the table


def draw_table(position: Position, *, reveal: bool = False) -> str:
    """The layout rows, then the waste and the stock, for any game. Face-down cards show as ``##``.

    ``reveal`` shows face-down cards too, written ``tH`` (rank in lower case, suit in upper
    case) to tell them from face-up ``Th``, and the stock in order.
    """
    layout = position.layout
    lines = []
    for row, (start, n) in enumerate(zip(layout.row_starts, layout.rows, strict=True)):
        line = ""
        for slot in range(start, start + n):
            x = round(layout.places[slot][0] * _WIDTH)
            card = position.cards[slot]
            if card is None:
                label = "  "
            elif position.is_face_up(slot):
                label = card.code
            else:
                label = card.code[0].lower() + card.code[1].upper() if reveal else "##"
            line = line.ljust(x) + label
        lines.append(line.rstrip() if line.strip() else f"({'row ' + str(row + 1)} cleared)")
    lines.append("")
    lines.append(Solitaire.of(position).words.piles(position, reveal=reveal))
    return "\n".join(lines)
