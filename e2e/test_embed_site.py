"""<tri-peaks> in a host page: same origin (two independent games), another port, and another site
(host on localhost, game on 127.0.0.1, with the browser denying the frame all storage). In each, a move is
played inside the embed through a frame locator and comes back to the host as a DOM event."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import site_support
from game_support import make_move, playable_slots, solution
from playwright.sync_api import Browser, BrowserContext, Frame, Page, Playwright, expect
from site_support import (
    SUB_PATH,
    BuiltSite,
    Guard,
    Server,
    launch_persistent,
    state,
    wait_frame_ready,
)

from tripeaks import STANDARD, Status

# Deal 414 (standard rules) is lost by playing the first playable card, then drawing the whole stock.
LOST_BY_DRAWING = 414

built_site = site_support.built_site  # a fixture
serve = site_support.serve  # a fixture
site_server = site_support.site_server  # a fixture

# Hostile host styles: none of them may reach the game.
HOSTILE_CSS = "iframe{display:none!important} *{font-size:40px!important;color:red!important}"
EVENT_LOG = """<script>
window.events = [];
for (const type of ["tripeaks:ready", "tripeaks:move", "tripeaks:won", "tripeaks:lost"]) {
  document.addEventListener(type, (e) =>
    window.events.push({type: e.type, id: e.target.id, detail: e.detail}));
}
</script>"""


def write_host(folder: Path, name: str, embed_js: str, elements: str) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>'
        f'<link rel="icon" href="data:,"><style>{HOSTILE_CSS}</style>{EVENT_LOG}'
        f'<script src="{embed_js}"></script></head><body><h1>A host page</h1>{elements}</body></html>'
    )
    return name


def embed_frame(page: Page, selector: str) -> Frame:
    handle = page.locator(f"{selector} iframe").element_handle()
    frame = handle.content_frame() if handle else None
    assert frame is not None, f"{selector} has no frame"
    wait_frame_ready(frame)
    return frame


def play_in_embed(page: Page, selector: str, frame: Frame) -> dict[str, Any]:
    """One move by clicking inside the embed (frame locator); returns the game's state after it."""
    before = state(frame)
    game = page.frame_locator(f"{selector} iframe")
    slots = playable_slots(before)
    if slots:
        game.locator(f'#layout [data-slot="{slots[0]}"]').click()
    else:
        game.locator("#stock").click()
    frame.wait_for_function(f"JSON.parse(window.tripeaksState()).moves.length === {len(before['moves']) + 1}")
    return state(frame)


def events(page: Page, type_: str | None = None) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = page.evaluate("window.events")
    return [e for e in seen if type_ is None or e["type"] == type_]


def check_embedded_game(page: Page, selector: str, deal: int) -> Frame:
    frame = embed_frame(page, selector)
    data = state(frame)
    assert data["number"] == deal and data["rules"] == "standard"
    game = page.frame_locator(f"{selector} iframe")
    expect(game.locator('[data-notice="embed"]')).to_contain_text("Progress is not saved")
    link = game.locator("#open-full-game")
    href = link.get_attribute("href") or ""
    assert f"/{SUB_PATH}index.html?" in href and "embed" not in href and f"deal={deal}" in href
    # The host's CSS stops at the shadow root: the frame is shown, and the game keeps its own styles.
    box = page.locator(f"{selector} iframe").bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 300
    assert game.locator("#moves").evaluate("el => getComputedStyle(el).color") != "rgb(255, 0, 0)"
    return frame


def check_move_event(page: Page, selector: str, after: dict[str, Any]) -> None:
    page.wait_for_function(
        f"window.events.some(e => e.type === 'tripeaks:move' && e.id === {json.dumps(selector[1:])})"
    )
    moved = [e for e in events(page, "tripeaks:move") if e["id"] == selector[1:]]
    assert len(moved) == 1, moved
    detail = moved[0]["detail"]
    assert detail["move"] == after["moves"][-1] and detail["score"] == after["score"]
    assert detail["moves"] == 1 and detail["deal"] == after["number"] and detail["status"] == "playing"


def test_two_embeds_on_one_page_same_origin(
    browser: Browser, built_site: BuiltSite, site_server: Server
) -> None:
    origin = site_server.origin()
    name = write_host(built_site.www, "same-origin.html", f"./{SUB_PATH}web/embed.js",
                      '<tri-peaks id="one" deal="123" rules="standard" height="640"></tri-peaks>'
                      f'<tri-peaks id="two" deal="{LOST_BY_DRAWING}" rules="standard"></tri-peaks>')
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    guard = Guard({origin})
    guard.watch(context)
    try:
        page = context.new_page()
        guard.watch_page(page)
        page.goto(f"{origin}/{name}")
        one = check_embedded_game(page, "#one", 123)
        two = check_embedded_game(page, "#two", LOST_BY_DRAWING)
        assert page.locator("#one").bounding_box()["height"] == pytest.approx(640, abs=1)  # type: ignore[index]
        # With no height, the box is as tall as the game's content.
        content = two.evaluate("document.getElementById('app').getBoundingClientRect().height")
        box = page.locator("#two").bounding_box()
        assert box is not None and box["height"] == pytest.approx(content, abs=2)
        after = play_in_embed(page, "#one", one)
        check_move_event(page, "#one", after)
        assert state(two)["moves"] == [], "a move in one embed reached the other"
        after_two = play_in_embed(page, "#two", two)
        check_move_event(page, "#two", after_two)
        assert state(one)["moves"] == after["moves"]
        # Drawing out the stock loses this deal: the host hears it once, after the last move.
        stock = page.frame_locator("#two iframe").locator("#stock")
        while (data := state(two))["stock"] > 0:
            stock.click()
            two.wait_for_function(f"JSON.parse(window.tripeaksState()).stock === {data['stock'] - 1}")
        assert state(two)["status"] == str(Status.OUT_OF_MOVES)
        page.wait_for_function("window.events.some(e => e.type === 'tripeaks:lost')")
        lost = [e for e in events(page, "tripeaks:lost")]
        assert [e["id"] for e in lost] == ["two"]
        assert lost[0]["detail"]["moves"] == len(state(two)["moves"]) == 24
        assert events(page, "tripeaks:move")[-1]["detail"]["status"] == str(Status.OUT_OF_MOVES)
        ready = {e["id"] for e in events(page, "tripeaks:ready")}
        assert ready == {"one", "two"}
        # Nothing of the embeds' games was written to the origin's real storage.
        assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tripeaks:'))") == []
        guard.check()
    finally:
        context.close()


def test_embed_from_another_port_plays_to_a_win(
    browser: Browser,
    built_site: BuiltSite,
    site_server: Server,
    tmp_path: Path,
    serve: Callable[[Path], Server],
) -> None:
    game_origin = site_server.origin()
    host = serve(tmp_path / "host")
    name = write_host(tmp_path / "host", "index.html", f"{game_origin}/{SUB_PATH}web/embed.js",
                      '<tri-peaks id="game" deal="1" rules="standard" height="700"></tri-peaks>')
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    guard = Guard({game_origin, host.origin()})
    guard.watch(context)
    try:
        page = context.new_page()
        guard.watch_page(page)
        page.goto(f"{host.origin()}/{name}")
        frame = check_embedded_game(page, "#game", 1)
        after = play_in_embed(page, "#game", frame)
        check_move_event(page, "#game", after)
        # Then the rest of a known win (undoing the test's first move if it was not the solver's).
        if after["moves"][0] != solution(1, STANDARD)[0].notation:
            page.frame_locator("#game iframe").locator("#undo").click()
            frame.wait_for_function("JSON.parse(window.tripeaksState()).moves.length === 0")
        for move in solution(1, STANDARD)[len(state(frame)["moves"]):]:
            make_move(frame, state(frame), move)  # type: ignore[arg-type]
        page.wait_for_function("window.events.some(e => e.type === 'tripeaks:won')")
        won = events(page, "tripeaks:won")[0]["detail"]
        final = state(frame)
        assert final["status"] == "won"
        assert won["score"] == final["score"] and won["moves"] == len(final["moves"])
        assert isinstance(won["seconds"], int)
        guard.check()
    finally:
        context.close()
        host.stop()


def block_third_party_storage(profile: Path) -> None:
    """A Chromium profile set to block third-party cookies and site data, as a privacy-minded player's."""
    preferences = profile / "Default" / "Preferences"
    preferences.parent.mkdir(parents=True, exist_ok=True)
    preferences.write_text(json.dumps({
        "profile": {"cookie_controls_mode": 1, "block_third_party_cookies": True},
    }))


def test_embed_from_another_site_without_storage(
    playwright: Playwright,
    built_site: BuiltSite,
    site_server: Server,
    tmp_path: Path,
    serve: Callable[[Path], Server],
) -> None:
    game_origin = site_server.origin()  # http://127.0.0.1:<port>
    host = serve(tmp_path / "host")
    name = write_host(tmp_path / "host", "index.html", f"{game_origin}/{SUB_PATH}web/embed.js",
                      '<tri-peaks id="game" deal="77" rules="standard" height="640"></tri-peaks>')
    host_origin = host.origin("localhost")
    profile = tmp_path / "profile"
    block_third_party_storage(profile)
    context: BrowserContext = launch_persistent(playwright, profile, viewport={"width": 1000, "height": 900})
    guard = Guard({game_origin, host_origin})
    guard.watch(context)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        guard.watch_page(page)
        page.goto(f"{host_origin}/{name}")
        frame = check_embedded_game(page, "#game", 77)
        # web/pwa.js found storage denied (and stood in for it) before PyScript started.
        assert frame.evaluate("document.documentElement.dataset.storage") == "denied"
        after = play_in_embed(page, "#game", frame)
        check_move_event(page, "#game", after)
        guard.check()
    finally:
        context.close()
        host.stop()


def test_an_embed_with_no_height_fits_its_content_and_plays_triangle(
    browser: Browser, built_site: BuiltSite, site_server: Server
) -> None:
    """800 px wide, no height: the box is as tall as the game, so no control is cut off; a height that is
    no number of pixels (Infinity) is no height; `game` picks the game."""
    origin = site_server.origin()
    name = write_host(built_site.www, "fit.html", f"./{SUB_PATH}web/embed.js",
                      '<div style="width:800px"><tri-peaks id="plain" deal="1"></tri-peaks>'
                      '<tri-peaks id="endless" deal="2" height="Infinity"></tri-peaks>'
                      '<tri-peaks id="tri" game="triangle" deal="1"></tri-peaks></div>')
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    guard = Guard({origin})
    guard.watch(context)
    try:
        page = context.new_page()
        guard.watch_page(page)
        page.goto(f"{origin}/{name}")
        for selector in ("#plain", "#endless", "#tri"):
            frame = embed_frame(page, selector)
            page.wait_for_function(
                f"document.querySelector('{selector}').getBoundingClientRect().height > 300", timeout=30_000
            )
            content = frame.evaluate("document.getElementById('app').getBoundingClientRect().height")
            box = page.locator(selector).bounding_box()
            assert box is not None and box["width"] == pytest.approx(800, abs=1)
            assert box["height"] == pytest.approx(content, abs=2), selector
            inner = frame.evaluate("window.innerHeight")
            for control in ("#new", "#menu-open", "#hint", "#undo"):
                bottom = frame.evaluate(f"document.querySelector('{control}').getBoundingClientRect().bottom")
                assert bottom <= inner, f"{control} of {selector} is cut off"
        tri = embed_frame(page, "#tri")
        assert state(tri)["game"] == "triangle"
        game = page.frame_locator("#tri iframe")
        game.locator("#stock").click()
        game.locator("#waste-top").click()
        page.wait_for_function("window.events.some(e => e.type === 'tripeaks:move' && e.id === 'tri')")
        moved = next(e for e in events(page, "tripeaks:move") if e["id"] == "tri")["detail"]
        assert moved["game"] == "triangle" and moved["move"] == "9s+4c"
        guard.check()
    finally:
        context.close()


CUT_OFF = """([w, h]) => [...document.querySelectorAll(
        '#layout .card:not(.gone), #stock, #waste-top, #controls button:not([hidden])')]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5).length"""


def test_a_narrow_embed_shows_the_whole_table_and_bar_and_says_nothing_before_ready(
        browser: Browser, built_site: BuiltSite, site_server: Callable[..., Server]) -> None:
    """At 360 and 304 px wide, with no height (or an absurd one), every card and control shows inside the
    frame, nothing sticks out sideways; the host hears nothing from a game before its tripeaks:ready."""
    origin = site_server.origin()
    listen = ("<script>window.heard = []; addEventListener('message', (e) => "
              "window.heard.push({type: e.data && e.data.type, "
              "from: [...document.querySelectorAll('tri-peaks')]"
              ".findIndex((t) => t.shadowRoot.querySelector('iframe').contentWindow === e.source)}));"
              "</script>")
    name = write_host(built_site.www, "narrow.html", f"./{SUB_PATH}web/embed.js",
                      listen + '<div style="width:360px"><tri-peaks id="wide" deal="1"></tri-peaks></div>'
                      '<div style="width:304px"><tri-peaks id="thin" deal="1" height="1e9"></tri-peaks></div>'
                      '<div style="width:304px">'
                      '<tri-peaks id="tri" game="triangle" deal="1"></tri-peaks></div>')
    context = browser.new_context(viewport={"width": 400, "height": 2400})
    guard = Guard({origin})
    guard.watch(context)
    try:
        page = context.new_page()
        guard.watch_page(page)
        page.goto(f"{origin}/{name}")
        for selector, width in (("#wide", 360), ("#thin", 304), ("#tri", 304)):
            frame = embed_frame(page, selector)
            page.wait_for_function(
                f"document.querySelector('{selector}').getBoundingClientRect().height > 250", timeout=30_000)
            box = page.locator(selector).bounding_box()
            assert box is not None and box["width"] == pytest.approx(width, abs=1) and box["height"] < 2000
            inner = frame.evaluate("[innerWidth, innerHeight, document.documentElement.scrollWidth]")
            assert inner[2] <= inner[0], f"{selector} scrolls sideways"
            out = frame.evaluate(CUT_OFF, inner[:2])
            assert out == 0, f"{selector}: {out} cards or controls are cut off"
        heard = page.evaluate("window.heard")
        for index in range(3):
            from_it = [m["type"] for m in heard if m["from"] == index]
            assert from_it and from_it[0] == "tripeaks:ready", from_it[:3]
        guard.check()
    finally:
        context.close()
