"""Saving: a reload keeps the game; damaged data is kept aside; full or forbidden storage; two tabs."""

from __future__ import annotations

import json

import pytest
from game_support import (
    engine_game,
    make_move,
    menu,
    open_game,
    playable_slots,
    records_of,
    slot_of,
    solution,
    state,
    storage,
)
from playwright.sync_api import BrowserContext, Page, expect

from tripeaks import STANDARD, numbered_deal

# A same-origin page that doesn't run the game, to change storage with no game tab open.
QUIET_PAGE = "web/vendor/pyodide/package.json"


def set_storage(page: Page, items: dict[str, str]) -> None:
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))  # asked for by a JSON page
    page.goto(QUIET_PAGE)
    page.evaluate("items => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v))", items)


def test_reload_keeps_the_game_with_its_whole_history(page: Page) -> None:
    data = open_game(page, "?deal=3")
    page.click(f'#layout [data-slot="{playable_slots(data)[0]}"]')
    page.keyboard.press("d")
    page.keyboard.press("d")
    page.keyboard.press("z")
    before = state(page)
    page.reload()
    open_game(page, "")  # the bare address continues the saved game
    after = state(page)
    for key in ("number", "moves", "redo", "score", "slots", "stock", "waste"):
        assert after[key] == before[key], key
    page.keyboard.press("y")
    assert state(page)["moves"] == [*before["moves"], "draw"]
    for _ in range(3):
        page.keyboard.press("z")
    assert state(page)["moves"] == []


def test_a_link_to_another_deal_offers_to_continue(page: Page) -> None:
    data = open_game(page, "?deal=3")
    page.keyboard.press("d")
    data = open_game(page, "?deal=4")
    assert data["number"] == 4
    notice = page.locator("#notices")
    expect(notice).to_contain_text("You have a game in progress: Deal 3")
    notice.get_by_role("button", name="Continue").click()
    data = state(page)
    assert data["number"] == 3 and data["moves"] == ["draw"]
    assert "deal=3" in page.url


def test_damaged_saves_are_kept_aside_and_play_goes_on(page: Page) -> None:
    set_storage(page, {
        "tripeaks:v1:game": "{not json",
        "tripeaks:v1:settings": json.dumps({"schema": 99, "rule_set": "easy"}),
        "tripeaks:v1:records": json.dumps({"format": "tripeaks-records", "version": 1, "rules": []}),
    })
    data = open_game(page, "")
    text = page.inner_text("#notices")
    assert "Your saved game could not be read" in text
    assert "Your settings could not be read" in text and "newer version" in text
    assert "Your statistics could not be read" in text
    kept = storage(page)
    backups = {k: v for k, v in kept.items() if k.startswith("tripeaks:v1:backup:")}
    assert sorted(v for v in backups.values()) == sorted([
        "{not json",
        json.dumps({"schema": 99, "rule_set": "easy"}),
        json.dumps({"format": "tripeaks-records", "version": 1, "rules": []}),
    ])
    assert data["status"] == "playing"
    page.keyboard.press("d")
    assert state(page)["moves"] == ["draw"]
    assert json.loads(storage(page)["tripeaks:v1:game"])["rev"] >= 1


def test_a_forged_save_is_refused(page: Page) -> None:
    data = open_game(page, "?deal=3")
    page.keyboard.press("d")
    envelope = json.loads(storage(page)["tripeaks:v1:game"])
    save = json.loads(envelope["save"])
    save["moves"] = ["draw", "Kc", "Kc"]  # a card played twice
    envelope["save"] = json.dumps(save)
    set_storage(page, {"tripeaks:v1:game": json.dumps(envelope)})
    data = open_game(page, "")
    expect(page.locator("#notices")).to_contain_text("can't be made")
    assert data["moves"] == []


def test_a_save_from_a_newer_version_is_kept(page: Page) -> None:
    future = json.dumps({"schema": 7, "rev": 1, "id": "x", "save": "{}"})
    set_storage(page, {"tripeaks:v1:game": future})
    open_game(page, "")
    expect(page.locator("#notices")).to_contain_text("newer version")
    assert future in storage(page).values()


FULL = """
const real = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (key.startsWith('tripeaks:v1:game') || key.startsWith('tripeaks:v1:records')) {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
  return real.call(this, key, value);
};
"""


def test_full_storage_lets_play_go_on_with_a_notice(page: Page) -> None:
    page.add_init_script(FULL)
    data = open_game(page, "?deal=1")
    expect(page.locator("#notices")).to_be_empty()
    for move in solution(1, STANDARD):
        make_move(page, data, move)
        data = state(page)
        expect(page.locator("#notices")).to_contain_text("not being saved")
    assert data["status"] == "won"
    assert data["saving"] is False


FORBIDDEN = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('Access is denied for this document.', 'SecurityError'); },
});
"""


def test_forbidden_storage_lets_play_go_on_with_a_notice(page: Page) -> None:
    page.add_init_script(FORBIDDEN)
    data = open_game(page, "?deal=2")
    expect(page.locator("#notices")).to_contain_text("not being saved")
    page.click(f'#layout [data-slot="{playable_slots(data)[0]}"]')
    page.keyboard.press("d")
    assert len(state(page)["moves"]) == 2
    menu(page, "#settings-open")
    page.check('input[name="frames"]')
    page.click("#settings-save")
    menu(page, "#stats-open")
    expect(page.locator("#stats")).to_be_visible()


# Two tabs: the tab a test acts in is brought to the front first, as a player's would be. A tab behind
# another gets no animation frames, and Playwright waits for frames before each click (seconds a click).


def test_another_tab_changing_the_game_is_noticed(context: BrowserContext, page: Page) -> None:
    open_game(page, "?deal=6")
    page.keyboard.press("d")
    other = context.new_page()
    open_game(other, "")
    assert state(other)["moves"] == ["draw"]
    other.keyboard.press("d")  # the second tab moves on
    page.bring_to_front()
    expect(page.locator("#notices")).to_contain_text("changed in another tab")
    page.keyboard.press("z")  # this tab's move is not saved over the other's
    assert json.loads(json.loads(storage(page)["tripeaks:v1:game"])["save"])["moves"] == ["draw", "draw"]
    page.locator("#notices").get_by_role("button", name="Load the newer game").click()
    assert state(page)["moves"] == ["draw", "draw"]
    page.keyboard.press("d")
    other.bring_to_front()
    expect(other.locator("#notices")).to_contain_text("changed in another tab")
    other.locator("#notices").get_by_role("button", name="Keep this one").click()
    saved = json.loads(json.loads(storage(other)["tripeaks:v1:game"])["save"])
    assert saved["moves"] == ["draw", "draw"]
    other.close()


def test_a_game_finished_in_two_tabs_is_counted_once(context: BrowserContext, page: Page) -> None:
    open_game(page, "?deal=1")
    other = context.new_page()
    open_game(other, "?deal=1")
    moves = solution(1, STANDARD)
    page.bring_to_front()
    for move in moves[:-1]:
        make_move(page, state(page), move)
    other.bring_to_front()
    other.locator("#notices").get_by_role("button", name="Load the newer game").click()
    last = moves[-1]
    for tab in (page, other):
        tab.bring_to_front()
        make_move(tab, state(tab), last)
        assert state(tab)["status"] == "won"
        if tab is page:
            expect(other.locator("#notices")).to_contain_text("changed in another tab")
    records = records_of(storage(page)["tripeaks:v1:records"])
    assert records["standard"]["played"] == 1
    assert records["standard"]["won"] == 1
    assert engine_game(state(other)).status.value == "won"
    other.close()


BOOT_TROUBLE = """
const real = History.prototype.replaceState;
let first = true;
History.prototype.replaceState = function (...args) {
  if (first) {
    first = false;
    throw new Error("trouble at boot (a test)");
  }
  return real.apply(this, args);
};
"""


@pytest.mark.allow_console_errors  # the page reports what went wrong on the console: checked below
def test_trouble_at_boot_still_leaves_a_playable_page(page: Page, console_errors: list[str]) -> None:
    page.add_init_script(BOOT_TROUBLE)
    data = open_game(page, "?deal=3")
    expect(page.locator("#notices")).to_contain_text("Something went wrong while starting")
    expect(page.locator("#notices")).to_contain_text("a fresh game is dealt")
    assert data["status"] == "playing" and data["moves"] == [] and data["rules"] == "standard"
    assert len(console_errors) == 1 and "TriPeaks could not start normally" in console_errors[0]
    expect(page.locator("#new")).to_be_enabled()
    # The fresh deal is a random one, which may have no card to play yet: then a draw is the first move.
    slots = playable_slots(data)
    page.click(f'#layout [data-slot="{slots[0]}"]' if slots else "#stock")
    page.keyboard.press("d")
    page.click("#undo")
    assert len(state(page)["moves"]) == 1  # each tap counted once: the controls are wired once
    assert f"deal={data['number']}" in page.url
    kept = json.loads(json.loads(storage(page)["tripeaks:v1:game"])["save"])  # and it is saved, as said
    assert kept["number"] == data["number"] and kept["moves"] == state(page)["moves"]


def test_a_save_from_before_the_family_of_games_is_continued(page: Page) -> None:
    """A version 1 save (always a deal code, TriPeaks rules of three fields) loads, plays on, and is
    written again as version 2."""
    deal = numbered_deal(3)
    first = next(m for m in solution(3, STANDARD) if m.card is not None)
    old = {
        "format": "tripeaks-save", "version": 1, "deal": deal.code,
        "rules": {"passes": 1, "wrap": True, "face_up": False},
        "moves": ["draw", "draw"], "redo": ["draw"], "number": 3, "daily": None, "hints": 0, "seconds": 41.5,
    }
    envelope = {"schema": 1, "rev": 4, "tab": "old", "id": "an-old-game", "time": 1764547200,
                "save": json.dumps(old)}
    set_storage(page, {"tripeaks:v1:game": json.dumps(envelope)})
    data = open_game(page, "")
    expect(page.locator("#notices")).to_be_empty()
    assert data["number"] == 3 and data["rules"] == "standard"
    assert data["moves"] == ["draw", "draw"] and data["redo"] == ["draw"]
    assert data["stock"] == 21 and data["seconds"] >= 41.5
    page.keyboard.press("y")
    assert state(page)["moves"] == ["draw", "draw", "draw"]
    page.keyboard.press("z")
    page.keyboard.press("z")
    page.keyboard.press("z")
    assert first.card is not None
    page.click(f'#layout [data-slot="{slot_of(state(page), first.card)}"]')
    data = state(page)
    assert data["moves"] == [first.notation]
    saved = json.loads(storage(page)["tripeaks:v1:game"])
    assert saved["id"] == "an-old-game" and saved["rev"] > 4
    written = json.loads(saved["save"])
    assert written["version"] == 2 and written["game"] == "tripeaks" and written["deal"] is None
    assert written["number"] == 3 and written["moves"] == [first.notation]


def test_a_save_another_version_wrote_while_the_tab_was_open_is_backed_up_before_it_is_replaced(
        page: Page) -> None:
    data = open_game(page, "?deal=3")
    newer = json.dumps({"schema": 9, "rev": 40, "tab": "other", "id": "x", "save": "{}", "extra": [1, 2]})
    page.evaluate("text => localStorage.setItem('tripeaks:v1:game', text)", newer)
    page.click(f'#layout [data-slot="{playable_slots(data)[0]}"]')
    page.click("#notices button:has-text('Keep this one')")  # the other tab's game is not read here
    page.wait_for_function("JSON.parse(localStorage.getItem('tripeaks:v1:game')).schema === 1")
    kept = {key: value for key, value in storage(page).items() if key.startswith("tripeaks:v1:backup:game:")}
    assert list(kept.values()) == [newer]
