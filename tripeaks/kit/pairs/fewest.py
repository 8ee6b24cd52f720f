"""The fewest moves of the games of pairs: the searches the solver (:mod:`.solver`, whose base this is) runs
again and again, each allowed one move fewer than the best line found, until one is proved lost.

Where every card must go, every winning line takes the same 52 cards in the same moves (24 pairs and
4 kings), so the fewest moves are the fewest draws and redeals: :meth:`Fewest._fewest_draws` is a
depth-first search with a budget of them, on the solver's own state (talon kings left out: each is taken
as it shows, one move whichever way).

Where only the layout must go, a line takes as many talon cards as it needs to, no more: each removal
counts as a move too, and so does a talon king taken. :meth:`Fewest._fewest_moves` is a depth-first
search with a budget of every move, on every card (talon kings in it): layout kings go at once (each must
go, one move at any time); a king on the stock is taken, never drawn (one move either way, and taking it
leaves the waste's top showing); a state is cut when the layout left needs more moves than the budget (a
king each, and one for each other card but those that can go two at a time: the most pairs of layout
cards that can ever meet) or when the decision solver proved it lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...base.layout import bits
from ...base.moves import DRAW, REDEAL, Move
from ..solving import Budget
from .bounds import TALON as _TALON
from .bounds import Pairings
from .play import KING, TOTAL
from .untimed import Untimed

if TYPE_CHECKING:
    from ...base.cards import Card
    from ...base.layout import Layout
    from .play import PairsPosition

__all__ = ["Fewest", "Partners", "Step", "most_pairs"]

_SPAN = 25  # times per pass: boundaries 0 to 24
_NEVER = 1 << 20  # a time later than any
# A step of a line: ("a", time) draws and redeals up to that time; ("p", places) removes the
# cards in those places (a layout slot, or 28 + j for talon card j).
Step = tuple[Any, ...]
Partners = tuple[tuple[int, int, int, tuple[tuple[int, int], ...]], ...]
"""The free layout cards of a state and the pairs they make (see :meth:`Fewest._partners`)."""


class Fewest(Budget):
    """The fewest-moves searches of a solver of pairs (:class:`~.solver.PairsSolver` is one): what they
    read of it."""

    layout: Layout
    layout_only: bool
    most_redeals: int
    rank: list[int]
    trank: list[int]
    talon: tuple[Card, ...]
    index: dict[Card, int]
    slots_of: list[int]
    pairings: Pairings
    untimed: Untimed
    eager: int
    lost: dict[int, int]
    short: dict[tuple[int, int], int]
    cleared_in: dict[tuple[int, int, int], int]
    least_moves: dict[int, int]
    partners_of: dict[int, Partners]

    def _partners(self, free: int) -> Partners:
        """The free layout cards ``free``, lowest slot first, each as (its slot, its bit, the value that
        makes 13 with it, and each later free card of that value as (its slot, the two cards' bits)):
        the pairs of layout cards a state may take, in the order the searches try them."""
        found = self.partners_of.get(free)
        if found is None:
            rank, slots_of = self.rank, self.slots_of
            cards = []
            for a in bits(free):
                low, need = 1 << a, TOTAL - rank[a]
                later = free & slots_of[need] & ~((low << 1) - 1)
                cards.append((a, low, need, tuple((b, low | 1 << b) for b in bits(later)) if later else ()))
            found = self.partners_of[free] = tuple(cards)
        return found

    def _time(self, left: int, now: int) -> tuple[int, int, int]:
        """At time ``now`` with the talon cards ``left``: the pass, the boundary, and the waste's cards
        (shifted as in a state's cards) where their order matters to the bounds, in the last pass
        when every card must go (else 0)."""
        this_pass, boundary = divmod(now, _SPAN)
        if this_pass != self.most_redeals or self.layout_only:
            return this_pass, boundary, 0
        return this_pass, boundary, (left & ((1 << boundary) - 1)) << _TALON

    def _fewest_draws(self, layout: int, left: int, now: int, allowed: int) -> list[Step] | None:
        """Where every card must go: a winning line from the solver's state with at most ``allowed`` draws
        and redeals (in the solver's steps), or ``None``."""
        trank = self.trank
        kings_gone, time_of = self.untimed.kings_gone, self._time
        partners = self._partners
        lost, short = self.lost, self.short
        last_pass = self.most_redeals
        hopeless, tangled = self.pairings.hopeless, self.pairings.tangled
        untimed, eager = self.untimed.lost, self.eager
        layout_only = self.layout_only
        path: list[Step] = []
        count = self.nodes
        look = count + self.tick
        looked = self._looked

        def search(layout: int, left: int, now: int, budget: int) -> bool:
            nonlocal count, look
            layout, free = kings_gone(layout)  # kings on the table go at once
            if not layout and (layout_only or not left):
                return True
            cards = layout | left << _TALON
            if lost.get(cards, _NEVER) <= now or short.get((cards, now), -1) >= budget:
                return False
            count += 1
            if count > look:
                look = looked(count)
            this_pass, boundary, waste = time_of(left, now)
            if hopeless(cards, waste) or tangled(layout, left, waste >> _TALON) or (
                count > eager and untimed(layout, left)
            ):
                short[(cards, now)] = 1 << 20
                return False
            # The talon's two tops now
            ahead = left >> boundary
            top = boundary + (ahead & -ahead).bit_length() - 1 if ahead else -1  # the stock's top
            below = boundary - 1 if boundary else -1  # the waste's top
            moves: list[tuple[int, int, int, tuple[int, ...]]] = []
            for a, low, need, pairs in partners(free):
                for b, both in pairs:
                    moves.append((layout ^ both, left, now, (a, b)))
                for j in (top, below):
                    if j >= 0 and trank[j] == need:
                        child_left = left ^ 1 << j
                        child_now = now
                        if j == below:
                            child_now = this_pass * _SPAN + (child_left & ((1 << j) - 1)).bit_length()
                        moves.append((layout ^ low, child_left, child_now, (a, _TALON + j)))
            if top >= 0 and below >= 0 and trank[top] + trank[below] == TOTAL:
                child_left = left ^ 1 << top ^ 1 << below
                child_now = this_pass * _SPAN + (child_left & ((1 << below) - 1)).bit_length()
                moves.append((layout, child_left, child_now, (_TALON + below, _TALON + top)))
            for child_layout, child_left, child_now, places in moves:
                path.append(("p", places))
                if search(child_layout, child_left, child_now, budget):
                    return True
                path.pop()
            if budget > 0:
                if top >= 0:
                    later = this_pass * _SPAN + top + 1
                elif this_pass < last_pass and boundary:
                    later = (this_pass + 1) * _SPAN
                else:
                    later = -1
                if later >= 0:
                    path.append(("a", later))
                    if search(layout, left, later, budget - 1):
                        return True
                    path.pop()
            if budget > short.get((cards, now), -1):
                short[(cards, now)] = budget
            return False

        try:
            won = search(layout, left, now, allowed)
        finally:
            self.nodes = count
            search = None  # type: ignore[assignment]  # a reference cycle broken
        return path if won else None


    def _fewest_moves(self, position: PairsPosition, allowed: int) -> tuple[Move, ...] | None:
        """Where only the layout must go: a line of at most ``allowed`` moves that clears the layout from
        ``position``, or ``None``."""
        trank, talon_cards = self.trank, self.talon
        free_of, partners = self.layout.free, self._partners
        kings = self.slots_of[KING]
        talon_kings = sum(1 << j for j, r in enumerate(trank) if r == KING)
        lost, untimed, short = self.lost, self.untimed.lost, self.cleared_in
        least_of = self.least_moves
        meets = self.pairings.meets
        classes = [(self.slots_of[v], self.slots_of[TOTAL - v]) for v in range(1, 7)]
        cards = position.cards
        count = self.nodes
        look = count + self.tick
        looked = self._looked
        path: list[Move] = []

        def card(place: int) -> Any:
            return talon_cards[place - _TALON] if place >= _TALON else cards[place]

        def search(layout: int, talon: int, now: int, budget: int) -> bool:
            nonlocal count, look
            free = free_of(layout)
            taken = 0
            while free & kings:  # layout kings go at once, a move each
                low = free & kings & -(free & kings)
                layout ^= low
                path.append(Move.play(card(low.bit_length() - 1)))
                taken += 1
                free = free_of(layout)
            budget -= taken
            if not layout:
                if budget >= 0:
                    return True
                del path[len(path) - taken:]
                return False
            # the least the layout left needs: a move a king, and one for each other card but those that
            # can go two at a time (the most pairs of layout cards that can ever meet)
            least = least_of.get(layout)
            if least is None:
                least = least_of[layout] = (layout & kings).bit_count() + (layout & ~kings).bit_count() - sum(
                    most_pairs(layout & ones, layout & others, meets) for ones, others in classes
                )
            if budget < least or short.get((layout, talon, now), -1) >= budget:
                del path[len(path) - taken:]
                return False
            count += 1
            if count > look:
                look = looked(count)
            this_pass, boundary = divmod(now, _SPAN)
            plain = talon & ~talon_kings
            solver_now = this_pass * _SPAN + (plain & ((1 << boundary) - 1)).bit_length()
            if lost.get(layout | plain << _TALON, _NEVER) <= solver_now or untimed(layout, plain):
                short[(layout, talon, now)] = 1 << 20
                del path[len(path) - taken:]
                return False
            ahead = talon >> boundary
            top = boundary + (ahead & -ahead).bit_length() - 1 if ahead else -1  # the stock's top
            behind = talon & ((1 << boundary) - 1)
            under = behind.bit_length() - 1 if behind else -1  # the waste's top
            moves: list[tuple[int, int, int, tuple[int, ...]]] = []
            tops = [j for j in (top, under) if j >= 0]
            for a, low, need, pairs in partners(free):
                for b, both in pairs:
                    moves.append((layout ^ both, talon, now, (a, b)))
                for j in tops:
                    if trank[j] == need:
                        moves.append((layout ^ low, talon ^ 1 << j, now, (a, _TALON + j)))
            if top >= 0 and under >= 0 and trank[top] + trank[under] == TOTAL:
                moves.append((layout, talon ^ 1 << top ^ 1 << under, now, (_TALON + under, _TALON + top)))
            for j in tops:
                if trank[j] == KING:
                    moves.append((layout, talon ^ 1 << j, now, (_TALON + j,)))
            if top >= 0 and trank[top] != KING:
                moves.append((layout, talon, this_pass * _SPAN + top + 1, ()))  # draw
            elif top < 0 and behind and this_pass < self.most_redeals:
                moves.append((layout, talon, (this_pass + 1) * _SPAN, ()))  # redeal
            for child_layout, child_talon, child_now, places in moves:
                path.append(Move.play(*map(card, places)) if places else DRAW if top >= 0 else REDEAL)
                if search(child_layout, child_talon, child_now, budget - 1):
                    return True
                path.pop()
            if budget > short.get((layout, talon, now), -1):
                short[(layout, talon, now)] = budget
            del path[len(path) - taken:]
            return False

        index = self.index
        talon = sum(1 << index[c] for c in (*position.waste, *position.stock))
        boundary = index[position.waste[-1]] + 1 if position.waste else 0
        try:
            won = search(position.remaining, talon, position.redeals * _SPAN + boundary, allowed)
        finally:
            self.nodes = count
            search = None  # type: ignore[assignment]  # a reference cycle broken
        return tuple(path) if won else None


def most_pairs(ones: int, others: int, meets: list[int]) -> int:
    """The most disjoint pairs of a place in ``ones`` with one in ``others`` (masks) that can meet."""
    match: dict[int, int] = {}

    def augment(x: int, seen: int) -> int:
        todo = others & meets[x] & ~seen
        while todo:
            low = todo & -todo
            todo ^= low
            seen |= low
            y = low.bit_length() - 1
            if y not in match:
                match[y] = x
                return seen
            found = augment(match[y], seen)
            if found >= 0:
                match[y] = x
                return found
            seen = -1 - found
        return -1 - seen

    count = 0
    todo = ones
    while todo:
        low = todo & -todo
        todo ^= low
        if augment(low.bit_length() - 1, 0) >= 0:
            count += 1
    return count
