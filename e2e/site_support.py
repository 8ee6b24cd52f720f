"""Helpers for the built site's e2e tests (offline, install, embed): a built copy, servers, request guards.

The site is built by scripts/site.py into a temporary folder, under a sub-path (/games/tripeaks/) so the
tests prove that every URL is relative. Servers are scripts/serve.py processes that can be stopped (to go
offline) and started again on the same port. These tests never use the `page` fixture: they make their own
contexts (a persistent one, for the installability check) and check their own guards, because a host page
on another origin is part of what they test.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, wait_ready
from playwright.sync_api import BrowserContext, ConsoleMessage, Frame, Page, Request, Response

SUB_PATH = "games/tripeaks/"


def _site_module() -> Any:
    """scripts/site.py, imported under another name: `site` is a standard-library module."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("tripeaks_site", ROOT / "scripts" / "site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["tripeaks_site"] = module
    spec.loader.exec_module(module)
    return module


site_script = _site_module()


class Server:
    """scripts/serve.py on ``root``; stop() and start() keep the port. ``options``: more of its arguments."""

    def __init__(
        self, root: Path, host: str = "127.0.0.1", port: int = 0, options: tuple[str, ...] = ()
    ) -> None:
        self.root, self.host, self.port, self.options = root, host, port, options
        self.process: subprocess.Popen[str] | None = None
        self.start()

    def start(self) -> None:
        for _ in range(50):  # a just-freed port can take a moment to be free again
            process = subprocess.Popen(
                [sys.executable, str(ROOT / "scripts" / "serve.py"), "--root", str(self.root),
                 "--host", self.host, "--port", str(self.port), "--quiet", *self.options],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            )
            assert process.stdout is not None
            line = process.stdout.readline()
            if line.startswith("Serving"):
                self.process = process
                url = next(word for word in line.split() if word.startswith("http://"))
                self.port = int(urlsplit(url).port or 0)
                return
            process.wait(timeout=10)
            time.sleep(0.2)
        raise RuntimeError(f"scripts/serve.py could not start on port {self.port}")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def origin(self, host: str | None = None) -> str:
        return f"http://{host or self.host}:{self.port}"


@pytest.fixture
def serve() -> Iterator[Callable[..., Server]]:
    """Start servers with serve(root, *options); every one is stopped after the test, whatever happened."""
    started: list[Server] = []

    def start(root: Path, *options: str) -> Server:
        started.append(Server(root, options=options))
        return started[-1]

    yield start
    for server in started:
        server.stop()


@dataclass
class BuiltSite:
    www: Path
    """The served folder; the site is in www / SUB_PATH."""
    folder: Path
    precache: list[str]
    version: str


def game_url(origin: str, deal: int, query: str = "") -> str:
    """The built site's game page at origin: a deal in standard rules, then any more of the query."""
    return f"{origin}/{SUB_PATH}index.html?deal={deal}&rules=standard" + (f"&{query}" if query else "")


def build_site(www: Path) -> BuiltSite:
    folder = www / SUB_PATH
    site, manifest = site_script.build(folder)
    return BuiltSite(www, folder, list(site.precache), str(manifest["version"]))


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    return build_site(tmp_path_factory.mktemp("www"))


@pytest.fixture(scope="session")
def site_server(built_site: BuiltSite) -> Iterator[Server]:
    server = Server(built_site.www)
    yield server
    server.stop()


@dataclass
class Guard:
    """What a browser context asked for and what went wrong: requests, failed answers, console errors."""

    allowed: set[str]
    requests: list[Request] = field(default_factory=list)
    bad: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    ended: list[Request] = field(default_factory=list)

    def watch(self, context: BrowserContext) -> None:
        context.on("request", lambda request: self.requests.append(request))
        context.on("response", self._response)
        context.on("requestfinished", lambda request: self.ended.append(request))
        context.on("requestfailed", lambda request: self.ended.append(request))

    def unfinished(self) -> list[str]:
        """The URLs of requests that have neither finished nor failed: what a page that hangs waits for."""
        return [r.url for r in self.requests if not any(r is e for e in self.ended)]

    def watch_page(self, page: Page) -> None:
        def on_console(message: ConsoleMessage) -> None:
            if message.type == "error":
                self.errors.append(f"console.error: {message.text} @ {message.location.get('url', '')}")

        page.on("console", on_console)
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))

    @property
    def network(self) -> list[Request]:
        """The requests for a server (answered by it or its service worker): no data:, blob: or about:."""
        return [r for r in self.requests if urlsplit(r.url).scheme in ("http", "https")]

    def _response(self, response: Response) -> None:
        if response.status >= 400:
            self.bad.append(f"{response.status} {response.url}")

    def check(self) -> None:
        outside = [
            r.url for r in self.requests
            if urlsplit(r.url).scheme not in ("data", "blob", "about")
            and f"{urlsplit(r.url).scheme}://{urlsplit(r.url).netloc}" not in self.allowed
        ]
        assert not outside, f"requests outside {self.allowed}: {outside}"
        assert not self.bad, f"failed requests: {self.bad}"
        assert not self.errors, "console errors:\n" + "\n".join(self.errors)


def state(frame: Page | Frame) -> dict[str, Any]:
    return json.loads(frame.evaluate("window.tripeaksState()"))


def wait_frame_ready(frame: Frame, timeout: float = 120_000) -> None:
    frame.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=timeout, polling=100)


def play_any(frame: Page | Frame) -> dict[str, Any]:
    """Make one legal move by clicking (a playable card, else the stock); returns the state after it."""
    from game_support import playable_slots

    before = state(frame)
    slots = playable_slots(before)
    if slots:
        frame.click(f'#layout [data-slot="{slots[0]}"]')
    else:
        frame.click("#stock")
    frame.wait_for_function(
        f"JSON.parse(window.tripeaksState()).moves.length === {len(before['moves']) + 1}", timeout=30_000
    )
    return state(frame)


def wait_for_promise(page: Page, script: str, arg: Any = None, timeout: float = 60_000,
                     polling: float = 250) -> Any:
    """Poll ``script`` (an async function of ``arg``) until the value it resolves to is truthy; that value.

    Playwright's wait_for_function does not await a promise: a predicate that returns one is truthy at
    once. page.evaluate awaits it, so this polls with evaluate.
    """
    deadline = time.monotonic() + timeout / 1000
    while True:
        value = page.evaluate(script, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"still {value!r} after {timeout / 1000:.0f} s: {script}")
        time.sleep(polling / 1000)


def wait_offline_ready(page: Page, files: int, timeout: float = 120_000) -> None:
    """Wait until the service worker is active and its cache holds all ``files`` precached files."""
    wait_for_promise(
        page,
        """async (files) => {
             const registration = await navigator.serviceWorker.getRegistration();
             const active = registration && registration.active;
             if (!active || active.state !== "activated") return false;
             const names = (await caches.keys())
               .filter((n) => n.startsWith("tripeaks-") && n !== "tripeaks-clients");
             if (names.length === 0) return false;
             return (await (await caches.open(names[0])).keys()).length === files;
           }""",
        files, timeout,
    )


def open_controlled(page: Page, url: str, timeout: float = 60.0) -> None:
    """Open ``url`` as a page the service worker controls (its next visit after installing).

    Chromium 156 may still send a navigation to the network for a moment after the worker reports
    "activated" (seen here: up to ~10 s on a loaded machine); a returning player is never that quick.
    """
    deadline = time.monotonic() + timeout
    while True:
        page.goto(url)
        if page.evaluate("navigator.serviceWorker.controller !== null"):
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"no service worker took {url} in {timeout} s")
        page.wait_for_timeout(1000)


def launch_persistent(playwright: Any, user_data_dir: Path, **options: Any) -> BrowserContext:
    """Debian's Chromium with a profile on disk (installability and storage settings need one)."""
    return playwright.chromium.launch_persistent_context(
        str(user_data_dir), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **options
    )


__all__ = [
    "SUB_PATH", "BuiltSite", "Guard", "Server", "build_site", "built_site", "game_url", "launch_persistent",
    "open_controlled",
    "play_any", "serve",
    "site_server", "state", "wait_frame_ready", "wait_offline_ready", "wait_ready",
]
