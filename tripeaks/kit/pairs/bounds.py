"""The pairing bounds of the games of pairs: when the cards left can never all be paired off, whatever is
played.

Every card but a king leaves with a partner of the other value of its pair of values (A and Q,
2 and J, … 6 and 7), so the cards of each pair of values must be paired off, each pair at a
moment when both its cards are available:

* two layout cards one of which lies on the other are never available together, nor (in the
  last pass) two waste cards, which only ever leave from the top;
* a pair of layout cards waits for every card lying on either of its cards, so the pairs must be
  taken in some order: none may wait, through others, for itself. Checked within each pair of
  values, and across them for the pairs that are the only way their values can go;
* two talon cards leave together only when every card between them is gone, so the talon pairs
  that must be made (more talon cards of a value than layout partners for them) never cross:
  a < c < b < d for pairs (a, b) and (c, d) is impossible.

Where only the layout must go (``layout_only``), every layout card still needs a partner that can meet
it, a layout card or any talon card of the other value (a talon card may stay; any one of a value does
as well as another), and the pairs must be taken in some order, as above; the talon never has to pair,
so nothing in it can be tangled.

Places: 0 to 27 are the layout's slots, 28 + j is talon card j (see :mod:`.solver`). What each
check found is kept, by the cards it looked at.
"""

from __future__ import annotations

from .play import TOTAL

__all__ = ["TALON", "Pairings"]

_WASTE = 56  # the waste's cards of a pair of values, shifted above every place, in a key
_WIDTH = 20  # the bits of a forced way's number in a key of several
_MASK = (1 << _WIDTH) - 1
_ONES, _OTHERS = 28, 31  # a pair of values' talon counts in a key, above its layout cards

TALON = 28
"""Place ``TALON + j`` is talon card ``j``; places below are layout slots."""

Pair = tuple[int, int]
"""A pair of cards as (the mask of its two places, the mask of the places it waits for)."""


class Pairings:
    """The pairing bounds for one deal: its layout's covering, and the values in every place."""

    def __init__(
        self, rank: list[int], talon_rank: list[int], above: tuple[int, ...], beneath: tuple[int, ...],
        layout_only: bool = False,
    ) -> None:
        size = len(rank)
        assert size <= TALON
        self.layout_only = layout_only
        every = (1 << (TALON + len(talon_rank))) - 1
        # meets[x]: the places a card at place x may ever be removed with
        self.meets = [every & ~above[x] & ~beneath[x] & ~(1 << x) for x in range(size)]
        self.meets += [0] * (TALON - size) + [every & ~(1 << (TALON + j)) for j in range(len(talon_rank))]
        # waits[x]: the places that must be gone before the card at x can be (none off the table)
        self.waits = [*above, *([0] * (TALON - size + len(talon_rank)))]
        self.value = [*rank, *([0] * (TALON - size)), *talon_rank]
        value = self.value
        self.masks = [sum(1 << x for x, r in enumerate(value) if r in (v, TOTAL - v)) for v in range(1, 7)]
        self._ones = [sum(1 << x for x, r in enumerate(value) if r == v and v) for v in range(14)]
        slots = [sum(1 << s for s, r in enumerate(rank) if r == v) for v in range(14)]
        cards = [sum(1 << j for j, r in enumerate(talon_rank) if r == v) for v in range(14)]
        # per pair of values v, 13 - v: its layout slots and its talon cards, of each value
        self.classes = [(slots[v], slots[TOTAL - v], cards[v], cards[TOTAL - v]) for v in range(1, 7)]
        self.values = list(enumerate(self.masks, 1))
        self._layout_classes = [(slots[v], slots[TOTAL - v]) for v in range(1, 7)]
        self._counted: dict[int, int] = {}
        self._known: dict[int, int] = {}
        """Per cards of a pair of values (and those on the waste, shifted): see :meth:`_way_number`."""
        self._forced: list[tuple[Pair, ...]] = [()]  # numbered from 1
        self._numbers: dict[tuple[Pair, ...], int] = {}
        self._ordered: dict[int, bool] = {}
        self._cleared: dict[tuple[int, int, int], list[tuple[Pair, ...]]] = {}
        self._crossed: dict[tuple[int, int, int], bool] = {}

    def hopeless(self, cards: int, waste: int) -> bool:
        """Whether some pair of values can't be paired off, or the pairs that must be made can't be
        taken in any order; ``waste`` holds the waste's places in the last pass (else 0)."""
        known = self._known
        order = 0  # the forced ways' numbers, packed
        for v, mask in self.values:
            here = cards & mask
            key = here | (waste & here) << _WASTE if waste else here
            found = known.get(key)
            if found is None:
                found = known[key] = self._way_number(v, here, waste & here)
            if found:
                if found < 0:
                    return True
                order = order << _WIDTH | found
        # Two forced ways or more (one pair of values' own pairs were found in order)
        return order > _MASK and not self._in_order(order)

    def counted_hopeless(self, layout: int, counts: int) -> bool:
        """:meth:`hopeless` for the layout cards ``layout`` and a talon known only by how many cards
        of each value it holds (``counts``: 3 bits a value, ace lowest), out of the last pass."""
        known = self._counted
        order = 0
        for v, (ones, others) in enumerate(self._layout_classes, 1):
            key = layout & (ones | others) | (counts >> 3 * (v - 1) & 7) << _ONES | (
                counts >> 3 * (TOTAL - v - 1) & 7
            ) << _OTHERS
            found = known.get(key)
            if found is None:
                here = layout & (ones | others)
                ways = self._cleared.get((here, key >> _ONES & 7, key >> _OTHERS))
                if ways is None:
                    ways = self._cleared[(here, key >> _ONES & 7, key >> _OTHERS)] = self._ways_of_layout(
                        v, here, key >> _ONES & 7, key >> _OTHERS
                    )
                found = known[key] = self._number(ways)
            if found:
                if found < 0:
                    return True
                order = order << _WIDTH | found
        return order > _MASK and not self._in_order(order)

    def _in_order(self, order: int) -> bool:
        """Whether the forced ways numbered in ``order`` can be taken one after another."""
        ordered = self._ordered.get(order)
        if ordered is None:
            numbers, rest = [], order
            while rest:
                numbers.append(rest & _MASK)
                rest >>= _WIDTH
            ordered = self._ordered[order] = _in_order([pair for n in numbers for pair in self._forced[n]])
        return ordered

    def _number(self, ways: list[tuple[Pair, ...]]) -> int:
        """-1 for no way, 0 for more than one, else the one way's number (in :attr:`_forced`)."""
        if not ways:
            return -1
        if len(ways) > 1:
            return 0
        number = self._numbers.get(ways[0])
        if number is None:
            number = self._numbers[ways[0]] = len(self._forced)
            self._forced.append(ways[0])
        return number

    def _way_number(self, v: int, here: int, waste: int) -> int:
        """How the cards ``here`` of values v and 13 - v pair off: -1 they can't, 0 in more than one
        way, else the number of the one way (in :attr:`_forced`)."""
        return self._number(self._ways_to_pair(v, here, waste) if waste else self._ways_with_talon(v, here))

    def tangled(self, layout: int, left: int, waste: int) -> bool:
        """Whether the talon pairs that must be made cross, or (in the last pass, ``waste`` the
        waste's talon cards) are two waste cards."""
        if self.layout_only:
            return False
        counts = total = relevant = 0
        musts = []
        shift = 0
        for ones, others, t_ones, t_others in self.classes:
            a = left & t_ones
            b = left & t_others
            if a and b:
                # the talon cards of one value beyond the other value's layout cards pair in the talon
                must = max(a.bit_count() - (layout & others).bit_count(),
                           b.bit_count() - (layout & ones).bit_count())
                if must > 0:
                    counts |= must << shift
                    total += must
                    relevant |= a | b
                    musts.append((must, a, b))
            shift += 3
        if not total or (total == 1 and not waste):
            return False  # a single pair crosses nothing
        key = (left & relevant, counts, waste & relevant)  # only the talon cards that must pair matter
        found = self._crossed.get(key)
        if found is None:
            found = self._crossed[key] = not _talon_pairs(musts, [], waste)
        return found

    def _ways_to_pair(self, v: int, here: int, waste: int) -> list[tuple[Pair, ...]]:
        """The ways (none, one, or two of the many) the cards ``here`` of values v and 13 - v pair
        off into pairs that can meet, and be taken in some order."""
        value, meets, waits = self.value, self.meets, self.waits
        ones = [x for x in range(len(value)) if here >> x & 1 and value[x] == v]
        others = [x for x in range(len(value)) if here >> x & 1 and value[x] == TOTAL - v]
        pairs: list[Pair] = []
        ways: list[tuple[Pair, ...]] = []

        def pair_from(i: int, used: int) -> None:
            if len(ways) > 1:
                return  # two ways are as good as many: neither is forced
            if i == len(ones):
                if _in_order(pairs):
                    ways.append(tuple(pairs))
                return
            x = ones[i]
            reach = meets[x] & ~(waste if waste >> x & 1 else 0)
            for y in others:
                if reach >> y & 1 and not used >> y & 1:
                    pairs.append((1 << x | 1 << y, waits[x] | waits[y]))
                    pair_from(i + 1, used | 1 << y)
                    pairs.pop()

        if len(ones) == len(others):
            pair_from(0, 0)
        return ways


    def _ways_with_talon(self, v: int, here: int) -> list[tuple[Pair, ...]]:
        """The ways (none, one, or two of the many) the cards ``here`` of values v and 13 - v pair off,
        and are taken in some order, where no two waste cards are kept apart: each layout card with a
        layout card it can meet or with a talon card of the other value; the talon's cards left with
        each other, or (where only the layout must go) not at all. A talon card is as good as
        another of its value here, so a layout card's pair with one is written with its card alone."""
        layout = here & ((1 << TALON) - 1)
        talon_ones = ((here & self._ones[v]) >> TALON).bit_count()
        talon_others = ((here & self._ones[TOTAL - v]) >> TALON).bit_count()
        key = (layout, talon_ones, talon_others)
        ways = self._cleared.get(key)
        if ways is None:
            ways = self._cleared[key] = self._ways_of_layout(v, *key)
        return ways

    def _ways_of_layout(
        self, v: int, layout: int, talon_ones: int, talon_others: int
    ) -> list[tuple[Pair, ...]]:
        meets, waits = self.meets, self.waits
        ones = _bits(layout & self._ones[v])
        others = _bits(layout & self._ones[TOTAL - v])
        if not self.layout_only and len(ones) + talon_ones != len(others) + talon_others:
            return []  # every card must go, each with one of the other value
        pairs: list[Pair] = []
        ways: list[tuple[Pair, ...]] = []

        def pair_from(i: int, used: int, spare_others: int) -> None:
            if len(ways) > 1:
                return  # two ways are as good as many: neither is forced
            if i == len(ones):
                alone = [y for y in others if not used >> y & 1]
                if len(alone) <= talon_ones:  # the other value's cards left pair with the talon's
                    done = pairs + [(1 << y, waits[y]) for y in alone]
                    if _in_order(done):
                        ways.append(tuple(done))
                return
            x = ones[i]
            for y in others:
                if meets[x] >> y & 1 and not used >> y & 1:
                    pairs.append((1 << x | 1 << y, waits[x] | waits[y]))
                    pair_from(i + 1, used | 1 << y, spare_others)
                    pairs.pop()
            if spare_others:
                pairs.append((1 << x, waits[x]))
                pair_from(i + 1, used, spare_others - 1)
                pairs.pop()

        pair_from(0, 0, talon_others)
        return ways


def _in_order(pairs: list[Pair]) -> bool:
    """Whether the pairs can be taken one after another, each once all it waits for is gone:
    take, again and again, the pairs that wait for no pair left."""
    left = pairs
    while left:
        ready = [p for p in left if not any(q is not p and q[0] & p[1] for q in left)]
        if not ready:
            return False
        if len(ready) == len(left):
            return True
        left = [p for p in left if p not in ready]
    return True


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _talon_pairs(musts: list[tuple[int, int, int]], pairs: list[tuple[int, int]], waste: int) -> bool:
    """Whether each pair of values in ``musts`` (how many talon pairs it must make, its talon
    cards of each value) can make them, no pair crossing another (``pairs``: chosen so far,
    as (lower, higher) talon indices) and none of two ``waste`` cards."""
    if not musts:
        return True
    (must, ones, others), rest = musts[0], musts[1:]
    if not must:
        return _talon_pairs(rest, pairs, waste)
    for x in _bits(ones):
        for y in _bits(others):
            a, b = (x, y) if x < y else (y, x)
            if waste >> b & 1 or any(a < c < b < d or c < a < d < b for c, d in pairs):
                continue
            pairs.append((a, b))
            # the rest of this value's pairs from cards above x: each set of pairs is tried once
            again = (must - 1, ones & ~((2 << x) - 1), others & ~(1 << y))
            fits = _talon_pairs([again, *rest], pairs, waste)
            pairs.pop()
            if fits:
                return True
    return False
