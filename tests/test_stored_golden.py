"""Saves and statistics files written by each earlier engine still load, to the same positions and figures
(tests/golden/stored-*.json, written by tests/golden/make_stored.py with those engines; save-v1.json is
checked by test_save.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tripeaks import Game, Records

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("stored-*.json"))
SAVES = [(path.stem, item) for path in FILES for item in json.loads(path.read_text("utf-8"))["saves"]]
RECORDS = [(path.stem, item) for path in FILES for item in json.loads(path.read_text("utf-8"))["records"]]


def replayed_to(game: Game) -> dict[str, Any]:
    """What make_stored.py recorded of a game, read off today's game."""
    position = game.position
    return {
        "game": game.solitaire.id,
        "table": [None if c is None else c.code for c in position.cards],
        "stock": [c.code for c in position.stock],
        "waste": [c.code for c in position.waste],
        "score": position.score,
        "status": position.status().value,
        "moves": [m.notation for m in game.moves],
        "redo": [m.notation for m in game.redo_moves],
        "number": game.number,
        "daily": game.daily,
        "hints": game.hints,
        "seconds": game.seconds,
    }


def test_every_earlier_format_is_here() -> None:
    versions = {
        (kind, json.loads(item["save" if kind == "save" else "file"])["version"])
        for kind, found in (("save", SAVES), ("records", RECORDS)) for _, item in found
    }
    assert versions == {("save", 1), ("save", 2), ("records", 1), ("records", 2), ("records", 3)}
    assert any("attempt" in json.loads(item["save"]) for _, item in SAVES)  # a daily deal by its attempt
    assert any(json.loads(item["save"]).get("deal") and item["position"]["daily"] for _, item in SAVES)


@pytest.mark.parametrize(("engine", "item"), SAVES, ids=[f"{e}-{i['name']}" for e, i in SAVES])
def test_an_earlier_save_loads_to_the_same_position(engine: str, item: dict[str, Any]) -> None:
    game = Game.from_json(item["save"])
    assert replayed_to(game) == item["position"]
    again = Game.from_json(game.to_json())  # and today's save of it says the same
    assert replayed_to(again) == item["position"]


@pytest.mark.parametrize(("engine", "item"), RECORDS, ids=[f"{e}-{i['name']}" for e, i in RECORDS])
def test_earlier_statistics_load_to_the_same_figures(engine: str, item: dict[str, Any]) -> None:
    records = Records.from_json(item["file"])
    figures = item["figures"]
    # every figure the engine that wrote it read back (a later engine's added figures aside)
    assert {key: {name: value for name, value in records[key].to_dict().items() if name in figures[key]}
            for key in sorted(records)} == figures
    assert Records.from_json(records.to_json()) == records
    version = json.loads(item["file"])["version"]
    for key in records:
        stats = records[key]
        if version < 3:  # the figures version 3 added: known only from the games kept (their moves)
            kept = [game for game in records.games if game.rules == key and game.won and not game.hints]
            assert stats.fewest_moves == (min(game.moves for game in kept) if kept else None)
            assert stats.fewest_left is None
        assert "fewest_moves" in figures[key] or version < 3
