"""The engine's typed errors: every message is fit to show a player."""

from __future__ import annotations

__all__ = [
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidMoveError",
    "InvalidSaveError",
]


class InvalidCardError(ValueError):
    """Text that is not a card, such as ``'Zx'``."""


class InvalidDealError(ValueError):
    """A deal code that is malformed: wrong length, unknown card, card missing or repeated, or a
    prefix no game owns."""


class InvalidMoveError(ValueError):
    """A move written wrongly, or one that cannot exist in the game: not a rule refusing it
    (that is :class:`IllegalMoveError`), but text or a value that is no move at all."""


class IllegalMoveError(ValueError):
    """A move the rules do not allow in the current position."""


class InvalidSaveError(ValueError):
    """A saved game that is corrupt, forged, of another game or from an unknown version."""
