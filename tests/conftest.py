"""Shared test helpers: deals built from partial specs, hypothesis strategies, and an
independent reference model of the rules written straight from RULES.md.

The reference model (``ref_*``) deliberately shares no code with the engine: covering is
computed from the formulas in RULES.md, not from ``tripeaks.layout``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from tripeaks import DECK, MAX_DEAL, Card, Deal, Game, Move, Position, Rules, TriPeaksPosition, numbered_deal

# The page's plain-Python modules (web/), which tests/page/ tests under CPython and, like the engine, in
# Pyodide (scripts/pyodide_pytest.mjs mounts web/ beside tests/). Appended, so nothing of theirs shadows a
# module the engine's tests import; and no conftest of its own there, whose name would shadow this one.
_WEB = str(Path(__file__).resolve().parent.parent / "web")
if _WEB not in sys.path:
    sys.path.append(_WEB)

# Timing varies too much (coverage, a busy machine, WebAssembly) for per-example deadlines.
settings.register_profile("tripeaks", deadline=None)
settings.load_profile("tripeaks")



def pytest_configure(config: pytest.Config) -> None:
    """``no_cover`` (pytest-cov's marker): a test that searches for seconds, the solvers' brute-force
    comparisons and hypothesis walks, runs without coverage's line tracing, which slows such a loop 5 to 8
    times; the lines it runs are covered by the lighter tests as well (the 95% floor checks that). Made
    known here too for the Pyodide run, which has no pytest-cov."""
    config.addinivalue_line("markers", "no_cover: run this test without coverage measurement")


@pytest.hookimpl(wrapper=True, trylast=True)
def pytest_runtest_call(item: pytest.Item) -> object:
    """The line tracer off for a ``no_cover`` test, and back after. pytest-cov's own pause is not enough
    under pytest-xdist: stopping its measurement in a worker resumes the tracer of a coverage started
    there before it. Run last, so inside that pause."""
    if item.get_closest_marker("no_cover") is None:
        return (yield)
    tracer = sys.gettrace()
    sys.settrace(None)
    try:
        return (yield)
    finally:
        sys.settrace(tracer)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``TESTS_SHARD=k/N`` (scripts/pyodide_pytest.mjs --shards N sets it): only the tests whose place in
    the collected order is k modulo N, so that N processes side by side run each test once."""
    shard = os.environ.get("TESTS_SHARD", "")
    if not shard:
        return
    k, n = (int(part) for part in shard.split("/"))
    config.hook.pytest_deselected(items=[item for place, item in enumerate(items) if place % n != k - 1])
    items[:] = [item for place, item in enumerate(items) if place % n == k - 1]


# Layout slots, as RULES.md numbers them: row 0 is 0-2, row 1 is 3-8, row 2 is 9-17, row 3 is 18-27.
ROW_STARTS = (0, 3, 9, 18)
ROW_SIZES = (3, 6, 9, 10)
PEAK_TOPS = (0, 1, 2)


def slot(row: int, i: int) -> int:
    """The slot number of card ``i`` (from 0, left to right) of ``row`` (0 top to 3 base)."""
    assert 0 <= i < ROW_SIZES[row]
    return ROW_STARTS[row] + i


def ref_covered_by(s: int) -> set[int]:
    """The slots covering slot ``s``, straight from the formulas in RULES.md."""
    if s < 3:
        p = s
        return {slot(1, 2 * p), slot(1, 2 * p + 1)}
    if s < 9:
        i = s - 3
        p, k = i // 2, i % 2
        return {slot(2, 3 * p + k), slot(2, 3 * p + k + 1)}
    if s < 18:
        i = s - 9
        return {slot(3, i), slot(3, i + 1)}
    return set()


# Play order that clears the whole layout from the bottom row up; each card is free when
# its turn comes. The peak tops come last, in the order given.
def clear_order(peaks: Sequence[int] = (0, 1, 2)) -> list[int]:
    return [*range(18, 28), *range(9, 18), *range(3, 9), *peaks]


# Building deals from partial specs


def _card(c: str | Card) -> Card:
    return c if isinstance(c, Card) else Card.parse(c)


def build_deal(
    layout: Mapping[int, str | Card] | None = None,
    waste: str | Card | None = None,
    stock: Sequence[str | Card] = (),
    *,
    filler: Iterable[str | Card] | None = None,
) -> Deal:
    """A deal with the given layout slots, waste card and stock prefix (next card first).

    Everything else is filled with the unused cards, taken in the order of ``filler`` (by
    default the deck order ``Ac 2c … Ks``): layout slots first in slot order, then the waste
    if not given, then the rest of the stock.
    """
    layout = {s: _card(c) for s, c in (layout or {}).items()}
    chosen = [*layout.values(), *([_card(waste)] if waste is not None else []), *map(_card, stock)]
    assert len(set(chosen)) == len(chosen), "a card is given twice"
    assert len(stock) <= 23, "the stock holds 23 cards"
    order = [_card(c) for c in filler] if filler is not None else list(DECK)
    order += [c for c in DECK if c not in order]
    spare = iter(c for c in order if c not in chosen)
    cards = [layout[s] if s in layout else next(spare) for s in range(28)]
    cards.append(_card(waste) if waste is not None else next(spare))
    cards += [_card(c) for c in stock]
    cards += list(spare)
    return Deal.from_cards(cards)


def cards_of_ranks(ranks: Iterable[int], exclude: Iterable[str | Card] = ()) -> list[Card]:
    """One distinct card for each rank given, suits taken in the order ``cdhs``."""
    used = {_card(c) for c in exclude}
    out = []
    for rank in ranks:
        card = next(c for c in DECK if c.rank == rank and c not in used)
        used.add(card)
        out.append(card)
    return out


def chain_deal(
    ranks: Sequence[int],
    order: Sequence[int] | None = None,
    *,
    stock: Sequence[str | Card] = (),
) -> Deal:
    """A deal whose waste card has rank ``ranks[0]`` and whose layout slots, taken in
    ``order`` (default :func:`clear_order`), hold ranks ``ranks[1:]``: playing them in that
    order is one long run. ``stock`` gives a stock prefix; the rest is filled."""
    order = list(order if order is not None else clear_order())
    assert len(ranks) == len(order) + 1
    cards = cards_of_ranks(ranks, exclude=stock)
    return build_deal(dict(zip(order, cards[1:], strict=True)), cards[0], stock)


def up_chain(start: int, n: int) -> list[int]:
    """``n`` ranks going up one at a time from ``start``, with K-A wrap."""
    return [(start - 1 + k) % 13 + 1 for k in range(n)]


def bounce_chain(n: int) -> list[int]:
    """``n`` ranks going A up to K, back down to A, and up again: legal without wrap."""
    out, rank, step = [], 1, 1
    for _ in range(n):
        out.append(rank)
        if not 1 <= rank + step <= 13:
            step = -step
        rank += step
    return out


# A deal where no layout card can ever be played: row 3 holds only 5s, 7s and 9s, rows 0-2
# hold every 4, 6, 8 and 10, and the waste and stock are all A, 2, 3, J, Q and K.
STUCK_ROW3 = ["5c", "5d", "5h", "5s", "7c", "7d", "7h", "7s", "9c", "9d"]
STUCK_UPPER = ["9h", "9s"] + [f"{r}{s}" for r in "468T" for s in "cdhs"]
STUCK_REST = [f"{r}{s}" for r in "A23JQK" for s in "cdhs"]


def stuck_deal(stock: Sequence[str] | None = None) -> Deal:
    rest = list(stock) if stock is not None else STUCK_REST
    return Deal.from_cards([Card.parse(c) for c in [*STUCK_UPPER, *STUCK_ROW3, *rest]])


# Hypothesis strategies

ALL_PASSES = (1, 2, 3, None)
rules_st = st.builds(
    Rules,
    passes=st.sampled_from(ALL_PASSES),
    wrap=st.booleans(),
    face_up=st.booleans(),
    empty_waste=st.booleans(),
)
deal_numbers = st.integers(min_value=1, max_value=MAX_DEAL)
numbered_deals = deal_numbers.map(numbered_deal)
shuffled_deals = st.permutations(DECK).map(Deal.from_cards)


def pick_move(data: st.DataObject, game: Game) -> Move:
    """A legal move chosen by hypothesis; plays are favoured so games get somewhere."""
    moves = game.legal_moves
    plays = [m for m in moves if m.kind == "play"]
    if plays and data.draw(st.integers(0, 3), label="prefer a play") != 0:
        return data.draw(st.sampled_from(plays), label="play")
    return data.draw(st.sampled_from(moves), label="move")


def random_game(
    data: st.DataObject,
    rules: Rules,
    deal: Deal,
    max_moves: int = 100,
    each: Callable[[Game, Move], None] | None = None,
) -> Game:
    """Play hypothesis-chosen legal moves until the game ends or ``max_moves`` are made."""
    game = Game(deal, rules)
    for _ in range(max_moves):
        if not game.legal_moves:
            break
        move = pick_move(data, game)
        if each is not None:
            each(game, move)
        else:
            game.push(move)
    return game


# The reference model: the rules in the simplest possible code, for comparison.


def ref_free(cards: Sequence[Card | None]) -> list[int]:
    return [
        s for s in range(28) if cards[s] is not None and all(cards[c] is None for c in ref_covered_by(s))
    ]


def ref_adjacent(a: int, b: int, wrap: bool) -> bool:
    return abs(a - b) == 1 or (wrap and {a, b} == {1, 13})


def ref_status(position: TriPeaksPosition) -> str:
    """The status per RULES.md, under the position's own rules."""
    rules = position.rules
    cards = position.cards
    if all(c is None for c in cards):
        return "won"
    free_ranks = [cards[s].rank for s in ref_free(cards)]  # type: ignore[union-attr]
    if not position.waste:  # the empty-waste option's start: any free card goes on it
        return "playing"
    if any(ref_adjacent(r, position.waste[-1].rank, rules.wrap) for r in free_ranks):
        return "playing"
    if rules.passes is None:
        others = [c.rank for c in (*position.stock, *position.waste)]
        if any(ref_adjacent(r, o, rules.wrap) for r in free_ranks for o in others):
            return "playing"
        return "out_of_moves"
    resets_left = rules.passes - 1 - position.resets
    if position.stock or resets_left > 0:
        return "playing"
    return "out_of_moves"


def ref_legal(position: TriPeaksPosition) -> set[str]:
    """Legal move tokens in ``position``, per RULES.md."""
    rules = position.rules
    if ref_status(position) != "playing":
        return set()
    cards = position.cards
    top = position.waste[-1].rank if position.waste else None
    moves = {
        cards[s].code  # type: ignore[union-attr]
        for s in ref_free(cards)
        if top is None or ref_adjacent(cards[s].rank, top, rules.wrap)  # type: ignore[union-attr]
    }
    if position.stock:
        moves.add("draw")
    elif rules.passes is None or position.resets < rules.passes - 1:
        moves.add("reset")
    return moves


def ref_face_up(position: TriPeaksPosition, s: int) -> bool:
    cards = position.cards
    if cards[s] is None:
        return False
    return position.rules.face_up or s >= 18 or all(cards[c] is None for c in ref_covered_by(s))


def ref_score(deal: Deal, moves: Iterable[Move | str]) -> int:
    """The classic score of a move list, recomputed by hand from the scoring table (the same
    with an empty waste at the start: the first card played is a run of 1, a draw onto the
    empty waste costs 5)."""
    peak_cards = {deal.layout_cards[s].code for s in PEAK_TOPS}
    score = run = peaks = 0
    for move in moves:
        token = str(move)
        if token in ("draw", "reset"):
            score -= 5
            run = 0
        else:
            run += 1
            score += run
            if token in peak_cards:
                peaks += 1
                score += 30 if peaks == 3 else 15
    return score


def all_52_once(position: Position) -> bool:
    held = [c for c in position.cards if c is not None] + list(position.stock) + list(position.waste)
    return len(held) == 52 and set(held) == set(DECK)
