"""TriPeaks' quicker search for the fewest cards left: the last pass through the stock on small integers.

The kit's search (``tripeaks/kit/cards_left.py``) walks the game's own positions; in the last pass (every
pass of Standard and Strict) a position is only (the set of layout cards left, the stock's index, the
waste top's rank), which this walk keeps as small integers. More stock left is never worse (from an
earlier index a line can draw on to any later one), so each set of cards and top keeps the earliest
index from which everything reachable has been walked; a top on which nothing can be played shares one
entry, as such a position can only draw. On Strict deals the decision solver proves lost, this walks
everything reachable until it meets a line that leaves one card (the fewest a lost deal can leave).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from ...kit.cards_left import CardsLeftLines, Quick
from ...kit.work import Pause
from .play import ADVANCE, TriPeaksPosition, adjacent, follow

if TYPE_CHECKING:
    from ...base.moves import Move
    from ...kit.work import Work
    from ...model.answers import Solver
    from ...model.position import Position

__all__ = ["TriPeaksCardsLeft"]

_GRANT = 512
"""States a walk started again after a pause runs before it may pause again: more than its way back down
to where it was (a few dozen states), so that it gets further in every slice."""


class _Settled(Exception):
    """The walk met as few cards left as any line can leave: nothing more to look for."""


class TriPeaksCardsLeft(CardsLeftLines):
    """The fewest cards left of a TriPeaks position (see :class:`CardsLeftLines`)."""

    clear_wins = True

    def __init__(self, position: TriPeaksPosition, solver: Solver | None = None) -> None:
        super().__init__(position, solver)
        cards = position.cards
        self._ranks = [card.rank if card is not None else 0 for card in cards]
        wrap = position.rules.wrap
        self._near = [
            sum(1 << s for s, r in enumerate(self._ranks) if r and adjacent(r, top, wrap))
            for top in range(14)
        ]
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
        p = cast("TriPeaksPosition", position)
        resets = p.rules.resets
        if resets is None or p.resets < resets or not p.waste:
            return None
        seq = (p.waste[-1].rank, *[card.rank for card in p.stock])
        found = self._passes.get(seq)
        if found is None:
            found = self._passes[seq] = _LastPass(self, seq)
        return found.walk(p, line)


class _LastPass:
    """The last pass through one stock: ``seq`` is its first top, then the stock, next first. Each
    (set, top) keeps in ``walked`` the earliest index from which all it reaches has been walked."""

    def __init__(self, owner: TriPeaksCardsLeft, seq: tuple[int, ...]) -> None:
        self.owner = owner
        self.seq = seq
        self.walked: dict[int, int] = {}

    def walk(self, position: TriPeaksPosition, line: tuple[Move, ...]) -> Quick:
        """Walk everything reachable from ``position`` (the first top ``seq[0]`` on its waste), yielding
        where the work pauses; a walk paused starts again from ``position``, what it finished kept."""
        limit = sys.getrecursionlimit()
        rem, top = position.remaining, self.seq[0]
        while True:
            path: list[int] = []
            search = self._search(position, line, path, self.owner._work)
            owner = self.owner
            plays = owner._free(rem) & owner._near[top]
            key = rem << 4 | (top if plays else 0)
            done = self.walked.get(key)
            if done is not None and done <= 0:
                return
            sys.setrecursionlimit(max(limit, 1000))
            owner._work.grant(_GRANT)
            try:
                search(rem, 0, top, plays, key)
                return
            except Pause:
                pass
            except _Settled:
                return
            finally:
                sys.setrecursionlimit(limit)
            yield

    def _search(
        self, position: TriPeaksPosition, line: tuple[Move, ...], path: list[int], work: Work
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
                moves, _ = follow(position, path)
                owner.found(left, (*line, *moves))
                if owner.settled:
                    raise _Settled
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
