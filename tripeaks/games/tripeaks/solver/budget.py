"""The work budget and pausing: the states a search may examine, its time, and how often it looks."""

from __future__ import annotations

from ....kit.solving import Budget, GiveUp, collector_paused
from ....model.answers import DEFAULT_BUDGET

__all__ = ["DEFAULT_BUDGET", "_TICK", "_Budget", "_GiveUp", "collector_paused"]

_TICK = 512  # states between looks at the budget and the clock: a few milliseconds
_Budget = Budget
"""What a solver's searches count (``nodes``, the states examined) and when the search under way
must pause (``_due``); the :class:`Solver` is one. Shared with the other games' solvers."""
_GiveUp = GiveUp
