"""The page on a phone and a desktop: everything fits, resizes without reloading, and passes an axe scan."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT
from game_support import menu, open_game, open_menu, state
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


@pytest.mark.parametrize("query", ["?deal=1", "?game=triangle&deal=1"])
def test_a_360_pixel_phone_shows_the_whole_table(page: Page, output_path: str, query: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    data = open_game(page, query)
    if data["game"] == "triangle":
        page.click("#stock")  # a card selected, as in play
    boxes = card_boxes(page)
    assert all(b["left"] >= 0 and b["right"] <= 360 for b in boxes)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    width = boxes[-1]["width"]
    assert width >= 30
    corner = page.locator("#layout .card.face .cf-ix").first  # the corner index: rank over suit
    assert float(corner.evaluate("el => parseFloat(getComputedStyle(el, '::before').fontSize)")) >= 11
    for id_ in ("stock", "waste", "draw", "undo", "hint", "new", "menu-open"):
        box = page.locator(f"#{id_}").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, id_
    open_menu(page)
    for id_ in ("settings-open", "help-open"):
        box = page.locator(f"#{id_}").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, id_
    page.keyboard.press("Escape")
    # Nothing anywhere on the page sticks out to the right.
    wide = page.evaluate(
        "() => [...document.querySelectorAll('#app *')].filter(el => el.getClientRects().length"
        " && el.getBoundingClientRect().right > 360.5).map(el => el.outerHTML.slice(0, 80))"
    )
    assert wide == []
    page.screenshot(path=f"{output_path}/phone-360-{data['game']}.png", full_page=True)


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


@pytest.mark.parametrize("game", ["tripeaks", "triangle"])
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


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("game", ["tripeaks", "triangle"])
def test_axe_finds_no_serious_problems(page: Page, width: int, game: str) -> None:
    page.set_viewport_size({"width": width, "height": 800})
    open_game(page, f"?game={game}&deal=1")
    page.click("#stock" if game == "triangle" else '#layout [data-slot="21"]')  # a card selected, or played
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
