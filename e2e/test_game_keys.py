"""The keyboard: arrows move over the free cards, Enter plays, Space and D draw, Z, Y, H and N."""

from __future__ import annotations

from game_support import engine_game, open_game, open_menu, playable_slots, state
from playwright.sync_api import Page, expect

from tripeaks import TRIPEAKS


def focused_slot(page: Page) -> int | None:
    slot = page.evaluate("document.activeElement && document.activeElement.dataset.slot")
    return None if slot is None else int(slot)


def test_arrows_move_over_the_free_cards_and_enter_plays(page: Page) -> None:
    data = open_game(page, "?deal=1")
    page.keyboard.press("ArrowRight")
    first = focused_slot(page)
    assert first == 18  # the leftmost free card
    seen = [first]
    for _ in range(9):
        page.keyboard.press("ArrowRight")
        seen.append(focused_slot(page))
    assert seen == list(range(18, 28))
    page.keyboard.press("ArrowRight")
    assert focused_slot(page) == 27  # stays on the last card
    page.keyboard.press("ArrowLeft")
    assert focused_slot(page) == 26
    expect(page.locator('#layout [data-slot="26"]')).to_be_focused()

    target = playable_slots(data)[0]
    while focused_slot(page) != target:
        page.keyboard.press("ArrowLeft" if focused_slot(page) > target else "ArrowRight")
    page.keyboard.press("Enter")
    after = state(page)
    assert after["moves"] == [data["slots"][target]["card"]]
    assert focused_slot(page) is not None  # focus moves on to a neighbouring free card
    x, _ = TRIPEAKS.layout.places[target]
    assert abs(TRIPEAKS.layout.places[focused_slot(page)][0] - x) <= 1


def test_up_and_down_arrows_climb_the_peaks(page: Page) -> None:
    open_game(page, "?deal=1&rules=easy-faceup")
    page.keyboard.press("ArrowRight")
    assert focused_slot(page) == 18
    page.keyboard.press("ArrowUp")  # only row 3 is free: nothing above is free, focus stays
    assert focused_slot(page) == 18


def test_letters_draw_undo_redo_and_deal(page: Page) -> None:
    data = open_game(page, "?deal=1")
    page.keyboard.press("d")
    assert state(page)["moves"] == ["draw"]
    page.keyboard.press("ArrowRight")  # focus on a card: Space still draws, it does not play
    page.keyboard.press(" ")
    assert state(page)["moves"] == ["draw", "draw"]
    page.keyboard.press("z")
    page.keyboard.press("z")
    data = state(page)
    assert data["moves"] == [] and data["redo"] == ["draw", "draw"]
    page.keyboard.press("y")
    assert state(page)["moves"] == ["draw"]
    expect(page.locator("#live")).to_contain_text("Redid")
    page.keyboard.press("n")
    page.wait_for_function("JSON.parse(window.tripeaksState()).number !== 1")
    data = state(page)
    assert data["moves"] == [] and data["rules"] == "standard"
    assert f"deal={data['number']}" in page.url


def test_h_asks_for_a_hint(page: Page) -> None:
    data = open_game(page, "?deal=1")
    page.keyboard.press("h")
    page.wait_for_function("JSON.parse(window.tripeaksState()).hints === 1")
    after = state(page)
    game = engine_game(data)
    assert after["hinted"] or after["hint_control"] is not None
    if after["hinted"]:
        (target,) = after["hinted"]
        slot = int(target.removeprefix("slot:"))
        card = game.card_at(slot)
        assert card is not None and card.code in data["playable"]
        expect(page.locator(f'#layout [data-slot="{slot}"]')).to_have_class(
            "card face red free playable hinted" if card.red else "card face black free playable hinted"
        )


def test_keys_are_left_alone_in_the_deal_number_field(page: Page) -> None:
    open_game(page, "?deal=1")
    open_menu(page)
    page.fill("#deal-number", "")
    page.type("#deal-number", "12d")
    assert state(page)["moves"] == []
    page.fill("#deal-number", "12")
    page.press("#deal-number", "Enter")
    page.wait_for_function("JSON.parse(window.tripeaksState()).number === 12")
    assert "deal=12" in page.url


def test_space_on_a_control_presses_that_control(page: Page) -> None:
    open_game(page, "?deal=1")
    page.keyboard.press("d")
    page.focus("#undo")
    page.keyboard.press(" ")
    assert state(page)["moves"] == []
