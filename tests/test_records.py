"""Statistics and personal bests: counting, streaks, bests without hints, and the stored form."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tripeaks import DECK, STANDARD, STRICT, Card, Deal, Game, Status
from tripeaks.services.records import FORMAT, VERSION, InvalidRecordsError, Records, Stats

# The order in which a base-first clearing frees every slot: row 3, row 2, row 1, the peaks.
_CLEARING_ORDER = (*range(18, 28), *range(9, 18), *range(3, 9), *range(3))


def winnable_deal() -> Deal:
    """A deal won by 28 plays in one run: the waste is an ace and each card cleared goes one up,
    wrapping from king to ace."""
    used: dict[int, int] = {}
    layout: list[Card | None] = [None] * 28
    waste = Card(1, "c")
    used[1] = 1
    for k, slot in enumerate(_CLEARING_ORDER):
        rank = (k + 1) % 13 + 1
        layout[slot] = Card(rank, "cdhs"[used.get(rank, 0)])
        used[rank] = used.get(rank, 0) + 1
    cards = [c for c in layout if c is not None]
    stock = [c for c in DECK if c not in cards and c != waste]
    return Deal(tuple(cards), waste, tuple(stock))


def won_game(*, hints: int = 0, seconds: float = 30.0) -> Game:
    deal = winnable_deal()
    game = Game(deal, STANDARD)
    for slot in _CLEARING_ORDER:
        card = deal.layout_cards[slot]
        game.play(card)
    assert game.status is Status.WON
    game.hints = hints
    game.seconds = seconds
    return game


def test_a_won_game_counts_a_win_a_streak_and_its_bests() -> None:
    game = won_game(seconds=75.5)
    records = Records().record(game)
    stats = records["standard"]
    assert (stats.played, stats.won, stats.streak, stats.best_streak) == (1, 1, 1, 1)
    assert stats.longest_run == 28
    assert stats.best_score == game.score
    assert stats.fastest_win == 75.5
    assert stats.win_rate == 1.0


def test_a_game_won_with_a_hint_sets_no_best() -> None:
    records = Records().record(won_game(hints=1))
    stats = records["standard"]
    assert stats.won == 1 and stats.streak == 1
    assert stats.best_score is None and stats.fastest_win is None


def test_a_game_in_play_counts_as_given_up() -> None:
    records = Records().record(won_game())
    game = Game(winnable_deal(), STANDARD)
    game.draw()
    records = records.record(game)
    stats = records["standard"]
    assert (stats.played, stats.won, stats.streak, stats.best_streak) == (2, 1, 0, 1)
    assert stats.lost == 1 and stats.win_rate == 0.5


def test_rule_sets_are_counted_apart() -> None:
    game = Game(winnable_deal(), STRICT)
    records = Records().record(game).record(won_game())
    assert records["strict"].played == 1 and records["strict"].won == 0
    assert records["standard"].won == 1
    assert records["easy"] == Stats()
    assert list(records) == ["standard", "strict"]
    assert "strict" in records and "easy" not in records
    assert (records.played, records.won) == (2, 1)


def test_bests_keep_the_highest_score_and_the_fastest_time() -> None:
    records = Records()
    for score, seconds in [(50, 100.0), (80, 120.0), (60, 90.0)]:
        records = records.record_result("easy", won=True, score=score, seconds=seconds, longest_run=5)
    assert records["easy"].best_score == 80
    assert records["easy"].fastest_win == 90.0
    assert records["easy"].best_streak == 3


def test_a_negative_or_unreal_time_is_refused() -> None:
    with pytest.raises(ValueError, match="seconds"):
        Records().record_result("easy", won=True, score=1, seconds=math.nan, longest_run=1)
    with pytest.raises(ValueError, match="seconds"):
        Records().record_result("easy", won=True, score=1, seconds=-1, longest_run=1)


results = st.lists(
    st.tuples(
        st.sampled_from(["easy", "standard", "strict", "custom-2pass-nowrap-faceup"]),
        st.booleans(),
        st.integers(-200, 400),
        st.floats(0, 10_000, allow_nan=False),
        st.integers(0, 28),
        st.integers(0, 3),
    ),
    max_size=40,
)


@given(results)
def test_records_follow_the_games_and_round_trip(games: list[tuple[str, bool, int, float, int, int]]) -> None:
    records = Records()
    for key, won, score, seconds, run, hints in games:
        records = records.record_result(
            key, won=won, score=score, seconds=seconds, longest_run=run, hints=hints
        )
    assert Records.from_json(records.to_json()) == records
    assert hash(Records.from_json(records.to_json())) == hash(records)
    for key in {g[0] for g in games}:
        mine = [g for g in games if g[0] == key]
        stats = records[key]
        assert stats.played == len(mine)
        assert stats.won == sum(g[1] for g in mine)
        streak = 0
        for g in reversed(mine):
            if not g[1]:
                break
            streak += 1
        assert stats.streak == streak
        clean = [g for g in mine if g[1] and g[5] == 0]
        assert stats.best_score == (max(g[2] for g in clean) if clean else None)
        assert stats.fastest_win == (min(g[3] for g in clean) if clean else None)
        assert stats.longest_run == max(g[4] for g in mine)


def stored(**rules: Any) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "rules": rules})


GOOD = {
    "played": 3, "won": 2, "streak": 1, "best_streak": 2, "longest_run": 9,
    "best_score": 87, "fastest_win": 141, "fewest_moves": 38, "fewest_left": 0,
}


def test_stored_records_are_read_back() -> None:
    records = Records.from_json(stored(standard=GOOD))
    assert records["standard"].fastest_win == 141.0
    assert records["standard"].best_score == 87


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not readable JSON"),
        ("[]", "not TriPeaks statistics"),
        (json.dumps({"format": "tripeaks-save", "version": 1, "rules": {}}), "not TriPeaks statistics"),
        (json.dumps({"format": FORMAT, "version": 99, "rules": {}}), "newer version"),
        (json.dumps({"format": FORMAT, "version": "1", "rules": {}}), "version number"),
        (json.dumps({"format": FORMAT, "version": 1}), "missing their rule sets"),
        (json.dumps({"format": FORMAT, "version": 1, "rules": {}, "x": 1}), "unknown fields: x"),
        (stored(standard={**GOOD, "won": 4}), "4 games won out of 3 played"),
        (stored(standard={**GOOD, "played": -1}), "played must be a whole number"),
        (stored(standard={**GOOD, "played": 2.5}), "played must be a whole number"),
        (stored(standard={**GOOD, "played": True}), "played must be a whole number"),
        (stored(standard={**GOOD, "streak": 3}), "streak"),
        (stored(standard={k: v for k, v in GOOD.items() if k != "won"}), "missing won"),
        (stored(standard={**GOOD, "extra": 1}), "unknown fields: extra"),
        (stored(standard={**GOOD, "best_score": "87"}), "best score"),
        (stored(standard={**GOOD, "fastest_win": -3}), "fastest win"),
        (stored(standard={**GOOD, "fastest_win": None}), "personal best"),
        (stored(standard={**GOOD, "won": 0, "best_streak": 0, "streak": 0}), "personal best"),
        (stored(standard=[]), "must be an object"),
        (stored(**{"": GOOD}), "not a rule-set name"),
    ],
)
def test_damaged_records_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(InvalidRecordsError, match=message):
        Records.from_json(text)
    assert issubclass(InvalidRecordsError, ValueError)


def test_records_refuse_keys_out_of_order() -> None:
    with pytest.raises(InvalidRecordsError, match="unique"):
        Records((("strict", Stats()), ("easy", Stats())))


# The fewest moves to a win and the fewest cards left (statistics of version 3)


def test_a_win_without_a_hint_keeps_its_moves_and_leaves_no_card() -> None:
    game = won_game()
    for id_ in (None, "kept"):
        stats = Records().record(game, id=id_)["standard"]
        assert stats.fewest_moves == game.moves_made == 28 and stats.fewest_left == 0
    stats = Records().record(won_game(hints=1))["standard"]
    assert stats.fewest_moves is None and stats.fewest_left is None


def test_the_fewest_moves_and_cards_left_are_the_least_of_each() -> None:
    records = Records()
    for won, moves, left, hints in [(True, 60, 0, 0), (True, 41, 0, 1), (True, 52, 0, 0), (False, 30, 7, 0),
                                    (False, 30, 2, 1)]:
        records = records.record_result("strict", won=won, score=10, seconds=9.0, longest_run=3, hints=hints,
                                        moves=moves, left=left)
    assert records["strict"].fewest_moves == 52 and records["strict"].fewest_left == 0
    lost = Records().record_result("strict", won=False, score=10, seconds=9.0, longest_run=3, moves=30,
                                   left=7)
    lost = lost.record_result("strict", won=False, score=1, seconds=9.0, longest_run=1, moves=9, left=19)
    assert lost["strict"].fewest_left == 7 and lost["strict"].fewest_moves is None
    merged = Stats(played=2, won=1, streak=1, best_streak=1, best_score=5, fastest_win=9.0, fewest_moves=70,
                   fewest_left=0).merged(lost["strict"])
    assert merged.fewest_moves == 70 and merged.fewest_left == 0


def test_a_game_given_up_keeps_the_cards_it_left() -> None:
    game = Game(winnable_deal(), STANDARD)
    game.play(game.deal.layout_cards[18])
    records = Records().record(game, id="a", ended=1)
    assert records.games[0].left == 27 and records["standard"].fewest_left == 27


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (json.dumps({"format": FORMAT, "version": 2, "rules": {"standard": GOOD}}),
         "unknown fields: fewest_moves, fewest_left"),
        (json.dumps({"format": FORMAT, "version": 2, "rules": {}, "games": [
            {"id": "a", "rules": "standard", "ended": 1, "won": False, "score": 3, "left": 4}]}),
         "unknown fields: left"),
        (stored(standard={**GOOD, "fewest_left": 53}), "fewest cards left"),
        (stored(standard={**GOOD, "fewest_moves": 0}), "fewest moves"),
        # (none left without a win is possible: Triangle and Pyramid ask for the stock and waste too)
        (stored(standard={**GOOD, "played": 0, "won": 0, "streak": 0, "best_streak": 0, "best_score": None,
                          "fastest_win": None, "fewest_moves": None}), "need a game played"),
        (json.dumps({"format": FORMAT, "version": 3, "rules": {}, "games": [
            {"id": "a", "rules": "standard", "ended": 1, "won": True, "score": 3, "left": 4}]}),
         "a game won with 4 cards left"),
    ],
)
def test_figures_of_a_later_version_or_impossible_ones_are_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidRecordsError, match=message):
        Records.from_json(text)


def test_statistics_of_version_2_still_load() -> None:
    old = {key: value for key, value in GOOD.items() if key not in ("fewest_moves", "fewest_left")}
    records = Records.from_json(json.dumps({"format": FORMAT, "version": 2, "rules": {"standard": old}}))
    assert records["standard"].best_score == 87 and records["standard"].fewest_moves is None
    assert json.loads(records.to_json())["version"] == VERSION == 3
