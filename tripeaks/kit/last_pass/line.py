"""A line as the searches find it: layout slots to play, and advances (a draw, or a reset once the stock is
empty), turned into moves made by the rules themselves."""

from __future__ import annotations

from typing import TypeVar

from ...base.moves import DRAW, RESET, Move
from ...model.position import Position

__all__ = ["ADVANCE", "follow"]

ADVANCE = -1
"""A step of a line that turns the next stock card (a draw, or a reset when the stock is empty)."""

P = TypeVar("P", bound=Position)


def follow(position: P, steps: list[int]) -> tuple[tuple[Move, ...], P]:
    """The moves of a line of ``steps`` (layout slots, and :data:`ADVANCE`) from ``position``, each made
    by the rules themselves, and the position they reach."""
    moves = []
    for step in steps:
        if step == ADVANCE:
            move = DRAW if position.stock else RESET
        else:
            card = position.cards[step]
            assert card is not None
            move = Move.play(card)
        position = position.after(move)  # type: ignore[assignment]  # a position's moves make its kind
        moves.append(move)
    return tuple(moves), position
