"""The engine's typed errors: every message is fit to show a player."""

from __future__ import annotations

__all__ = ["IllegalMoveError", "InvalidCardError", "InvalidDealError", "InvalidSaveError"]


class InvalidCardError(ValueError):
    """Text that is not a card, such as ``'Zx'``."""


class InvalidDealError(ValueError):
    """A deal code that is malformed: wrong length, unknown card, card missing or repeated."""


class IllegalMoveError(ValueError):
    """A move the rules do not allow in the current position."""


class InvalidSaveError(ValueError):
    """A saved game that is corrupt, forged or from an unknown version."""
