"""Triangle test helpers: deals built from partial specs, hypothesis strategies, and the reference model of
the games of pairs (``pairs_support``) bound to Triangle's layout, with its plain brute-force solver.

The reference model (``ref_*``) shares no code with the engine's Triangle modules: covering is
computed from the rule book's formula ("card j of a row is covered by cards j-1 and j of the row
beneath, where those exist"), not read from ``tripeaks.layout`` or the game's layout, and a
position's state is read off the engine only as its plain data (cards, stock, waste, redeals;
``TrianglePosition`` is imported only to say so to the type checker).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from hypothesis import strategies as st
from pairs_support import (
    KING,
    PAIR_RANKS,
    REDEALS,
    TOTAL,
    PairsRef,
    RefIllegal,
    RefState,
    TooBig,
    accounted_for,
    clear_order,
    pair_token,
    pick_move,
    player_text,
    random_game,
    ref_score,
    removed_cards,
    rng_game,
    tokens,
)
from pairs_support import cards_left as ref_cards_left
from pairs_support import paired_deal as _paired_deal
from pairs_support import paired_prefix as paired_prefix
from pairs_support import shuffled as _shuffled

from tripeaks import (
    DECK,
    MAX_DEAL,
    TRIANGLE,
    Card,
    Deal,
    Position,
    TrianglePosition,
    numbered_deal,
)

__all__ = [
    "KING",
    "PAIR_RANKS",
    "REDEALS",
    "TOTAL",
    "RefIllegal",
    "RefState",
    "TooBig",
    "accounted_for",
    "clear_order",
    "pair_token",
    "paired_prefix",
    "pick_move",
    "player_text",
    "random_game",
    "ref_cards_left",
    "ref_score",
    "removed_cards",
    "rng_game",
    "tokens",
]

# The rule book's numbers, typed in here rather than read from the engine.
ROWS = (7, 6, 5, 4, 3, 2, 1)
"""Cards per row, top row (row 0) to the point (row 6)."""
REF = PairsRef(ROWS, lambda j: (j - 1, j))
"""Triangle's rules: card j of a row is covered by cards j-1 and j of the row beneath, where those exist."""
ROW_STARTS = REF.starts
SLOTS = REF.slots
POINT = SLOTS - 1

tslot = REF.slot
row_and_index = REF.row_and_index
ref_covered_by = REF.covered_by
ref_start = REF.start
ref_free = REF.free
ref_available = REF.available
ref_can_redeal = REF.can_redeal
ref_removals = REF.removals
ref_legal = REF.legal
ref_status = REF.status
ref_after = REF.after
ref_won = REF.won
brute_won = REF.brute_won
brute_fewest = REF.brute_fewest
_made = REF.made


def ref_of(position: Position) -> RefState:
    """A position's plain data as a reference state."""
    return REF.of(tri(position))


def C(code: str) -> Card:
    return Card.parse(code)


def _card(c: str | Card) -> Card:
    return c if isinstance(c, Card) else Card.parse(c)


# Building deals from partial specs


def triangle_deal(
    layout: Mapping[int, str | Card] | None = None,
    waste: str | Card | None = None,
    stock: Sequence[str | Card] = (),
    *,
    filler: Iterable[str | Card] | None = None,
) -> Deal:
    """A Triangle deal with the given layout slots, waste card and stock prefix (next card first).

    Everything else is filled with the unused cards in the order of ``filler`` (by default the
    deck order ``Ac 2c … Ks``): the layout slots in slot order, then the waste if not given, then
    the rest of the stock.
    """
    given = {s: _card(c) for s, c in (layout or {}).items()}
    assert all(0 <= s < SLOTS for s in given)
    chosen = [*given.values(), *([_card(waste)] if waste is not None else []), *map(_card, stock)]
    assert len(set(chosen)) == len(chosen), "a card is given twice"
    assert len(stock) <= 23, "the stock holds 23 cards"
    order = [_card(c) for c in filler] if filler is not None else list(DECK)
    order += [c for c in DECK if c not in order]
    spare = iter([c for c in order if c not in chosen])
    cards = [given[s] if s in given else next(spare) for s in range(SLOTS)]
    cards.append(_card(waste) if waste is not None else next(spare))
    cards += [_card(c) for c in stock]
    cards += list(spare)
    return Deal.from_cards(cards, TRIANGLE)


# A deal where nothing can ever be removed: the point is the 6 of clubs and every 7 lies
# under it; every king, every 9, 10, J and Q and three 8s (the partners of the talon's 4s, 3s,
# 2s, As and 5s) are on the table too; the talon (the waste card, then the stock) holds every
# A-5, the three other 6s and the 8 of clubs (the waste card, next to the Ac), and no two
# neighbours in it make 13.
STUCK_TABLE = [
    *(f"{r}{s}" for r in "79TJQK" for s in "cdhs"),
    "8d", "8h", "8s",
]
STUCK_TALON = [
    "8c", "Ac", "2c", "3c", "4c", "5c", "6d", "Ad", "2d", "3d", "4d", "5d",
    "6h", "Ah", "2h", "3h", "4h", "5h", "6s", "As", "2s", "3s", "4s", "5s",
]


def stuck_deal() -> Deal:
    """The deal where nothing can ever be removed (see :data:`STUCK_TABLE`)."""
    return Deal.from_cards([C(c) for c in [*STUCK_TABLE, "6c", *STUCK_TALON]], TRIANGLE)


def nearly_stuck(seed: int) -> Deal:
    """The stuck deal with its talon shuffled and a few cards swapped between the table and the
    talon: few removals are ever possible, so a brute force stays small."""
    return _shuffled(stuck_deal(), seed)


def paired_deal(seed: int, mixed: int = 0) -> Deal:
    """A Triangle deal that comes apart without a draw (see :func:`pairs_support.paired_deal`): from
    the point up."""
    return _paired_deal(TRIANGLE, seed, mixed)


def stuck_king_deal() -> Deal:
    """The stuck deal with the king of clubs at the point (and the 6c in its place): the king
    can always go, so the game goes on while it stays."""
    table = [("6c" if c == "Kc" else c) for c in STUCK_TABLE]
    return Deal.from_cards([C(c) for c in [*table, "Kc", *STUCK_TALON]], TRIANGLE)


def layout_pairs_deal() -> Deal:
    """A deal whose layout comes apart by itself: kings at the point and in slot 0, and pairs
    in slots 26+25, 24+23 … 2+1 (each two free together once the slots after them are gone).
    The waste card and the stock pair off the same way: the waste card with the stock's first
    card, then each card drawn with the stock's next, and a king alone."""
    pairs = [(Card(a, s), Card(TOTAL - a, s)) for a in range(1, 7) for s in "cdhs"]
    layout: dict[int, Card] = {POINT: C("Kc"), 0: C("Kd")}
    for k, (a, b) in enumerate(pairs[:13]):
        layout[SLOTS - 2 - 2 * k], layout[SLOTS - 3 - 2 * k] = a, b
    rest = [card for pair in pairs[13:] for card in pair]
    talon = [*rest[:4], C("Kh"), *rest[4:14], C("Ks"), *rest[14:]]
    return Deal.from_cards([*(layout[s] for s in range(SLOTS)), *talon], TRIANGLE)


def tri(position: Position) -> TrianglePosition:
    assert isinstance(position, TrianglePosition)
    return position


# Hypothesis strategies

deal_numbers = st.integers(min_value=1, max_value=MAX_DEAL)
numbered_deals = deal_numbers.map(lambda n: numbered_deal(n, TRIANGLE))
shuffled_deals = st.permutations(DECK).map(lambda cards: Deal.from_cards(cards, TRIANGLE))
deals = st.one_of(numbered_deals, shuffled_deals)


