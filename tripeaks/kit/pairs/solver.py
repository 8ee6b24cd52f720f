"""The exact solver of the games of pairs (Triangle, Pyramid): can a position still be won, and how.

Won means every card removed, or (a rule set's ``layout_only``, Relaxed Pyramid) the layout clear,
whatever is left of the stock and the waste; nothing below depends on the layout's shape.

The solver knows every card. Suits play no part, so it works on values. The 24 cards off the
table keep one order for the whole game, the *talon*: the waste bottom to top, then the stock
next card first. A draw moves the boundary between waste and stock one card on, a redeal moves
it back to the start, a removal takes a card out. So a state is the set of layout cards left
(28 bits), the set of talon cards left (24 bits) and the *time*, ``25 * redeals + boundary``
(the boundary just after the waste's top card, 0 for an empty waste). From any time a player can
reach every later one (draw, and redeal at the end), so a set of cards lost at some time is lost
at every later one: for each set of cards the solver keeps the earliest time proved lost.

Kings go at once: a king leaves alone, and taking it only uncovers or tops other cards. A king
off the table is therefore as good as absent (it is taken the moment it shows), and the search
leaves talon kings out; the line it finds takes them as they show.

A talon card can be taken at two moments a pass: as the stock's top (the boundary just after the
talon card before it) and as the waste's top (just after itself); either way the state after is
the same, at the first of the two. So the search needs no draws: its moves are the pairs of free
layout cards (now), and each talon card (or two neighbouring talon cards) with its partner, in the
first pass whose moment has not gone by; the line gets its draws and redeals when it is built.
The value of a search is the earliest time from which the cards are proved lost, worked out from
the moves' values, so that asking again at any earlier time needs no search when nothing could
win there.

Bounds cut hopeless states (:mod:`.bounds`): the cards of each pair of values must pair off into
pairs that can meet and be taken in some order, and the talon pairs that must be made never
cross. Moves are tried talon first, earliest first.

Fewest moves: every winning line takes the same 52 cards in the same 28 moves, so the fewest
moves are the fewest draws and redeals. A depth-first search with a budget of draws and redeals
runs again allowed one fewer than the best line found, until that is lost.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from functools import partial
from typing import Any

from ...base.moves import DRAW, REDEAL, Move, MoveKind
from ...kit.solving import GiveUp, Resuming
from ...model.position import Status
from .bounds import TALON as _TALON
from .bounds import Pairings
from .fewest import Fewest, Partners, Step
from .play import KING, TOTAL, PairsPosition
from .untimed import Untimed

__all__ = ["PairsSolver"]

_SPAN = 25  # times per pass: boundaries 0 to 24
_NEVER = 1 << 20  # a time later than any
# The order moves are tried in, at the same time: a talon card with the next one, a talon card
# with a layout card, two layout cards (clearing the talon first finds wins soonest, measured)
_TALON_PAIR, _WITH_LAYOUT, _LAYOUT_PAIR = range(3)


def _first(move: tuple[Any, ...]) -> Any:
    return move[0]


class PairsSolver(Fewest, Resuming[PairsPosition, tuple[Move, ...]]):
    """Solves positions of one deal, remembering what it proved (keep one per game)."""

    tick = 128
    """States between looks at the clock: a state of pairs costs several times a TriPeaks one
    (its bounds), so it looks more often, to keep a page's slice of search near its time."""

    eager = 256
    """States a search examines before it asks the untimed game too (see :mod:`.untimed`): a deal
    that takes a few states to win is won sooner without it, one that takes more cuts many lost
    states with it."""

    def __init__(
        self, position: PairsPosition, layout_only: bool | None = None, clear_last: bool = False
    ) -> None:
        """A solver for the deal ``position`` belongs to: the talon's order is read from it, so
        ask it about this position and later ones (any position of the same deal's game whose
        talon cards keep this order). ``layout_only`` asks whether the layout alone can be cleared (or every
        card), whatever the position's rules say, of :meth:`can_win` (the best-score search asks both);
        :meth:`solve` replays its line under the position's rules, so asks only what they ask; with
        ``clear_last``, the layout's last card must go with the talon's (the line Relaxed Pyramid's best
        asks for)."""
        super().__init__()
        layout = position.layout
        self.layout = layout
        self.most_redeals = position.rules.redeals
        self.layout_only = position.rules.layout_only if layout_only is None else layout_only
        """Won once the layout is clear (else once every card is gone)."""
        self.clear_last = clear_last
        self.rank = [c.rank if c is not None else 0 for c in position.cards]
        self.talon = (*position.waste, *position.stock)
        self.index = {card: j for j, card in enumerate(self.talon)}
        self.trank = [card.rank for card in self.talon]
        self.slots_of = [sum(1 << s for s, r in enumerate(self.rank) if r == v) for v in range(14)]
        self.makes_13 = [self.slots_of[TOTAL - r] if r else 0 for r in self.rank]
        """Per layout slot, the slots of the cards that make 13 with its card."""
        self.pairings = Pairings(self.rank, self.trank, layout.above, layout.beneath, self.layout_only)
        self.untimed = Untimed(self.rank, self.trank, layout.free, self.pairings, self.layout_only)
        self.lost: dict[int, int] = {}
        """For each set of cards (layout | talon << 28), the earliest time proved lost."""
        self.won_at: dict[int, int] = {}
        """For each set of cards on a winning line found, the latest time it was won from."""
        self.short: dict[tuple[int, int], int] = {}
        """For fewest moves: per (cards, time), the most draws and redeals proved too few."""
        self.least_moves: dict[int, int] = {}
        """For fewest moves where only the layout must go: per layout, the fewest removals it needs."""
        self.partners_of: dict[int, Partners] = {}
        """Per mask of free layout cards, the pairs they make (see :meth:`_partners`)."""
        self.cleared_in: dict[tuple[int, int, int], int] = {}
        """For fewest moves where only the layout must go: per (layout, talon with its kings, time),
        the most moves proved too few."""

    def _key(self, position: PairsPosition, shortest: bool) -> tuple[object, ...]:
        return (position.remaining, position.stock, position.waste, position.redeals, shortest)

    def _played(self, position: PairsPosition, line: tuple[Move, ...]) -> tuple[Move, ...]:
        return line  # the search's lines are moves already

    def can_win(self, layout: int, left: int, now: int, seconds: float | None = None) -> bool:
        """Whether the state (layout cards, talon cards with the kings left out, the solver's time) can
        be won, searched to the end (the best-score search asks).

        ``seconds`` caps the time: when it runs out, :class:`GiveUp` is raised, and asking again
        carries on (what was proved is kept)."""
        layout, _ = self.untimed.kings_gone(layout)  # as the search keeps what it proved
        cards = layout | left << _TALON
        if self.won_at.get(cards, -1) >= now:
            return True
        if self.lost.get(cards, _NEVER) <= now:
            return False
        self._allow(None, seconds, time.perf_counter())
        return self._decide(layout, left, now) is not None

    def _state(self, position: PairsPosition) -> tuple[int, int, int]:
        """The position's layout cards, talon cards (kings left out) and time."""
        index, rank = self.index, self.rank
        left = 0
        unknown = any(card is not None and rank[s] != card.rank for s, card in enumerate(position.cards))
        for card in (*position.waste, *position.stock):
            j = index.get(card)
            if j is None or unknown:
                raise ValueError(
                    "this solver was made from a later position of the game, or another deal: "
                    "make one from the deal's start"
                )
            if card.rank != KING:
                left |= 1 << j
        boundary = 0
        for card in reversed(position.waste):
            if card.rank != KING:
                boundary = index[card] + 1
                break
        return position.remaining, left, position.redeals * _SPAN + boundary

    def _search(
        self, position: PairsPosition, shortest: bool
    ) -> Generator[tuple[Move, ...] | None, None, tuple[Move, ...] | None]:
        layout, left, now = self._state(position)
        while True:
            try:
                path = self._decide(layout, left, now)
                break
            except GiveUp:
                yield None  # what was proved is kept: the next round goes further
        if path is None:
            return None
        best = self._moves(position, path)
        if not shortest:
            return best
        # Fewer and fewer moves, until a line with one fewer than the best found is proved lost
        while True:
            if self.layout_only:
                allowed = len(best) - 1
                search = partial(self._fewest_moves, position, allowed)
            else:
                allowed = sum(1 for move in best if move.kind is not MoveKind.PLAY) - 1
                search = partial(self._fewer, position, layout, left, now, allowed)
            if allowed < 0:
                return best
            while True:
                try:
                    found = search()
                    break
                except GiveUp:
                    yield None
            if found is None:
                return best
            best = found

    def _fewer(
        self, position: PairsPosition, layout: int, left: int, now: int, allowed: int
    ) -> tuple[Move, ...] | None:
        path = self._fewest_draws(layout, left, now, allowed)
        return None if path is None else self._moves(position, path)

    # Turning a line of steps into moves

    def _moves(self, position: PairsPosition, path: list[Step]) -> tuple[Move, ...]:
        """The moves of a line, each checked by the rules themselves, kings taken as they show."""
        moves: list[Move] = []

        def make(move: Move) -> None:
            nonlocal position
            position = position.after(move)
            moves.append(move)
            while not position.is_won:  # kings go as they show
                king = next((c for c, _, _ in position.available() if c.rank == KING), None)
                if king is None:
                    return
                position = position.after(Move.play(king))
                moves.append(Move.play(king))
            return

        def now() -> int:
            return self._state(position)[2]

        first = next((c for c, _, _ in position.available() if c.rank == KING), None)
        if first is not None:
            make(Move.play(first))
        for step in path:
            if step[0] == "a":
                while now() < step[1]:
                    make(DRAW if position.stock else REDEAL)
                assert now() == step[1], (now(), step)
            else:
                cards = []
                for place in step[1]:
                    if place >= _TALON:
                        cards.append(self.talon[place - _TALON])
                    else:
                        card = position.cards[place]
                        assert card is not None
                        cards.append(card)
                make(Move.play(*cards))
        assert position.status() is Status.WON
        return tuple(moves)

    # The searches

    def _decide(self, layout: int, left: int, now: int) -> list[Step] | None:
        """A winning line from the state, or ``None`` if it is lost (what was proved is kept)."""
        trank = self.trank
        kings_gone, time_of = self.untimed.kings_gone, self._time
        makes_13 = self.makes_13
        lost = self.lost
        last_pass = self.most_redeals
        hopeless, tangled = self.pairings.hopeless, self.pairings.tangled
        untimed, eager = self.untimed.lost, self.eager
        won_at, clear_last = self.won_at, self.clear_last
        slots_of = self.slots_of
        layout_only = self.layout_only
        path: list[Step] = []
        count = self.nodes
        look = count + self.tick
        looked = self._looked

        def search(layout: int, left: int, now: int) -> int:
            """The earliest time from which (layout, left) is proved lost: later than ``now`` if won."""
            nonlocal count, look
            layout, free = kings_gone(layout)  # kings on the table go at once
            if not layout:
                if layout_only or not left:
                    return _NEVER
                if clear_last:
                    return 0  # the layout cleared before the talon: not the line asked for
            cards = layout | left << _TALON
            at = lost.get(cards, _NEVER)
            if at <= now:
                return at
            count += 1
            if count > look:
                look = looked(count)
            this_pass, boundary, waste = time_of(left, now)
            if hopeless(cards, 0) or tangled(layout, left, 0) or (count > eager and untimed(layout, left)):
                lost[cards] = 0
                return 0
            if waste and (hopeless(cards, waste) or tangled(layout, left, waste >> _TALON)):
                if now < at:
                    lost[cards] = now
                return now
            latest = -1  # the latest time from which some move might still win
            # The moves: (order, child's layout, child's talon, child's time, time to reach, places)
            moves = []
            # Pairs of free layout cards: now
            todo = free
            while todo:
                low = todo & -todo
                todo ^= low
                a = low.bit_length() - 1
                other = todo & makes_13[a]
                while other:
                    low2 = other & -other
                    other ^= low2
                    b = low2.bit_length() - 1
                    moves.append((now * 4 + _LAYOUT_PAIR, layout ^ low ^ low2, left, now, now, (a, b)))
            # Each talon card with a free layout partner or its talon neighbour, at its first moment
            todo = left
            while todo:
                low = todo & -todo
                todo ^= low
                j = low.bit_length() - 1
                need = TOTAL - trank[j]
                start = (left & (low - 1)).bit_length()  # just after the talon card before j
                first = this_pass if j + 1 >= boundary else this_pass + 1  # its first pass to come
                rest = free & slots_of[need]
                after = todo & -todo
                if not rest and not (after and trank[after.bit_length() - 1] == need):
                    continue
                if first > last_pass:
                    # gone by for good: only what it allows earlier counts
                    while rest:
                        low2 = rest & -rest
                        rest ^= low2
                        got = lost.get((layout ^ low2) | (left ^ low) << _TALON, _NEVER)
                        p = min(last_pass, (got - 1 - start) // _SPAN) if got > start else -1
                        if p >= 0 and p * _SPAN + j + 1 > latest:
                            latest = p * _SPAN + j + 1
                    if after and trank[after.bit_length() - 1] == need:
                        got = lost.get(layout | (left ^ low ^ after) << _TALON, _NEVER)
                        p = min(last_pass, (got - 1 - start) // _SPAN) if got > start else -1
                        if p >= 0 and p * _SPAN + j + 1 > latest:
                            latest = p * _SPAN + j + 1
                    continue
                at_child = first * _SPAN + start
                shows = max(now, at_child)  # when j shows (on the stock, or on the waste if it is there now)
                while rest:
                    low2 = rest & -rest
                    rest ^= low2
                    places = (low2.bit_length() - 1, _TALON + j)
                    child = layout ^ low2
                    moves.append((shows * 4 + _WITH_LAYOUT, child, left ^ low, at_child, shows, places))
                if after and trank[after.bit_length() - 1] == need:
                    # with the next talon card: when j tops the waste
                    places = (_TALON + j, _TALON + after.bit_length() - 1)
                    tops = first * _SPAN + j + 1
                    pair_left = left ^ low ^ after
                    moves.append((shows * 4 + _TALON_PAIR, layout, pair_left, at_child, tops, places))
            if len(moves) > 1:
                moves.sort(key=_first)
            for _, child_layout, child_left, at_child, reach, places in moves:
                got = lost.get(child_layout | child_left << _TALON, _NEVER)
                if got > at_child:
                    if reach != now:
                        path.append(("a", reach))
                    path.append(("p", places))
                    got = search(child_layout, child_left, at_child)
                    if got > at_child:
                        if won_at.get(cards, -1) < now:
                            won_at[cards] = now  # won from now, so from every earlier time too
                        return _NEVER if got >= _NEVER else max(got, now + 1)
                    path.pop()
                    if reach != now:
                        path.pop()
                if at_child == now and reach == now and places[1] < _TALON:  # a pair of layout cards
                    if got - 1 > latest:
                        latest = got - 1
                    continue
                # The latest pass whose moment for this move might still win
                j = places[1] - _TALON if places[0] < _TALON else places[0] - _TALON
                start = at_child % _SPAN
                p = min(at_child // _SPAN - 1, (got - 1 - start) // _SPAN) if got > start else -1
                # (this move's own pass lost: got <= at_child; earlier passes only)
                if p >= 0 and p * _SPAN + j + 1 > latest:
                    latest = p * _SPAN + j + 1
            at = latest + 1
            if at < lost.get(cards, _NEVER):
                lost[cards] = at
            return at

        try:
            won = search(layout, left, now) > now
        finally:
            self.nodes = count
            search = None  # type: ignore[assignment]  # a reference cycle broken
        return path if won else None
