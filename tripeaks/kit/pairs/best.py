"""The best scores of the games of pairs: the most cards any line removes, and the most of a winning line.

The score is the cards removed. Where every card must go, a game the decision solver wins has
all 52 for both answers, its line. Otherwise the search is branch and bound over the cards left
and the time, as the
solver sees them: the 24 cards off the table keep one order (the *talon*: the waste bottom to
top, then the stock), a draw moves the boundary between waste and stock one card on and a redeal
moves it back, so a state is the layout cards left, the talon cards left, and the time
(``25 * redeals + boundary``). Kings go the moment they show (taking one never hurts).

From any time a player can reach every later one, so what can be removed from a set of cards
never grows with time: an upper bound proved at one time holds at every later one, and each set
of cards keeps the bounds proved at each time. A state is cut when the cards left that could
still pair (per pair of values, as many of each as the other has; kings alone) can't beat the
best line found, or when the untimed game (:mod:`.untimed`, every talon card at hand at any moment)
removes too few.

Where only the layout must go (``layout_only``, Relaxed Pyramid), clearing it ends the game, so a
line may do better to remove talon cards first: a clear layout is a state with nothing more to
remove, and a king of the layout is a move of its own rather than taken at once (taken last, it
may end the game later than at once, after more talon cards have gone). The
best winning line is the same search kept to lines that clear the layout (any other end is worth
nothing), started from the decision solver's line, which it must beat; the best line, from the
best winning line.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from functools import partial
from typing import Any, cast

from ...base.cards import Card
from ...base.moves import DRAW, REDEAL, Move
from ...kit.best import BestLines
from ...kit.solving import GiveUp
from ...kit.work import Pause
from ...model.answers import Line, Result, Solver
from .bounds import Pairings
from .play import KING, TOTAL, PairsPosition
from .solver import PairsSolver
from .untimed import Untimed

__all__ = ["PairsBest"]

_SPAN = 25  # times per pass: boundaries 0 to 24
_TALON = 28  # bit 28 + j of a class mask is talon card j
_ALL = 52  # the score of a line that removes every card
_AT_LEAST = 0.02  # seconds a decision asked in a slice may run past its end: it goes further in every slice
_NOWHERE = -1000  # the worth of a state from which no line clears the layout, in the search that must


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        mask ^= low
        yield low


class PairsBest(BestLines):
    """The search for a position's best scores (see :mod:`tripeaks.services.best`)."""

    position: PairsPosition
    decision_counts = True

    def __init__(self, position: PairsPosition, solver: Solver | None = None) -> None:
        super().__init__(position, solver)
        layout = position.layout
        self.free_of = layout.free
        self.rank = [card.rank if card is not None else 0 for card in position.cards]
        self.talon: tuple[Card, ...] = (*position.waste, *position.stock)
        self.trank = [card.rank for card in self.talon]
        # the cards of each value, layout slots and talon cards (bit 28 + j) together
        self.of_value = [0] * 14
        for slot, r in enumerate(self.rank):
            if r:
                self.of_value[r] |= 1 << slot
        for j, r in enumerate(self.trank):
            self.of_value[r] |= 1 << (_TALON + j)
        self.most_redeals = position.rules.redeals
        self.layout_only = position.rules.layout_only
        self._talon_kings = sum(1 << j for j, r in enumerate(self.trank) if r == KING)
        pairings = Pairings(self.rank, self.trank, layout.above, layout.beneath)
        self.untimed = Untimed(self.rank, self.trank, layout.free, pairings, self.layout_only)
        # Whether every card can still go, or (where only the layout must go) the layout, from a state
        self._every = PairsSolver(position, layout_only=False, clear_last=self.layout_only)
        self._clears = PairsSolver(position) if self.layout_only else self._every
        self._winnable: dict[tuple[bool, int, int, int], bool] = {}
        self.above = layout.above
        self._of_pair = [self.of_value[v] | self.of_value[TOTAL - v] if 0 < v < 7 else 0 for v in range(14)]
        self._pairs: dict[int, int] = {}
        # per search (every line, or the lines that clear the layout): what was proved, the move chosen
        self._memos: dict[bool, dict[tuple[int, int], list[tuple[int, bool, int]]]] = {False: {}, True: {}}
        self._choices: dict[bool, dict[tuple[int, int, int], tuple[Any, ...]]] = {False: {}, True: {}}
        self._clearing = False
        self._better_found = False
        self._memo = self._memos[False]
        self._choice = self._choices[False]

    def _lines(self) -> Generator[None, None, tuple[Line, Line | None]]:
        position = self.position
        answer = yield from self._decide()
        if answer.result is Result.WON and not self.layout_only:
            line = self._replay(answer.moves)
            return line, line
        talon = (1 << len(self.talon)) - 1
        start = (position.remaining, talon, len(position.waste) + _SPAN * position.redeals)
        clear = None
        floor = -1
        if answer.result is Result.WON:
            # every card, the layout's last with the talon's (asked of this deal's positions only)
            every = yield from self._decide(cast("Solver", self._every))
            if every.won:
                line = self._replay(every.moves)
                if line.score == _ALL:
                    return line, line
            clear = self._replay(answer.moves)
            yield from self._better(True, start, clear.score - position.score)
            if self._better_found:
                clear = self._replay(self._line(*start))
            floor = clear.score - position.score
        yield from self._better(False, start, floor)
        best = self._replay(self._line(*start)) if self._better_found or clear is None else clear
        return best, clear

    def _better(self, clearing: bool, start: tuple[int, int, int], floor: int) -> Generator[None, None, None]:
        """Search (the lines that clear the layout, or all) for a line that removes more than ``floor``
        cards; :attr:`_better_found` says whether one does (then :meth:`_line` makes it)."""
        self._clearing = clearing
        self._memo, self._choice = self._memos[clearing], self._choices[clearing]
        # Asked for the most the bounds allow, then for less and less: the bound is often the best, and
        # a search asked for a high score cuts nearly everything else
        target = self._bound(start[0], start[1])
        while target > floor:
            got = yield from self._retry(partial(self._search, *start, target - 1))
            if got >= target:
                self._better_found = True
                return
            target = got  # proved: no line removes more
        self._better_found = False

    # The search

    def _tops(self, talon: int, time: int) -> tuple[int, int]:
        """The talon indices of the stock's top and the waste's top (-1 for none)."""
        boundary = time % _SPAN
        ahead = talon >> boundary
        stock = (ahead & -ahead).bit_length() - 1 + boundary if ahead else -1
        behind = talon & ((1 << boundary) - 1)
        waste = behind.bit_length() - 1 if behind else -1
        return stock, waste

    def _canonical(self, talon: int, time: int) -> int:
        """The time with the boundary just after the waste's top: the times between two talon
        cards left are the same state."""
        behind = talon & ((1 << time % _SPAN) - 1)
        return time - time % _SPAN + behind.bit_length()

    def _kings(self, layout: int, talon: int, time: int) -> tuple[int, int, list[int]]:
        """The state once every king showing is taken (again and again, as more show), and the
        places taken (layout slots, talon cards as 28 + j), in the order a line takes them."""
        taken: list[int] = []
        rank, trank = self.rank, self.trank
        while True:
            found = False
            free = 0 if self.layout_only else self.free_of(layout)  # there, a layout king is a move
            while free:
                low = free & -free
                free ^= low
                slot = low.bit_length() - 1
                if rank[slot] == KING:
                    layout ^= low
                    taken.append(slot)
                    found = True
            stock, waste = self._tops(talon, time)
            if stock >= 0 and trank[stock] == KING:
                talon ^= 1 << stock
                taken.append(_TALON + stock)
                found = True
            elif waste >= 0 and trank[waste] == KING:
                talon ^= 1 << waste
                taken.append(_TALON + waste)
                found = True
            if not found:
                return layout, talon, taken

    def _bound(self, layout: int, talon: int) -> int:
        """The most cards that can still go, at most: the fewer of :meth:`_pairing` and the most of
        the untimed game (:meth:`.untimed.Untimed.most`, with every talon king)."""
        paired = self._pairing(layout, talon)
        kings = talon & self._talon_kings
        untimed = self.untimed.most(layout, talon ^ kings) + kings.bit_count()
        return untimed if untimed < paired else paired

    def _pairing(self, layout: int, talon: int) -> int:
        """The most cards that can still go: every king, and for each pair of values twice the
        most pairs of them that could ever meet (two layout cards never do when one lies on the
        other; a talon card may meet any card)."""
        both = layout | talon << _TALON
        of_value = self.of_value
        total = (both & of_value[KING]).bit_count()
        pairs = self._pairs
        for v in range(1, 7):
            key = both & self._of_pair[v]
            found = pairs.get(key)
            if found is None:
                found = pairs[key] = self._matching(key & of_value[v], key & of_value[TOTAL - v])
            total += found
        return total

    def _matching(self, left: int, right: int) -> int:
        """Twice the most disjoint pairs of a card in ``left`` with one in ``right`` that can meet."""
        meets = self._meets
        lows = [low for low in _bits(left)]
        highs = [high for high in _bits(right)]
        if not lows or not highs:
            return 0
        match: dict[int, int] = {}

        def augment(low: int, seen: set[int]) -> bool:
            for high in highs:
                if high in seen or not meets(low, high):
                    continue
                seen.add(high)
                if high not in match or augment(match[high], seen):
                    match[high] = low
                    return True
            return False

        return 2 * sum(augment(low, set()) for low in lows)

    def _meets(self, a: int, b: int) -> bool:
        """Whether the cards at places ``a`` and ``b`` (as single bits) can ever both be available."""
        if a >> _TALON or b >> _TALON:
            return True
        above = self.above
        return not (above[a.bit_length() - 1] & b or above[b.bit_length() - 1] & a)

    def _moves(self, layout: int, talon: int, time: int) -> list[tuple[int, int, int, tuple[Any, ...]]]:
        """(layout, talon, time, move) for each move: the pairs (two places), then (where only the layout
        must go) its kings, then draws and redeals up to the next top that can be taken (:meth:`_advance`)."""
        rank, trank = self.rank, self.trank
        stock, waste = self._tops(talon, time)
        places: list[tuple[int, int]] = []  # (value, place)
        free = self.free_of(layout)
        while free:
            low = free & -free
            free ^= low
            slot = low.bit_length() - 1
            places.append((rank[slot], slot))
        if stock >= 0:
            places.append((trank[stock], _TALON + stock))
        if waste >= 0:
            places.append((trank[waste], _TALON + waste))
        moves: list[tuple[int, int, int, tuple[Any, ...]]] = []
        for n, (v, a) in enumerate(places):
            for w, b in places[n + 1:]:
                if v + w == TOTAL:
                    new_layout, new_talon = layout, talon
                    for place in (a, b):
                        if place >= _TALON:
                            new_talon ^= 1 << (place - _TALON)
                        else:
                            new_layout ^= 1 << place
                    moves.append((new_layout, new_talon, time, ("pair", a, b)))
        if self.layout_only:
            for v, slot in places:
                if v == KING and slot < _TALON:
                    moves.append((layout ^ 1 << slot, talon, time, ("king", slot)))
        if stock >= 0 or (waste >= 0 and time // _SPAN < self.most_redeals):
            later, steps = self._advance({v for v, slot in places if slot < _TALON}, talon, time)
            moves.append((layout, talon, later, ("advance", steps)))
        return moves

    def _advance(self, values: set[int], talon: int, time: int) -> tuple[int, tuple[str, ...]]:
        """Draws (and redeals) from the state until a top can be taken (the stock's or the waste's:
        alone, a king; with a free layout card, of ``values``; or with each other) or nothing more can
        be turned. The states on the way offer nothing a later one does not (a pair of free layout
        cards waits as well), so a line loses nothing by going through them at once."""
        trank, most = self.trank, self.most_redeals
        steps: list[str] = []
        while True:
            stock, waste = self._tops(talon, time)
            if stock >= 0:
                time, step = time - time % _SPAN + stock + 1, "draw"
            elif waste >= 0 and time // _SPAN < most:
                time, step = (time // _SPAN + 1) * _SPAN, "redeal"
            else:
                return time, tuple(steps)
            steps.append(step)
            stock, waste = self._tops(talon, time)
            for top in (stock, waste):
                if top >= 0 and (trank[top] == KING or TOTAL - trank[top] in values):
                    return time, tuple(steps)
            if stock >= 0 and waste >= 0 and trank[stock] + trank[waste] == TOTAL:
                return time, tuple(steps)

    def _search(self, layout: int, talon: int, time: int, need: int) -> int:
        """The most cards a line removes from the state: exactly when above ``need``, else a proved
        upper bound no higher than ``need`` (in the search kept to lines that clear the layout, with
        a worth far below zero for none)."""
        if not layout and self.layout_only:
            return 0  # the game is won: nothing more goes
        layout, talon, taken = self._kings(layout, talon, time)
        time = self._canonical(talon, time)
        kings = len(taken)
        need -= kings
        key = (layout, talon)
        bound = None
        entries = self._memo.get(key)
        if entries is not None:
            for at, exact, value in entries:
                if exact and at == time:
                    return value + kings
                if at <= time and (bound is None or value < bound):
                    bound = value  # no more cards can go later than earlier
        static = self._bound(layout, talon)
        if bound is None or static < bound:
            bound = static
        here = layout.bit_count() + talon.bit_count()
        if need >= here - 1 and bound >= here and not self._wins(False, layout, talon, time):
            bound = here - 1  # every card would have to go, and they can't all
        if bound <= need:
            return bound + kings
        if self._clearing and not self._wins(True, layout, talon, time):
            self._memo.setdefault(key, []).append((time, False, _NOWHERE))
            return _NOWHERE + kings  # the layout can't be cleared from here
        self._work.tick()
        nothing = _NOWHERE if self._clearing else 0  # the worth of stopping here
        best, ceiling, pick = nothing, nothing, None
        for new_layout, new_talon, new_time, move in self._moves(layout, talon, time):
            gain = 2 if move[0] == "pair" else 1 if move[0] == "king" else 0
            floor = need if need > best else best
            most = gain + self._bound(new_layout, new_talon)
            if most <= floor:
                if most > ceiling:
                    ceiling = most  # a move cut unseen may still be worth this much
                continue
            got = gain + self._search(new_layout, new_talon, new_time, floor - gain)
            if got > floor:
                best, pick = got, move
            elif got > ceiling:
                ceiling = got
        entries = self._memo.setdefault(key, [])
        if best > need:
            entries.append((time, True, best))
            self._choice[(layout, talon, time)] = pick if pick is not None else ("stop",)
            return best + kings
        ceiling = max(best, ceiling, nothing)
        entries.append((time, False, ceiling))
        return ceiling + kings

    def card(self, place: int) -> Card:
        """The card at ``place``: a layout slot, or talon card ``place - 28``."""
        if place >= _TALON:
            return self.talon[place - _TALON]
        found = self.position.cards[place]
        assert found is not None
        return found

    def _wins(self, clearing: bool, layout: int, talon: int, time: int) -> bool:
        """Whether, from the state, the layout can be cleared (``clearing``) or every card can go,
        by the decision solver (its time: the boundary just after the waste's top but for kings)."""
        plain = talon & ~self._talon_kings
        now = self._canonical(plain, time)
        key = (clearing, layout, plain, now)
        won = self._winnable.get(key)
        if won is None:
            solver = self._clears if clearing else self._every
            left, first = self._work.left(), solver.nodes
            try:
                won = solver.can_win(layout, plain, now, None if left is None else max(left, _AT_LEAST))
            except GiveUp:
                raise Pause from None  # the search pauses with it; asked again, it carries on
            finally:
                self._work.nodes += solver.nodes - first
            self._winnable[key] = won
        return won

    def _line(self, layout: int, talon: int, time: int) -> list[Move]:
        """The moves of the best line found from the state, kings taken as they show."""
        moves: list[Move] = []
        card = self.card
        while True:
            if not layout and self.layout_only:
                return moves
            layout, talon, taken = self._kings(layout, talon, time)
            time = self._canonical(talon, time)
            moves.extend(Move.play(card(place)) for place in taken)
            pick = self._choice.get((layout, talon, time), ("stop",))
            if pick[0] == "stop":
                return moves
            if pick[0] == "king":
                moves.append(Move.play(card(pick[1])))
                layout ^= 1 << pick[1]
            elif pick[0] == "pair":
                _, a, b = pick
                moves.append(Move.play(card(a), card(b)))
                for place in (a, b):
                    if place >= _TALON:
                        talon ^= 1 << (place - _TALON)
                    else:
                        layout ^= 1 << place
            else:
                for new_layout, new_talon, new_time, move in self._moves(layout, talon, time):
                    if move == pick:
                        layout, talon, time = new_layout, new_talon, new_time
                moves.extend(DRAW if step == "draw" else REDEAL for step in pick[1])
