"""Numbered and daily deals: pinned forever by tests/golden/deals.json."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import deal_numbers
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import (
    DECK,
    GAMES,
    MAX_DEAL,
    TRIANGLE,
    TRIPEAKS,
    Deal,
    daily_seed,
    deal_from_seed,
    numbered_deal,
)
from tripeaks.base.generator import SplitMix64

GOLDEN: dict[str, Any] = json.loads(
    (Path(__file__).parent / "golden" / "deals.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize(("number", "code"), sorted(GOLDEN["numbered"].items()))
def test_numbered_deals_never_change(number: str, code: str) -> None:
    assert numbered_deal(int(number)).code == code


@pytest.mark.parametrize("day", GOLDEN["daily"], ids=lambda d: f"{d['date']}#{d['attempt']}")
def test_daily_deals_never_change(day: dict[str, Any]) -> None:
    seed = daily_seed(dt.date.fromisoformat(day["date"]), day["attempt"])
    assert seed == day["seed"]
    assert deal_from_seed(seed).code == day["code"]


def test_golden_covers_the_required_deals() -> None:
    assert {"1", "2", "3", "1000000"} <= set(GOLDEN["numbered"])
    assert len({d["date"] for d in GOLDEN["daily"]}) >= 2


def test_splitmix64_matches_its_reference_outputs() -> None:
    rng = SplitMix64(GOLDEN["splitmix64"]["seed"])
    assert [rng.next() for _ in range(5)] == GOLDEN["splitmix64"]["outputs"]
    # The published first outputs for seed 0 (Vigna's splitmix64.c).
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@given(st.integers(0, 2**64 - 1), st.integers(1, 52))
@settings(max_examples=60, deadline=None)
def test_randbelow_stays_in_range(seed: int, n: int) -> None:
    rng = SplitMix64(seed)
    assert all(0 <= rng.randbelow(n) < n for _ in range(20))


def test_randbelow_rejects_the_top_partial_block() -> None:
    # With n = 3, 2**64 % 3 == 1, so only the single value 2**64 - 1 is rejected.
    class Fixed(SplitMix64):
        def __init__(self, values: list[int]) -> None:
            self.values = values

        def next(self) -> int:
            return self.values.pop(0)

    assert Fixed([2**64 - 1, 7]).randbelow(3) == 7 % 3
    assert Fixed([2**64 - 2]).randbelow(3) == (2**64 - 2) % 3


def test_all_ranks_in_range_reachable() -> None:
    rng = SplitMix64(12345)
    assert {rng.randbelow(5) for _ in range(200)} == set(range(5))


@given(deal_numbers)
@settings(max_examples=50, deadline=None)
def test_numbered_deals_are_whole_decks_and_repeatable(number: int) -> None:
    deal = numbered_deal(number)
    assert sorted((*deal.layout_cards, deal.waste, *deal.stock)) == sorted(DECK)
    assert numbered_deal(number) == deal
    assert deal == deal_from_seed(number)
    assert Deal.parse(deal.code) == deal


def test_neighbouring_numbers_give_different_deals() -> None:
    assert len({numbered_deal(n).code for n in range(1, 21)}) == 20


@pytest.mark.parametrize("number", [0, -1, MAX_DEAL + 1, 2**31, 2**40, True, 1.0, "1", None])
def test_deal_numbers_out_of_range_are_refused(number: object) -> None:
    with pytest.raises(ValueError, match="deal numbers go from 1 to 2,147,483,647"):
        numbered_deal(number)  # type: ignore[arg-type]


def test_limits_of_the_range() -> None:
    assert MAX_DEAL == 2**31 - 1
    assert numbered_deal(1) != numbered_deal(MAX_DEAL)


def test_daily_seed_depends_on_the_date_alone() -> None:
    day = dt.date(2026, 11, 30)
    assert daily_seed(day) == daily_seed(dt.date(2026, 11, 30), 0)
    assert daily_seed(day + dt.timedelta(days=1)) == daily_seed(day) + 256
    assert daily_seed(day, 1) == daily_seed(day) + 1
    # Daily seeds never collide with deal numbers.
    assert daily_seed(dt.date(1, 1, 1)) > MAX_DEAL


@pytest.mark.parametrize("attempt", [-1, 256])
def test_daily_attempts_are_limited(attempt: int) -> None:
    with pytest.raises(ValueError, match="256 candidate deals"):
        daily_seed(dt.date(2026, 1, 1), attempt)


# Each game's own numbered and daily deals


@pytest.mark.parametrize(("number", "code"), sorted(GOLDEN["triangle_numbered"].items()))
def test_triangle_numbered_deals_never_change(number: str, code: str) -> None:
    deal = numbered_deal(int(number), TRIANGLE)
    assert deal.code == code and deal.solitaire is TRIANGLE
    assert deal == deal_from_seed(2**48 + int(number), TRIANGLE)  # Triangle's seeds are 2**48 + TriPeaks'
    assert Deal.parse(code) == deal


def test_golden_covers_the_required_triangle_deals() -> None:
    assert set(GOLDEN["triangle_numbered"]) == {"1", "2", "3", "1000000"}


@given(deal_numbers)
@settings(max_examples=30, deadline=None)
def test_triangle_deal_n_is_not_tripeaks_deal_n(number: int) -> None:
    triangle, tripeaks = numbered_deal(number, TRIANGLE), numbered_deal(number, TRIPEAKS)
    assert tripeaks == numbered_deal(number) and tripeaks.solitaire is TRIPEAKS
    assert (*triangle.layout_cards, triangle.waste, *triangle.stock) != (
        *tripeaks.layout_cards, tripeaks.waste, *tripeaks.stock
    )  # not merely dealt to another layout: another shuffle
    assert numbered_deal(number, TRIANGLE) == triangle  # stable
    assert sorted((*triangle.layout_cards, triangle.waste, *triangle.stock)) == sorted(DECK)


def test_the_games_first_deals_differ() -> None:
    def order(code: str) -> str:  # the cards in the order dealt, whatever the layout's rows
        return code.removeprefix("triangle:").replace("/", "").replace(" ", "")

    for number in (1, 2, 3, 1_000_000):
        assert order(GOLDEN["triangle_numbered"][str(number)]) != order(GOLDEN["numbered"][str(number)])
    assert len({numbered_deal(n, TRIANGLE).code for n in range(1, 21)}) == 20


@pytest.mark.parametrize("number", [0, MAX_DEAL + 1, True, "1"])
def test_triangle_deal_numbers_out_of_range_are_refused(number: object) -> None:
    with pytest.raises(ValueError, match="deal numbers go from 1 to 2,147,483,647"):
        numbered_deal(number, TRIANGLE)  # type: ignore[arg-type]


def test_daily_seeds_differ_per_game() -> None:
    day = dt.date(2026, 11, 30)
    for attempt in (0, 1, 255):
        assert daily_seed(day, attempt, TRIPEAKS) == daily_seed(day, attempt)
        assert daily_seed(day, attempt, TRIANGLE) == daily_seed(day, attempt) + 2**48
    days = [day + dt.timedelta(days=k) for k in range(3)]
    seeds = {daily_seed(d, a, g) for d in days for a in range(256) for g in GAMES}
    assert len(seeds) == 3 * 256 * len(GAMES)
    # A Triangle daily seed is no Triangle deal number's seed either.
    assert daily_seed(dt.date(1, 1, 1), 0, TRIANGLE) > TRIANGLE.seed_base + MAX_DEAL
    tripeaks = deal_from_seed(daily_seed(day, 0, TRIPEAKS), TRIPEAKS)
    triangle = deal_from_seed(daily_seed(day, 0, TRIANGLE), TRIANGLE)
    assert (*tripeaks.layout_cards, tripeaks.waste) != (*triangle.layout_cards, triangle.waste)
