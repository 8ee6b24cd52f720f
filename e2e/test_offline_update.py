"""A new deploy: open pages say "A new version is ready"; the new version takes over only on the player's
click, and a page that started with the old version keeps getting the old version's files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import site_support
from playwright.sync_api import Browser, Page, expect
from site_support import (
    Server,
    build_site,
    game_url,
    open_controlled,
    site_script,
    wait_for_promise,
    wait_offline_ready,
    wait_ready,
)

serve = site_support.serve  # a fixture

MARKER = "/* deployed again */"
CSS = "web/tripeaks.css"


def css_text(page: Page) -> str:
    """The stylesheet as this page's service worker serves it to this page."""
    return str(page.evaluate(f"fetch('{CSS}').then(r => r.text())"))


def cache_names(page: Page) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


def test_a_new_version_waits_for_the_click_and_never_mixes(
    browser: Browser, tmp_path_factory, serve: Callable[[Path], Server]
) -> None:
    site = build_site(tmp_path_factory.mktemp("update"))
    server = serve(site.www)
    url = game_url(server.origin(), 5)
    context = browser.new_context()
    errors: list[str] = []
    try:
        first = context.new_page()
        first.on("pageerror", lambda error: errors.append(str(error)))
        first.goto(url)
        wait_ready(first)
        wait_offline_ready(first, len(site.precache))
        open_controlled(first, url)
        wait_ready(first)
        second = context.new_page()
        second.goto(url)
        wait_ready(second)
        old_css = css_text(first)
        assert MARKER not in old_css
        old_caches = cache_names(first)

        # Deploy: one file changes, so the service worker's manifest and version change.
        (site.folder / CSS).write_text((site.folder / CSS).read_text() + MARKER + "\n")
        manifest = site_script.write_service_worker(site.folder, site.precache)
        assert f"tripeaks-{manifest['version']}" not in old_caches

        first.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        for page in (first, second):
            expect(page.locator("#update-notice")).to_contain_text("A new version is ready", timeout=120_000)
        # Installed and waiting: both pages still get the version they started with.
        assert css_text(first) == old_css and css_text(second) == old_css
        assert first.evaluate("navigator.serviceWorker.getRegistration().then(r => r.waiting !== null)")
        # A page opened now still starts with the old version, and leaves the waiting version's cache alone.
        third = context.new_page()
        third.goto(url)
        wait_ready(third)
        assert css_text(third) == old_css
        assert f"tripeaks-{manifest['version']}" in cache_names(third)
        third.close()

        with first.expect_event("load", timeout=120_000):
            first.click("#update-reload")
        wait_ready(first)
        assert MARKER in css_text(first)
        assert first.evaluate("navigator.serviceWorker.controller !== null")
        # The other page is now under the new worker, yet served from its own version's cache.
        second.wait_for_function("navigator.serviceWorker.controller !== null")
        assert css_text(second) == old_css
        expect(second.locator("#update-notice")).to_be_visible()
        assert len([n for n in cache_names(first) if n != "tripeaks-clients"]) == 2

        # Once that page reloads too, nobody uses the old version: its cache goes.
        with second.expect_event("load", timeout=120_000):
            second.click("#update-reload")
        wait_ready(second)
        assert MARKER in css_text(second)
        wait_for_promise(
            second,
            "() => caches.keys().then(names => names.filter(n => n !== 'tripeaks-clients').length === 1)",
            timeout=30_000,
        )
        assert cache_names(second) == sorted(["tripeaks-clients", f"tripeaks-{manifest['version']}"])
        assert errors == []
    finally:
        context.close()
        server.stop()
