"""The built site offline: a first visit fetches exactly the site's files and precaches them; with the web
server stopped, a reload boots the game, the saved game continues, a hint works and a new deal plays."""

from __future__ import annotations

import html
import json
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import site_support
from playwright.sync_api import Browser, expect
from site_support import (
    SUB_PATH,
    BuiltSite,
    Guard,
    Server,
    build_site,
    game_url,
    open_controlled,
    play_any,
    state,
    wait_offline_ready,
    wait_ready,
)

built_site = site_support.built_site  # a fixture
serve = site_support.serve  # a fixture
site_server = site_support.site_server  # a fixture

NOT_LOADED_BY_THE_PAGE = {
    "web/manifest.webmanifest",  # fetched by the browser when it needs the app's data
    "web/vendor/pyodide/python_stdlib_rest.zip",  # for imports the page never makes (web/interpreter.mjs)
    # A first visit fetches it only when Pyodide's runtime came within a second (web/interpreter.mjs): on a
    # loaded machine even loopback can be slower than that, and the page then starts Python afresh.
    "web/vendor/pyodide.snapshot",
}


def test_the_built_page_carries_its_config_inline_and_preloads_pyscript(built_site: BuiltSite) -> None:
    """PyScript reads the built page's config from the page itself: no pyscript.toml to fetch and no TOML
    parser to import; and the page preloads every chunk of PyScript's, so none waits for the one that
    imports it (the first test checks that the page fetches exactly the precached files)."""
    page = (built_site.folder / "index.html").read_text(encoding="utf-8")
    (inline,) = re.findall(r'\bconfig="([^"]*)"', page)
    config = tomllib.loads((site_support.ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert json.loads(html.unescape(inline)) == config
    assert "pyodide.snapshot" not in page  # no preload of it either
    names = {Path(path).name for path in built_site.precache}
    assert "pyscript.toml" not in names
    assert not any(name.startswith("toml-") for name in names)
    chunks = {path for path in built_site.precache if "/vendor/pyscript/" in path and path.endswith(".js")}
    preloaded = set(re.findall(r'<link rel="modulepreload" href="\./([^"]+)">', page))
    assert chunks - preloaded == {"web/vendor/pyscript/core.js"}  # the page's script itself


def site_path(url: str) -> str:
    return urlsplit(url).path.removeprefix("/" + SUB_PATH)


def test_first_visit_loads_the_site_then_it_plays_offline(
    browser: Browser, built_site: BuiltSite, tmp_path_factory, serve: Callable[[Path], Server]
) -> None:
    # Its own copy and server: this test stops the server.
    site = build_site(tmp_path_factory.mktemp("offline"))
    server = serve(site.www)
    origin = server.origin()
    # Reduced motion, as the other tests' pages (e2e/conftest.py): a card is clicked as soon as it is
    # there, not once the deal's motion is over (once, on a loaded CI machine, a click made no move in 30 s).
    context = browser.new_context(reduced_motion="reduce")
    guard = Guard({origin})
    guard.watch(context)
    try:
        page = context.new_page()
        guard.watch_page(page)
        page.goto(game_url(origin, 7))
        wait_ready(page)
        first = play_any(page)
        wait_offline_ready(page, len(site.precache))

        # What the page fetched itself is the site, and the site is what the page fetched.
        by_page = {site_path(r.url) for r in guard.network if r.service_worker is None}
        by_worker = {site_path(r.url) for r in guard.network if r.service_worker is not None}
        precache = set(site.precache)
        icons = {path for path in precache if "/icons/" in path}
        assert by_page - {"index.html?deal=7&rules=standard", "sw.js"} <= precache, by_page - precache
        assert "index.html" in by_page or any(p.startswith("index.html") for p in by_page)
        assert precache - by_page - icons - NOT_LOADED_BY_THE_PAGE <= {"index.html"}, precache - by_page
        assert by_worker <= precache | {"sw.js"}, by_worker - precache
        assert guard.bad == [], guard.bad
        # The worker keeps each script as it was fetched, under its own URL: Chromium keeps the code it
        # compiles from a script beside such a cached response (V8's code cache), never beside a copy.
        scripts = [path for path in site.precache if path.endswith((".js", ".mjs"))]
        assert "web/vendor/pyodide/pyodide.asm.js" in scripts  # Pyodide as a classic script (interpreter.mjs)
        assert "web/vendor/pyodide/pyodide.asm.mjs" not in scripts
        kept = page.evaluate(
            "async (paths) => Promise.all(paths.map(async (path) => {"
            " const url = new URL(path, document.baseURI).href; const hit = await caches.match(url);"
            " return hit ? hit.url === url : null; }))",
            scripts,
        )
        assert kept == [True] * len(scripts), dict(zip(scripts, kept, strict=True))

        open_controlled(page, game_url(origin, 7))
        server.stop()
        page.reload()
        wait_ready(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        again = state(page)
        assert again["moves"] == first["moves"] and again["game_id"] == first["game_id"]
        expect(page.locator("#deal-name")).to_contain_text("7")

        page.click("#hint")
        page.wait_for_function(
            "(() => { const s = JSON.parse(window.tripeaksState());"
            " return s.hinted.length > 0 || s.hint_control !== null || s.hints > 0; })()",
            timeout=120_000,
        )
        number = state(page)["number"]
        page.click("#new")
        page.wait_for_function(f"JSON.parse(window.tripeaksState()).number !== {number}", timeout=60_000)
        played = play_any(page)
        assert len(played["moves"]) == 1
        # Offline, every request was answered by the worker's cache: nothing failed, nothing left the origin.
        guard.check()
    finally:
        context.close()
        server.stop()
