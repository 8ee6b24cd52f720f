"""Pyramid's golden data (tests/golden/pyramid.json, written by tests/golden/make_pyramid.py): numbered and
daily deals that never change, and the solver's answers for numbered deals under both rule sets, each
winning line replayed by the engine's own Game."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from tripeaks import (
    PYRAMID,
    TRIANGLE,
    Deal,
    Game,
    Position,
    Result,
    Status,
    daily_deal,
    daily_seed,
    deal_from_seed,
    next_winnable,
    numbered_deal,
    solve,
)
from tripeaks.games.pyramid.rules import RELAXED, STANDARD

GOLDEN = json.loads((Path(__file__).parent / "golden" / "pyramid.json").read_text(encoding="utf-8"))
RULES = PYRAMID.rule_sets


@pytest.mark.parametrize(("number", "code"), sorted(GOLDEN["numbered"].items()))
def test_numbered_pyramid_deals_never_change(number: str, code: str) -> None:
    deal = numbered_deal(int(number), PYRAMID)
    assert deal.code == code and deal.solitaire is PYRAMID
    assert deal == deal_from_seed(3 * 2**48 + int(number), PYRAMID)  # Pyramid's seeds: 3 * 2**48 + N
    assert Deal.parse(code) == deal
    other = numbered_deal(int(number), TRIANGLE)
    assert (*deal.layout_cards, deal.waste) != (*other.layout_cards, other.waste)  # not Triangle's deal N


@pytest.mark.parametrize(("day", "code"), sorted(GOLDEN["daily"].items()))
def test_the_daily_deal_candidates_never_change(day: str, code: str) -> None:
    date = dt.date.fromisoformat(day)
    assert deal_from_seed(daily_seed(date, 0, PYRAMID), PYRAMID).code == code
    found = daily_deal(date, solitaire=PYRAMID)  # the day's deal: its first winnable candidate
    assert found.solitaire is PYRAMID and solve(Position.start(found)).won


@pytest.mark.no_cover
@pytest.mark.parametrize("key", sorted(RULES))
def test_golden_results_of_numbered_deals(key: str) -> None:
    pinned = GOLDEN["results"][key]
    found = {
        n: solve(Position.start(numbered_deal(int(n), PYRAMID), RULES[key])).result.value for n in pinned
    }
    assert found == pinned
    assert set(pinned.values()) == {"won", "lost"}


def test_winnable_deals_only_are_each_rule_sets_own() -> None:
    assert next_winnable(425, STANDARD, solitaire=PYRAMID) == 427  # 425 and 426 are lost under Pyramid
    assert next_winnable(425, RELAXED, solitaire=PYRAMID) == 425  # and won under Relaxed Pyramid
    assert solve(Position.start(numbered_deal(426, PYRAMID))).result is Result.LOST


def test_relaxed_pyramid_wins_every_deal_pyramid_wins_and_more() -> None:
    standard, relaxed = GOLDEN["results"]["standard"], GOLDEN["results"]["relaxed"]
    assert all(relaxed[n] == "won" for n, result in standard.items() if result == "won")
    for number in ("425", "570"):  # won only under Relaxed Pyramid
        assert number in GOLDEN["lines"]["relaxed"] and number not in GOLDEN["lines"]["standard"]
        assert solve(Position.start(numbered_deal(int(number), PYRAMID))).result is Result.LOST


@pytest.mark.parametrize(
    ("key", "number"), [(key, n) for key in sorted(RULES) for n in sorted(GOLDEN["lines"][key], key=int)]
)
def test_golden_winning_lines_win(key: str, number: str) -> None:
    game = Game(numbered_deal(int(number), PYRAMID), RULES[key])
    for token in GOLDEN["lines"][key][number]:
        game.push(token)
    assert game.status is Status.WON and not any(game.position.cards)
    assert game.legal_moves == []


@pytest.mark.parametrize(
    ("key", "number"),
    [(key, n) for key in sorted(RULES) for n in sorted(GOLDEN["fewest_moves"][key], key=int)],
)
def test_golden_fewest_moves(key: str, number: str) -> None:
    start = Position.start(numbered_deal(int(number), PYRAMID), RULES[key])
    answer = solve(start, shortest=True)
    assert len(answer.moves) == GOLDEN["fewest_moves"][key][number]
    game = Game.from_moves(numbered_deal(int(number), PYRAMID), RULES[key], answer.moves)
    assert game.status is Status.WON
