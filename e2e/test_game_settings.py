"""Settings and addresses: every setting changes what it says, and a bad link never breaks the page."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from game_support import engine_game, menu, open_game, ready, state, storage
from playwright.sync_api import Page, expect

from tripeaks import Deal, Position, daily_deal, daily_seed, deal_from_seed, numbered_deal, solve

LOST_DAY = dt.date(2026, 2, 13)  # the day's first candidate is lost: the search goes on to the next


def base_row(data: dict) -> list[str]:
    """The face-up base row (slots 18 to 27) as the page shows it."""
    return [s["card"] for s in data["slots"][18:]]


def open_settings(page: Page) -> None:
    menu(page, "#settings-open")
    expect(page.locator("#settings")).to_be_visible()


def save_settings(page: Page) -> None:
    page.click("#settings-save")


@pytest.mark.parametrize(
    ("choice", "key"), [("easy", "easy"), ("standard", "standard"), ("strict", "strict")]
)
def test_a_rule_set_starts_a_new_game_with_those_rules(page: Page, choice: str, key: str) -> None:
    other = "strict" if choice != "strict" else "easy"
    open_game(page, "?deal=5")
    open_settings(page)
    page.check(f'input[name="rule:rule_set"][value="{other}"]')
    save_settings(page)
    page.wait_for_function(f"JSON.parse(window.tripeaksState()).rules === '{other}'")
    open_settings(page)
    page.check(f'input[name="rule:rule_set"][value="{choice}"]')
    save_settings(page)  # no move made: no question asked
    page.wait_for_function(f"JSON.parse(window.tripeaksState()).rules === '{key}'")
    assert f"rules={key}" in page.url
    assert json.loads(storage(page)["tripeaks:v1:settings"])["rules"] == {"tripeaks": key}


def test_custom_rules_and_a_confirmation_when_a_game_is_in_progress(page: Page) -> None:
    open_game(page, "?deal=5")
    page.keyboard.press("d")
    open_settings(page)
    passes = page.locator('#rules-choices fieldset[data-when]').first
    expect(passes).to_be_hidden()
    page.check('input[name="rule:rule_set"][value="custom"]')
    expect(passes).to_be_visible()
    page.check('input[name="rule:passes"][value="3"]')
    page.check('input[name="rule:wrap"][value="off"]')
    save_settings(page)
    expect(page.locator("#confirm")).to_be_visible()
    page.click("#confirm-no")
    assert state(page)["rules"] == "standard" and state(page)["moves"] == ["draw"]

    open_settings(page)
    page.check('input[name="rule:rule_set"][value="custom"]')
    page.check('input[name="rule:passes"][value="unlimited"]')
    page.check('input[name="rule:wrap"][value="off"]')
    save_settings(page)
    page.click("#confirm-yes")
    page.wait_for_function("JSON.parse(window.tripeaksState()).rules === 'custom-unlimited-nowrap'")
    data = state(page)
    assert data["moves"] == []
    menu(page, "#stats-open")
    expect(page.locator("#stats-body")).to_contain_text("Standard")  # the game given up is counted


def test_all_face_up_shows_every_card(page: Page) -> None:
    open_game(page, "?deal=8")
    open_settings(page)
    page.check('input[name="rule:face_up"][value="up"]')
    save_settings(page)
    page.wait_for_function("JSON.parse(window.tripeaksState()).rules === 'standard-faceup'")
    data = state(page)
    assert all(slot["state"] == "up" for slot in data["slots"])
    deal = numbered_deal(data["number"])
    assert [s["card"] for s in data["slots"]] == [c.code for c in deal.layout_cards]
    covered = page.locator('#layout [data-slot="0"]')
    colour = "red" if deal.layout_cards[0].red else "black"
    expect(covered).to_have_class(f"card face {colour} covered")


def test_winnable_deals_only(page: Page) -> None:
    open_game(page, "?deal=5")
    open_settings(page)
    page.check('input[name="winnable_only"]')
    save_settings(page)
    for _ in range(2):
        page.click("#new")
        page.wait_for_function("!JSON.parse(window.tripeaksState()).moves.length && "
                               "document.querySelector('#message').textContent.startsWith('Deal')")
        data = state(page)
        deal = numbered_deal(data["number"])
        answer = solve(Position.start(deal, engine_game(data).rules))
        assert answer.won, f"deal {data['number']} was dealt as winnable"


def test_a_winnable_deal_is_found_while_the_player_plays(page: Page) -> None:
    open_game(page, "?deal=5")
    open_settings(page)
    page.check('input[name="rule:rule_set"][value="strict"]')
    page.check('input[name="winnable_only"]')
    save_settings(page)  # a winnable deal under the new rules, searched for there and then
    # In idle moments the page works out the hint, then looks for the next winnable deal.
    ready = "/^[0-9]+$/.test(document.documentElement.dataset.dealAhead || '')"
    page.wait_for_function(ready, timeout=30_000)
    ahead = int(page.evaluate("document.documentElement.dataset.dealAhead"))
    page.evaluate("""() => {
        const message = document.querySelector('#message');
        window.said = [];
        new MutationObserver(() => window.said.push(message.textContent))
            .observe(message, {childList: true, characterData: true, subtree: true});
    }""")
    page.click("#new")
    page.wait_for_function(f"JSON.parse(window.tripeaksState()).number === {ahead}")
    said = page.evaluate("window.said")
    assert not any(text.startswith("Looking") for text in said), said
    data = state(page)
    assert data["rules"] == "strict" and not data["moves"]
    assert solve(Position.start(numbered_deal(ahead), engine_game(data).rules)).won


def test_frames_off_and_on(page: Page) -> None:
    open_game(page, "?deal=1")
    expect(page.locator("#table")).to_have_class("table frames")
    open_settings(page)
    page.uncheck('input[name="frames"]')
    save_settings(page)
    expect(page.locator("#table")).to_have_class("table")
    shadow = page.locator("#layout .card.playable").first.evaluate("el => getComputedStyle(el).boxShadow")
    assert "244, 196, 48" not in shadow
    page.reload()
    open_game(page, "?deal=1")
    expect(page.locator("#table")).to_have_class("table")


def test_sound_on_plays_without_errors(page: Page) -> None:
    open_game(page, "?deal=1")
    open_settings(page)
    page.check('input[name=sound][value="on"]')
    save_settings(page)
    page.keyboard.press("d")
    page.keyboard.press("z")
    page.click('#layout [data-slot="18"]')  # a refused card buzzes
    assert json.loads(storage(page)["tripeaks:v1:settings"])["sound"] is True


def test_reduced_motion_follows_the_system_and_the_setting(page: Page) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_game(page, "?deal=1")
    root = page.locator("html")
    expect(root).to_have_class("reduce-motion")
    open_settings(page)
    page.check('input[name=motion][value="full"]')
    save_settings(page)
    expect(root).not_to_have_class("reduce-motion")
    open_settings(page)
    page.check('input[name=motion][value="reduce"]')
    save_settings(page)
    expect(root).to_have_class("reduce-motion")
    page.click('#layout [data-slot="21"]')
    assert page.evaluate("document.getAnimations().length") == 0


def test_settings_cancel_changes_nothing(page: Page) -> None:
    open_game(page, "?deal=1")
    open_settings(page)
    page.check('input[name="rule:rule_set"][value="easy"]')
    page.click("#settings-cancel")
    assert state(page)["rules"] == "standard"


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("?deal=abc", "not a deal"),
        ("?deal=0", "not a deal"),
        ("?deal=99999999999", "not a deal"),
        ("?daily=2026-02-30", "not a date"),
        ("?code=Kh8h5c", "not a deal"),
        ("?code=" + numbered_deal(1).code.replace(" ", "+").replace("Ks", "Kh"), "appears twice"),
    ],
)
def test_a_bad_link_says_so_and_deals_a_fresh_game(page: Page, query: str, words: str) -> None:
    data = open_game(page, query)
    expect(page.locator("#notices")).to_contain_text(words)
    assert data["status"] == "playing" and data["number"] is not None
    page.click('#layout [data-slot="18"]')  # the page plays
    assert "deal=" in page.url


def test_bad_rules_in_a_link_keep_the_deal(page: Page) -> None:
    data = open_game(page, "?deal=7&rules=nonsense")
    expect(page.locator("#notices")).to_contain_text("rules")
    assert data["number"] == 7 and data["rules"] == "standard"


def test_links_for_a_day_and_a_code_are_shareable(page: Page) -> None:
    data = open_game(page, "?daily=2026-11-30&rules=strict")
    assert data["daily"] == "2026-11-30" and data["rules"] == "strict"
    expect(page.locator("#deal-name")).to_contain_text("Daily deal 2026-11-30")
    deal = daily_deal(dt.date(2026, 11, 30))
    assert base_row(data) == [c.code for c in deal.layout_cards[18:]] and data["waste"] == deal.waste.code

    code = numbered_deal(99).code
    page.goto("index.html?code=" + code.replace(" ", "+"))
    open_game(page, "?code=" + code.replace(" ", "+") + "&rules=custom-2pass-nowrap-faceup")
    data = state(page)
    assert data["rules"] == "custom-2pass-nowrap-faceup"
    assert [s["card"] for s in data["slots"]] == [c.code for c in Deal.parse(code).layout_cards]
    assert "code=" in page.url


MESSAGES = """() => {
  window.messages = [];
  new MutationObserver(() => window.messages.push(document.querySelector('#message').textContent))
    .observe(document.querySelector('#message'), {childList: true, characterData: true, subtree: true});
}"""


def test_the_daily_deal_button_searches_without_freezing(page: Page) -> None:
    """The day's first candidate is lost: the engine's DailySearch goes on, in slices, to the next one."""
    page.clock.set_fixed_time(dt.datetime(2026, 2, 13, 10, 0))
    open_game(page, "?deal=5")
    page.evaluate(MESSAGES)
    menu(page, "#daily")
    page.wait_for_function("JSON.parse(window.tripeaksState()).daily === '2026-02-13'")
    data = state(page)
    deal = daily_deal(LOST_DAY)
    assert deal != deal_from_seed(daily_seed(LOST_DAY, 0))
    assert base_row(data) == [c.code for c in deal.layout_cards[18:]] and data["waste"] == deal.waste.code
    assert data["moves"] == [] and data["number"] is None and "daily=2026-02-13" in page.url
    expect(page.locator("#deal-name")).to_contain_text("Daily deal 2026-02-13")
    messages = page.evaluate("window.messages")
    assert "Finding today's deal…" in messages
    assert messages[-1].startswith("Daily deal 2026-02-13")
    page.keyboard.press("d")
    assert state(page)["moves"] == ["draw"]
    # Its save names the day and the candidate, not the cards: no face-down card can be read there.
    attempt = next(a for a in range(256) if deal_from_seed(daily_seed(LOST_DAY, a)) == deal)
    everything = json.dumps(storage(page))
    save = json.loads(json.loads(storage(page)["tripeaks:v1:game"])["save"])
    assert (save["deal"], save["daily"], save["attempt"]) == (None, "2026-02-13", attempt) and attempt > 0
    assert "".join(c.code for c in deal.stock[1:]) not in everything
    page.reload()
    ready(page)
    again = state(page)
    assert again["moves"] == ["draw"] and base_row(again) == [c.code for c in deal.layout_cards[18:]]


def test_a_link_to_a_day_whose_first_candidate_is_lost(page: Page) -> None:
    data = open_game(page, f"?daily={LOST_DAY.isoformat()}")
    deal = daily_deal(LOST_DAY)
    assert data["daily"] == LOST_DAY.isoformat() and data["rules"] == "standard"
    assert base_row(data) == [c.code for c in deal.layout_cards[18:]] and data["waste"] == deal.waste.code
    expect(page.locator("#message")).to_contain_text("Daily deal 2026-02-13")
