"""The fewest cards left for games that play a free layout card onto the waste's top by its rank (TriPeaks,
Golf): the last pass through the stock walked on small integers.

The kit's search (:mod:`tripeaks.kit.cards_left`) walks the game's own positions. In a game's last pass
through the stock (every pass of TriPeaks' Standard and Strict, Golf's one pass) a position is only (the
set of layout cards left, the stock's index, the waste top's rank), which this walk keeps as small
integers. More stock left is never worse (from an earlier index a line can draw on to any later one), so
each set of cards and top keeps the earliest index from which everything reachable has been walked; a
top on which nothing can be played shares one entry, as such a position can only draw; and a run of
draws on which nothing can be played is drawn at once. A game says which rank goes on which
(:meth:`TopWalk.goes_on`) and when a position is in its last pass (:meth:`TopWalk.last_pass`); every
other position goes through the kit's walk.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..base.moves import DRAW, Move
from .cards_left import CardsLeftLines, Quick, Settled, walk_in_slices

if TYPE_CHECKING:
    from ..model.answers import Solver
    from ..model.position import Position
    from .work import Work

__all__ = ["ADVANCE", "TopWalk"]

ADVANCE = -1
"""A step of a walk's line that draws the next stock card (the others are layout slots played)."""


class TopWalk(CardsLeftLines):
    """The fewest cards left of a position of a game whose plays put a free layout card on the waste's
    top, the last pass walked on small integers (see the module). A game gives :meth:`goes_on` and
    :meth:`last_pass`."""

    def goes_on(self, rank: int, top: int) -> bool:  # pragma: no cover - each game's
        """Whether a card of ``rank`` may be played on a waste whose top has rank ``top``."""
        raise NotImplementedError

    def last_pass(self, position: Position) -> bool:  # pragma: no cover - each game's
        """Whether ``position`` is in its last pass through the stock, with a card on the waste: the
        waste is never turned over again, so only its top matters."""
        raise NotImplementedError

    def __init__(self, position: Position, solver: Solver | None = None) -> None:
        super().__init__(position, solver)
        cards = position.cards
        self._ranks = [card.rank if card is not None else 0 for card in cards]
        self._near = [
            sum(1 << s for s, r in enumerate(self._ranks) if r and self.goes_on(r, top)) for top in range(14)
        ]
        """For each top's rank, the layout slots whose card may go on it (as a mask)."""
        self._slot_of = {1 << s: s for s in range(len(cards))}
        self._free_of: dict[int, int] = {}
        """The free cards of each set of cards left met (as a mask), worked out once."""
        self._passes: dict[tuple[int, ...], _LastPass] = {}
        self._covered_by = position.layout.covered_by

    def _free(self, rem: int) -> int:
        """The free cards of the set ``rem`` (as masks), kept for the next time."""
        covered_by, slot_of = self._covered_by, self._slot_of
        found = 0
        todo = rem
        while todo:
            low = todo & -todo
            todo ^= low
            if not rem & covered_by[slot_of[low]]:
                found |= low
        self._free_of[rem] = found
        return found

    def _quick(self, position: Position, line: tuple[Move, ...]) -> Quick | None:
        if not self.last_pass(position):
            return None
        seq = (position.waste[-1].rank, *[card.rank for card in position.stock])
        found = self._passes.get(seq)
        if found is None:
            found = self._passes[seq] = _LastPass(self, seq)
        return found.walk(position, line)

    @staticmethod
    def moves_of(position: Position, steps: list[int]) -> tuple[Move, ...]:
        """The moves of a walk's ``steps`` from ``position``: each slot's card played, ADVANCE a draw."""
        cards = position.cards
        moves = []
        for step in steps:
            card = cards[step] if step != ADVANCE else None
            moves.append(DRAW if card is None else Move.play(card))
        return tuple(moves)


class _LastPass:
    """The last pass through one stock: ``seq`` is its first top, then the stock, next first. Each
    (set, top) keeps in ``walked`` the earliest index from which all it reaches has been walked."""

    def __init__(self, owner: TopWalk, seq: tuple[int, ...]) -> None:
        self.owner = owner
        self.seq = seq
        self.walked: dict[int, int] = {}

    def walk(self, position: Position, line: tuple[Move, ...]) -> Quick:
        """Walk everything reachable from ``position`` (the first top ``seq[0]`` on its waste), yielding
        where the work pauses; a walk paused starts again from ``position``, what it finished kept."""
        owner = self.owner
        rem, top = position.remaining, self.seq[0]

        def walk() -> None:
            path: list[int] = []
            search = self._search(position, line, path, owner._work)
            plays = owner._free(rem) & owner._near[top]
            key = rem << 4 | (top if plays else 0)
            done = self.walked.get(key)
            if done is None or done > 0:
                search(rem, 0, top, plays, key)

        return walk_in_slices(walk, owner._work)

    def _search(
        self, position: Position, line: tuple[Move, ...], path: list[int], work: Work
    ) -> Callable[[int, int, int, int, int], None]:
        """The walk from (set, index, top), told the plays on that top and its key in ``walked``; it keeps
        the steps it is on in ``path`` (slots played, and ADVANCE for a draw) and tells the owner each
        line from ``position`` that leaves fewer cards than the best so far.

        Each child is looked up in ``walked`` before it is walked into (a call costs more than the
        look), and a run of draws on which nothing can be played is drawn at once, to the first card
        that lets a play (its states share the key of a top that allows none)."""
        owner = self.owner
        seq, walked = self.seq, self.walked
        last = len(seq) - 1
        ranks, near = owner._ranks, owner._near
        slot_of, free_of, free = owner._slot_of, owner._free_of, owner._free
        tick = work.tick

        def search(rem: int, i: int, top: int, plays: int, key: int) -> None:
            tick()
            left = rem.bit_count()
            if left < owner.best.score:
                owner.found(left, (*line, *owner.moves_of(position, path)))
                if owner.settled:
                    raise Settled
            while plays:
                low = plays & -plays
                plays ^= low
                slot = slot_of[low]
                child, child_top = rem ^ low, ranks[slot]
                known = free_of.get(child)
                child_plays = (free(child) if known is None else known) & near[child_top]
                child_key = child << 4 | (child_top if child_plays else 0)
                done = walked.get(child_key)
                if done is None or done > i:
                    path.append(slot)
                    search(child, i, child_top, child_plays, child_key)
                    path.pop()
            if i < last:
                free_here = free_of[rem]
                j = i + 1
                drawn = seq[j]
                child_plays = free_here & near[drawn]
                if child_plays:
                    child_key = rem << 4 | drawn
                else:  # nothing goes on it: draw on to the first card that lets a play
                    child_key = rem << 4
                    done = walked.get(child_key)
                    if done is not None and done <= j:
                        j = last + 1
                    while j <= last and not child_plays:
                        j += 1
                        if j <= last:
                            drawn = seq[j]
                            child_plays = free_here & near[drawn]
                    if j <= last:
                        plays_key = rem << 4 | drawn
                        done = walked.get(plays_key)
                        if done is None or done > j:
                            path.extend([ADVANCE] * (j - i))
                            search(rem, j, drawn, child_plays, plays_key)
                            del path[-(j - i):]
                        j = last + 1
                    done = walked.get(child_key)
                    if done is None or i + 1 < done:
                        walked[child_key] = i + 1
                if j <= last:
                    done = walked.get(child_key)
                    if done is None or done > j:
                        path.append(ADVANCE)
                        search(rem, j, drawn, child_plays, child_key)
                        path.pop()
            done = walked.get(key)
            if done is None or i < done:
                walked[key] = i

        return search
