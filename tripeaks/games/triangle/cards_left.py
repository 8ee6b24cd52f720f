"""Triangle's quicker search for the fewest cards left on the triangle, on its best search's states.

The kit's search (``tripeaks/kit/cards_left.py``) walks the game's own positions, a talon of 24 cards in
every order a line leaves it; this walk keeps a state as the best search does (``best.py``): the
triangle's cards left, the talon's cards left (the talon keeps one order) and the time, kings taken the
moment they show. From any time a player can reach every later one, so each set of cards keeps the
earliest time from which everything it reaches has been walked. A state is cut when the cards of the
triangle that no card could ever take (no partner left that can meet it, or lying under such a card)
leave at least as many as the best line already does.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from ...base.moves import DRAW, REDEAL, Move
from ...kit.cards_left import CardsLeftLines, Quick
from ...kit.pairs.best import _SPAN, _TALON, PairsBest
from ...kit.pairs.play import KING, TOTAL
from ...kit.work import Pause
from .play import TrianglePosition

if TYPE_CHECKING:
    from ...base.cards import Card
    from ...model.answers import Solver
    from ...model.position import Position

__all__ = ["TriangleCardsLeft"]

_LAYOUT = (1 << _TALON) - 1  # the places of the triangle's cards
_GRANT = 512
"""States a walk started again after a pause runs before it may pause again: more than its way back down
to where it was, so that it gets further in every slice."""


class _Settled(Exception):
    """The walk met as few cards left as any line can leave: nothing more to look for."""


class TriangleCardsLeft(CardsLeftLines):
    """The fewest triangle cards left of a Triangle position (see :class:`CardsLeftLines`)."""

    position: TrianglePosition

    def __init__(self, position: TrianglePosition, solver: Solver | None = None) -> None:
        super().__init__(position, solver)
        self._states = PairsBest(position, solver)
        """The best search, for its states and moves (its own search is never run)."""
        self._walked: dict[tuple[int, int], int] = {}
        self._stuck: dict[tuple[int, int], int] = {}
        layout = position.layout
        self._beneath, self._above = layout.beneath, layout.above
        states = self._states
        # for each layout slot: the places (slots, and talon cards as bits from _TALON) of its partners
        self._partners = [
            0 if r in (0, KING) else states.of_value[TOTAL - r] for r in states.rank
        ]

    def _quick(self, position: Position, line: tuple[Move, ...]) -> Quick | None:
        """The whole walk, from the position searched (the kit asks for the start first, and this walks
        everything from there)."""
        return self._run_walk()

    def _run_walk(self) -> Quick:
        position = self.position
        start = ((1 << len(self._states.talon)) - 1, len(position.waste) + _SPAN * position.redeals)
        limit = sys.getrecursionlimit()
        while True:
            path: list[tuple[Any, ...]] = []
            sys.setrecursionlimit(max(limit, 1000))
            self._work.grant(_GRANT)
            try:
                self._walk_from(position.remaining, *start, path)
                return
            except Pause:
                pass
            except _Settled:
                return
            finally:
                sys.setrecursionlimit(limit)
            yield

    def stuck(self, layout: int, talon: int) -> int:
        """How many triangle cards of the state no line can take: a card with no partner left that could
        ever meet it (a king always goes), or under such a card, again and again."""
        key = (layout, talon)
        found = self._stuck.get(key)
        if found is not None:
            return found
        partners, beneath, above = self._partners, self._beneath, self._above
        places = layout | talon << _TALON
        live = layout
        changed = True
        while changed:
            changed = False
            todo = live
            while todo:
                low = todo & -todo
                todo ^= low
                slot = low.bit_length() - 1
                mates = partners[slot]
                if not mates:
                    continue  # a king, or a card gone
                # partners that can meet it: any talon card, a live layout card not above or under it
                usable = (mates & places & ~_LAYOUT) | (mates & live & ~beneath[slot] & ~above[slot])
                if not usable:
                    live &= ~(low | beneath[slot])
                    changed = True
        # of the live cards, as many of each pair of values as can find a partner left
        of_value = self._states.of_value
        places = live | talon << _TALON
        kept = 0
        for v in range(1, 7):
            low, high = of_value[v], of_value[TOTAL - v]
            lows, highs = (live & low).bit_count(), (live & high).bit_count()
            all_low, all_high = (places & low).bit_count(), (places & high).bit_count()
            taken = min(min(lows, all_high) + min(highs, all_low), 2 * min(all_low, all_high))
            kept += lows + highs - taken
        found = self._stuck[key] = (layout & ~live).bit_count() + kept
        return found

    def _walk_from(self, layout: int, talon: int, time: int, path: list[tuple[Any, ...]]) -> None:
        states = self._states
        layout, talon, taken = states._kings(layout, talon, time)
        time = states._canonical(talon, time)
        key = (layout, talon)
        done = self._walked.get(key)
        if done is not None and done <= time:
            return
        self._work.tick()
        path.append(("kings", *taken))
        left = layout.bit_count()
        if left < self.best.score:
            self.found(left, self._moves_of(path))
            if self.settled:
                raise _Settled
        if self.stuck(layout, talon) < self.best.score:
            for new_layout, new_talon, new_time, move in states._moves(layout, talon, time):
                path.append(move)
                self._walk_from(new_layout, new_talon, new_time, path)
                path.pop()
        path.pop()
        if done is None or time < done:
            self._walked[key] = time

    def _moves_of(self, path: list[tuple[Any, ...]]) -> tuple[Move, ...]:
        """The moves of a walk's steps: kings taken, pairs (two places), draws and redeals."""
        states = self._states

        def card(place: int) -> Card:
            if place >= _TALON:
                return states.talon[place - _TALON]
            found = self.position.cards[place]
            assert found is not None
            return found

        moves: list[Move] = []
        for step in path:
            if step[0] == "kings":
                moves.extend(Move.play(card(place)) for place in step[1:])
            elif step[0] == "pair":
                moves.append(Move.play(card(step[1]), card(step[2])))
            else:
                moves.append(DRAW if step[0] == "draw" else REDEAL)
        return tuple(moves)
