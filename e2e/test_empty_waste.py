"""TriPeaks' empty-waste option in the page: chosen in Settings (Custom), named in the link's rules, drawn as
a marked space that takes any card, with hints, winnable deals and statistics of its own."""

from __future__ import annotations

import json

from game_support import engine_game, menu, open_game, playable_slots, records_of, state, storage
from playwright.sync_api import Page, expect

from tripeaks import Position, Rules, numbered_deal, solve


def test_settings_custom_waste_empty(page: Page) -> None:
    open_game(page, "?deal=5")
    menu(page, "#settings-open")
    waste = page.locator("#rules-choices fieldset", has_text="Waste")
    expect(waste).to_be_hidden()
    page.check('input[name="rule:rule_set"][value="custom"]')
    expect(waste).to_be_visible()
    expect(waste).to_contain_text("One card turned up")
    expect(waste).to_contain_text("any card first")
    page.check('input[name="rule:waste"][value="empty"]')
    page.click("#settings-save")
    page.wait_for_function("JSON.parse(window.tripeaksState()).rules === 'standard-emptywaste'")
    data = state(page)
    assert data["waste"] is None and data["stock"] == 24 and "rules=standard-emptywaste" in page.url
    assert json.loads(storage(page)["tripeaks:v1:settings"])["rules"] == {"tripeaks": "standard-emptywaste"}
    menu(page, "#settings-open")  # the form shows the rules it made
    expect(page.locator('input[name="rule:waste"][value="empty"]')).to_be_checked()
    expect(page.locator('input[name="rule:rule_set"][value="custom"]')).to_be_checked()


def test_the_empty_waste_is_a_marked_space_that_takes_any_card(page: Page) -> None:
    data = open_game(page, "?deal=5&rules=strict-emptywaste")
    assert data["rules"] == "strict-emptywaste" and data["waste"] is None
    top = page.locator("#waste-top")
    expect(top).to_have_text("Any card")
    expect(top).to_have_attribute("aria-label", "Waste: empty. Any free card may go on it")
    expect(page.locator("#panel-rows")).to_contain_text("any free card")
    free = [s["card"] for s in data["slots"] if s["state"] == "up" and s["free"]]
    assert sorted(free) == data["playable"]  # every free card
    slot = playable_slots(data)[-1]
    page.click(f'#layout [data-slot="{slot}"]')
    data = state(page)
    assert data["waste"] == data["moves"][0] and data["score"] == 1
    expect(top).to_have_attribute("aria-label", f"Waste: {engine_game(data).position.waste[-1].name}")
    page.keyboard.press("z")
    expect(top).to_have_text("Any card")


def test_hints_winnable_deals_and_statistics_under_the_empty_waste(page: Page) -> None:
    open_game(page, "?deal=5&rules=custom-2pass-nowrap-emptywaste")
    page.keyboard.press("h")
    page.wait_for_function("JSON.parse(window.tripeaksState()).hints === 1")
    data = state(page)
    assert data["hinted"] or data["hint_control"]
    menu(page, "#settings-open")
    page.check('input[name="winnable_only"]')
    expect(page.locator('input[name="rule:waste"][value="empty"]')).not_to_be_checked()
    page.check('input[name="rule:rule_set"][value="custom"]')
    page.check('input[name="rule:waste"][value="empty"]')
    page.click("#settings-save")
    page.wait_for_function("JSON.parse(window.tripeaksState()).rules === 'standard-emptywaste' && "
                           "document.querySelector('#message').textContent.startsWith('Deal')")
    data = state(page)
    rules = Rules.from_key("standard-emptywaste")
    assert solve(Position.start(numbered_deal(data["number"]), rules)).won
    page.keyboard.press("d")
    page.keyboard.press("n")  # the game given up counts under its own rule set
    page.wait_for_function(f"JSON.parse(window.tripeaksState()).number !== {data['number']}")
    records = records_of(storage(page)["tripeaks:v1:records"])
    assert records["standard-emptywaste"]["played"] == 1
    menu(page, "#stats-open")
    expect(page.locator("#stats-body tr.current")).to_contain_text("Standard, empty waste")
