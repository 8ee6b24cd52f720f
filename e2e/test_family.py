"""The page holds no rule of any game: it plays a game registered only in this test (Tower, see
e2e/third_game.py) with no code of its own, and web/ has no rank arithmetic and no game's words."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT
from game_support import (
    assert_matches_engine,
    engine_game,
    make_move,
    menu,
    open_game,
    open_menu,
    solution,
    state,
)
from playwright.sync_api import Page, expect
from third_game import TOWER, TOWER_LAYOUT

# The page's script (web/main.py) with the third game registered just before it imports the page: the engine
# is on the path by then, and the page finds Tower in the registry.
PAGE_SCRIPT = (ROOT / "web" / "main.py").read_text()
assert PAGE_SCRIPT.count("\nimport app") == 1
THIRD_GAME_MAIN = PAGE_SCRIPT.replace(
    "\nimport app", "\n" + (ROOT / "e2e" / "third_game.py").read_text() + "\nimport app"
)


def with_third_game(page: Page) -> None:
    """Serve the page a script that registers Tower before it starts the page's own code."""
    page.route("**/web/main.py",
               lambda route: route.fulfill(body=THIRD_GAME_MAIN, content_type="text/x-python"))


def test_a_third_game_plays_on_the_unchanged_page(page: Page) -> None:
    with_third_game(page)
    data = open_game(page, "?game=tower&deal=2")
    assert data["game"] == "tower" and data["number"] == 2 and len(data["slots"]) == 28
    assert "game=tower" in page.url
    open_menu(page)  # the game switcher is in the menu
    expect(page.get_by_role("radio", name="Tower")).to_be_checked()
    page.keyboard.press("Escape")  # the menu closed, back to the table
    # Drawn where the engine's layout places each slot: an upright pyramid, the apex alone on top.
    places = page.evaluate(
        """() => [...document.querySelectorAll('#layout .card')].map(el =>
             [parseFloat(el.style.getPropertyValue('--x')), parseFloat(el.style.getPropertyValue('--y'))])"""
    )
    left = min(x for x, _ in TOWER_LAYOUT.places)
    assert places == [[x - left, y] for x, y in TOWER_LAYOUT.places]
    boxes = page.evaluate(
        "() => [...document.querySelectorAll('#layout .card')].map(el => el.getBoundingClientRect().toJSON())"
    )
    assert boxes[0]["top"] < boxes[1]["top"] and boxes[1]["left"] < boxes[0]["left"] < boxes[2]["left"]
    assert_matches_engine(data, engine_game(data))
    expect(page.locator("#deal-name")).to_contain_text("Deal 2")
    moves = solution(2, game=TOWER)
    for move in moves[:12]:
        make_move(page, data, move)
        data = state(page)
        assert data["moves"][-1] == move.notation
        assert_matches_engine(data, engine_game(data))
    page.keyboard.press("z")
    assert_matches_engine(state(page), engine_game(state(page)))
    page.reload()
    data = open_game(page, "")
    assert data["game"] == "tower" and len(data["moves"]) == 11
    menu(page, "#stats-open")
    expect(page.locator("#stats-body h3").first).to_have_text("Tower")
    page.keyboard.press("Escape")
    open_menu(page)  # the game switcher is in the menu
    page.get_by_role("radio", name="TriPeaks").check()
    page.wait_for_function("JSON.parse(window.tripeaksState()).game === 'tripeaks'")


# What the page must never work out for itself: rank arithmetic, a game's own words or numbers.
RULES_IN_CODE = [
    r"\.rank\b", r"\b13\b", r"playable_ranks", r"rank_phrase", r"(?-i:TRIPEAKS|TRIANGLE)",
    r"\bpeaks?\b", r"\bking\b", r"\bmakes? 13", r"\bpass(es)?\b", r"\bwrap\b", r"\bredeals? left",
    r"\btriangle\b", r"can_play", r"can_reset", r"can_redeal", r"position_?\.top\b", r"is_free",
    r"covered_by", r"\.resets\b", r"\.redeals\b", r"rank_label",
]
ALLOWED = {
    "cardface.py": {r"\.rank\b", r"rank_label"},  # a card's face: its pips and corner by rank
    "sound.py": {r"\btriangle\b"},  # a WebAudio oscillator's wave
    # Settings stored before the family of games held TriPeaks' options by name: read once, as the
    # default game's rules form's answers.
    "settings.py": {r"\bpass(es)?\b", r"\bwrap\b"},
}


@pytest.mark.parametrize("module", sorted(p.name for p in (ROOT / "web").glob("*.py")))
def test_the_web_layer_holds_no_rule(module: str) -> None:
    text = (ROOT / "web" / module).read_text()
    code = text.replace("<tri-peaks>", "")  # the embed's element
    found = [
        pattern for pattern in RULES_IN_CODE
        if pattern not in ALLOWED.get(module, set()) and re.search(pattern, code, re.IGNORECASE)
    ]
    assert found == [], f"web/{module} works out rules for itself: {found}"
