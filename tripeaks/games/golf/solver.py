"""Golf's exact solver: the family's last-pass search (``tripeaks/kit/last_pass/``), Golf being one pass.

Every state of a game of Golf is in the last pass through its stock: the cards left in the columns, the
waste's top and how far into the stock the game has gone decide all that can follow. The search is
TriPeaks' last pass on Golf's columns and Golf's relation of ranks (no wrap, K–A wrap, or nothing on a
king); see :mod:`tripeaks.kit.last_pass`.
"""

from __future__ import annotations

from ...kit.last_pass.solver import PassSolver
from .play import GolfPosition

__all__ = ["GolfSolver"]


class GolfSolver(PassSolver[GolfPosition]):
    """Solves positions of one Golf deal under one rule set, remembering what it proved (see
    :class:`~tripeaks.kit.last_pass.solver.PassSolver`)."""
