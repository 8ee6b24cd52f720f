"""The solver of a game played in one last pass through the stock (Golf's whole game, TriPeaks' last pass):
its answers, asked again and again about positions of one deal, in slices of work."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, TypeVar

from ...model.position import Position
from ..solving import Budget, GiveUp, Resuming
from .line import follow
from .memory import Memory
from .search import _fewest_draws, _last_pass

if TYPE_CHECKING:
    from ...base.moves import Move

__all__ = ["PassSolver"]

P = TypeVar("P", bound=Position)


class PassSolver(Memory, Resuming[P, list[int]]):
    """Solves positions of one deal under one set of rules, remembering what it proved.

    Keep one per game: a hint that walks back through the game's history reuses every
    position already proved hopeless, and a search cut short by its budget carries on
    where it stopped when the same position is asked about again (see
    :class:`~tripeaks.kit.solving.Resuming`). A game whose stock may be gone through again
    (TriPeaks) gives its own :meth:`_search` and :meth:`_key`.
    """

    def _played(self, position: P, line: list[int]) -> tuple[Move, ...]:
        return follow(position, line)[0]

    def _key(self, position: P, shortest: bool) -> tuple[object, ...]:
        """What decides a position's answer, by which answers are kept: in the last pass, the cards
        left, the stock and the waste's top."""
        return (position.remaining, position.stock, position.waste[-1], shortest)

    def _search(
        self, position: P, shortest: bool
    ) -> Generator[list[int] | None, None, list[int] | None]:
        """The search for one position in the last pass, pausing when its budget or time runs out
        (see Budget._due): its line of steps (see line.py), or ``None`` when it is lost."""
        remaining = position.remaining
        stock = tuple(c.rank for c in position.stock)
        top = position.waste[-1].rank
        if shortest:
            return (yield from _fewest_draws(self, remaining, top, stock))
        while True:
            try:
                return _last_pass(self, remaining, top, stock, self.nodes + Budget.tick)
            except GiveUp:
                yield None  # what was proved is kept: the next round goes further
