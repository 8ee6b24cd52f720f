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
it, a layout card or any talon card of the other value (a talon card may stay): per pair of values, the
layout cards that find no talon partner must pair among themselves, as many as the most pairs of them
that can meet. When no talon card of either value is left, they pair exactly as above, in some order;
the talon never has to pair, so nothing in it can be tangled.

Places: 0 to 27 are the layout's slots, 28 + j is talon card j (see :mod:`.solver`). What each
check found is kept, by the cards it looked at.
"""

from __future__ import annotations

from .play import TOTAL

__all__ = ["TALON", "Pairings"]

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
        self._ways: dict[tuple[int, int], list[tuple[Pair, ...]]] = {}
        self._crossed: dict[tuple[int, int, int], bool] = {}

    def hopeless(self, cards: int, waste: int) -> bool:
        """Whether some pair of values can't be paired off, or the pairs that must be made can't be
        taken in any order; ``waste`` holds the waste's places in the last pass (else 0)."""
        ways_of = self._ways
        forced: list[Pair] = []
        for v, mask in enumerate(self.masks, 1):
            here = cards & mask
            key = (here, waste & here)
            ways = ways_of.get(key)
            if ways is None:
                if self.layout_only:
                    ways = ways_of[key] = self._ways_to_clear(v, here)
                else:
                    ways = ways_of[key] = self._ways_to_pair(v, here, waste & here)
            if not ways:
                return True
            if len(ways) == 1:
                forced.extend(ways[0])
        return not _in_order(forced)

    def tangled(self, layout: int, left: int, waste: int) -> bool:
        """Whether the talon pairs that must be made cross, or (in the last pass, ``waste`` the
        waste's talon cards) are two waste cards."""
        if self.layout_only:
            return False
        counts = total = 0
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
                    musts.append((must, a, b))
            shift += 3
        if not total or (total == 1 and not waste):
            return False  # a single pair crosses nothing
        key = (left, counts, waste)
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


    def _ways_to_clear(self, v: int, here: int) -> list[tuple[Pair, ...]]:
        """Where only the layout must go: the ways its cards ``here`` of values v and 13 - v (and
        the talon's) can pair off, as :meth:`_ways_to_pair` says them when the talon has none of
        them; else none if too few layout pairs can meet, and two (neither forced) if enough can."""
        ones = here & self._ones[v]
        others = here & self._ones[TOTAL - v]
        talon_ones = (ones >> TALON).bit_count()
        talon_others = (others >> TALON).bit_count()
        if not talon_ones and not talon_others:
            return self._ways_to_pair(v, here, 0)
        layout = (1 << TALON) - 1
        ones, others = ones & layout, others & layout
        least = max(ones.bit_count() - talon_others, others.bit_count() - talon_ones)
        if least <= 0:
            return [(), ()]
        return [(), ()] if _most_pairs(_bits(ones), _bits(others), self.meets) >= least else []


def _most_pairs(ones: list[int], others: list[int], meets: list[int]) -> int:
    """The most disjoint pairs of a place in ``ones`` with one in ``others`` that can meet."""
    match: dict[int, int] = {}

    def augment(x: int, seen: set[int]) -> bool:
        for y in others:
            if meets[x] >> y & 1 and y not in seen:
                seen.add(y)
                if y not in match or augment(match[y], seen):
                    match[y] = x
                    return True
        return False

    return sum(augment(x, set()) for x in ones)


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
