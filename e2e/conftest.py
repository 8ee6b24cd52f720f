"""Shared e2e set-up: the static server, Debian's Chromium, same-origin and console-error guards, wait_ready.

The site must be built first (`make build`); nothing here builds. Every test that uses `page` is guarded:
it fails if the page requested anything outside its own origin (the game must work offline) or logged a
console error or an uncaught exception (opt out with @pytest.mark.allow_console_errors). Pages signal
readiness with `document.documentElement.dataset.ready = "1"`; wait with wait_ready(page), never a sleep.

The `context` the tests get is one browser context for the whole session, so its HTTP cache keeps
Pyodide's runtime (and Chromium's compiled WebAssembly) from one test to the next: each test boots the page
warm, as a returning player does, instead of cold. Each test still starts clean: its own new page, and
the site's storage (localStorage, IndexedDB, service workers, Cache Storage) cleared first; its pages are
closed after it. A test that needs a first visit with empty caches is marked @pytest.mark.cold and gets a
context of its own.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, CDPSession, ConsoleMessage, Page, Request

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

# Pyodide's cold boot takes seconds, and more on a busy 2-core CI machine.
READY_TIMEOUT_MS = 120_000
# One renderer process for the pages of a site in a browser context, kept up between tests by the warm
# context's keeper page, which stays on the site. A test's page then joins a running process, which has the
# game's WebAssembly compiled already, rather than starting one: half the CPU a page costs to boot (1.6
# against 3.4 s a page, new pages of the game opened one after another, on this machine). The page runs
# the same; pages of one site share that process's main thread, as Chromium's tabs do when it runs short
# of processes. The benchmarks launch Chromium as it is by default.
SHARED_PROCESS = ["--process-per-site"]
# Schemes that never leave the browser.
LOCAL_SCHEMES = {"data", "blob", "about"}
# What a test may leave behind in the site's origin; never the HTTP cache, which is what keeps boots warm.
SITE_DATA = "local_storage,indexeddb,service_workers,cache_storage,cookies"


def wait_ready(page: Page, timeout: float = READY_TIMEOUT_MS) -> None:
    """Wait until the page's own Python has set document.documentElement.dataset.ready to "1"."""
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=timeout, polling=100)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "allow_console_errors: do not fail the test on console errors")
    config.addinivalue_line("markers", "cold: a browser context of its own, empty caches (a first visit)")
    config.addinivalue_line("markers", "motion: the page's motion on (the others ask for reduced motion)")
    if not (ROOT / "web" / "vendor" / "engine.json").exists():
        pytest.exit("web/vendor/ is not built: run `make build` first", returncode=4)


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    """scripts/serve.py on a free port, serving the repository's top level, for the whole session."""
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "serve.py"), "--port", "0", "--quiet"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # "Serving <root> on http://127.0.0.1:<port>/  (Ctrl-C stops)"
        url = next((word for word in line.split() if word.startswith("http://")), None)
        if url is None:
            raise RuntimeError(f"scripts/serve.py did not print its address: {line!r}")
        yield url.rstrip("/")
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="session")
def base_url(server_url: str) -> str:
    """pytest-playwright resolves page.goto("/index.html") against this."""
    return server_url + "/"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any], browser_name: str) -> dict[str, Any]:
    """Debian's Chromium: Playwright's own browser download cannot work here."""
    if browser_name != "chromium":
        return browser_type_launch_args
    args = [*CHROMIUM_ARGS, *SHARED_PROCESS]
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": args}


def forget_site(cdp: CDPSession, origin: str) -> None:
    """Forget everything ``origin`` stored in the browser context of ``cdp`` (not the HTTP cache)."""
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": SITE_DATA})


def clear_site_data(context: BrowserContext, origin: str) -> None:
    """Forget everything ``origin`` stored in ``context`` (not the HTTP cache), from a page opened for it."""
    page = context.new_page()
    try:
        cdp = context.new_cdp_session(page)
        forget_site(cdp, origin)
        cdp.detach()
    finally:
        page.close()


class WarmContext:
    """The one browser context the tests share (see the module's docstring), with a page of its own kept
    open on the site, whose DevTools session clears the site's data before each test (a page opened and
    closed for that would cost each test a tenth of a second), and whose renderer process the tests' pages
    join (SHARED_PROCESS)."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.keeper = context.new_page()
        self.cdp = context.new_cdp_session(self.keeper)

    def forget(self, origin: str) -> None:
        """Forget everything ``origin`` stored, then clear its localStorage again from a page of it.

        Once, in a full run under load, a test found the previous test's save after the DevTools call
        alone (a renderer process that keeps its copy of the origin's localStorage may hear of the
        deletion only after a new page has read it). Clearing from a page of the origin (a static file
        of the site) goes the way the game's own storage goes."""
        forget_site(self.cdp, origin)
        self.keeper.goto(origin + "/web/icon.svg")
        self.keeper.evaluate("localStorage.clear(); sessionStorage.clear()")
        # and stays on it: the test's pages of the site join its renderer process (SHARED_PROCESS)

    def close_tests_pages(self) -> None:
        for page in self.context.pages:
            if page is not self.keeper:
                page.close()


@pytest.fixture(scope="session")
def warm_context(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[WarmContext]:
    context = browser.new_context(**browser_context_args)
    yield WarmContext(context)
    context.close()


@pytest.fixture
def context(
    request: pytest.FixtureRequest,
    browser: Browser,
    browser_context_args: dict[str, Any],
    server_url: str,
) -> Iterator[BrowserContext]:
    """The shared warm context, its site data cleared, or a cold one for a test marked `cold`."""
    if request.node.get_closest_marker("cold") is not None:
        cold = browser.new_context(**browser_context_args)
        yield cold
        cold.close()
        return
    warm: WarmContext = request.getfixturevalue("warm_context")
    warm.close_tests_pages()  # left by a test that failed in the middle, say
    warm.forget(server_url)
    yield warm.context
    warm.close_tests_pages()


@pytest.fixture
def page(request: pytest.FixtureRequest, context: BrowserContext) -> Iterator[Page]:
    """A new page (tab) in the test's context, asking for reduced motion unless the test is marked
    `motion` (or asks for it itself).

    Reduced motion changes no rule and no state, only how a change is shown; but Playwright waits for a card
    to stop moving before it clicks it (a player doesn't), so with motion on each play takes it about 45 ms
    longer (100 against 55 ms a move on this machine). The tests of motion itself, and a long session
    played as fast as Playwright can, keep it on.
    """
    page = context.new_page()
    motion = request.node.get_closest_marker("motion") is not None
    page.emulate_media(reduced_motion="no-preference" if motion else "reduce")
    yield page
    page.close()


@pytest.fixture
def requests_seen(page: Page) -> Iterator[list[str]]:
    """Every URL the page's browser context requested during the test (workers included)."""
    seen: list[str] = []

    def record(request: Request) -> None:
        seen.append(request.url)

    page.context.on("request", record)
    yield seen
    page.context.remove_listener("request", record)


@pytest.fixture
def console_errors(page: Page) -> list[str]:
    """Console errors and uncaught page exceptions, in order."""
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(f"console.error: {message.text} @ {message.location.get('url', '')}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    return errors


def foreign(urls: list[str], origin: str) -> list[str]:
    """The URLs that would leave the page's origin."""
    own = urlsplit(origin)
    return [
        url
        for url in urls
        if (parts := urlsplit(url)).scheme not in LOCAL_SCHEMES
        and (parts.scheme, parts.netloc) != (own.scheme, own.netloc)
    ]


@pytest.fixture(autouse=True)
def _browser_guards(request: pytest.FixtureRequest, server_url: str) -> Iterator[None]:
    """For tests that use a page: no request may leave the origin, and no console error may appear."""
    if "page" not in request.fixturenames:
        yield
        return
    seen: list[str] = request.getfixturevalue("requests_seen")
    errors: list[str] = request.getfixturevalue("console_errors")
    yield
    outside = foreign(seen, server_url)
    assert not outside, f"requests outside {server_url}: {outside}"
    if request.node.get_closest_marker("allow_console_errors") is None:
        assert not errors, "console errors:\n" + "\n".join(errors)
