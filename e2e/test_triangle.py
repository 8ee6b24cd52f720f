"""Triangle in the page: won by clicks and by the keyboard alone, pairs selected, dragged and refused, a
hint that frames both cards, redeals, undo past the end, and the game switcher with both games kept."""

from __future__ import annotations

import json

from game_support import (
    assert_matches_engine,
    card_selector,
    engine_game,
    make_move,
    menu,
    open_game,
    open_menu,
    records_of,
    solution,
    state,
    storage,
)
from playwright.sync_api import Page, expect

from tripeaks import DRAW, TRIANGLE, Card, Game, Move, Position, numbered_deal

CLICKED = 1  # won with a redeal on the way
KEYED = 10  # won in 35 moves, no redeal


def test_a_deal_is_won_by_clicks_and_undone_past_the_end(page: Page) -> None:
    data = open_game(page, f"?game=triangle&deal={CLICKED}")
    assert data["game"] == "triangle" and data["rules"] == "standard" and "game=triangle" in page.url
    assert [s["state"] for s in data["slots"]] == ["up"] * 28  # all face up
    assert_matches_engine(data, engine_game(data))
    moves = solution(CLICKED, game=TRIANGLE)
    assert "redeal" in [m.notation for m in moves]
    game = Game(numbered_deal(CLICKED, TRIANGLE), number=CLICKED)
    for move in moves:
        before = game.position
        make_move(page, data, move)
        game.push(move)
        data = state(page)
        assert data["moves"][-1] == move.notation
        if move.kind == "play" and len(move.cards) == 2:
            said = TRIANGLE.words.said(before, move, game.position)
            expect(page.locator("#live")).to_contain_text(said)
    assert data["status"] == "won" and data["score"] == 52
    assert_matches_engine(data, engine_game(data))
    expect(page.locator("#ending-title")).to_have_text("You removed every card!")
    expect(page.locator("#live")).to_contain_text("You removed every card!")

    for _ in range(3):  # undo past the end
        page.click("#undo")
    data = state(page)
    assert data["status"] == "playing" and data["redo"] == [m.notation for m in moves[-3:]]
    expect(page.locator("#ending")).to_be_hidden()
    assert_matches_engine(data, engine_game(data))
    for _ in range(3):
        page.keyboard.press("y")
    assert state(page)["status"] == "won"

    menu(page, "#stats-open")
    section = page.locator('#stats-body section[data-game="triangle"]')
    row = section.locator("tr.current")
    expect(row).to_contain_text("Standard")
    expect(row.locator("td").nth(0)).to_have_text("1")  # played
    expect(row.locator("td").nth(1)).to_have_text("1")  # won
    records = records_of(storage(page)["tripeaks:v1:records"])
    assert records["triangle:standard"]["won"] == 1 and "standard" not in records


def focused(page: Page) -> str | None:
    return page.evaluate("""() => {
        const el = document.activeElement;
        if (!el) return null;
        if (el.id === 'stock') return 'stock';
        if (el.id === 'waste-top') return 'waste';
        return el.dataset && el.dataset.slot !== undefined ? 'slot:' + el.dataset.slot : null;
    }""")


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def selector_of(target: str) -> str:
    if target == "stock":
        return "#stock"
    if target == "waste":
        return "#waste-top"
    return f'#layout [data-slot="{target.removeprefix("slot:")}"]'


def focus_by_arrows(page: Page, selector: str) -> None:
    """Move the focus onto ``selector`` with the left and right arrows only, as a keyboard player would
    (they step through the cards that may be taken from left to right)."""
    if focused(page) is None:
        page.keyboard.press("ArrowRight")
    for _ in range(30):
        here = focused(page)
        assert here is not None
        if selector_of(here) == selector:
            return
        (x, y), (tx, ty) = centre(page, selector_of(here)), centre(page, selector)
        page.keyboard.press("ArrowRight" if (round(tx), -ty) > (round(x), -y) else "ArrowLeft")
        assert focused(page) != here, f"the arrows never reach {selector} from {here}"
    raise AssertionError(f"the arrows never reach {selector}")


def test_a_deal_is_won_with_the_keyboard_alone(page: Page) -> None:
    data = open_game(page, f"?game=triangle&deal={KEYED}")
    moves = solution(KEYED, game=TRIANGLE)
    for move in moves:
        if move.kind == "play":
            for card in move.cards:
                focus_by_arrows(page, card_selector(data, card))
                page.keyboard.press("Enter")
        else:
            page.keyboard.press("d")
        data = state(page)
        assert data["moves"][-1] == move.notation, move
    assert data["status"] == "won"
    expect(page.locator("#ending")).to_be_visible()


def test_selecting_a_card_then_its_partner_and_unselecting(page: Page) -> None:
    data = open_game(page, f"?game=triangle&deal={CLICKED}")
    first, second = Card.parse("9s"), Card.parse("4c")  # the first pair of the solver's line
    assert data["stock_top"] == "9s" and data["waste"] == "4c"
    page.click("#stock")
    data = state(page)
    assert data["selected"] == "9s" and data["moves"] == []
    expect(page.locator("#stock")).to_have_class(lambda_class("selected"))
    expect(page.locator("#message")).to_have_text(
        TRIANGLE.words.selected(Position.start(numbered_deal(CLICKED, TRIANGLE)), first)
    )
    page.click("#stock")  # the same card again: unselected
    assert state(page)["selected"] is None
    expect(page.locator("#message")).to_contain_text("no longer selected")
    page.click("#stock")
    page.click("#waste-top")
    data = state(page)
    assert data["moves"] == ["9s+4c"] and data["selected"] is None
    said = f"Removed the {first.name} and the {second.name}: 50 cards left"
    expect(page.locator("#live")).to_contain_text(said)


def lambda_class(name: str) -> object:
    import re

    return re.compile(rf"\b{name}\b")


def test_a_card_without_a_partner_says_why_and_a_wrong_pair_is_refused(page: Page) -> None:
    data = open_game(page, f"?game=triangle&deal={CLICKED}")
    game = engine_game(data)
    point = next(s for s, seen in enumerate(data["slots"]) if seen["state"] == "up" and seen["free"])
    card = Card.parse(data["slots"][point]["card"])  # the point: the 10 of diamonds, no 3 available
    page.click(f'#layout [data-slot="{point}"]')
    expect(page.locator("#message")).to_have_text(game.explain(point))
    expect(page.locator("#message")).to_contain_text("needs")
    assert state(page)["selected"] is None
    covered = 0
    page.click(f'#layout [data-slot="{covered}"]')
    expect(page.locator("#message")).to_have_text(game.explain(covered))
    expect(page.locator("#message")).to_contain_text("covered by")
    page.click("#stock")  # the 9 of spades: selected, then the 10 is no partner
    page.click(f'#layout [data-slot="{point}"]')
    # the engine's refusal of that pair, word for word
    try:
        game.position.after(Move.play(Card.parse("9s"), card))
    except ValueError as error:
        expect(page.locator("#message")).to_have_text(str(error))
    assert "not 13" in page.inner_text("#message")
    assert state(page)["moves"] == [] and state(page)["selected"] is None


def test_dragging_a_card_onto_its_partner_removes_the_pair(page: Page) -> None:
    open_game(page, f"?game=triangle&deal={CLICKED}")
    source, target = page.locator("#stock").bounding_box(), page.locator("#waste-top").bounding_box()
    assert source and target
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    for step in range(1, 9):
        page.mouse.move(
            source["x"] + (target["x"] - source["x"]) * step / 8 + source["width"] / 2,
            source["y"] + (target["y"] - source["y"]) * step / 8 + source["height"] / 2,
        )
    page.mouse.up()
    assert state(page)["moves"] == ["9s+4c"]


def test_a_hint_frames_both_cards_of_the_pair(page: Page) -> None:
    data = open_game(page, f"?game=triangle&deal={CLICKED}")
    page.keyboard.press("h")
    page.wait_for_function("JSON.parse(window.tripeaksState()).hints === 1")
    data = state(page)
    assert data["hinted"] == ["stock", "waste"]  # the 9 of spades on the stock, the 4 of clubs on the waste
    expect(page.locator("#stock")).to_have_class(lambda_class("hinted"))
    expect(page.locator("#waste-top")).to_have_class(lambda_class("hinted"))
    expect(page.locator("#message")).to_have_text("Remove the 9 of spades and the 4 of clubs.")
    page.click("#stock")
    page.click("#waste-top")
    assert state(page)["hinted"] == []


def test_drawing_and_redealing(page: Page) -> None:
    data = open_game(page, "?game=triangle&deal=6")  # lost at once: nothing pairs, so draw it all
    expect(page.locator("#redeal")).to_have_text("Redeal (2 left)")
    expect(page.locator("#redeal")).to_be_disabled()
    for _ in range(data["stock"]):
        page.keyboard.press("d")
    data = state(page)
    assert data["stock"] == 0 and data["stock_move"] == "redeal"
    expect(page.locator("#draw")).to_be_disabled()
    expect(page.locator("#redeal")).to_be_enabled()
    expect(page.locator("#stock")).to_have_attribute("aria-label", TRIANGLE.words.stock_label(
        engine_game(data).position))
    page.keyboard.press("r")
    data = state(page)
    assert data["moves"][-1] == "redeal" and data["stock"] > 0 and data["waste"] is None
    expect(page.locator("#redeal")).to_have_text("Redeal (1 left)")
    assert_matches_engine(data, engine_game(data))
    page.keyboard.press("d")
    assert state(page)["moves"][-1] == "draw"


def test_the_stock_after_the_end_says_what_the_engine_says(page: Page) -> None:
    data = open_game(page, "?game=triangle&deal=6")
    for _ in range(300):
        if data["status"] != "playing":
            break
        if data["stock_move"] is not None:
            page.keyboard.press("d")
        else:
            move = next(m for m in engine_game(data).legal_moves if m.kind == "play")
            make_move(page, data, move)
        data = state(page)
    assert data["status"] == "out_of_moves"
    expect(page.locator("#ending-title")).to_have_text("No more moves")
    page.keyboard.press("d")
    game = engine_game(data)
    try:
        game.push(DRAW)
    except ValueError as error:
        expected = str(error)
    expect(page.locator("#message")).to_have_text(expected)


def test_the_game_switcher_keeps_each_game(page: Page) -> None:
    data = open_game(page, "?deal=3")
    page.keyboard.press("d")
    tripeaks_moves = state(page)["moves"]
    open_menu(page)  # the game switcher is in the menu
    page.get_by_role("radio", name="Triangle").check()
    page.wait_for_function("JSON.parse(window.tripeaksState()).game === 'triangle'")
    data = state(page)
    assert data["moves"] == [] and "game=triangle" in page.url
    expect(page.locator("#game-title")).to_have_text("Triangle")
    assert page.title() == "Triangle"
    page.keyboard.press("d")
    triangle = state(page)
    page.reload()
    data = open_game(page, "")  # a bare address: the game played last, continued
    assert data["game"] == "triangle" and data["number"] == triangle["number"] and data["moves"] == ["draw"]
    open_menu(page)  # the game switcher is in the menu
    expect(page.get_by_role("radio", name="Triangle")).to_be_checked()
    open_menu(page)  # the game switcher is in the menu
    page.get_by_role("radio", name="TriPeaks").check()
    page.wait_for_function("JSON.parse(window.tripeaksState()).game === 'tripeaks'")
    data = state(page)
    assert data["number"] == 3 and data["moves"] == tripeaks_moves
    expect(page.locator("#message")).to_contain_text("back to your game")
    page.reload()
    data = open_game(page, "")
    assert data["game"] == "tripeaks" and data["number"] == 3
    saved = storage(page)
    assert json.loads(json.loads(saved["tripeaks:v1:game:triangle"])["save"])["game"] == "triangle"
    assert json.loads(json.loads(saved["tripeaks:v1:game"])["save"])["game"] == "tripeaks"
    settings = json.loads(saved["tripeaks:v1:settings"])
    assert settings["game"] == "tripeaks"


def test_a_stored_game_never_loads_as_the_other(page: Page) -> None:
    open_game(page, "?game=triangle&deal=4")
    page.keyboard.press("d")
    triangle = storage(page)["tripeaks:v1:game:triangle"]
    page.evaluate("save => localStorage.setItem('tripeaks:v1:game', save)", triangle)
    data = open_game(page, "?deal=9")  # TriPeaks: its saved game is a Triangle one
    assert data["game"] == "tripeaks" and data["number"] == 9
    expect(page.locator("#notices")).to_contain_text("this is a Triangle save, not a TriPeaks one")
    kept = storage(page)
    assert triangle in [v for k, v in kept.items() if k.startswith("tripeaks:v1:backup:game:")]
    # the Triangle game itself is untouched: the same deal and moves (leaving its page saved it again, with
    # a new revision and the seconds its clock had run since the draw)
    def game(stored: str) -> dict:
        save = json.loads(json.loads(stored)["save"])
        save.pop("seconds")
        return save

    assert game(kept["tripeaks:v1:game:triangle"]) == game(triangle)


def test_the_daily_deal_and_winnable_deals_are_the_games_own(page: Page) -> None:
    import datetime as dt

    from tripeaks import daily_deal, solve

    page.clock.set_fixed_time(dt.datetime(2026, 12, 2, 10, 0))
    open_game(page, "?game=triangle&deal=4")
    menu(page, "#daily")
    page.wait_for_function("JSON.parse(window.tripeaksState()).daily === '2026-12-02'")
    data = state(page)
    deal = daily_deal(dt.date(2026, 12, 2), solitaire=TRIANGLE)
    assert data["game"] == "triangle" and data["slots"][0]["card"] == deal.layout_cards[0].code
    assert "game=triangle" in page.url and "daily=2026-12-02" in page.url
    menu(page, "#settings-open")
    expect(page.locator("#rules-choices")).to_contain_text("Triangle has one rule set")
    page.check('input[name="winnable_only"]')
    page.click("#settings-save")
    page.click("#new")
    page.wait_for_function("JSON.parse(window.tripeaksState()).number !== null")
    data = state(page)
    assert data["game"] == "triangle"
    assert solve(Position.start(numbered_deal(data["number"], TRIANGLE))).won


def test_a_damaged_triangle_game_is_kept_aside(page: Page) -> None:
    open_game(page, "?deal=2")
    page.evaluate("localStorage.setItem('tripeaks:v1:game:triangle', '{damaged')")
    data = open_game(page, "?game=triangle")
    assert data["game"] == "triangle" and data["moves"] == []
    expect(page.locator("#notices")).to_contain_text("Your saved game could not be read")
    kept = storage(page)
    assert [v for k, v in kept.items() if k.startswith("tripeaks:v1:backup:game:triangle:")] == ["{damaged"]
    assert json.loads(json.loads(kept["tripeaks:v1:game"])["save"])["number"] == 2  # TriPeaks' untouched
