"""The statistics as charts: their points and the sentences read in their place."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from tripeaks import TRIANGLE, TRIPEAKS, game_charts
from tripeaks.services.charts import CALENDAR_WEEKS, daily_chart, run_chart, score_chart
from tripeaks.services.records import Played, Records

DAY = 1_764_547_200  # 2026-12-01 00:00 UTC


def game(n: int, **fields: object) -> Played:
    values: dict[str, object] = {
        "id": f"g{n}", "rules": "standard", "ended": DAY + n, "won": False, "score": n,
    }
    values.update(fields)
    return Played(**values)  # type: ignore[arg-type]


def test_no_games_yet_says_so_in_every_chart() -> None:
    for chart in game_charts(Records(), TRIPEAKS, dt.date(2026, 12, 1)):
        assert chart.text
        if chart.kind != "calendar":
            assert chart.empty and "no games" in chart.text


def test_the_best_share_chart_waits_for_a_known_best() -> None:
    records = Records().with_games([game(1)])
    assert "best-share" not in [c.id for c in game_charts(records, TRIPEAKS, dt.date(2026, 12, 1))]
    records = records.with_games([game(2, score=30, best=60, won=True)])
    shown = {c.id: c for c in game_charts(records, TRIPEAKS, dt.date(2026, 12, 1))}
    assert [p.value for p in shown["best-share"].points] == [0.5]
    assert "50% on average" in shown["best-share"].text


def test_games_are_dated_in_the_players_time_zone() -> None:
    """A game that ended at 23:30 UTC on 1 December was played on 2 December an hour east of UTC, and on
    1 December west of it: the charts date it by the player's clock, not by UTC's."""
    late = DAY + 23 * 3600 + 1800
    records = Records().with_games([game(1, ended=late, score=30, best=60, won=True)])
    east = dt.timezone(dt.timedelta(hours=1))
    west = dt.timezone(-dt.timedelta(hours=8))
    today = dt.date(2026, 12, 2)
    for zone, day in ((east, "2 December"), (west, "1 December"), (dt.UTC, "1 December")):
        shown = {c.id: c for c in game_charts(records, TRIPEAKS, today, zone=zone)}
        assert shown["scores"].points[0].label.startswith(f"Game 1, {day}:")
        assert shown["best-share"].points[0].label.startswith(f"{day}:")


def test_triangle_has_no_run_chart_and_counts_cards() -> None:
    records = Records().with_games([game(1, rules="triangle:standard", score=40)])
    ids = [c.id for c in game_charts(records, TRIANGLE, dt.date(2026, 12, 1))]
    assert "runs" not in ids
    assert "40 cards removed" in score_chart(records, TRIANGLE).text
    assert score_chart(records, TRIPEAKS).empty


def test_runs_fall_in_bands_of_three() -> None:
    records = Records().with_games([game(1, longest_run=0), game(2, longest_run=4), game(3, longest_run=5)])
    chart = run_chart(records, TRIPEAKS)
    assert [p.value for p in chart.points] == [1, 2]
    assert chart.text == "Longest run per game, 3 games: 0–2 cards: 1 game, 3–5 cards: 2 games."


def test_the_calendar_marks_each_day() -> None:
    today = dt.date(2026, 12, 2)  # a Wednesday
    records = Records().with_games([
        game(1, daily="2026-11-30", won=True), game(2, daily="2026-12-01"),
        game(3, daily="2026-12-01", won=True), game(4, daily="2026-11-29"),
    ])
    chart = daily_chart(records, TRIPEAKS, today)
    assert len(chart.points) == 7 * CALENDAR_WEEKS
    marks = [p.mark for p in chart.points[-7:]]
    assert marks == ["won", "won", "none", "later", "later", "later", "later"]
    assert chart.points[-8].mark == "lost"
    assert chart.points[-7].label == "Monday 30 November: won"
    assert chart.text == ("Daily deals won in the last 12 weeks: 2 (30 November, 1 December); "
                          "1 more played but not won.")


@given(st.lists(st.integers(-100, 300), max_size=70))
def test_the_score_chart_shows_the_latest_games_in_order(scores: list[int]) -> None:
    records = Records().with_games([game(n, score=s) for n, s in enumerate(scores)])
    chart = score_chart(records, TRIPEAKS)
    assert [p.value for p in chart.points] == scores[-50:]
    assert all(chart.low <= p.value <= chart.high for p in chart.points)


def test_a_rule_set_this_version_cannot_read_is_named_in_words_not_by_its_key() -> None:
    from tripeaks import TRIPEAKS
    from tripeaks.services.charts import win_rate_chart
    from tripeaks.services.records import Played, Records

    game = Played(id="x", rules="a-rule-set-from-the-future", ended=1, won=True, score=1, moves=1,
                  seconds=1.0, longest_run=1, hints=0, daily=None, number=1)
    chart = win_rate_chart(Records().with_games([game]), TRIPEAKS)
    assert "a-rule-set-from-the-future" not in chart.text
    assert "Rules of another version" in chart.text


def test_scored_by_cards_left_the_first_chart_is_the_cards_left_per_game() -> None:
    records = Records().with_games([game(1), game(2, left=7), game(3, won=True, left=0, best=50),
                                    game(4, left=3)])
    charts = game_charts(records, TRIPEAKS, dt.date(2026, 12, 1), scoring="cards-left")
    assert [chart.id for chart in charts] == ["cards-left", "win-rates", "runs", "daily"]
    left = charts[0]
    assert [point.value for point in left.points] == [7.0, 0.0, 3.0]  # game 1 kept no cards left
    assert [point.mark for point in left.points] == ["lost", "won", "lost"]
    assert left.text == "Cards left per game, the last 3 games: from 0 to 7 cards, 3 in the latest; 1 won."
    classic = game_charts(records, TRIPEAKS, dt.date(2026, 12, 1))
    assert [chart.id for chart in classic] == ["scores", "best-share", "win-rates", "runs", "daily"]
