"""A long random mix of taps, drags and keys: the page always shows what CPython's engine says it should,
in TriPeaks and in Triangle."""

from __future__ import annotations

import json
import random

import pytest
from game_support import assert_matches_engine, engine_game, game_of, open_game, playable_slots, state
from playwright.sync_api import Page

from tripeaks import Game, numbered_deal


def check(data: dict) -> None:
    game = engine_game(data)
    assert_matches_engine(data, game)
    replay = Game(numbered_deal(data["number"], game_of(data)), game.rules)
    for move in [*data["moves"], *data["redo"]]:
        replay.push(move)
    for _ in data["redo"]:
        replay.undo()
    assert [m.notation for m in replay.redo_moves] == data["redo"]


@pytest.mark.motion  # played as fast as Playwright can, with the motion players see
@pytest.mark.parametrize("query", ["?deal=11&rules=custom-2pass-wrap", "?game=triangle&deal=11"])
def test_a_long_random_session_matches_the_engine(page: Page, query: str) -> None:
    rng = random.Random(20261130)
    data = open_game(page, query)
    actions = ["tap", "tap", "tap", "play", "play", "stock", "waste", "key", "key", "button"]
    keys = ["d", " ", "r", "z", "z", "y", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", "h"]
    for step in range(160):
        action = rng.choice(actions)
        if action == "tap":
            slot = rng.randrange(28)
            if data["slots"][slot]["state"] != "gone":
                page.click(f'#layout [data-slot="{slot}"]', force=True)
        elif action == "play" and playable_slots(data):
            page.click(f'#layout [data-slot="{rng.choice(playable_slots(data))}"]')
        elif action == "stock":
            page.click("#stock")
        elif action == "waste":
            page.click("#waste-top", force=True)
        elif action == "key":
            page.keyboard.press(rng.choice(keys))
        elif action == "button":
            name = rng.choice(["undo", "redo", "draw", "reset", "redeal", "restart"])
            if page.locator(f"#{name}").is_visible() and page.locator(f"#{name}").is_enabled():
                page.click(f"#{name}")
        if step == 120:
            page.reload()
            open_game(page, "")
        page.wait_for_function("!document.querySelector('#message').textContent.startsWith('Still thinking')")
        data = state(page)
        if step % 20 == 0:
            check(data)
    check(data)
    assert data["number"] == 11 and data["game"] == ("triangle" if "triangle" in query else "tripeaks")
    perf = json.loads(page.evaluate("window.tripeaksPerf()"))
    print(f"\nclick to render: median {perf['median_ms']:.1f} ms over {perf['count']} moves")
