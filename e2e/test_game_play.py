"""Playing in the page: a deal from its address won by clicking, dragging, refusals, undo past the end."""

from __future__ import annotations

import json
import re

import pytest
from game_support import (
    assert_matches_engine,
    engine_game,
    make_move,
    menu,
    open_game,
    playable_slots,
    ready,
    solution,
    state,
    storage,
)
from playwright.sync_api import Page, expect

from tripeaks import STANDARD, numbered_deal


def test_the_deal_in_the_address_is_on_the_table(page: Page) -> None:
    data = open_game(page, "?deal=1&rules=standard")
    assert data["number"] == 1 and data["rules"] == "standard"
    assert_matches_engine(data, engine_game(data))
    expect(page.locator("#deal-name")).to_have_text(re.compile(r"Deal 1\b"))
    expect(page.locator("#stock-count")).to_have_text("23")
    deal = numbered_deal(1)
    expect(page.locator("#waste-top")).to_have_attribute("aria-label", f"Waste: {deal.waste.name}")


def test_face_down_cards_give_nothing_away(page: Page) -> None:
    open_game(page, "?deal=1")
    deal = numbered_deal(1)
    for slot in range(18):  # rows 0-2 start face down
        card = page.locator(f'#layout [data-slot="{slot}"]')
        html = card.evaluate("el => el.outerHTML")
        assert card.evaluate("el => el.textContent") == ""
        assert card.get_attribute("aria-label") == "Face-down card"
        code, name = deal.layout_cards[slot].code, deal.layout_cards[slot].name
        assert code not in html and name not in html, html
        attributes = card.evaluate("el => el.getAttributeNames()")
        assert set(attributes) <= {"type", "class", "data-slot", "style", "aria-label", "tabindex"}
    hidden = page.evaluate(
        "() => [...document.querySelectorAll('.card.back')].map(el => el.outerHTML).join('')"
    )
    for card in (*deal.layout_cards[:18], *deal.stock):
        assert card.name not in hidden


@pytest.mark.parametrize("scoring", ["classic", "cards-left"])
def test_a_deal_is_won_by_clicking_and_undone_past_the_end(page: Page, output_path: str,
                                                           scoring: str) -> None:
    """Won by clicking, in either scoring: by cards left (chosen in the settings, beside the rules) the top
    line counts the peaks' cards down to none; the end sheet and the statistics keep the fewest moves."""
    data = open_game(page, "?deal=1&rules=standard")
    moves = solution(1, STANDARD)
    if scoring == "cards-left":
        menu(page, "#settings-open")
        page.check('input[name="scoring"][value="cards-left"]')
        page.click("#settings-save")
        expect(page.locator('[data-tally="cards-left"]')).to_have_text("28")
        expect(page.locator("#left-figure")).to_be_hidden()  # the score is the cards left: said once
        assert state(page)["scoring"] == "cards-left"
    for n, move in enumerate(moves):
        make_move(page, data, move)
        data = state(page)
        if scoring == "cards-left" and n < 3:
            expect(page.locator('[data-tally="cards-left"]')).to_have_text(str(data["left"]))
    assert data["status"] == "won"
    assert data["moves"] == [m.notation for m in moves]
    assert_matches_engine(data, engine_game(data))
    expect(page.locator("#ending")).to_be_visible()
    expect(page.locator("#ending-title")).to_have_text("You cleared the peaks!")
    fewest = f"{len(moves)} moves: your fewest to a win with these rules."
    expect(page.locator("#ending-fewest")).to_have_text(fewest)
    if scoring == "cards-left":
        expect(page.locator('[data-tally="cards-left"]')).to_have_text("0")
        expect(page.locator("#ending-text")).to_contain_text("No cards left in the peaks.")
        expect(page.locator("#ending-best")).to_have_text("You left no cards, the fewest this deal allows.")
        page.screenshot(path=f"{output_path}/won-cards-left.png")
    else:
        page.screenshot(path=f"{output_path}/won-desktop.png")

    page.click("#undo")
    data = state(page)
    assert data["status"] == "playing" and data["can_redo"]
    expect(page.locator("#ending")).to_be_hidden()
    page.click("#redo")
    data = state(page)
    assert data["status"] == "won"

    menu(page, "#stats-open")
    row = page.locator("#stats-body tr.current")
    expect(row).to_contain_text("Standard")
    cells = row.locator("td")
    expect(cells.nth(0)).to_have_text("1")  # played
    expect(cells.nth(1)).to_have_text("1")  # won
    if scoring == "cards-left":
        expect(cells.nth(6)).to_have_attribute("data-label", "Fewest left")
        expect(cells.nth(6)).to_have_text("0")
    else:
        expect(cells.nth(6)).to_have_text(str(engine_game(data).score))  # best score: no hint asked
    expect(cells.nth(8)).to_have_attribute("data-label", "Fewest moves")
    expect(cells.nth(8)).to_have_text(str(len(moves)))
    if scoring == "cards-left":  # kept with the settings: the next visit scores by cards left too
        assert json.loads(storage(page)["tripeaks:v1:settings"])["scoring"] == {"tripeaks": "cards-left"}
        page.reload()
        ready(page)
        expect(page.locator('[data-tally="cards-left"]')).to_have_text("0")


def test_dragging_a_card_onto_the_waste_plays_it(page: Page) -> None:
    data = open_game(page, "?deal=1")
    slot = playable_slots(data)[0]
    card = page.locator(f'#layout [data-slot="{slot}"]').bounding_box()
    waste = page.locator("#waste").bounding_box()
    assert card and waste
    page.mouse.move(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
    page.mouse.down()
    for step in range(1, 9):
        page.mouse.move(
            card["x"] + (waste["x"] - card["x"]) * step / 8 + card["width"] / 2,
            card["y"] + (waste["y"] - card["y"]) * step / 8 + card["height"] / 2,
        )
    page.mouse.up()
    after = state(page)
    assert after["moves"] == [data["slots"][slot]["card"]]
    assert after["slots"][slot] == {"state": "gone"}


def test_dragging_a_card_elsewhere_plays_nothing(page: Page) -> None:
    data = open_game(page, "?deal=1")
    slot = playable_slots(data)[0]
    box = page.locator(f'#layout [data-slot="{slot}"]').bounding_box()
    assert box
    page.mouse.move(box["x"] + 5, box["y"] + 5)
    page.mouse.down()
    page.mouse.move(box["x"] + 5, box["y"] - 120, steps=6)
    page.mouse.up()
    assert state(page)["moves"] == []
    assert page.locator(f'#layout [data-slot="{slot}"]').evaluate("el => el.style.transform") == ""


def test_a_card_that_cannot_go_says_why(page: Page) -> None:
    data = open_game(page, "?deal=1")
    slot = next(
        s for s, seen in enumerate(data["slots"])
        if seen["state"] == "up" and seen["card"] not in data["playable"]
    )
    page.click(f'#layout [data-slot="{slot}"]')
    game = engine_game(data)
    expect(page.locator("#message")).to_have_text(game.explain(slot))
    expect(page.locator("#live")).to_contain_text("can't go on")
    assert state(page)["moves"] == []

    page.click('#layout [data-slot="0"]', force=True)
    expect(page.locator("#message")).to_contain_text("face down")


def test_drawing_and_resetting_follow_the_rules(page: Page) -> None:
    open_game(page, "?deal=2&rules=custom-2pass-wrap")
    for _ in range(23):
        page.click("#draw")
    data = state(page)
    assert data["stock"] == 0
    expect(page.locator("#draw")).to_be_disabled()
    expect(page.locator("#reset")).to_be_visible()
    page.click("#reset")
    data = state(page)
    assert data["moves"][-1] == "reset" and data["stock"] == 23
    expect(page.locator("#reset")).to_be_hidden()
    assert_matches_engine(data, engine_game(data))
    expect(page.locator("#panel-rows")).to_contain_text("pass 2/2")


def test_a_lost_game_says_so_and_offers_a_way_back(page: Page) -> None:
    open_game(page, "?deal=1&rules=strict")
    while state(page)["stock"]:
        page.keyboard.press("d")
    data = state(page)
    if data["status"] == "playing":  # play whatever can still go, until nothing can
        while data["status"] == "playing" and playable_slots(data):
            page.click(f'#layout [data-slot="{playable_slots(data)[0]}"]')
            data = state(page)
    assert data["status"] == "out_of_moves"
    expect(page.locator("#ending-title")).to_have_text("No more moves")
    for name in ("Undo", "Hint", "Restart this deal"):
        expect(page.locator("#ending").get_by_role("button", name=name)).to_be_visible()
    page.locator("#ending").get_by_role("button", name="Restart this deal").click()
    data = state(page)
    assert data["moves"] == [] and data["status"] == "playing" and data["can_redo"]
