"""The page on a phone and a desktop: everything fits, resizes without reloading, and passes an axe scan."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT
from game_support import menu, open_game, state
from playwright.sync_api import Page, expect

from tripeaks import TRIPEAKS

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def card_boxes(page: Page) -> list[dict[str, float]]:
    return page.evaluate(
        "() => [...document.querySelectorAll('#layout .card')].map(el => el.getBoundingClientRect().toJSON())"
    )


def test_the_table_is_drawn_from_the_engine_layout(page: Page) -> None:
    open_game(page, "?deal=1")
    places = page.evaluate(
        """() => [...document.querySelectorAll('#layout .card')].map(el =>
             [el.style.getPropertyValue('--x'), el.style.getPropertyValue('--y')])"""
    )
    assert places == [[f"{x:g}", f"{y:g}"] for x, y in TRIPEAKS.layout.places]
    assert "data-slot" not in (ROOT / "index.html").read_text()  # no game's layout in the markup


def test_the_table_resizes_without_reloading(page: Page, output_path: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, "?deal=1")
    page.click('#layout [data-slot="21"]')
    wide = card_boxes(page)[18]["width"]
    page.screenshot(path=f"{output_path}/desktop.png")
    page.set_viewport_size({"width": 480, "height": 800})
    page.wait_for_function(f"document.querySelector('#layout .card').getBoundingClientRect().width < {wide}")
    narrow = card_boxes(page)[18]["width"]
    assert narrow < wide
    assert all(b["right"] <= 480 for b in card_boxes(page))
    assert state(page)["moves"] == ["Kc"]  # the same game, not a reload


@pytest.mark.parametrize("game", ["pyramid", "golf"])  # the axe test below names the controls of all four too
def test_every_control_has_a_name(page: Page, game: str) -> None:
    open_game(page, f"?game={game}&deal=1")
    nameless = page.evaluate(
        """() => [...document.querySelectorAll('button, input, select')]
              .filter(el => !el.closest('[hidden]') && el.getClientRects().length)
              .filter(el => !(el.getAttribute('aria-label') || el.labels?.length || el.textContent.trim()))
              .map(el => el.outerHTML)"""
    )
    assert nameless == []
    expect(page.locator("#live")).to_have_attribute("aria-live", "polite")


# Every game at a phone's width, one of them on a desktop's too (the page's parts are the same at each width)
@pytest.mark.parametrize(
    ("game", "width"), [("tripeaks", 360), ("triangle", 1280), ("pyramid", 360), ("golf", 360)]
)
def test_axe_finds_no_serious_problems(page: Page, width: int, game: str) -> None:
    page.set_viewport_size({"width": width, "height": 800})
    open_game(page, f"?game={game}&deal=1")
    # a card selected (the stock's top, in the games of pairs), played, or drawn
    page.click({"tripeaks": '#layout [data-slot="21"]', "golf": "#draw"}.get(game, "#stock"))
    page.add_script_tag(path=str(AXE))
    results = page.evaluate("async () => JSON.stringify(await axe.run(document))")
    violations = [
        (v["id"], v["impact"], [n["html"][:120] for n in v["nodes"]][:3])
        for v in json.loads(results)["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert violations == []
    menu(page, "#settings-open")
    script = "async () => JSON.stringify(await axe.run(document.querySelector('#settings')))"
    found = json.loads(page.evaluate(script))["violations"]
    assert [v["id"] for v in found if v["impact"] in ("serious", "critical")] == []
    page.click("#settings-cancel")
    for dialog, opener in (("#stats", "#stats-open"), ("#help", "#help-open")):
        menu(page, opener)
        script = f"async () => JSON.stringify(await axe.run(document.querySelector('{dialog}')))"
        found = json.loads(page.evaluate(script))["violations"]
        assert [v["id"] for v in found if v["impact"] in ("serious", "critical")] == []
        page.keyboard.press("Escape")
