"""Golf test helpers: a reference model of the rules written straight from RULES.md, brute forces on it
that try every line, and small positions built for them (a run clears most of the columns).

The reference model (``ref_*``) shares no code with the engine's Golf modules: a state is seven columns
(each bottom card first, top last), the stock and the waste's top, read off a deal code as RULES.md
writes it (``golf:`` then the columns left to right, each from its bottom card), and which rank goes
on which is the rule book's table, typed in here.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

from tripeaks import DECK, GOLF, Card, Deal, Game, GolfPosition, Move, Position

RULE_SETS = ("standard", "strict", "relaxed")
COLUMNS, DEPTH, STOCK = 7, 5, 16
KING, QUEEN, ACE = 13, 12, 1


def C(code: str) -> Card:
    return Card.parse(code)


def goes_on(card: int, top: int, rule_set: str) -> bool:
    """RULES.md's table: one rank above or below; Dead King Golf puts nothing on a king; Relaxed Golf
    makes a king and an ace touch."""
    gap = abs(card - top)
    if rule_set == "strict" and top == KING:
        return False
    return gap == 1 or (rule_set == "relaxed" and gap == 12)


# The reference model


@dataclass(frozen=True, slots=True)
class Ref:
    """The columns (each bottom first), the stock (next first) and the waste's top card."""

    columns: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    top: Card

    @property
    def left(self) -> int:
        return sum(len(column) for column in self.columns)


def ref_of_code(code: str) -> Ref:
    """The reference state of a deal code, read as RULES.md writes it."""
    assert code.startswith("golf:")
    columns_text, waste, stock = code.removeprefix("golf:").split(" ")
    columns = tuple(
        tuple(C(text[i:i + 2]) for i in range(0, len(text), 2)) for text in columns_text.split("/")
    )
    assert len(columns) == COLUMNS and all(len(column) == DEPTH for column in columns)
    return Ref(columns, tuple(C(stock[i:i + 2]) for i in range(0, len(stock), 2)), C(waste))


def ref_of(position: Position) -> Ref:
    """The reference state of an engine position, from its plain data (slot ``r * 7 + c`` holding
    column ``c``'s card ``r`` from the bottom, as the layout's docstring says)."""
    columns = tuple(
        tuple(card for r in range(DEPTH) if (card := position.cards[r * COLUMNS + c]) is not None)
        for c in range(COLUMNS)
    )
    return Ref(columns, position.stock, position.waste[-1])


def ref_legal(state: Ref, rule_set: str) -> set[str]:
    if not state.left:
        return set()
    top = state.top.rank
    found = {c[-1].code for c in state.columns if c and goes_on(c[-1].rank, top, rule_set)}
    return found | ({"draw"} if state.stock else set())


def ref_status(state: Ref, rule_set: str) -> str:
    if not state.left:
        return "won"
    return "playing" if ref_legal(state, rule_set) else "out_of_moves"


def ref_after(state: Ref, token: str, rule_set: str) -> Ref:
    assert token in ref_legal(state, rule_set), token
    if token == "draw":
        return Ref(state.columns, state.stock[1:], state.stock[0])
    columns = tuple(c[:-1] if c and c[-1].code == token else c for c in state.columns)
    return Ref(columns, state.stock, C(token))


# Brute forces: every line tried (states seen once). A state is the columns' heights, the cards drawn
# and the waste top's rank (suits play no role), each move made as ref_after makes it.


def _moves(state: Ref, rule_set: str) -> tuple[list[list[int]], list[int], list[list[bool]]]:
    ranks = [[card.rank for card in column] for column in state.columns]
    return ranks, [card.rank for card in state.stock], [[goes_on(c, t, rule_set) for t in range(14)]
                                                         for c in range(14)]


def _next(node: tuple[tuple[int, ...], int, int], ranks: list[list[int]], stock: list[int],
          ok: list[list[bool]]) -> list[tuple[tuple[int, ...], int, int]]:
    heights, drawn, top = node
    found = []
    if not sum(heights):
        return found
    for c, h in enumerate(heights):
        if h and ok[ranks[c][h - 1]][top]:
            found.append(((*heights[:c], h - 1, *heights[c + 1:]), drawn, ranks[c][h - 1]))
    if drawn < len(stock):
        found.append((heights, drawn + 1, stock[drawn]))
    return found


def brute(state: Ref, rule_set: str, limit: int = 400_000) -> tuple[bool, int]:
    """Depth-first over every legal move from ``state``: whether a line clears the columns, and the
    fewest cards any line leaves (a line may stop anywhere)."""
    ranks, stock, ok = _moves(state, rule_set)
    start = (tuple(len(column) for column in state.columns), 0, state.top.rank)
    seen = {start}
    todo = [start]
    fewest = state.left
    while todo:
        node = todo.pop()
        fewest = min(fewest, sum(node[0]))
        for there in _next(node, ranks, stock, ok):
            if there not in seen:
                seen.add(there)
                assert len(seen) < limit, "too big for the brute force"
                todo.append(there)
    return fewest == 0, fewest


def brute_fewest_moves(state: Ref, rule_set: str) -> int | None:
    """Breadth-first over every legal move: the fewest moves that clear the columns."""
    ranks, stock, ok = _moves(state, rule_set)
    start = (tuple(len(column) for column in state.columns), 0, state.top.rank)
    seen = {start}
    layer = [start]
    depth = 0
    while layer:
        following = []
        for node in layer:
            if not sum(node[0]):
                return depth
            for there in _next(node, ranks, stock, ok):
                if there not in seen:
                    seen.add(there)
                    following.append(there)
        layer = following
        depth += 1
    return None


# Deals built for the tests


def slot(column: int, row: int) -> int:
    """The engine's slot of column ``column``'s card ``row`` from the bottom (the layout's docstring)."""
    return row * COLUMNS + column


def build(columns: Sequence[Sequence[str | Card]], waste: str | Card, stock: Sequence[str | Card] = (),
          ) -> Deal:
    """A Golf deal from its columns (each bottom first; short columns, missing ones, and a short stock, are
    filled with the cards not named, in deck order: the filler goes to the bottom of a column)."""
    columns = [*columns, *[[] for _ in range(COLUMNS - len(columns))]]
    named = [c if isinstance(c, Card) else C(c) for column in columns for c in column]
    named += [waste if isinstance(waste, Card) else C(waste)]
    named += [c if isinstance(c, Card) else C(c) for c in stock]
    assert len(set(named)) == len(named)
    spare = iter(card for card in DECK if card not in set(named))
    full = [[*(next(spare) for _ in range(DEPTH - len(cards))), *(_card(c) for c in cards)]
            for cards in columns]
    stock_cards = [c if isinstance(c, Card) else C(c) for c in stock]
    stock_cards += [next(spare) for _ in range(STOCK - len(stock_cards))]
    code = "golf:" + "/".join("".join(c.code for c in column) for column in full)
    return Deal.parse(f"{code} {(waste if isinstance(waste, Card) else C(waste)).code} "
                      f"{''.join(c.code for c in stock_cards)}", GOLF)


def _card(card: str | Card) -> Card:
    return card if isinstance(card, Card) else C(card)


def cards_of_ranks(ranks: Iterable[int], taken: Iterable[Card] = ()) -> list[Card]:
    """A card of each rank, suits chosen so that no card repeats (nor is one of ``taken``)."""
    used = set(taken)
    out = []
    for r in ranks:
        card = next(c for c in DECK if c.rank == r and c not in used)
        used.add(card)
        out.append(card)
    return out


def walk(rng: random.Random, length: int) -> list[int] | None:
    """``length`` ranks, each one rank from the one before without wrap and never down from a king (so
    that each goes on the one before under every rule set), at most four of a rank; ``None`` if the
    random walk runs into a dead end."""
    used = [0] * 14
    path = [rng.randint(1, 12)]
    used[path[0]] += 1
    while len(path) < length:
        options = [] if path[-1] == KING else [q for q in (path[-1] - 1, path[-1] + 1) if 1 <= q <= 13]
        options = [q for q in options if used[q] < 4]
        if not options:
            return None
        path.append(rng.choice(options))
        used[path[-1]] += 1
    return path


def clearing_order(rng: random.Random, kept: Sequence[int]) -> list[int]:
    """Slots in an order that plays each column from its top down, leaving ``kept[c]`` cards of column c."""
    tops = [DEPTH - 1] * COLUMNS
    order = []
    while True:
        open_columns = [c for c in range(COLUMNS) if tops[c] >= kept[c]]
        if not open_columns:
            return order
        c = rng.choice(open_columns)
        order.append(slot(c, tops[c]))
        tops[c] -= 1


def run_deal(seed: int, cleared: int) -> tuple[Deal, tuple[Move, ...]]:
    """A deal whose first ``cleared`` plays, in one run from the waste card, are legal under every rule
    set, and those plays: what is left is a small position (35 - ``cleared`` cards and the whole stock)."""
    rng = random.Random(seed)
    while True:
        kept = [0] * COLUMNS
        for _ in range(35 - cleared):
            kept[rng.choice([c for c in range(COLUMNS) if kept[c] < DEPTH])] += 1
        ranks = walk(rng, cleared + 1)
        if ranks is not None:
            break
    order = clearing_order(rng, kept)
    cards = cards_of_ranks(ranks)
    rest = [card for card in DECK if card not in set(cards)]
    rng.shuffle(rest)
    layout: list[Card | None] = [None] * 35
    for s, card in zip(order, cards[1:], strict=True):
        layout[s] = card
    filler = iter(rest)
    layout = [card if card is not None else next(filler) for card in layout]
    deal = Deal.from_cards([*layout, cards[0], *filler], GOLF)
    return deal, tuple(Move.play(card) for card in cards[1:])


def played(deal: Deal, rule_set: str, moves: Iterable[Move | str] = ()) -> Game:
    game = Game(deal, GOLF.rules_named(rule_set))
    for move in moves:
        game.push(move)
    return game


def golf(position: Position) -> GolfPosition:
    assert isinstance(position, GolfPosition)
    return position


_ENDINGS = {
    # (the column's two cards, bottom first; one run of 34 ranks, the waste card first, each going on the
    # one before under every rule set, ending on a king: three jacks, or three 2s, so the stock has none)
    "queen": ((11, QUEEN), [*range(2, 12), *range(10, 0, -1), *range(2, 12), 12, 11, 12, KING]),
    "ace": ((2, ACE), [4, 3, 2, 3, 2, 3, 2, 3, *range(4, 13), *range(11, 3, -1), *range(5, 13), KING]),
}


@cache
def ending_deal(kind: str) -> tuple[Deal, tuple[Move, ...]]:
    """A deal one run of which, legal under every rule set, leaves two cards in column 0 with a king on
    the waste and no help in the stock: ``queen`` leaves a queen on a jack (a queen may go on the king
    but in Dead King Golf, and the jack then on the queen; the stock holds no jack), ``ace`` an ace on a
    2 (only Relaxed Golf puts the ace on the king, and the 2 then on the ace; the stock holds no 2)."""
    (under, top_card), ranks = _ENDINGS[kind]
    assert len(ranks) == 34 and all(goes_on(b, a, rule) for a, b in pairwise(ranks) for rule in RULE_SETS)
    left = cards_of_ranks([under, top_card])
    cards = cards_of_ranks(ranks, left)
    order = clearing_order(random.Random(kind), [2, 0, 0, 0, 0, 0, 0])
    rest = [card for card in DECK if card not in set(cards) | set(left)]
    layout: dict[int, Card] = {slot(0, 0): left[0], slot(0, 1): left[1]}
    layout.update(zip(order, cards[1:], strict=True))
    deal = Deal.from_cards([*(layout[s] for s in range(35)), cards[0], *rest], GOLF)
    return deal, tuple(Move.play(card) for card in cards[1:])
