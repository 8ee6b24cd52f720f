"""Games kept one by one in the records, merging two records without counting a game twice, and
importing a statistics file: a bad one is refused with a reason and changes nothing."""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tripeaks import STRICT, TRIANGLE, Game, numbered_deal
from tripeaks.services.records import (
    FORMAT,
    GAMES_KEPT,
    VERSION,
    InvalidRecordsError,
    Played,
    Records,
    Stats,
    import_records,
)

KEYS = ["standard", "strict", "easy", "triangle:standard"]

played = st.builds(
    Played,
    id=st.text("0123456789abcdef", min_size=1, max_size=6),
    rules=st.sampled_from(KEYS),
    ended=st.integers(1_700_000_000, 1_700_000_050),
    won=st.booleans(),
    score=st.integers(-200, 400),
    moves=st.integers(0, 200),
    seconds=st.floats(0, 10_000, allow_nan=False),
    longest_run=st.integers(0, 28),
    hints=st.integers(0, 3),
).flatmap(lambda game: st.sampled_from([None, 0] if game.won else [None, 3, 17]).map(
    lambda left: replace(game, left=left)))  # the cards left: none for a win, unknown before version 3
games = st.lists(played, max_size=30, unique_by=lambda game: game.id)


def replayed(kept: list[Played]) -> Records:
    """The records the same games give when counted one at a time with no id, in the order they ended."""
    records = Records()
    for game in sorted(kept, key=lambda g: g.order):
        records = records.record_result(
            game.rules, won=game.won, score=game.score, seconds=game.seconds,
            longest_run=game.longest_run, hints=game.hints, moves=game.moves, left=game.left,
        )
    return records


@pytest.mark.no_cover
@given(games)
def test_games_kept_give_the_same_figures_as_counting_them(kept: list[Played]) -> None:
    records = Records().with_games(kept)
    assert dict(records.items()) == dict(replayed(kept).items())
    assert [g.order for g in records.games] == sorted(g.order for g in kept)
    again = Records.from_json(records.to_json())
    assert again == records and dict(again.items()) == dict(records.items())


@given(games, games)
def test_a_merge_counts_each_game_once(mine: list[Played], theirs: list[Played]) -> None:
    a, b = Records().with_games(mine), Records().with_games(theirs)
    merged = a.merge(b)
    ids = {g.id for g in mine} | {g.id for g in theirs}
    assert merged.played == len(ids)
    assert merged.merge(a) == merged and merged.merge(b) == merged  # nothing new: nothing changes
    assert a.merge(a) == a
    assert Records().merge(a) == a
    assert a.merge(b).merge(b) == a.merge(b)


@given(st.lists(st.tuples(st.sampled_from(KEYS), st.booleans(), st.integers(-50, 90)), max_size=12),
       games)
def test_earlier_figures_merge_by_the_larger_and_never_add_up(
    results: list[tuple[str, bool, int]], kept: list[Played]
) -> None:
    earlier = Records()
    for key, won, score in results:
        earlier = earlier.record_result(key, won=won, score=score, seconds=10.0, longest_run=2)
    records = Records.of(dict(earlier.by_rules), kept)
    assert records.merge(records) == records
    fresh = Records().merge(records)
    assert dict(fresh.items()) == dict(records.items())
    for _, stats in earlier.by_rules:
        merged = stats.merged(Stats())
        assert merged == stats


def test_a_game_recorded_twice_counts_once() -> None:
    game = Game(numbered_deal(7), STRICT, number=7)
    game.draw()
    records = Records().record(game, id="abc", ended=1_764_600_000)
    assert records.record(game, id="abc", ended=1_764_600_099) is records
    assert records["strict"].played == 1
    (kept,) = records.games
    assert (kept.number, kept.moves, kept.won, kept.rules) == (7, 1, False, "strict")
    triangle = Game(numbered_deal(3, TRIANGLE), daily=None)
    both = records.record(triangle, id="def", ended=1_764_600_001)
    assert [g.id for g in both.games_of(TRIANGLE)] == ["def"]
    assert both["triangle:standard"].played == 1


def test_the_oldest_games_fold_into_the_figures_before_them() -> None:
    kept = [Played(id=f"g{n}", rules="standard", ended=1_000 + n, won=n % 3 == 0, score=n % 50)
            for n in range(GAMES_KEPT + 25)]
    records = Records().with_games(kept)
    assert len(records.games) == GAMES_KEPT
    assert records.games[0].id == "g25"
    assert records["standard"] == replayed(kept)["standard"]
    assert Records.from_json(records.to_json()) == records


def test_version_1_records_still_load() -> None:
    text = json.dumps({"format": FORMAT, "version": 1, "rules": {"standard": {
        "played": 3, "won": 2, "streak": 1, "best_streak": 2, "longest_run": 9,
        "best_score": 87, "fastest_win": 141}}})
    records = Records.from_json(text)
    assert records["standard"].played == 3 and records.games == ()
    with pytest.raises(InvalidRecordsError, match="unknown fields: games"):
        Records.from_json(text.replace('"version": 1', '"version": 1, "games": []'))


GAME = {"id": "a1", "rules": "standard", "ended": 1_764_600_000, "won": True, "score": 40}


def file(**fields: Any) -> str:
    return json.dumps({"format": FORMAT, "version": 2, "rules": {}, "games": [GAME], **fields})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not JSON"),
        (" " * 2_000_001, "far too large"),
        ("statistics!", "not JSON"),
        (b"\xff\xfe", "not a text file"),
        ("[1, 2]", "holds no TriPeaks statistics"),
        ('{"format": "tripeaks-save", "version": 2}', "a saved game, not statistics"),
        (file(version=VERSION + 1), "newer version of the game"),
        (file(games={}), "games must be a list"),
        (file(games=[{**GAME, "score": "lots"}]), "Game 1 of the statistics is invalid: a game's score"),
        (file(games=[GAME, GAME]), "kept twice"),
        (file(games=[{**GAME, "rules": "putt:standard"}]), "statistics of putt, which this page does"),
        (file(rules={"pyramid:easy": {}}), "invalid"),
        (file(games=[{**GAME, "daily": "yesterday"}]), "a daily deal's day must be a date"),
    ],
)
def test_a_bad_file_is_refused_with_a_reason(text: str | bytes, message: str) -> None:
    with pytest.raises(InvalidRecordsError, match=message) as refused:
        import_records(Records(), text)
    assert "import" in str(refused.value).lower()


def test_a_good_file_merges_and_says_what_it_did() -> None:
    mine = Records().with_games([Played(**GAME), Played(**{**GAME, "id": "b2", "ended": 1_764_600_100})])
    theirs = Records().with_games([Played(**GAME), Played(**{**GAME, "id": "c3", "won": False})])
    done = import_records(mine, theirs.to_json(indent=2))
    assert (done.added, done.known) == (1, 1)
    assert done.records["standard"].played == 3
    assert done.text == (
        "Statistics imported (1 new game, 1 already recorded here, not counted again): 3 games "
        "recorded in all."
    )
    assert import_records(done.records, theirs.to_json()).records == done.records


@given(st.text(max_size=200) | st.binary(max_size=100))
def test_any_file_is_imported_or_refused_never_an_error(text: str | bytes) -> None:
    with contextlib.suppress(InvalidRecordsError):
        import_records(Records(), text)


STATS = {"played": 2, "won": 1, "streak": 0, "best_streak": 1, "longest_run": 9, "best_score": 40,
         "fastest_win": 80.5}


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"rules": {"standard": {**STATS, "won": 3}}}, "3 games won out of 2 played"),
        ({"rules": {"standard": {**STATS, "played": 10**30}}}, "played must be a whole number"),
        ({"rules": {"standard": {**STATS, "longest_run": 99}}}, "longest_run must be a whole number from 0"),
        ({"rules": {"standard": {**STATS, "fastest_win": -1}}}, "the fastest win must be a number"),
        ({"rules": {"standard": {**STATS, "best_score": 10**9}}}, "the best score must be a whole number"),
        ({"games": [{**GAME, "seconds": -5}]}, "a game's playing time must be seconds"),
        ({"games": [{**GAME, "longest_run": 60}]}, "a game's longest_run"),
        ({"games": [{**GAME, "best": 10}]}, "scored 40, more than the best its deal allows"),
        ({"rules": {"bogus": STATS}}, "rules TriPeaks does not have"),
        ({"games": [{**GAME, "rules": "triangle:easy"}]}, "rules Triangle does not have"),
    ],
)
def test_impossible_figures_are_refused_and_nothing_changes(fields: dict[str, Any], message: str) -> None:
    """Issue 35, part 5: a file with figures no game could have recorded is refused, with a reason."""
    mine = Records().with_games([Played(**{**GAME, "id": "mine"})])
    before = mine.to_json()
    with pytest.raises(InvalidRecordsError, match=message) as refused:
        import_records(mine, file(**fields))
    assert "Nothing was" in str(refused.value)
    assert mine.to_json() == before


def test_a_file_that_is_no_statistics_names_the_game_being_played() -> None:
    from tripeaks import TRIANGLE

    with pytest.raises(InvalidRecordsError, match="holds no Triangle statistics"):
        import_records(Records(), "[1, 2]", solitaire=TRIANGLE)
    with pytest.raises(InvalidRecordsError, match="not Triangle statistics"):
        Records.from_json("[]", TRIANGLE)
