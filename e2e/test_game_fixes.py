"""What a new player found (issue 17), each fixed and kept fixed: the stock after a win, settings saved over
a linked game, statistics on a phone, deal codes and odd numbers in a link, storage full then freed, a
replaced game counted, a value too large to back up, and what a numbered deal's save gives away."""

from __future__ import annotations

import json
import re

import pytest
from game_support import (
    engine_game,
    make_move,
    menu,
    open_game,
    open_menu,
    playable_slots,
    records_of,
    solution,
    state,
    storage,
)
from playwright.sync_api import Page, expect
from test_game_storage import set_storage

from tripeaks import DRAW, STANDARD, TRIANGLE, Game, IllegalMoveError, numbered_deal


def saved(game: Game, game_id: str = "a-game") -> str:
    return json.dumps({"schema": 1, "rev": 1, "tab": "elsewhere", "id": game_id, "time": 1764547200,
                       "save": game.to_json()})


def won_game(number: int = 1) -> Game:
    return Game.from_moves(numbered_deal(number), STANDARD, solution(number, STANDARD), number=number)


def test_the_stock_after_a_win_says_the_game_is_won(page: Page) -> None:
    game = won_game()
    set_storage(page, {"tripeaks:v1:game": saved(game)})
    data = open_game(page, "")
    assert data["status"] == "won" and data["stock"] > 0
    with pytest.raises(IllegalMoveError) as refused:
        game.push(DRAW)
    page.click("#ending-close")  # the end sheet put aside, to look at the table
    for how in ("d", " ", "stock"):
        page.evaluate("document.querySelector('#message').textContent = ''")
        if how == "stock":
            page.click("#stock")
        else:
            page.keyboard.press(how)
        expect(page.locator("#message")).to_have_text(str(refused.value))
        assert "already been played" not in page.inner_text("#message")
    assert state(page)["moves"] == data["moves"]


def test_saving_only_the_sound_keeps_a_linked_game_with_other_rules(page: Page) -> None:
    open_game(page, "?deal=5&rules=strict")  # the settings say Standard
    page.keyboard.press("d")
    menu(page, "#settings-open")
    expect(page.locator("#settings-note")).to_contain_text("other rules (Strict)")
    expect(page.locator('input[name="rule:rule_set"][value="standard"]')).to_be_checked()
    page.check('input[name=sound][value="on"]')
    page.click("#settings-save")
    expect(page.locator("#confirm")).to_be_hidden()
    expect(page.locator("#message")).to_have_text("Settings saved.")
    data = state(page)
    assert data["number"] == 5 and data["rules"] == "strict" and data["moves"] == ["draw"]


def test_the_statistics_fit_a_360_pixel_phone(page: Page) -> None:
    records = {"format": "tripeaks-records", "version": 1, "rules": {
        key: {"played": 12345, "won": 9876, "streak": 12, "best_streak": 345, "longest_run": 27,
              "best_score": 123456, "fastest_win": 5432.1}
        for key in ("standard", "custom-unlimited-nowrap-faceup-emptywaste", "triangle:standard")
    }}
    set_storage(page, {"tripeaks:v1:records": json.dumps(records)})
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, "?deal=1")
    menu(page, "#stats-open")
    dialog = page.locator("#stats")
    expect(dialog).to_be_visible()
    out = page.evaluate(
        """() => [...document.querySelectorAll('#stats th, #stats td, #stats h3')]
             .filter(el => el.getClientRects().length)
             .filter(el => el.getBoundingClientRect().right > document.querySelector('#stats')
                            .getBoundingClientRect().right + 0.5 || el.getBoundingClientRect().right > 360)
             .map(el => el.textContent)"""
    )
    assert out == []
    assert page.evaluate("(d => d.scrollWidth <= d.clientWidth)(document.querySelector('#stats'))")
    expect(dialog).to_contain_text("Custom: unlimited passes, no wrap, face up, empty waste")
    expect(page.locator('#stats section[data-game="triangle"]')).to_contain_text("1:30:32")


def test_a_deal_code_in_the_deal_field_is_played(page: Page) -> None:
    code = numbered_deal(42).code
    data = open_game(page, "?deal=" + code.replace(" ", "+"))
    expect(page.locator("#notices")).to_be_empty()
    assert data["number"] is None and data["slots"][27]["card"] == numbered_deal(42).layout_cards[27].code
    assert "code=" in page.url
    triangle = numbered_deal(7, TRIANGLE).code
    data = open_game(page, "?deal=" + triangle.replace(" ", "+"))
    assert data["game"] == "triangle" and [s["card"] for s in data["slots"]] == [
        c.code for c in numbered_deal(7, TRIANGLE).layout_cards]


def test_a_triangle_code_is_played_on_the_triangle_table(page: Page) -> None:
    code = numbered_deal(7, TRIANGLE).code
    data = open_game(page, "?code=" + code.replace(" ", "+"))
    assert data["game"] == "triangle" and data["rules"] == "standard"
    assert [s["state"] for s in data["slots"]] == ["up"] * 28
    assert [s["free"] for s in data["slots"]] == [False] * 27 + [True]  # only the point is free
    assert "game=triangle" in page.url and "code=triangle" in page.url
    open_menu(page)  # the game switcher is in the menu
    expect(page.get_by_role("radio", name="Triangle")).to_be_checked()
    data = open_game(page, "?game=triangle&code=" + numbered_deal(7).code.replace(" ", "+"))
    expect(page.locator("#notices")).to_contain_text("not a Triangle one")


def test_odd_numbers_in_a_link_are_refused_in_words(page: Page) -> None:
    for number in ("²", "٣", "12x", "1" * 5000):
        data = open_game(page, f"?deal={number}")
        notice = page.locator("#notices")
        expect(notice).to_contain_text(
            "is not a deal: a deal is a number from 1 to 2,147,483,647 or a deal code"
        )
        assert "could not start" not in notice.inner_text() and "Error" not in notice.inner_text()
    expect(notice).to_contain_text("1" * 40 + "…")
    assert "1" * 41 not in notice.inner_text()
    slots = playable_slots(data)
    page.click(f'#layout [data-slot="{slots[0]}"]' if slots else "#stock")
    kept = json.loads(json.loads(storage(page)["tripeaks:v1:game"])["save"])
    assert kept["number"] == data["number"] and len(kept["moves"]) == 1  # the fresh game is saved


FULL_UNTIL_FREED = """
window.__full = false;
const real = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (window.__full && key.startsWith('tripeaks:')) {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
  return real.call(this, key, value);
};
"""


def test_saving_comes_back_when_space_is_freed(page: Page) -> None:
    moves = solution(1, STANDARD)
    almost = Game.from_moves(numbered_deal(1), STANDARD, moves[:-1], number=1)
    set_storage(page, {"tripeaks:v1:game": saved(almost, "nearly-won")})
    page.add_init_script(FULL_UNTIL_FREED)
    data = open_game(page, "")
    assert data["moves"] == [m.notation for m in moves[:-1]]
    page.evaluate("window.__full = true")
    make_move(page, data, moves[-1])  # the win, while nothing can be saved
    data = state(page)
    assert data["status"] == "won" and data["saving"] is False
    expect(page.locator("#notices")).to_contain_text("not being saved")
    assert "tripeaks:v1:records" not in storage(page)
    page.evaluate("window.__full = false")  # space freed
    expect(page.locator("#notices")).not_to_contain_text("not being saved", timeout=5000)
    assert state(page)["saving"] is True
    kept = storage(page)
    records = records_of(kept["tripeaks:v1:records"])
    assert records["standard"]["played"] == 1 and records["standard"]["won"] == 1
    assert "nearly-won" in json.loads(kept["tripeaks:v1:finished"])
    assert json.loads(json.loads(kept["tripeaks:v1:game"])["save"])["moves"][-1] == moves[-1].notation


def test_a_game_replaced_by_a_link_counts_as_given_up(page: Page) -> None:
    open_game(page, "?deal=3")
    page.keyboard.press("d")
    open_game(page, "?deal=4")
    expect(page.locator("#notices")).to_contain_text("counts it as given up")
    assert "tripeaks:v1:records" not in storage(page)  # not yet: the link's deal is not played
    page.keyboard.press("d")
    records = records_of(storage(page)["tripeaks:v1:records"])
    assert records["standard"] == {**records["standard"], "played": 1, "won": 0}
    page.keyboard.press("n")  # and New deal counts the same way
    page.wait_for_function("JSON.parse(window.tripeaksState()).number !== 4")
    records = records_of(storage(page)["tripeaks:v1:records"])
    assert records["standard"]["played"] == 2


NO_ROOM_FOR_BACKUPS = """
const real = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (key.includes(':backup:')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  return real.call(this, key, value);
};
"""


def test_a_value_too_large_to_back_up_says_it_could_not_be_kept(page: Page) -> None:
    set_storage(page, {"tripeaks:v1:game": "{damaged" + "x" * 1000})
    page.add_init_script(NO_ROOM_FOR_BACKUPS)
    open_game(page, "?deal=2")
    expect(page.locator("#notices")).to_contain_text("Your saved game could not be read")
    expect(page.locator("#notices")).to_contain_text("No copy of it could be kept")
    expect(page.locator("#notices")).to_contain_text("replaced as you play")


def test_a_numbered_deal_is_saved_by_its_number(page: Page) -> None:
    data = open_game(page, "?deal=3")
    slots = playable_slots(data)
    page.click(f'#layout [data-slot="{slots[0]}"]')
    page.keyboard.press("d")
    everything = json.dumps(storage(page))
    deal = numbered_deal(3)
    save = json.loads(json.loads(storage(page)["tripeaks:v1:game"])["save"])
    assert save["deal"] is None and save["number"] == 3
    hidden = "".join(c.code for c in deal.stock[1:])  # the stock order, not yet seen
    assert hidden not in everything and deal.code.split()[0] not in everything
    assert not re.search(r"[2-9TJQKA][cdhs]{1}/", everything)
    # A game from a code keeps its code: the code is what names the deal.
    code = numbered_deal(8).code
    open_game(page, "?code=" + code.replace(" ", "+"))
    page.keyboard.press("d")
    assert json.loads(json.loads(storage(page)["tripeaks:v1:game"])["save"])["deal"] == code
    assert engine_game(state(page), numbered_deal(8)).moves_made == 1


def test_new_deal_over_an_unplayed_link_counts_the_game_it_replaces(page: Page) -> None:
    open_game(page, "?deal=3")
    page.keyboard.press("d")
    open_game(page, "?deal=4")
    page.keyboard.press("n")
    page.wait_for_function("JSON.parse(window.tripeaksState()).number !== 4")
    records = records_of(storage(page)["tripeaks:v1:records"])
    assert records["standard"]["played"] == 1  # deal 3, given up; deal 4 was never played
