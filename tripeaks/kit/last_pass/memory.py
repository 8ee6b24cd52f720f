"""What a last-pass solver remembers: the stocks met (each a tail of a known one) and their last passes (the
answers it gave, its :class:`~tripeaks.kit.solving.Resuming` base)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bounds import _make_pass, _Pass
from .tables import Tables

if TYPE_CHECKING:
    from ...model.position import Position

__all__ = ["Memory"]


class Memory(Tables):
    """The deal's tables and what the searches proved so far, shared by all of them."""

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        self._bases: dict[tuple[int, ...], int] = {}
        self._base_stock: list[tuple[int, ...]] = []
        self._passes: dict[int, _Pass] = {}  # the last pass through each known stock
        self._base(tuple(c.rank for c in position.stock))

    def _base(self, stock: tuple[int, ...]) -> tuple[int, int]:
        """A known stock that ``stock`` is the tail of, and how far into it it starts.

        Positions of one pass share their stock's tail, so they share what was proved.
        """
        for base, bid in self._bases.items():
            offset = len(base) - len(stock)
            if offset >= 0 and base[offset:] == stock:
                return bid, offset
        bid = len(self._bases)
        self._bases[stock] = bid
        self._base_stock.append(stock)
        return bid, 0

    def _pass_of(self, bid: int) -> _Pass:
        """The last pass through the stock ``bid``: its cells and what was proved."""
        found = self._passes.get(bid)
        if found is None:
            found = self._passes[bid] = _make_pass(self, self._base_stock[bid])
        return found
