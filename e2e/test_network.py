"""The built site on a phone network (issue 18): a first visit boots without the snapshot and plays; the next
visit boots from the snapshot the service worker fetched meanwhile, online and offline, read in a worker of
the page's or, where the browser refuses one, by the page; a damaged or missing snapshot falls back to a
fresh start; compressed and uncompressed serving both work; two builds are the same bytes. The figures are
benchmarks/network.py's; these tests check behaviour only."""

from __future__ import annotations

import gzip
import hashlib
import json
import subprocess
import urllib.request
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import site_support
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from site_support import (
    ROOT,
    SUB_PATH,
    BuiltSite,
    Guard,
    Server,
    build_site,
    game_url,
    open_controlled,
    play_any,
    wait_for_promise,
    wait_offline_ready,
    wait_ready,
)

built_site = site_support.built_site  # a fixture
serve = site_support.serve  # a fixture

SNAPSHOT = "web/vendor/pyodide.snapshot"
REST = "web/vendor/pyodide/python_stdlib_rest.zip"
# 20 Mbit/s: Pyodide's runtime takes longer than a second, as on a phone network, so the page does without
# the snapshot (web/interpreter.mjs), and the test still takes only a few seconds. The server slows its link
# (scripts/serve.py --link), not DevTools' network emulation: under that, a page's requests now and then
# never finished (microsoft/playwright#22676: in CI, once a first visit's load event after 30 s, once the
# game's start after 120 s), and it slows neither the service worker's fetches nor an embed's frame.
PHONE = ("--link", "20", "--latency", "20")


def python_start(page: Page) -> str:
    return str(page.evaluate("document.documentElement.dataset.pythonStart"))


def ready(page: Page, guard: Guard, visit: str) -> None:
    """wait_ready, and if the game never starts, which visit it was and what the page was waiting for."""
    try:
        wait_ready(page)
    except PlaywrightTimeoutError as error:
        raise AssertionError(
            f"the {visit} never became playable; requests unfinished: {guard.unfinished()}; "
            f"console errors: {guard.errors}"
        ) from error


def site_paths(guard: Guard) -> list[str]:
    """The site's paths the page itself requested (not its service worker)."""
    prefix = "/" + SUB_PATH
    return [urlsplit(r.url).path.removeprefix(prefix) for r in guard.network if r.service_worker is None]


def console_warnings(page: Page) -> list[str]:
    """The texts of the page's console warnings, from now on (the list grows as they come)."""
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    return warnings


def import_in_page(page: Page, modules: str, guard: Guard) -> str:
    """Run `import <modules>` in the page's Python (a script PyScript picks up), and what it found.

    If the script never reports, the failure says what the page said: the console errors the guard
    collected and any error PyScript drew on the page.
    """
    page.evaluate(
        """(modules) => {
             delete document.documentElement.dataset.imported;
             const script = document.createElement("script");
             script.type = "py";
             script.textContent = `import js, ${modules}\\n` +
               `js.document.documentElement.dataset.imported = " ".join(m.__file__ for m in [${modules}])`;
             document.body.append(script);
           }""",
        modules,
    )
    try:
        page.wait_for_function("document.documentElement.dataset.imported !== undefined", timeout=60_000)
    except PlaywrightTimeoutError:
        shown = page.evaluate("[...document.querySelectorAll('.py-error')].map((e) => e.textContent)")
        raise AssertionError(
            f"`import {modules}` never reported; console errors: {guard.errors}; errors shown: {shown}"
        ) from None
    return str(page.evaluate("document.documentElement.dataset.imported"))


def test_first_visit_without_the_snapshot_then_from_it_online_and_offline(
    browser: Browser, tmp_path_factory, serve: Callable[..., Server]
) -> None:
    site = build_site(tmp_path_factory.mktemp("network"))
    server = serve(site.www, *PHONE)
    origin = server.origin()
    url = game_url(origin, 7)
    context = browser.new_context()
    guard = Guard({origin})
    guard.watch(context)
    try:
        page = context.new_page()
        guard.watch_page(page)
        page.goto(url, wait_until="commit")
        ready(page, guard, "first visit")
        assert python_start(page) == "fresh"
        before_card = site_paths(guard)
        assert SNAPSHOT not in before_card and REST not in before_card, before_card
        play_any(page)

        # The worker fetches the snapshot (and the rest of the standard library) after the first card.
        wait_offline_ready(page, len(site.precache))
        cached = wait_for_promise(
            page,
            """async (path) => {
                 const names = (await caches.keys())
                   .filter((n) => n.startsWith("tripeaks-") && n !== "tripeaks-clients");
                 const hit = await (await caches.open(names[0])).match(new URL(path, location.href).href);
                 return hit && new Uint8Array(await hit.arrayBuffer()).slice(0, 2).join(",");
               }""",
            SNAPSHOT, 60_000,
        )
        assert cached != "31,139", "the worker keeps the snapshot unpacked, not gzip"

        open_controlled(page, url)
        ready(page, guard, "return visit")
        assert python_start(page) == "snapshot"
        play_any(page)

        server.stop()
        page.reload()
        ready(page, guard, "offline visit")
        assert python_start(page) == "snapshot"
        play_any(page)
        # A module the page never imports comes from the rest of the standard library, offline too, once
        # the page has read it from the worker's cache (a synchronous request skips the worker).
        page.wait_for_function("performance.getEntriesByName('tripeaks:rest-kept').length", timeout=60_000)
        found = import_in_page(page, "email.mime.text, encodings.latin_1", guard)
        assert found.split() == [
            "/lib/python314-rest.zip/email/mime/text.py", "/lib/python314-rest.zip/encodings/latin_1.py"
        ], found
        guard.check()
    finally:
        context.close()
        server.stop()


def test_a_game_played_through_never_fetches_the_rest_of_the_standard_library(
    browser: Browser, tmp_path_factory, serve: Callable[[Path], Server]
) -> None:
    """Every module the page imports is in the mounted zip: the rest stays on the server."""
    site = build_site(tmp_path_factory.mktemp("stdlib"))
    server = serve(site.www)
    context = browser.new_context(service_workers="block")
    guard = Guard({server.origin()})
    guard.watch(context)
    try:
        page = context.new_page()
        guard.watch_page(page)
        page.goto(game_url(server.origin(), 7, "python-start=fresh"))
        wait_ready(page)
        for _ in range(3):
            play_any(page)
        page.click("#hint")
        page.wait_for_function(
            "(() => { const s = JSON.parse(window.tripeaksState());"
            " return s.hint_slot !== null || s.hint_control !== null || s.hints > 0; })()",
            timeout=120_000,
        )
        play_any(page)
        assert REST not in site_paths(guard)
        guard.check()
    finally:
        context.close()


def test_a_damaged_or_missing_snapshot_in_the_workers_cache_falls_back(
    browser: Browser, tmp_path_factory, serve: Callable[[Path], Server]
) -> None:
    site = build_site(tmp_path_factory.mktemp("damaged"))
    server = serve(site.www)
    url = game_url(server.origin(), 7)
    context = browser.new_context()
    try:
        page = context.new_page()
        warnings = console_warnings(page)
        page.goto(url)
        wait_ready(page)
        wait_offline_ready(page, len(site.precache))
        for damage in ("garbage", "missing"):
            page.evaluate(
                """async ([path, damage]) => {
                     for (const name of await caches.keys()) {
                       if (!name.startsWith("tripeaks-") || name === "tripeaks-clients") continue;
                       const cache = await caches.open(name);
                       if (damage === "missing") await cache.delete(path);
                       else await cache.put(path, new Response(new Uint8Array(4096).fill(7)));
                     }
                   }""",
                [SNAPSHOT, damage],
            )
            warnings.clear()
            open_controlled(page, url)
            wait_ready(page)
            assert python_start(page) == "fresh", damage
            assert any("without its snapshot" in text for text in warnings), (damage, warnings)
            play_any(page)
    finally:
        context.close()


def test_a_browser_that_refuses_the_snapshots_reader_still_boots_from_the_snapshot(
    browser: Browser, tmp_path_factory, serve: Callable[[Path], Server]
) -> None:
    """The page reads the snapshot in a worker of its own (from a blob: address, which a site's policy may
    forbid); without one it reads it itself, and still boots from it."""
    site = build_site(tmp_path_factory.mktemp("reader"))
    server = serve(site.www)
    url = game_url(server.origin(), 7)
    context = browser.new_context()
    try:
        page = context.new_page()
        workers: list[str] = []
        page.on("worker", lambda worker: workers.append(worker.url))
        page.goto(url)
        wait_ready(page)
        wait_offline_ready(page, len(site.precache))
        workers.clear()
        open_controlled(page, url)
        wait_ready(page)
        assert python_start(page) == "snapshot"
        assert [address.split(":")[0] for address in workers] == ["blob"], workers

        refused = context.new_page()
        warnings = console_warnings(refused)
        refused.add_init_script(
            "window.Worker = function Worker() {"
            " throw new DOMException('Refused to create a worker from a blob: address', 'SecurityError'); };"
        )
        refused.goto(url)
        wait_ready(refused)
        assert python_start(refused) == "snapshot"
        assert any("reading the snapshot on the page instead" in text for text in warnings), warnings
        play_any(refused)
    finally:
        context.close()


def test_a_deploy_that_changes_only_the_page_keeps_the_snapshot_players_have(
    browser: Browser, tmp_path_factory, serve: Callable[[Path], Server]
) -> None:
    site = build_site(tmp_path_factory.mktemp("deploy"))
    server = serve(site.www)
    url = game_url(server.origin(), 5)
    context = browser.new_context()
    guard = Guard({server.origin()})
    guard.watch(context)
    try:
        page = context.new_page()
        page.goto(url)
        wait_ready(page)
        wait_offline_ready(page, len(site.precache))
        css = site.folder / "web/tripeaks.css"
        css.write_text(css.read_text() + "/* deployed again */\n")
        manifest = site_support.site_script.write_service_worker(site.folder, site.precache)
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        # Installed: the new version's cache is whole and nothing installs any more (this first-visit page
        # is not controlled, so the new worker need not wait for a click).
        wait_for_promise(
            page,
            """async ([name, files]) => {
                 const r = await navigator.serviceWorker.getRegistration();
                 if (!r || r.installing || !(await caches.has(name))) return false;
                 return (await (await caches.open(name)).keys()).length === files;
               }""",
            [f"tripeaks-{manifest['version']}", len(site.precache)], timeout=120_000,
        )
        by_worker = [urlsplit(r.url).path for r in guard.network if r.service_worker is not None]
        assert sum(path.endswith("/" + SNAPSHOT) for path in by_worker) == 1, by_worker
        assert sum(path.endswith("/web/tripeaks.css") for path in by_worker) == 2, by_worker
    finally:
        context.close()


def get(url: str, encoding: str | None) -> tuple[bytes, str | None, str | None]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(request, timeout=30) as response:  # our own server
        return response.read(), response.headers.get("Content-Encoding"), response.headers.get("Vary")


def test_compressed_and_uncompressed_serving(
    browser: Browser, tmp_path_factory, serve: Callable[..., Server]
) -> None:
    import brotli  # type: ignore[import-untyped]

    site = build_site(tmp_path_factory.mktemp("serving"))
    file = site.folder / "web/vendor/pyodide/pyodide.asm.wasm"
    compressed = serve(site.www)
    plain = serve(site.www, "--no-compress")
    linked = serve(site.www, "--link", "200", "--latency", "5")
    base = f"{compressed.origin()}/{SUB_PATH}web/vendor/pyodide/pyodide.asm.wasm"
    body, coding, vary = get(base, "gzip, deflate, br, zstd")
    assert (coding, vary) == ("br", "Accept-Encoding") and brotli.decompress(body) == file.read_bytes()
    body, coding, _ = get(base, "gzip")
    assert coding == "gzip" and gzip.decompress(body) == file.read_bytes()
    body, coding, _ = get(base, None)
    assert coding is None and body == file.read_bytes()
    body, coding, vary = get(base.replace(compressed.origin(), plain.origin()), "br")
    assert (coding, vary) == (None, None) and body == file.read_bytes()
    # A slowed link sends the same bytes, with the same headers.
    body, coding, vary = get(base.replace(compressed.origin(), linked.origin()), "br")
    assert (coding, vary) == ("br", "Accept-Encoding") and brotli.decompress(body) == file.read_bytes()

    for origin in (compressed.origin(), plain.origin()):
        context = browser.new_context(service_workers="block")
        guard = Guard({origin})
        guard.watch(context)
        try:
            page = context.new_page()
            guard.watch_page(page)
            page.goto(game_url(origin, 3))
            wait_ready(page)
            play_any(page)
            guard.check()
        finally:
            context.close()


def snapshot_build(out: Path) -> dict[str, str]:
    subprocess.run(["node", str(ROOT / "scripts" / "snapshot.mjs"), "--out", str(out)], check=True,
                   capture_output=True)
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file()}


def test_two_builds_of_the_same_tree_are_the_same_bytes(tmp_path: Path, built_site: BuiltSite) -> None:
    """The snapshot and the standard library come out the same (so a deploy that changes nothing of them
    leaves returning players what they have), and so does the service worker's version. The first build
    of each is the tree's own (make build's web/vendor/, and the session's site)."""
    again = snapshot_build(tmp_path / "a")
    assert set(again) == {"pyodide.snapshot", "pyodide/python_stdlib.zip", "pyodide/python_stdlib_rest.zip"}
    vendor = ROOT / "web" / "vendor"
    assert again == {name: hashlib.sha256((vendor / name).read_bytes()).hexdigest() for name in again}
    assert build_site(tmp_path / "site-a").version == built_site.version
    sw = json.loads((tmp_path / "site-a" / SUB_PATH / "sw.js").read_text().split("self.PRECACHE = ", 1)[1]
                    .split(";\n", 1)[0])
    assert list(sw["files"])[-2:] == [REST, SNAPSHOT] and sw["unpack"] == [SNAPSHOT]
