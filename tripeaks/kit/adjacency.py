"""Which rank goes on which, in the games that play a card one rank above or below the waste's top.

TriPeaks and Golf play a card on the waste when its rank is one above or one below the top's. Three
relations are met: no wrap (a queen and a king touch, a king and an ace do not), K–A wrap (a king and
an ace touch too), and Dead King Golf's, no wrap where nothing goes on a king (a king still goes on a
queen): the one relation that is not symmetric. Ranks are 1 (ace) to 13 (king); a set of ranks is a
mask with bit ``r`` for rank ``r``.

>>> WRAP.goes_on(1, 13), NO_WRAP.goes_on(1, 13), DEAD_KING.goes_on(12, 13), DEAD_KING.goes_on(13, 12)
(True, False, False, True)
>>> WRAP.onto_ranks[13], NO_WRAP.onto_ranks[13], DEAD_KING.onto_ranks[13], DEAD_KING.under_ranks[12]
((1, 12), (12,), (), (11,))
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEAD_KING", "NO_WRAP", "WRAP", "Adjacency", "adjacency", "adjacent", "neighbours"]


def adjacent(a: int, b: int, wrap: bool) -> bool:
    """Whether ranks ``a`` and ``b`` are one apart (with ``wrap``, king and ace are too)."""
    gap = abs(a - b)
    return gap == 1 or (wrap and gap == 12)


def neighbours(rank: int, wrap: bool) -> tuple[int, ...]:
    """The ranks that may be played on ``rank``, lowest first.

    >>> neighbours(13, True), neighbours(13, False), neighbours(1, True)
    ((1, 12), (12,), (2, 13))
    """
    return tuple(r for r in range(1, 14) if adjacent(rank, r, wrap))


@dataclass(frozen=True)
class Adjacency:
    """One relation of ranks: ``onto[t]`` is the mask of the ranks that go on a top of rank ``t``,
    ``under[r]`` the mask of the tops a card of rank ``r`` goes on (both 0 for rank 0); and the same
    as tuples of ranks, lowest first."""

    name: str
    """``nowrap``, ``wrap`` or ``deadking``."""
    wrap: bool
    dead_king: bool
    onto: tuple[int, ...]
    under: tuple[int, ...]
    onto_ranks: tuple[tuple[int, ...], ...]
    under_ranks: tuple[tuple[int, ...], ...]

    def goes_on(self, card: int, top: int) -> bool:
        """Whether a card of rank ``card`` may be played on a top of rank ``top``."""
        return bool(self.onto[top] >> card & 1)

    @property
    def symmetric(self) -> bool:
        return self.onto == self.under


def _make(name: str, wrap: bool, dead_king: bool) -> Adjacency:
    def goes(card: int, top: int) -> bool:
        return adjacent(card, top, wrap) and not (dead_king and top == 13)

    ranks = range(1, 14)
    onto_ranks = ((), *(tuple(r for r in ranks if goes(r, t)) for t in ranks))
    under_ranks = ((), *(tuple(t for t in ranks if goes(r, t)) for r in ranks))
    return Adjacency(
        name, wrap, dead_king,
        tuple(sum(1 << r for r in found) for found in onto_ranks),
        tuple(sum(1 << t for t in found) for found in under_ranks),
        onto_ranks, under_ranks,
    )


NO_WRAP = _make("nowrap", False, False)
WRAP = _make("wrap", True, False)
DEAD_KING = _make("deadking", False, True)


def adjacency(wrap: bool) -> Adjacency:
    """The symmetric relation with K–A ``wrap`` or without."""
    return WRAP if wrap else NO_WRAP
