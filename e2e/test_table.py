"""The table as a player holds it: every game and rule set fits a phone upright and on its side, a small
phone and a desktop without a scroll; the cards span the width, the stock and the waste sit under the
thumb, one bar of icon buttons; a play flies, reduced motion changes the screen at once, the end sheet
leaves the table in sight, long work can be cancelled. Sizes come from getBoundingClientRect."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from game_support import engine_game, make_move, menu, open_game, open_menu, playable_slots, solution, state
from playwright.sync_api import Browser, Page, expect
from test_game_storage import set_storage
from test_watch import a_loss, lose_in_the_page

from tripeaks import STANDARD, STRICT, TRIPEAKS, Game, MoveKind, Position, Status, numbered_deal, solve

SHOTS = Path(__file__).resolve().parent.parent / "test-results"
SHOTS.mkdir(exist_ok=True)
PORTRAIT = [(360, 740), (390, 844)]
LANDSCAPE = (740, 360)
DESKTOP = (1280, 800)
SMALL = (320, 640)
GAMES = [("tripeaks", STANDARD.key), ("triangle", "standard"), ("pyramid", "relaxed"), ("golf", "standard")]
"""A game's table is the same under each of its rule sets (its layout is the game's, and the bar shows one
stock button whatever the rules), so one rule set a game: the others would repeat it."""

MEASURE = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height};
  };
  const shown = (el) => !el.hidden && getComputedStyle(el).display !== "none"
    && el.getBoundingClientRect().width > 0;
  const cards = [...document.querySelectorAll("#layout .card")]
    .filter((el) => !el.classList.contains("gone")).map(box);
  const bar = [...document.querySelectorAll("#controls button")].filter(shown).map((el) => ({
    ...box(el), name: el.getAttribute("aria-label") || el.textContent.trim(),
    icon: !!el.querySelector("svg")}));
  const line = [...document.querySelectorAll("#line dd")].filter((el) => !el.closest("[hidden]"))
    .map((el) => ({...box(el), id: el.id, text: el.textContent}));
  return {
    width: innerWidth, height: innerHeight,
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
    cards, bar, line,
    stock: box(document.getElementById("stock")), waste: box(document.getElementById("waste-top")),
    top: box(document.getElementById("top")), felt: box(document.getElementById("table")),
  };
}"""


def measure(page: Page, width: int, height: int) -> dict[str, Any]:
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(f"innerWidth === {width} && innerHeight === {height}")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.evaluate("() => document.getAnimations().forEach((a) => a.finish())")
    return json.loads(json.dumps(page.evaluate(MEASURE)))


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] < b["x"] + b["w"] - 0.5 and b["x"] < a["x"] + a["w"] - 0.5 and \
        a["y"] < b["y"] + b["h"] - 0.5 and b["y"] < a["y"] + a["h"] - 0.5


def inside(a: dict[str, float], width: float, height: float) -> bool:
    return (a["x"] >= -0.5 and a["y"] >= -0.5
            and a["x"] + a["w"] <= width + 0.5 and a["y"] + a["h"] <= height + 0.5)


def check_common(seen: dict[str, Any]) -> None:
    width, height = seen["width"], seen["height"]
    assert seen["scroll"][0] <= width and seen["scroll"][1] <= height, f"the page scrolls at {width}×{height}"
    for card in [*seen["cards"], seen["stock"], seen["waste"]]:
        assert inside(card, width, height), f"a card is cut at {width}×{height}: {card}"
    assert 1 <= len(seen["bar"]) <= 6
    for n, button in enumerate(seen["bar"]):
        assert button["w"] >= 44 and button["h"] >= 44, f"{button['name']} is {button['w']}×{button['h']}"
        assert button["name"] and button["icon"], "each control has an icon and a name"
        assert inside(button, width, height)
        for other in seen["bar"][n + 1:]:
            assert not overlaps(button, other), f"{button['name']} overlaps {other['name']}"
        for card in [*seen["cards"], seen["stock"], seen["waste"]]:
            assert not overlaps(button, card), f"{button['name']} covers a card"
    assert not overlaps(seen["stock"], seen["waste"])
    ids = [figure["id"] for figure in seen["line"]]
    assert {"moves", "time"} <= set(ids) and len(ids) >= 3  # and the cards left (Left, or a game's own)
    tops = {round(figure["y"]) for figure in seen["line"]}
    assert max(tops) - min(tops) <= 2, "the figures are on one line"


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_every_game_fits_a_phone_a_small_phone_a_phone_on_its_side_and_a_desktop(page: Page, game: str,
                                                                                   rules: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, f"?game={game}&deal=7&rules={rules}")
    for width, height in PORTRAIT:
        seen = measure(page, width, height)
        check_common(seen)
        if width == 360:
            phone_360(page, game)
        rows: dict[int, list[dict[str, float]]] = {}
        for card in seen["cards"]:
            rows.setdefault(round(card["y"]), []).append(card)
        widest = max(max(c["x"] + c["w"] for c in row) - min(c["x"] for c in row) for row in rows.values())
        assert widest >= 0.92 * width, f"the widest row spans {widest:.0f} of {width} px"
        for pile in (seen["stock"], seen["waste"]):
            assert pile["w"] >= 56 and pile["y"] >= height / 2, f"a pile at {pile} on {width}×{height}"
        assert seen["top"]["h"] <= 44
    seen = measure(page, *LANDSCAPE)
    check_common(seen)
    assert min(card["w"] for card in seen["cards"]) >= 40
    seen = measure(page, *DESKTOP)
    check_common(seen)
    assert min(card["w"] for card in seen["cards"]) >= 80
    seen = measure(page, *SMALL)
    check_common(seen)


def phone_360(page: Page, game: str) -> None:
    """On a 360 px phone: the corner indices read (11 px or more), the menu's buttons are on the screen,
    and nothing anywhere on the page sticks out to the right."""
    corner = page.locator("#layout .card.face .cf-ix").first  # the corner index: rank over suit
    assert float(corner.evaluate("el => parseFloat(getComputedStyle(el, '::before').fontSize)")) >= 11
    open_menu(page)
    for id_ in ("settings-open", "help-open", "stats-open"):
        box = page.locator(f"#{id_}").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, id_
    page.keyboard.press("Escape")
    wide = page.evaluate(
        "() => [...document.querySelectorAll('#app *')].filter(el => el.getClientRects().length"
        " && el.getBoundingClientRect().right > 360.5).map(el => el.outerHTML.slice(0, 80))"
    )
    assert wide == []
    page.screenshot(path=str(SHOTS / f"phone-360-{game}.png"), full_page=True)


SLOWER = 10
"""Motion is played this many times slower while frames are sampled (DevTools' animation playback rate),
so that a busy machine's late frames still catch a card in the air; the times are scaled back."""


def frames_after_click(page: Page, selector: str, watched: str) -> list[dict[str, float]]:
    """Click ``selector`` and sample ``watched``'s box at every frame until it rests, its first frame before
    the click; the times (ms from the click) as they would be at full speed."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 1 / SLOWER})
    try:
        page.evaluate(f"""() => {{
            window.__frames = [];
            const el = document.querySelector({json.dumps(watched)});
            const sample = () => {{
                const r = el.getBoundingClientRect();
                window.__frames.push({{t: performance.now() - (window.__clicked ?? performance.now()),
                                       x: r.left, y: r.top, w: r.width}});
                if (window.__frames.length < 2000) requestAnimationFrame(sample);
            }};
            requestAnimationFrame(sample);
            document.querySelector({json.dumps(selector)}).addEventListener(
                "pointerdown", () => {{ window.__clicked = performance.now(); }}, {{once: true}});
        }}""")
        page.click(selector)
        page.wait_for_timeout(400 * SLOWER)
        frames = list(page.evaluate("window.__frames.splice(0)"))
    finally:
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
        cdp.detach()
    return [{**frame, "t": frame["t"] / SLOWER} for frame in frames]


def first_playable(page: Page) -> str:
    data = state(page)
    slots = playable_slots(data)
    assert slots, "deal 7 has a card to play at once"
    return f'#layout [data-slot="{slots[0]}"]'


def test_a_played_card_flies_to_the_waste_within_200_ms(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, "?deal=7&rules=standard")
    page.emulate_media(reduced_motion="no-preference")
    final = page.locator("#waste").bounding_box()
    assert final is not None
    frames = frames_after_click(page, first_playable(page), "#waste-top")
    moving = [f for f in frames if abs(f["x"] - final["x"]) > 1 or abs(f["y"] - final["y"]) > 1]
    assert moving, "the card was seen on its way"
    settled = [f for f in frames if f["t"] > moving[-1]["t"]]
    assert settled and moving[-1]["t"] <= 200, f"the card landed {moving[-1]['t']:.0f} ms after the click"


def test_reduced_motion_shows_a_play_at_once(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(reduced_motion="reduce")
    open_game(page, "?deal=7&rules=standard")
    final = page.locator("#waste").bounding_box()
    assert final is not None
    before = state(page)["waste"]
    frames = frames_after_click(page, first_playable(page), "#waste-top")
    assert state(page)["waste"] != before
    away = [f for f in frames if abs(f["x"] - final["x"]) > 1 or abs(f["y"] - final["y"]) > 1]
    assert not away, "nothing flies"
    assert page.evaluate("document.getAnimations().length") == 0


def test_a_tap_during_the_motion_acts_at_once(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(reduced_motion="no-preference")
    open_game(page, "?deal=7&rules=standard")
    page.click("#stock")
    page.click("#stock")  # the second draw while the first card is still in the air
    assert state(page)["moves"] == ["draw", "draw"]


def test_the_end_sheet_leaves_the_table_in_sight_and_takes_the_focus(page: Page) -> None:
    game, _ = a_loss(TRIPEAKS, STRICT, 6, 14)
    page.set_viewport_size({"width": 390, "height": 844})
    lose_in_the_page(page, game)
    sheet = page.locator("#ending")
    expect(sheet).to_be_visible()
    box = sheet.bounding_box()
    assert box is not None and box["height"] <= 844 / 2 and box["y"] >= 844 / 2
    cards = page.evaluate("""[...document.querySelectorAll('#layout .card:not(.gone)')]
        .map((el) => el.getBoundingClientRect().bottom)""")
    assert cards and max(cards) <= box["y"], "the table's cards are above the sheet"
    assert page.evaluate("document.getElementById('ending').contains(document.activeElement)")
    expect(page.locator("#watch-latest")).to_be_visible(timeout=60_000)  # this deal could be won
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    assert page.evaluate("document.getElementById('table').contains(document.activeElement)")


@functools.cache
def an_unwinnable_loss() -> Game:
    chooser = random.Random(5)
    for number in range(1, 300):
        deal = numbered_deal(number, TRIPEAKS)
        if solve(Position.start(deal, STRICT)).won:
            continue
        game = Game(deal, STRICT, number=number)
        while game.status is Status.PLAYING:
            game.push(chooser.choice(game.legal_moves))
        return game
    raise AssertionError("no unwinnable Strict deal")


def test_the_end_sheet_offers_watch_only_for_a_deal_that_could_be_won(page: Page) -> None:
    game = an_unwinnable_loss()
    page.set_viewport_size({"width": 390, "height": 844})
    lose_in_the_page(page, game)
    expect(page.locator("#ending")).to_be_visible()
    page.wait_for_function("document.documentElement.dataset.winnableKnown === '1'", timeout=60_000)
    assert state(page)["could_win"] is False
    expect(page.locator("#watch-latest")).to_be_hidden()
    expect(page.locator("#watch-start")).to_be_hidden()


def test_a_slow_search_shows_progress_can_be_cancelled_and_a_move_meanwhile_is_kept(page: Page) -> None:
    settings = {"schema": 2, "game": "tripeaks", "rules": {}, "winnable_only": True,
                "difficulty": "very hard", "frames": True, "sound": False, "motion": "auto"}
    set_storage(page, {"tripeaks:v1:settings": json.dumps(settings)})
    page.set_viewport_size({"width": 390, "height": 844})
    data = open_game(page, "?deal=7&rules=standard")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 8})  # the search takes long enough to catch it
    page.click("#new")
    progress = page.locator("#progress")
    expect(progress).to_be_visible(timeout=10_000)
    expect(page.locator("#progress-cancel")).to_have_accessible_name("Cancel")
    page.click("#progress-cancel")
    expect(progress).to_be_hidden()
    assert state(page)["number"] == 7, "cancelled: the deal on the table stays"
    # The search cancelled goes on while the player thinks, so the next New deal may find its deal before
    # the progress shows: that deal is then on the table, and New deal is asked again.
    showing = "!document.getElementById('progress').hidden"
    for _ in range(4):
        data = state(page)
        page.click("#new")
        page.wait_for_function(f"{showing} || JSON.parse(window.tripeaksState()).number !== {data['number']}",
                               timeout=10_000)
        if progress.is_visible():
            break
    else:
        raise AssertionError("four New deals in a row found their deal before the progress showed")
    make_move(page, data, "draw")  # a move while the next deal is looked for
    expect(progress).to_be_hidden()
    after = state(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    assert after["number"] == data["number"] and after["moves"] == ["draw"]


def test_the_menu_holds_the_rest_and_gives_the_focus_back(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, "?deal=7&rules=standard")
    page.click("#menu-open")
    menu = page.locator("#menu")
    expect(menu).to_be_visible()
    for name in ("Restart this deal", "Daily deal", "Statistics", "Settings", "How to play"):
        expect(menu.get_by_role("button", name=name)).to_be_visible()
    expect(menu.get_by_role("radio", name="Triangle")).to_be_visible()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    page.click("#menu-open")
    page.click("#help-open")
    expect(page.locator("#help")).to_be_visible()
    expect(menu).to_be_hidden()


def test_a_rule_set_changed_replays_the_same_deal(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, "?deal=7&rules=standard")
    page.click("#menu-open")
    page.click("#settings-open")
    page.check('input[name="rule:rule_set"][value="strict"]')
    page.click("#settings-save")
    page.wait_for_function("JSON.parse(window.tripeaksState()).rules !== 'standard'")
    data = state(page)
    assert data["number"] == 7 and data["moves"] == [] and data["rules"] == STRICT.key


def test_every_game_played_by_touch_on_a_phone(browser: Browser, base_url: str) -> None:
    """A phone's own context (touch, a small screen at twice the pixels): taps play, draw and undo."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2, base_url=base_url)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    try:
        for game in ("tripeaks", "triangle", "pyramid", "golf"):
            data = open_game(page, f"?game={game}&deal=3")
            plays = [move for move in engine_game(data).legal_moves if move.kind is MoveKind.PLAY]
            if plays:  # a card, or both cards of a pair, tapped
                make_move(page, data, max(plays, key=lambda move: len(move.cards)), tap=True)
            else:
                page.tap("#draw")
            page.tap("#draw")
            after = state(page)
            assert len(after["moves"]) == 2, after["moves"]
            page.tap("#undo")
            assert len(state(page)["moves"]) == 1
            page.screenshot(path=str(SHOTS / f"phone-{game}.png"))
    finally:
        context.close()
    assert not errors, errors


def test_a_new_deal_lands_within_600_ms_and_a_tap_skips_it(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(reduced_motion="no-preference")
    open_game(page, "?deal=7&rules=standard")
    page.click("#new")
    page.wait_for_function("JSON.parse(window.tripeaksState()).number !== 7")
    ends = page.evaluate("""() => document.getAnimations().map((a) => {
        const t = a.effect.getComputedTiming(); return t.delay + t.activeDuration; })""")
    assert ends, "the cards are dealt with motion"
    assert max(ends) <= 600
    page.mouse.click(195, 60)  # a tap on the felt, where no card lies
    running = page.evaluate("""() => document.getAnimations().filter((a) => a.playState === 'running')
        .map((a) => `${a.animationName || 'script'} on ${a.effect.target.className}`)""")
    assert running == []


def test_a_win_cheers_each_peak_and_celebrates_until_a_tap(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(reduced_motion="no-preference")
    data = open_game(page, "?deal=1&rules=standard")
    page.evaluate("""() => { window.__floats = [];
        new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach((n) => {
            if (n.classList && n.classList.contains('float')) window.__floats.push(n.textContent); })))
          .observe(document.getElementById('fx'), {childList: true}); }""")
    for move in solution(1, STANDARD):
        make_move(page, data, move)
        data = state(page)
    assert data["status"] == "won"
    floats = page.evaluate("window.__floats")
    assert [text for text in floats if text.startswith("Peak")] == [
        "Peak cleared +15", "Peak cleared +15", "Peak cleared +30"]
    assert all(text.startswith(("+", "Peak")) for text in floats)
    confetti = page.locator("#fx .confetti")
    assert confetti.count() > 0
    ends = page.evaluate("""() => document.getAnimations().map((a) => {
        const t = a.effect.getComputedTiming(); return t.delay + t.activeDuration; })""")
    assert max(ends) <= 3000
    page.mouse.click(195, 60)
    expect(confetti).to_have_count(0)


@pytest.mark.parametrize(("width", "height"), [(320, 640), (1280, 800)])
def test_the_charts_read_at_every_size_and_the_calendar_shows_its_dates(page: Page, width: int,
                                                                         height: int) -> None:
    from test_statistics import RECORDS, seeded

    set_storage(page, {RECORDS: seeded().to_json()})
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, "?deal=7")
    menu(page, "#stats-open")
    expect(page.locator("#stats")).to_be_visible()
    smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('#stats .plot text')]
        .filter((t) => t.getClientRects().length)
        .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a))""")
    assert smallest >= 11, f"a chart's label is {smallest:.1f} px"
    dates = page.locator('#stats figure[data-chart="daily"] .plot text.date')
    assert dates.count() >= 28
    days = dates.evaluate_all("els => els.map((el) => Number(el.textContent))")
    assert all(1 <= day <= 31 for day in days)


def test_a_random_deal_has_a_number_players_can_say(page: Page) -> None:
    data = open_game(page, "")
    assert 1 <= data["number"] <= 1_000_000
    page.click("#new")
    page.wait_for_function(f"JSON.parse(window.tripeaksState()).number !== {data['number']}")
    assert 1 <= state(page)["number"] <= 1_000_000


def test_the_test_hook_shows_only_what_a_player_sees(page: Page) -> None:
    game, _ = a_loss(TRIPEAKS, STRICT, 6, 14)
    lose_in_the_page(page, game)
    page.wait_for_function("JSON.parse(window.tripeaksState()).best !== null", timeout=90_000)
    best = state(page)["best"]
    assert set(best) == {"score", "clear"}, "a best line would name cards still face down"
