"""Saves: versioned JSON of the deal, rules and moves; every bad save is refused whole."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import build_deal, numbered_deals, random_game, rules_st, stuck_deal
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import (
    DRAW,
    TRIANGLE,
    TRIPEAKS,
    Deal,
    Game,
    InvalidSaveError,
    Rules,
    TriPeaksPosition,
    adjacent,
    numbered_deal,
)
from tripeaks.model.numbered import daily_seed, deal_from_seed
from tripeaks.model.solitaire import Solitaire
from tripeaks.services.game import from_dict, load
from tripeaks.services.save import FORMAT, VERSION, to_dict


def same_game(a: Game, b: Game) -> None:
    assert a.deal == b.deal and a.rules == b.rules
    assert a.positions == b.positions
    assert a.moves == b.moves
    assert a.redo_moves == b.redo_moves
    assert (a.number, a.daily, a.hints, a.seconds) == (b.number, b.daily, b.hints, b.seconds)
    assert (a.score, a.run, a.status) == (b.score, b.run, b.status)


@pytest.mark.no_cover
@given(st.data(), numbered_deals, rules_st, st.integers(0, 2**31 - 1) | st.none(),
       st.integers(0, 9), st.floats(0, 1e6))
@settings(max_examples=50, deadline=None)
def test_a_save_replays_to_the_same_game(
    data: st.DataObject, deal: Deal, rules: Rules, number: int | None, hints: int, seconds: float
) -> None:
    game = random_game(data, rules, deal, max_moves=60)
    for _ in range(data.draw(st.integers(0, game.moves_made))):
        game.undo()
    game.number = number or None
    game.daily = data.draw(st.sampled_from([None, "2026-11-30"]))
    game.hints = hints
    game.seconds = round(seconds, 3)
    text = game.to_json()
    loaded = Game.from_json(text)
    same_game(loaded, game)
    assert loaded.to_json() == text  # parse(print(save)) == save
    while loaded.can_redo:  # the redo list still works after loading
        assert loaded.redo() == game.redo()
    same_game(loaded, game)


def test_save_contents() -> None:
    game = Game(build_deal({18: "6c", 19: "7c"}, "5h"), Rules(passes=None, wrap=False), number=None,
                daily="2026-11-30")
    game.play("6c")
    game.play("7c")
    game.undo()
    game.seconds = 12.34567
    game.hints = 1
    data = json.loads(game.to_json())
    # Format 2: the game's id, and the rules' empty_waste.
    assert data == {
        "format": "tripeaks-save", "version": 2, "game": "tripeaks", "deal": game.deal.code,
        "rules": {"passes": None, "wrap": False, "face_up": False, "empty_waste": False},
        "moves": ["6c"], "redo": ["7c"], "number": None, "daily": "2026-11-30",
        "hints": 1, "seconds": 12.346,
    }
    assert (FORMAT, VERSION) == ("tripeaks-save", 2)
    assert to_dict(game) == data


def test_loads_bytes_and_integer_seconds() -> None:
    data = to_dict(Game(numbered_deal(5), number=5))
    data["seconds"] = 7
    game = load(json.dumps(data).encode())
    assert game.number == 5 and game.seconds == 7.0 and isinstance(game.seconds, float)


def good() -> dict[str, Any]:
    game = Game(build_deal({18: "6c", 19: "7c"}, "5h"), number=12)
    game.play("6c")
    game.play("7c")
    game.undo()
    return to_dict(game)


def changed(**fields: Any) -> dict[str, Any]:
    data = good()
    data.update(fields)
    return data


def without(name: str) -> dict[str, Any]:
    data = good()
    del data[name]
    return data


def test_the_good_save_loads() -> None:
    game = from_dict(good())
    assert game.moves_made == 1 and game.can_redo


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "The save is damaged: it is not readable JSON."),
        ("{", "The save is damaged: it is not readable JSON."),
        (b"\xff\xfe\x00", "The save is damaged: it is not readable JSON."),
        ("[]", "This is not a TriPeaks save."),
        ('"tripeaks-save"', "This is not a TriPeaks save."),
        ('{"format": "tripeaks"}', "This is not a TriPeaks save."),
    ],
)
def test_not_a_save(text: str | bytes, message: str) -> None:
    with pytest.raises(InvalidSaveError) as error:
        load(text)
    assert str(error.value) == message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (without("version"), "The save has no valid version number."),
        (changed(version=0), "The save has no valid version number."),
        (changed(version="1"), "The save has no valid version number."),
        (changed(version=True), "The save has no valid version number."),
        (
            changed(version=3),
            "The save is from a newer version of the game (format 3; this one reads up to 2).",
        ),
        (without("moves"), "The save is missing moves."),
        (
            {"format": "tripeaks-save", "version": 1},
            "The save is missing deal, rules, moves, redo, number, daily, hints, seconds.",
        ),
        (
            {"format": "tripeaks-save", "version": 2},
            "The save is missing game, deal, number, daily, rules, moves, redo, hints, seconds.",
        ),
        (changed(cheat=True, zz=1), "The save has unknown fields: cheat, zz."),
        (changed(deal="nonsense"), "The save's deal is invalid: a deal code is the layout rows"),
        # A null deal is a numbered deal now (format 2): with no number it is refused.
        (changed(deal=None, number=None), "The save has neither a deal nor a deal number."),
        (changed(deal=7), "The save's deal is invalid: a deal code must be text."),

        (
            changed(rules={"passes": 4, "wrap": True, "face_up": False}),
            "The save's rules are invalid: stock passes must be 1, 2, 3 or unlimited, not 4.",
        ),
        (changed(rules={"passes": 1}), "The save's rules are invalid: the rules must have exactly"),
        (changed(rules="standard"), "The save's rules are invalid"),
        (changed(number=0), "The save's deal number is invalid."),
        (changed(number=2**31), "The save's deal number is invalid."),
        (changed(number="12"), "The save's deal number is invalid."),
        (changed(daily="2026-13-01"), "The save's daily date is invalid."),
        (changed(daily=20261130), "The save's daily date is invalid."),
        (changed(hints=-1), "The save's hint count is invalid."),
        (changed(hints=1.5), "The save's hint count is invalid."),
        (changed(seconds=-1), "The save's playing time is invalid."),
        (changed(seconds=float("inf")), "The save's playing time is invalid."),
        (changed(seconds=float("nan")), "The save's playing time is invalid."),
        (changed(seconds="10"), "The save's playing time is invalid."),
        (changed(seconds=True), "The save's playing time is invalid."),
        (changed(moves="6c"), "The save's moves must be a list of moves."),
        (changed(moves=["draw"] * 10_001), "The save's moves must be a list of moves."),
        (changed(redo=None), "The save's redo must be a list of moves."),
        (changed(moves=["6c", "Zx"]), "Entry 2 of the save's moves is 'Zx', not a move."),
        (changed(redo=[7]), "Entry 1 of the save's redo is 7, not a move."),
        (changed(moves=["draw", "9s"]), "Move 2 of the save (9s) can't be made: The 9 of spades"),
        (changed(moves=["reset"]), "Move 1 of the save (reset) can't be made: The stock can only be reset"),
        (changed(redo=["8c"]), "Redo move 1 of the save (8c) can't be made: "),
        (changed(redo=["7c", "7c"]), "Redo move 2 of the save (7c) can't be made: The 7 of clubs is already"),
    ],
)
def test_bad_saves_are_refused_saying_why(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidSaveError) as error:
        Game.from_json(json.dumps(data))
    assert str(error.value).startswith(message)


def test_moves_after_the_end_make_a_bad_save() -> None:
    game = Game(stuck_deal())
    for _ in range(23):
        game.draw()
    data = to_dict(game)
    data["moves"].append("draw")
    with pytest.raises(InvalidSaveError, match=r"Move 24 of the save \(draw\) can't be made: No more moves"):
        from_dict(data)


def test_save_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="not readable JSON"):
        Game.from_json("not json")


# Saves from before the family of games (format 1), written by the old engine


SAVES_V1: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "golden" / "save-v1.json").read_text(encoding="utf-8")
)["saves"]


def replayed_to(game: Game) -> dict[str, Any]:
    """What tests/golden/make_save_v1.py recorded of a game, read off today's game."""
    position = game.position
    assert isinstance(position, TriPeaksPosition)
    return {
        "table": [None if c is None else c.code for c in position.cards],
        "layout_left": 28 - position.cleared,
        "stock": [c.code for c in position.stock],
        "waste": [c.code for c in position.waste],
        "score": position.score,
        "run": position.run,
        "resets": position.resets,
        "status": position.status().value,
        "moves": [m.notation for m in game.moves],
        "redo": [m.notation for m in game.redo_moves],
        "number": game.number,
        "daily": game.daily,
        "hints": game.hints,
        "seconds": game.seconds,
    }


def test_the_old_saves_cover_what_they_should() -> None:
    saves = {s["name"]: json.loads(s["save"]) for s in SAVES_V1}
    assert {data["version"] for data in saves.values()} == {1}
    assert all("game" not in data for data in saves.values())
    numbered, code, daily = saves.values()
    assert numbered["number"] is not None and numbered["moves"] and numbered["redo"]
    assert numbered["rules"] == {"passes": 1, "wrap": True, "face_up": False}
    assert code["number"] is None and "reset" in code["moves"]
    assert code["rules"] == {"passes": 2, "wrap": False, "face_up": True}
    assert daily["daily"] is not None and daily["hints"] > 0 and daily["seconds"] > 0


@pytest.mark.parametrize("old", SAVES_V1, ids=lambda s: s["name"])
def test_a_version_1_save_replays_to_the_same_position_and_saves_as_version_2(old: dict[str, Any]) -> None:
    game = Game.from_json(old["save"])
    assert game.solitaire is TRIPEAKS
    assert game.rules.empty_waste is False
    assert replayed_to(game) == old["position"]
    assert Game.from_json(old["save"], TRIPEAKS).positions == game.positions
    with pytest.raises(InvalidSaveError, match=r"^This is a TriPeaks save, not a Triangle one\.$"):
        Game.from_json(old["save"], TRIANGLE)
    text = game.to_json()
    data = json.loads(text)
    assert (data["version"], data["game"]) == (2, "tripeaks")
    assert data["rules"] == {**json.loads(old["save"])["rules"], "empty_waste": False}
    if game.number is not None:  # a numbered deal is saved by its number alone now
        assert data["deal"] is None
    elif game.daily is not None:  # and a daily deal by its day and which of its candidates
        assert data["deal"] is None and data["attempt"] == 0
    else:
        assert data["deal"] == json.loads(old["save"])["deal"]
    again = Game.from_json(text)
    same_game(again, game)
    assert replayed_to(again) == old["position"]
    assert again.to_json() == text


# Saves of the family's games


def triangle_save() -> dict[str, Any]:
    game = Game(numbered_deal(3, TRIANGLE), number=3)
    game.draw()
    game.draw()
    game.undo()
    return to_dict(game)


def test_a_numbered_deal_is_saved_by_its_number_alone() -> None:
    game = Game(numbered_deal(12), number=12)
    game.draw()
    data = to_dict(game)
    assert data["deal"] is None and data["number"] == 12 and data["game"] == "tripeaks"
    same_game(from_dict(data), game)
    # A numbered game whose deal is not that number's keeps its code.
    other = Game(numbered_deal(13), number=12)
    assert to_dict(other)["deal"] == numbered_deal(13).code
    same_game(from_dict(to_dict(other)), other)
    data = triangle_save()
    assert (data["game"], data["deal"], data["number"], data["rules"]) == ("triangle", None, 3, {})
    loaded = from_dict(data)
    assert loaded.solitaire is TRIANGLE and loaded.deal == numbered_deal(3, TRIANGLE)
    assert loaded.moves == (DRAW,) and loaded.redo_moves == (DRAW,)
    assert loaded.to_json() == json.dumps(data, separators=(",", ":"))


@pytest.mark.parametrize("solitaire", [TRIPEAKS, TRIANGLE], ids=lambda s: s.id)
def test_a_daily_deal_is_saved_by_its_day_and_candidate_alone(solitaire: Solitaire) -> None:
    day = dt.date(2026, 12, 1)
    for attempt in (0, 1, 255):
        deal = deal_from_seed(daily_seed(day, attempt, solitaire), solitaire)
        game = Game(deal, daily=day.isoformat())
        game.draw()
        data = to_dict(game)
        assert (data["deal"], data["number"], data["attempt"]) == (None, None, attempt)
        assert deal.code not in game.to_json()  # nothing in it shows a face-down card
        same_game(from_dict(data), game)
        assert from_dict(data).to_json() == game.to_json()
    # A game called daily whose deal is none of the day's candidates keeps its code.
    other = Game(numbered_deal(7, solitaire), daily=day.isoformat())
    assert "attempt" not in to_dict(other) and to_dict(other)["deal"] == other.deal.code


@pytest.mark.parametrize(
    "fields",
    [{"attempt": 256}, {"attempt": -1}, {"attempt": "0"}, {"attempt": True}, {"attempt": 0.0},
     {"attempt": 0, "number": 3}, {"attempt": 0, "deal": numbered_deal(3).code},
     {"attempt": 0, "daily": None}, {"attempt": 0, "daily": "yesterday"}],
)
def test_a_forged_daily_attempt_is_refused(fields: dict[str, Any]) -> None:
    day = dt.date(2026, 12, 1)
    data = to_dict(Game(deal_from_seed(daily_seed(day, 0)), daily=day.isoformat()))
    data.update(fields)
    with pytest.raises(InvalidSaveError, match=r"^The save's daily (attempt|date) is invalid\.$"):
        from_dict(data)


def test_a_version_1_save_may_not_have_an_attempt() -> None:
    data = json.loads(SAVES_V1[0]["save"])
    data["attempt"] = 0
    with pytest.raises(InvalidSaveError, match="unknown fields: attempt"):
        from_dict(data)


def test_a_save_of_one_game_never_loads_as_another() -> None:
    tripeaks = json.dumps(good())
    triangle = json.dumps(triangle_save())
    with pytest.raises(InvalidSaveError, match=r"^This is a TriPeaks save, not a Triangle one\.$"):
        Game.from_json(tripeaks, TRIANGLE)
    with pytest.raises(InvalidSaveError, match=r"^This is a Triangle save, not a TriPeaks one\.$"):
        Game.from_json(triangle, TRIPEAKS)
    assert Game.from_json(tripeaks, TRIPEAKS).solitaire is TRIPEAKS
    assert Game.from_json(triangle, TRIANGLE).solitaire is TRIANGLE
    assert Game.from_json(triangle).solitaire is TRIANGLE  # no game asked for: the save's own


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {**triangle_save(), "number": None, "deal": numbered_deal(3).code},
            "The save's deal is invalid: this is a TriPeaks deal code, not a Triangle one",
        ),
        (
            {**good(), "deal": numbered_deal(3, TRIANGLE).code},
            "The save's deal is invalid: this is a Triangle deal code, not a TriPeaks one.",
        ),
        (
            {**triangle_save(), "rules": good()["rules"]},
            "The save's rules are invalid: Triangle's rules have no options: they are written {}.",
        ),
        ({**triangle_save(), "moves": ["reset"]}, "Entry 1 of the save's moves is 'reset', not a move."),
        ({**good(), "moves": ["Qh+Ad"]}, "Entry 1 of the save's moves is 'Qh+Ad', not a move."),
        ({**good(), "game": "spider"}, "The save is of a game this version doesn't know: 'spider'."),
        ({**good(), "game": None}, "The save is of a game this version doesn't know: None."),
        ({**good(), "game": "Yield"}, "The save's game is invalid."),  # a name, not the id
        (without("game"), "The save is missing game."),
        # A format-1 save is TriPeaks': a Triangle code in one is refused.
        (
            {**{k: v for k, v in good().items() if k != "game"}, "version": 1,
             "rules": {"passes": 1, "wrap": True, "face_up": False}, "deal": numbered_deal(3, TRIANGLE).code},
            "The save's deal is invalid: this is a Triangle deal code, not a TriPeaks one.",
        ),
    ],
)
def test_a_save_of_the_wrong_game_is_refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidSaveError) as error:
        Game.from_json(json.dumps(data))
    assert str(error.value).startswith(message)


LONG = "x" * 100_000
CODE = numbered_deal(5).code


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"number": 10**100}, "The save's deal number is invalid."),
        ({"number": 2**63}, "The save's deal number is invalid."),
        ({"hints": 10**100}, "The save's hint count is invalid."),
        ({"hints": 2**31}, "The save's hint count is invalid."),
        ({"seconds": 1e300}, "The save's playing time is invalid."),
        ({"seconds": 10**100}, "The save's playing time is invalid."),
        ({"version": 10**100}, "The save is from a newer version of the game (a format number that high; "),
        ({"game": LONG}, "The save is of a game this version doesn't know: 'xxxx"),
        ({"game": 10**100}, "The save is of a game this version doesn't know: a number that long."),
        ({"deal": LONG}, "The save's deal is invalid: a deal code is the layout rows"),
        ({"deal": CODE[:-2] + "Z" * 100_001}, "The save's deal is invalid: the stock is '"),
        ({"deal": CODE + "Ah" * 50_000}, "The save's deal is invalid: 50052 cards, expected 52"),
        ({"deal": LONG + ":" + CODE}, "The save's deal is invalid: unknown game 'xxxx"),
        ({"daily": LONG}, "The save's daily date is invalid."),
        ({"moves": [LONG]}, "Entry 1 of the save's moves is 'xxxx"),
        ({"redo": [10**100]}, "Entry 1 of the save's redo is a number that long, not a move."),
        ({"rules": {LONG: 1}}, "The save's rules are invalid: the rules must have exactly"),
        ({"rules": {"passes": 10**100, "wrap": True, "face_up": False}}, "The save's rules are invalid: st"),
        ({"rules": {"passes": LONG, "wrap": True, "face_up": False}}, "The save's rules are invalid: stock"),
        ({"format": LONG}, "This is not a TriPeaks save."),
        ({LONG: 1}, "The save has unknown fields: xxxx"),
    ],
)
def test_huge_numbers_and_long_strings_are_refused_briefly(fields: dict[str, Any], message: str) -> None:
    data = {**good(), **fields}
    with pytest.raises(InvalidSaveError) as error:
        Game.from_json(json.dumps(data))
    said = str(error.value)
    assert said.startswith(message)
    assert len(said) <= 240, said[:300]
    assert "Exceeds the limit" not in said and "Traceback" not in said


@pytest.mark.parametrize(
    "text",
    [
        '{"format":"tripeaks-save","version":2,"number":' + "9" * 5_000 + "}",  # too long for int()
        "[" * 100_000,  # too deep for the parser: refused before it (in Pyodide it would be fatal)
        '{"a":' * 40 + "1" + "}" * 40,  # deeper than any save
        '{"format":"tripeaks-save","s":"' + "[" * 10_000 + '"}',  # brackets in a string are no nesting
        '{"format":"tripeaks-save","version":1e999}',
    ],
)
def test_json_that_python_cannot_read_is_refused_briefly(text: str) -> None:
    with pytest.raises(InvalidSaveError) as error:
        Game.from_json(text)
    assert str(error.value) in (
        "The save is damaged: it is not readable JSON.",
        "The save has no valid version number.",
    )


@pytest.mark.parametrize(
    "rules", [Rules(empty_waste=True), Rules(passes=2, wrap=False, face_up=True, empty_waste=True)]
)
def test_an_empty_waste_game_round_trips(rules: Rules) -> None:
    game = Game(numbered_deal(1), rules, number=1)
    assert game.position.waste == ()
    text = game.to_json()
    assert json.loads(text)["rules"]["empty_waste"] is True
    same_game(Game.from_json(text), game)
    card = game.position.cards[21]
    assert card is not None
    game.play(card)  # any free card goes first
    game.draw()
    game.undo()
    loaded = Game.from_json(game.to_json())
    same_game(loaded, game)
    assert loaded.position.waste == (card,) and loaded.redo_moves == (DRAW,)
    # The same moves under the rules without the option are refused (card is no neighbour of the waste's).
    data = json.loads(game.to_json())
    data["rules"]["empty_waste"] = False
    if not adjacent(card.rank, numbered_deal(1).waste.rank, rules.wrap):
        with pytest.raises(InvalidSaveError, match=r"^Move 1 of the save"):
            from_dict(data)


def test_a_save_whose_number_is_another_deals_loads_as_a_shared_deal() -> None:
    """Issue 35, part 5: a save that says deal 5 but holds another deal's code is not 'Deal 5'."""
    data = {**to_dict(Game(numbered_deal(6), number=6)), "deal": numbered_deal(7).code, "number": 5}
    loaded = from_dict(data)
    assert loaded.deal == numbered_deal(7) and loaded.number is None
    assert loaded.notice == "These cards are not deal 5's: this is played as a shared deal, not as deal 5."
    assert to_dict(loaded)["number"] is None and to_dict(loaded)["deal"] == numbered_deal(7).code
    assert from_dict(to_dict(Game(numbered_deal(5), number=5))).notice is None  # its own number is kept
    assert from_dict({**data, "deal": numbered_deal(5).code}).number == 5
