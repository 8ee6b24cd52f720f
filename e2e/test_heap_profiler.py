"""The tab survives Chromium's sampling heap profiler.

Chromium runs an in-process heap profiler in a share of its processes (most of them in builds outside the
stable channel, such as Debian's, and some on the stable channel). When it samples an allocation it walks the
native stack by its frame pointers, and on a WebAssembly stack-switching (JSPI) stack it reads past the
stack's end: the renderer dies with a SIGSEGV (Chromium 156). Pyodide runs every asyncio step on such a stack
when the browser offers JSPI, so the game's tab crashed within seconds whenever the profiler was on in its
process: the "Target crashed" failures that came and went in this suite. web/interpreter.mjs starts Pyodide
without JSPI.

Here the profiler is on in every process and samples every 512 bytes allocated (a player's Chromium samples
far less often, so it crashed later, not never): before the fix every page died within three seconds.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from chromium import CHROMIUM_ARGS
from conftest import wait_ready
from game_support import make_move, solution, state
from playwright.sync_api import Browser, BrowserType, Page, expect

from tripeaks import STANDARD, TRIPEAKS, Solitaire

# The feature and its parameters as Chromium 156 names them (components/heap_profiling/in_process). The last
# --enable-features wins, so this one replaces Playwright's (two features about screenshots and sign-in).
HEAP_PROFILER = (
    "--enable-features=HeapProfilerReporting:nonstable-probability/1.0/stable-probability/1.0"
    "/renderer-sampling-rate-bytes/512"
)


@pytest.fixture
def profiled(browser_type: BrowserType, browser_type_launch_args: dict[str, Any]) -> Iterator[Browser]:
    browser = browser_type.launch(**{**browser_type_launch_args, "args": [*CHROMIUM_ARGS, HEAP_PROFILER]})
    yield browser
    browser.close()


def test_a_deal_is_played_to_the_end_with_the_heap_profiler_on(profiled: Browser, server_url: str) -> None:
    # One game: the crash was the runtime's (every asyncio step on a JSPI stack), whatever the game; a second
    # game's deal played here too only repeated this one.
    game: Solitaire = TRIPEAKS
    page: Page = profiled.new_page()
    crashes: list[Page] = []
    page.on("crash", lambda crashed: crashes.append(crashed))
    rules = "&rules=standard" if game is TRIPEAKS else ""
    page.goto(f"{server_url}/index.html?game={game.id}&deal=1{rules}")
    wait_ready(page)
    page.keyboard.press("h")  # a hint: a search, in slices, on the event loop
    page.wait_for_function("JSON.parse(window.tripeaksState()).hints === 1")
    data = state(page)
    moves = solution(1, STANDARD if game is TRIPEAKS else None, game)
    for move in moves:
        make_move(page, data, move)
        data = state(page)
    assert data["status"] == "won"
    expect(page.locator("#ending")).to_be_visible()
    expect(page.locator("#ending-best")).to_be_visible()  # the best-score search's answer
    page.click("#ending-new")  # the next deal, and the page thinking ahead about it
    page.wait_for_function("JSON.parse(window.tripeaksState()).number !== 1")
    assert not crashes
