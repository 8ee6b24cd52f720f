"""Triangle test helpers: deals built from partial specs, hypothesis strategies, a reference
model of the rules written straight from RULES.md, and a plain brute-force solver on it.

The reference model (``ref_*``) shares no code with the engine's Triangle modules: covering is
computed from the rule book's formula ("card j of a row is covered by cards j-1 and j of the row
beneath, where those exist"), not read from ``tripeaks.layout`` or the game's layout, and a
position's state is read off the engine only as its plain data (cards, stock, waste, redeals;
``TrianglePosition`` is imported only to say so to the type checker).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from hypothesis import strategies as st

from tripeaks import (
    DECK,
    MAX_DEAL,
    TRIANGLE,
    Card,
    Deal,
    Game,
    Move,
    Position,
    TrianglePosition,
    numbered_deal,
)

# The rule book's numbers, typed in here rather than read from the engine.
ROWS = (7, 6, 5, 4, 3, 2, 1)
"""Cards per row, top row (row 0) to the point (row 6)."""
ROW_STARTS = tuple(sum(ROWS[:r]) for r in range(len(ROWS)))
SLOTS = sum(ROWS)
POINT = SLOTS - 1
TOTAL = 13
KING = 13
REDEALS = 2
"""Redeals allowed: the stock is seen three times."""
PAIR_RANKS = ((1, 12), (2, 11), (3, 10), (4, 9), (5, 8), (6, 7))


def tslot(row: int, j: int) -> int:
    """The slot number of card ``j`` (from 0, left to right) of ``row`` (0, the top, to 6, the point)."""
    assert 0 <= row < len(ROWS) and 0 <= j < ROWS[row]
    return ROW_STARTS[row] + j


def row_and_index(s: int) -> tuple[int, int]:
    for row in reversed(range(len(ROWS))):
        if s >= ROW_STARTS[row]:
            return row, s - ROW_STARTS[row]
    raise AssertionError(s)


@cache
def ref_covered_by(s: int) -> frozenset[int]:
    """The slots lying on slot ``s``: cards j-1 and j of the row beneath, where those exist."""
    row, j = row_and_index(s)
    if row + 1 == len(ROWS):
        return frozenset()
    return frozenset(tslot(row + 1, k) for k in (j - 1, j) if 0 <= k < ROWS[row + 1])


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


def clear_order() -> list[int]:
    """The slots from the point up to the top row's left end: each is free when its turn comes
    if every slot before it is gone (the slots covering a card are all numbered after it)."""
    return list(reversed(range(SLOTS)))


def paired_deal(seed: int, mixed: int = 0) -> Deal:
    """A deal that comes apart without a draw: the waste card pairs with the point, then the
    stock's cards, next first, pair with the layout from the point up (slots 26 down to 4), and
    the four kings lie in slots 0-3. With ``mixed``, the cards of the plan's last ``mixed`` pairs
    (slots 4 on, and the stock's last cards) and the kings are shuffled among their places: the
    deal's end becomes a small puzzle (see :func:`paired_prefix`)."""
    rng = random.Random(seed)
    low = [c for c in DECK if c.rank <= 6]
    high = [c for c in DECK if 7 <= c.rank <= 12]
    rng.shuffle(low)
    couples = []
    for card in low:
        partner = rng.choice([c for c in high if c.rank == TOTAL - card.rank])
        high.remove(partner)
        couples.append((card, partner) if rng.random() < 0.5 else (partner, card))
    kings = [c for c in DECK if c.rank == KING]
    rng.shuffle(kings)
    on_table = [a for a, _ in couples]  # slots 27 down to 4
    off_table = [b for _, b in couples]  # the waste card, then the stock
    layout = dict(zip(clear_order()[:24], on_table, strict=True))
    layout.update(zip(range(4), kings, strict=True))
    if mixed:
        slots = list(range(4 + mixed))
        talon = list(range(24 - mixed, 24))
        cards = [layout[s] for s in slots] + [off_table[i] for i in talon]
        rng.shuffle(cards)
        layout.update(zip(slots, cards[: len(slots)], strict=True))
        for i, card in zip(talon, cards[len(slots):], strict=True):
            off_table[i] = card
    return Deal.from_cards([*(layout[s] for s in range(SLOTS)), *off_table], TRIANGLE)


def paired_prefix(deal: Deal, mixed: int) -> list[Move]:
    """The moves of :func:`paired_deal`'s plan before its mixed end: the first ``24 - mixed``
    pairs, each a layout card from the point up with the waste's, then the stock's, top card."""
    talon = [deal.waste, *deal.stock]
    return [Move.play(deal.layout_cards[s], talon[k]) for k, s in enumerate(clear_order()[: 24 - mixed])]


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
    rng = random.Random(seed)
    stuck = stuck_deal()
    cards = [*stuck.layout_cards, stuck.waste, *stuck.stock]
    talon = cards[SLOTS:]
    rng.shuffle(talon)
    cards[SLOTS:] = talon
    for _ in range(rng.randint(1, 4)):
        a, b = rng.randrange(SLOTS), rng.randrange(SLOTS, 52)
        cards[a], cards[b] = cards[b], cards[a]
    return Deal.from_cards(cards, TRIANGLE)


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


# What a player reads


_NOT_WORDS = ("Card", "Move", "None", "Place.", "Status.", "<", ">", "{", "}", "[", "]", "__", "\n",
              "Error", "self", "()", "True", "False")


def player_text(text: str) -> bool:
    """Whether ``text`` reads as a sentence for a player, not Python's: no reprs, no brackets,
    a capital (or a quoted card) first and a full stop last."""
    return (
        bool(text)
        and text == text.strip()
        and (text[0].isupper() or text[0] == "'")
        and text.endswith(".")
        and not any(bit in text for bit in _NOT_WORDS)
    )


def tri(position: Position) -> TrianglePosition:
    assert isinstance(position, TrianglePosition)
    return position


# Hypothesis strategies

deal_numbers = st.integers(min_value=1, max_value=MAX_DEAL)
numbered_deals = deal_numbers.map(lambda n: numbered_deal(n, TRIANGLE))
shuffled_deals = st.permutations(DECK).map(lambda cards: Deal.from_cards(cards, TRIANGLE))
deals = st.one_of(numbered_deals, shuffled_deals)


def pick_move(data: st.DataObject, game: Game) -> Move:
    """A legal move chosen by hypothesis; removals are favoured so games get somewhere."""
    moves = game.legal_moves
    removals = [m for m in moves if m.kind == "play"]
    if removals and data.draw(st.integers(0, 4), label="prefer a removal") != 0:
        return data.draw(st.sampled_from(removals), label="removal")
    return data.draw(st.sampled_from(moves), label="move")


def random_game(
    data: st.DataObject,
    deal: Deal,
    max_moves: int = 120,
    each: Callable[[Game, Move], None] | None = None,
) -> Game:
    """Play hypothesis-chosen legal moves until the game ends or ``max_moves`` are made;
    ``each(game, move)``, if given, must push the move."""
    game = Game(deal)
    for _ in range(max_moves):
        if not game.legal_moves:
            break
        move = pick_move(data, game)
        if each is not None:
            each(game, move)
        else:
            game.push(move)
    return game


def rng_game(rng: random.Random, deal: Deal, moves: Iterable[Move] = (), *, until: int = 0,
             removals: float = 0.8, max_moves: int = 300) -> Game:
    """A game of ``deal`` that makes ``moves``, then random legal moves (removals ``removals``
    of the time) until at most ``until`` cards are left, the game ends, or ``max_moves``."""
    game = Game(deal)
    for move in moves:
        game.push(move)
    for _ in range(max_moves):
        legal = game.legal_moves
        if not legal or game.position.cards_left <= until:
            break
        plays = [m for m in legal if m.kind == "play"]
        game.push(rng.choice(plays) if plays and rng.random() < removals else rng.choice(legal))
    return game


# The reference model: the rules in the simplest possible code, for comparison.


@dataclass(frozen=True, slots=True)
class RefState:
    """Where every card is: ``layout[slot]`` (None once removed), the stock (next card first),
    the waste (bottom first, top last) and the redeals used."""

    layout: tuple[Card | None, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    redeals: int = 0


class RefIllegal(Exception):
    """A move the reference model refuses."""


def ref_start(deal: Deal) -> RefState:
    return RefState(tuple(deal.layout_cards), tuple(deal.stock), (deal.waste,), 0)


def ref_of(position: Position) -> RefState:
    """A position's plain data as a reference state."""
    return RefState(tuple(position.cards), tuple(position.stock), tuple(position.waste),
                    tri(position).redeals)


def ref_free(state: RefState) -> list[int]:
    """The layout slots holding a card with nothing left on it, in slot order."""
    cards = state.layout
    return [
        s for s in range(SLOTS) if cards[s] is not None and all(cards[c] is None for c in ref_covered_by(s))
    ]


def ref_available(state: RefState) -> list[Card]:
    """The free layout cards (slot order), the stock's top, the waste's top."""
    out = [c for s in ref_free(state) if (c := state.layout[s]) is not None]
    if state.stock:
        out.append(state.stock[0])
    if state.waste:
        out.append(state.waste[-1])
    return out


def pair_token(a: Card, b: Card) -> str:
    """A pair's notation, the higher rank first (``Qh+Ad``)."""
    hi, lo = (a, b) if (a.rank, a.suit) > (b.rank, b.suit) else (b, a)
    return f"{hi.code}+{lo.code}"


def ref_can_redeal(state: RefState) -> bool:
    return not state.stock and bool(state.waste) and state.redeals < REDEALS


def ref_removals(state: RefState) -> set[str]:
    cards = ref_available(state)
    out = {c.code for c in cards if c.rank == KING}
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            if a.rank + b.rank == TOTAL:
                out.add(pair_token(a, b))
    return out


def ref_legal(state: RefState) -> set[str]:
    """Every legal move's token: kings alone, pairs making 13, draw, redeal."""
    moves = ref_removals(state)
    if state.stock:
        moves.add("draw")
    if ref_can_redeal(state):
        moves.add("redeal")
    return moves


def ref_status(state: RefState) -> str:
    if ref_won(state):
        return "won"
    if ref_removals(state) or state.stock or ref_can_redeal(state):
        return "playing"
    return "out_of_moves"


def ref_after(state: RefState, token: str) -> RefState:
    """The state once the move ``token`` is made; :class:`RefIllegal` if the rules refuse it."""
    if token not in ref_legal(state):
        raise RefIllegal(token)
    return _made(state, token)


def _made(state: RefState, token: str) -> RefState:
    """The state once the legal move ``token`` is made."""
    if token == "draw":
        return RefState(state.layout, state.stock[1:], (*state.waste, state.stock[0]), state.redeals)
    if token == "redeal":
        return RefState(state.layout, state.waste, (), state.redeals + 1)
    layout, stock, waste = list(state.layout), state.stock, state.waste
    for card in map(C, token.split("+")):
        if stock and stock[0] == card:
            stock = stock[1:]
        elif waste and waste[-1] == card:
            waste = waste[:-1]
        else:
            layout[layout.index(card)] = None
    return RefState(tuple(layout), stock, waste, state.redeals)


def ref_won(state: RefState) -> bool:
    return not state.stock and not state.waste and all(c is None for c in state.layout)


def ref_cards_left(state: RefState) -> int:
    return sum(c is not None for c in state.layout) + len(state.stock) + len(state.waste)


def ref_score(moves: Iterable[Move | str]) -> int:
    """Cards removed by a list of moves: one per king, two per pair."""
    return sum(len(str(m).split("+")) for m in moves if str(m) not in ("draw", "redeal"))


def removed_cards(moves: Iterable[Move]) -> list[Card]:
    return [card for move in moves for card in move.cards]


def accounted_for(position: Position, moves: Iterable[Move]) -> bool:
    """Layout, stock, waste and the cards removed by ``moves`` are the deck, each card once."""
    held = [c for c in position.cards if c is not None] + [*position.stock, *position.waste]
    held += removed_cards(moves)
    return len(held) == 52 and set(held) == set(DECK)


def tokens(moves: Iterable[Move]) -> set[str]:
    return {m.notation for m in moves}


# A plain brute force on the reference model: every legal move, a visited set on the whole
# state, nothing clever.


class TooBig(Exception):
    """The brute force met more states than it was allowed."""


def brute_won(start: RefState, limit: int = 50_000) -> bool:
    """Depth-first over every legal move: can every card be removed?"""
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        if ref_won(here):
            return True
        for token in sorted(ref_legal(here)):
            there = _made(here, token)
            if there not in seen:
                if len(seen) >= limit:
                    raise TooBig
                seen.add(there)
                todo.append(there)
    return False


def brute_fewest(start: RefState, limit: int = 50_000) -> int | None:
    """Breadth-first over every legal move: the fewest moves that win, or None if none does."""
    seen = {start}
    layer = [start]
    depth = 0
    while layer:
        following = []
        for here in layer:
            if ref_won(here):
                return depth
            for token in ref_legal(here):
                there = _made(here, token)
                if there not in seen:
                    if len(seen) >= limit:
                        raise TooBig
                    seen.add(there)
                    following.append(there)
        layer = following
        depth += 1
    return None
