"""The built site installs as an app: Chromium's own installability check finds nothing wrong."""

from __future__ import annotations

import site_support
from playwright.sync_api import Playwright
from site_support import (
    SUB_PATH,
    BuiltSite,
    Guard,
    Server,
    launch_persistent,
    wait_ready,
)

built_site = site_support.built_site  # a fixture
site_server = site_support.site_server  # a fixture


def test_chromium_finds_the_site_installable(
    playwright: Playwright, built_site: BuiltSite, site_server: Server, tmp_path
) -> None:
    origin = site_server.origin()
    context = launch_persistent(playwright, tmp_path / "profile")
    guard = Guard({origin})
    guard.watch(context)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        guard.watch_page(page)
        page.goto(f"{origin}/{SUB_PATH}index.html")
        wait_ready(page)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == f"{origin}/{SUB_PATH}web/manifest.webmanifest"
        assert manifest["errors"] == [], manifest["errors"]
        parsed = manifest.get("parsed") or {}
        assert parsed.get("scope") == f"{origin}/{SUB_PATH}", parsed
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        guard.check()
    finally:
        context.close()
