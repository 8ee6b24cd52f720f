"""The fewest layout cards a line leaves in a game of pairs (Triangle, Pyramid), on the best search's states.

The kit's search (``tripeaks/kit/cards_left.py``) walks the game's own positions, a talon of 24 cards in
every order a line leaves it; this walk keeps a state as the best search does (``best.py``): the
layout's cards left, the talon's cards left (the talon keeps one order) and the time, kings taken the
moment they show (a king alone never hurts: it only frees or tops other cards). From any time a player
can reach every later one, so each set of cards keeps the earliest time from which everything it
reaches has been walked.

The untimed game (``untimed.py``: every talon card at hand at any moment) bounds the cards left from
below: no line leaves fewer than it does. Its fewest from the start is the floor, where the walk stops as
soon as a line gets there (on most deals the first line that does), and a state is cut when its untimed
fewest is no better than the best line found. Where the untimed game clears the layout, the decision
solver asks whether the real game can (the layout alone, whatever the talon keeps): if so a line leaves
none, else the floor is one.

What depends on the rules is one fact, read from them: where only the layout must go (``layout_only``,
Relaxed Pyramid), a clear layout wins, so a deal the decision solver proves lost leaves at least one
card; where every card must go (Triangle, Pyramid), a line may clear the layout and still lose, leaving
none.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...base.moves import DRAW, REDEAL, Move
from ...model.answers import Result
from ..cards_left import CardsLeftLines, Quick, Settled, walk_in_slices
from .best import _SPAN, _TALON, PairsBest
from .play import KING, PairsPosition
from .solver import PairsSolver

if TYPE_CHECKING:
    from ...model.answers import Solver
    from ...model.position import Position

__all__ = ["PairsCardsLeft"]


@dataclass(frozen=True, slots=True)
class _LayoutOnly:
    """Rules of pairs won once the layout is clear, with the redeals of the game's own."""

    redeals: int
    layout_only: bool = True


class PairsCardsLeft(CardsLeftLines):
    """The fewest layout cards left of a position of a game of pairs (see :class:`CardsLeftLines`)."""

    position: PairsPosition

    def __init__(self, position: PairsPosition, solver: Solver | None = None) -> None:
        super().__init__(position, solver)
        self.clear_wins = position.rules.layout_only
        self._states = PairsBest(position, solver)
        """The best search, for its states and moves (its own search is never run)."""
        self._walked: dict[int, int] = {}
        """Per set of cards (layout | talon << 28): the earliest time all it reaches was walked from."""
        self._free_of = position.layout.free
        self._untimed = self._states.untimed
        """The untimed game, whose fewest cards left bound the real game's from below."""
        self._layout_kings = self._untimed.slots_of[KING]

    def _quick(self, position: Position, line: tuple[Move, ...]) -> Quick:
        """The whole search, from the position searched (the kit asks for the start first)."""
        return self._search()

    def _search(self) -> Quick:
        """The fewest the untimed game leaves, which no line can beat, is the floor; where that is none
        and every card must go, the decision solver asks whether the layout alone can be cleared (then a
        line leaves none, else at least one); then the walk, from the position searched."""
        position = self.position
        start = ((1 << len(self._states.talon)) - 1, len(position.waste) + _SPAN * position.redeals)
        layout, talon, _ = self._kings(position.remaining, *start)
        self.floor = max(self.floor, self._untimed.fewest(layout, talon))
        if not self.floor:
            moves = yield from self._clear_layout()
            if moves is not None:
                self.found(0, moves)
                return
            self.floor = 1
        path: list[tuple[Any, ...]] = []

        def walk() -> None:
            path.clear()
            self._walk_from(position.remaining, *start, path)

        yield from walk_in_slices(walk, self._work)

    def _clear_layout(self) -> Generator[None, None, tuple[Move, ...] | None]:
        """A line that clears the layout, whatever is left of the talon (``None`` if none does): the
        decision solver's, asked of the position under rules won once the layout is clear."""
        position = self.position
        cleared = replace(position, rules=_LayoutOnly(position.rules.redeals))
        solver = PairsSolver(cleared)
        while True:
            answer = solver.solve(cleared, budget=None, seconds=self._work.left())
            self._work.nodes += answer.nodes
            if answer.result is not Result.GAVE_UP:
                return answer.moves if answer.won else None
            yield

    def _kings(self, layout: int, talon: int, time: int) -> tuple[int, int, list[int]]:
        """The state once every king showing is taken, the layout's too (where a clear layout wins,
        the best search takes those as moves of their own), and the places taken. A clear layout is
        left as it is: no line leaves fewer, and where it wins, nothing more may be taken."""
        if not layout:
            return layout, talon, []
        layout, talon, taken = self._states._kings(layout, talon, time)
        free_of, kings = self._free_of, self._layout_kings
        showing = free_of(layout) & kings
        while showing:
            layout ^= showing
            while showing:
                low = showing & -showing
                showing ^= low
                taken.append(low.bit_length() - 1)
            showing = free_of(layout) & kings
        return layout, talon, taken

    def _walk_from(self, layout: int, talon: int, time: int, path: list[tuple[Any, ...]]) -> None:
        states = self._states
        layout, talon, taken = self._kings(layout, talon, time)
        time = states._canonical(talon, time)
        key = layout | talon << _TALON
        done = self._walked.get(key)
        if done is not None and done <= time:
            return
        self._work.tick()
        path.append(("kings", *taken))
        left = layout.bit_count()
        if left < self.best.score:
            self.found(left, self._moves_of(path))
            if self.settled:
                raise Settled
        if left and self._untimed.fewest(layout, talon) < self.best.score:
            for new_layout, new_talon, new_time, move in states._moves(layout, talon, time):
                path.append(move)
                self._walk_from(new_layout, new_talon, new_time, path)
                path.pop()
        path.pop()
        if done is None or time < done:
            self._walked[key] = time

    def _moves_of(self, path: list[tuple[Any, ...]]) -> tuple[Move, ...]:
        """The moves of a walk's steps: kings taken, pairs (two places), and the draws and redeals of
        each advance of the stock."""
        card = self._states.card
        moves: list[Move] = []
        for step in path:
            if step[0] == "kings":
                moves.extend(Move.play(card(place)) for place in step[1:])
            elif step[0] == "pair":
                moves.append(Move.play(card(step[1]), card(step[2])))
            else:  # draws and redeals up to the next top that can be taken
                moves.extend(DRAW if turn == "draw" else REDEAL for turn in step[1])
        return tuple(moves)
