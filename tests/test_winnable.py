"""Winnable deals: the next deal number the solver proves won, sliced searches, the daily deal."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from conftest import stuck_deal

from tripeaks import (
    MAX_DEAL,
    STANDARD,
    STRICT,
    DailySearch,
    Game,
    Position,
    Result,
    Rules,
    WinnableSearch,
    daily_deal,
    daily_seed,
    deal_from_seed,
    next_winnable,
    numbered_deal,
    solve,
)
from tripeaks.services import winnable
from tripeaks.services.winnable import DAILY_CANDIDATES, DEAL_BUDGET

GOLDEN = json.loads((Path(__file__).parent / "golden" / "solutions.json").read_text(encoding="utf-8"))
LOST_DAY = dt.date(2026, 2, 13)  # the day's first candidate is lost under Standard


def result_of(number: int, rules: Rules, budget: int = DEAL_BUDGET) -> Result:
    return solve(Game(numbered_deal(number), rules).position, budget=budget).result


@pytest.mark.parametrize(
    ("number", "rules", "expected"),
    [(1, STANDARD, 1), (7, STRICT, 7), (8, STRICT, 9), (15, STRICT, 17)],
)
def test_next_winnable_skips_lost_deals(number: int, rules: Rules, expected: int) -> None:
    found = next_winnable(number, rules)
    assert found == expected
    golden = GOLDEN["results"][rules.name]
    for n in range(number, found):
        assert golden[str(n)] == "lost"
        assert result_of(n, rules) is Result.LOST
    assert golden[str(found)] == "won"


def test_next_winnable_records_what_it_tried_and_is_deterministic() -> None:
    search = WinnableSearch(15, STRICT)
    assert search.step() == 17
    assert search.tried == [(15, Result.LOST), (16, Result.LOST), (17, Result.WON)]
    assert search.number == 17
    assert next_winnable(8, STRICT) == 9 == next_winnable(8, STRICT)


def test_default_rules_are_standard() -> None:
    assert WinnableSearch(3).rules == STANDARD
    assert next_winnable(3) == next_winnable(3, STANDARD) == 3


def test_deals_that_need_more_than_the_budget_are_skipped() -> None:
    """With a tiny budget a deal not proved won in time is skipped, whatever it really is."""
    found = next_winnable(15, STANDARD, budget=1)
    search = WinnableSearch(15, STANDARD, budget=1)
    assert search.step() == found
    assert [n for n, _ in search.tried] == list(range(15, found + 1))
    for number, result in search.tried:
        assert result is result_of(number, STANDARD, budget=1)
        assert result is (Result.WON if number == found else Result.GAVE_UP)
    for number in range(15, found):
        assert GOLDEN["results"]["standard"].get(str(number), "won") == "won"  # skipped, not lost


def test_sliced_search_finds_the_same_deal() -> None:
    search = WinnableSearch(15, STRICT)
    answers = []
    for _ in range(100_000):
        answers.append(search.step(seconds=0.0))
        if answers[-1] is not None:
            break
    assert answers[-1] == 17  # as in one go (test_next_winnable_skips_lost_deals)
    assert len(answers) > 2 and set(answers[:-1]) == {None}
    assert search.tried == [(15, Result.LOST), (16, Result.LOST), (17, Result.WON)]


def test_sliced_search_with_a_budget_matches() -> None:
    sliced = WinnableSearch(15, STANDARD, budget=5_000)
    found = None
    for _ in range(100_000):
        found = sliced.step(seconds=0.0)
        if found is not None:
            break
    whole = WinnableSearch(15, STANDARD, budget=5_000)
    assert found == whole.step()
    assert sliced.tried == whole.tried


def test_bad_numbers() -> None:
    for number in (0, MAX_DEAL + 1, -3):
        with pytest.raises(ValueError, match="deal numbers go from 1"):
            WinnableSearch(number)
        with pytest.raises(ValueError, match="deal numbers go from 1"):
            next_winnable(number)


def test_no_winnable_deal_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the last deal number there is nothing to find (every deal made stuck here)."""
    monkeypatch.setattr(winnable, "numbered_deal", lambda number, solitaire=None: stuck_deal())
    search = WinnableSearch(MAX_DEAL - 1, STRICT)
    with pytest.raises(ValueError, match="no winnable deal left before the last deal number"):
        search.step()
    assert search.tried == [(MAX_DEAL - 1, Result.LOST), (MAX_DEAL, Result.LOST)]


def test_daily_deal_is_the_first_winnable_candidate() -> None:
    for day in (dt.date(2026, 1, 1), LOST_DAY):
        deal = daily_deal(day)
        for attempt in range(256):
            candidate = deal_from_seed(daily_seed(day, attempt))
            answer = solve(Position.start(candidate, STANDARD))
            if answer.won:
                break
            assert answer.result is Result.LOST
        assert deal == candidate
    assert attempt > 0  # on LOST_DAY the first candidate was skipped
    assert deal != deal_from_seed(daily_seed(LOST_DAY, 0))


def test_daily_deal_is_the_same_every_time() -> None:
    day = dt.date(2026, 3, 1)
    assert daily_deal(day) == daily_deal(day) != daily_deal(day + dt.timedelta(days=1))


def test_daily_search_in_slices_finds_the_days_deal() -> None:
    """The page's way: many short slices, the same deal as in one go, every slice but the last empty."""
    search = DailySearch(LOST_DAY)
    answers = []
    for _ in range(100_000):
        answers.append(search.step(seconds=0.0))
        if answers[-1] is not None:
            break
    assert answers[-1] == daily_deal(LOST_DAY)
    assert len(answers) > 2 and set(answers[:-1]) == {None}
    assert search.tried[0] == (0, Result.LOST)  # the first candidate was skipped
    assert search.tried[-1] == (search.attempt, Result.WON) and search.attempt > 0
    assert [attempt for attempt, _ in search.tried] == list(range(search.attempt + 1))
    assert answers[-1] == deal_from_seed(daily_seed(LOST_DAY, search.attempt))


def test_daily_search_is_deterministic_and_matches_in_one_go() -> None:
    day = dt.date(2026, 1, 1)
    whole = DailySearch(day)
    assert whole.step() == daily_deal(day) == DailySearch(day).step(seconds=None)
    assert whole.rules == STANDARD
    again = DailySearch(day)
    while again.step(seconds=0.001) is None:
        pass
    assert again.tried == whole.tried


def test_daily_search_with_a_budget_matches() -> None:
    """With a tiny budget, candidates not proved won in time are skipped, sliced or not."""
    sliced = DailySearch(LOST_DAY, budget=50)
    found = None
    for _ in range(100_000):
        found = sliced.step(seconds=0.0)
        if found is not None:
            break
    whole = DailySearch(LOST_DAY, budget=50)
    assert found == whole.step() == daily_deal(LOST_DAY, budget=50)
    assert sliced.tried == whole.tried
    assert len(sliced.tried) <= DAILY_CANDIDATES


def test_a_finished_daily_search_keeps_its_answer() -> None:
    search = DailySearch(LOST_DAY)
    found = search.step()
    tried = list(search.tried)
    assert search.found
    assert search.step(seconds=0.0) == found == search.step()
    assert search.tried == tried
