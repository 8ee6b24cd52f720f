"""Pyramid test helpers: the reference model of the games of pairs (``pairs_support``) bound to Pyramid's
upright layout, under each rule set, and deals built to come apart, to stick, or to be won under Relaxed
Pyramid only.

Covering is typed in from the rule book ("card j of a row is covered by cards j and j+1 of the row
beneath"), not read from the engine.
"""

from __future__ import annotations

from hypothesis import strategies as st
from pairs_support import TOTAL, C, PairsRef, RefState, shuffled

from tripeaks import (
    DECK,
    MAX_DEAL,
    PYRAMID,
    Card,
    Deal,
    Position,
    PyramidPosition,
    PyramidRules,
    numbered_deal,
)
from tripeaks.games.pyramid.rules import RELAXED, STANDARD

ROWS = (1, 2, 3, 4, 5, 6, 7)
"""Cards per row, the apex (row 0) to the bottom row (row 6)."""
REFS = {
    "standard": PairsRef(ROWS, lambda j: (j, j + 1)),
    "relaxed": PairsRef(ROWS, lambda j: (j, j + 1), layout_only=True),
}
"""Pyramid's rules: card j of a row is covered by cards j and j+1 of the row beneath; won when every card
is gone (standard) or the pyramid is (relaxed)."""
RULES = {"standard": STANDARD, "relaxed": RELAXED}
BOTTOM = range(21, 28)
"""The bottom row's slots: free at the deal."""


def ref(rules: PyramidRules) -> PairsRef:
    return REFS[rules.key]


def pyr(position: Position) -> PyramidPosition:
    assert isinstance(position, PyramidPosition)
    return position


def ref_of(position: Position) -> RefState:
    return PairsRef.of(pyr(position))


# Deals built for the tests

KING_SLOTS = (0, 3, 10, 21)
"""Where :func:`apart_deal` puts the kings: each free when its row's pairs after it are gone."""
PAIR_SLOTS = ((22, 23), (24, 25), (26, 27), (15, 16), (17, 18), (19, 20), (11, 12), (13, 14), (6, 7),
              (8, 9), (4, 5), (1, 2))
"""Where :func:`apart_deal` puts its pairs, bottom row first: each two free together in turn."""


def apart_deal(talon_pairs: bool) -> Deal:
    """A deal whose pyramid comes apart by itself, without a draw: its four kings and twelve pairs (every
    ace and queen, two and jack, three and ten) free in turn, bottom row first. The talon holds every
    4 to 9: with ``talon_pairs``, as pairs that make 13 (the waste card with the stock's first card, then
    each card drawn with the stock's next), so every card can go; without, in runs (4444 5555 6666 9999
    8888 7777) where no two neighbours make 13 and none has a partner left on the table: the talon can
    never be touched, so Relaxed Pyramid is won and Pyramid lost."""
    kings = [c for c in DECK if c.rank == 13]
    layout: dict[int, Card] = dict(zip(KING_SLOTS, kings, strict=True))
    pairs = [(Card(a, s), Card(TOTAL - a, s)) for a in (1, 2, 3) for s in "cdhs"]
    for (x, y), (a, b) in zip(PAIR_SLOTS, pairs, strict=True):
        layout[x], layout[y] = a, b
    if talon_pairs:
        talon = [card for a in (4, 5, 6) for s in "cdhs" for card in (Card(a, s), Card(TOTAL - a, s))]
    else:
        talon = [Card(v, s) for v in (4, 5, 6, 9, 8, 7) for s in "cdhs"]
    return Deal.from_cards([*(layout[s] for s in range(28)), *talon], PYRAMID)


STUCK_BOTTOM = ["Qc", "Qd", "Qh", "Qs", "Jc", "Jd", "Jh"]
STUCK_ABOVE = ["Ac", "Ad", "Ah", "As", "2c", "2d", "2h", "Kc", "Kd", "Kh", "Ks",
               "9c", "9d", "9h", "9s", "Tc", "Td", "Th", "Ts", "Js", "2s"]
STUCK_TALON = [f"{r}{s}" for r in "783456" for s in "cdhs"]


def stuck_deal() -> Deal:
    """A deal where nothing can ever be removed: the bottom row holds the queens and three jacks,
    whose partners (every ace and two) lie above them with the kings; the talon holds every 3 to 8 in
    runs (7777 8888 3333 4444 5555 6666) where no two neighbours make 13 and no card has a partner
    free on the table."""
    return Deal.from_cards([C(c) for c in [*STUCK_ABOVE, *STUCK_BOTTOM, *STUCK_TALON]], PYRAMID)


def nearly_stuck(seed: int) -> Deal:
    """The stuck deal with its talon shuffled and a few cards swapped between the pyramid and the
    talon: few removals are ever possible, so a brute force stays small."""
    return shuffled(stuck_deal(), seed)


# Hypothesis strategies

deal_numbers = st.integers(min_value=1, max_value=MAX_DEAL)
numbered_deals = deal_numbers.map(lambda n: numbered_deal(n, PYRAMID))
shuffled_deals = st.permutations(DECK).map(lambda cards: Deal.from_cards(cards, PYRAMID))
deals = st.one_of(numbered_deals, shuffled_deals)
rule_sets = st.sampled_from([STANDARD, RELAXED])
