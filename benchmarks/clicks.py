"""Does a click update the table within one frame? Click to render, measured by the page, in Chromium.

    .venv/bin/python benchmarks/clicks.py [--deals 1 2 3] [--triangle 1 10 3]
                                                (after `make build`; needs Debian's chromium)

Issue 4: a click updates the table within one frame, the engine call plus the render under 16 ms at the
median. The page itself measures every move from the click's handler to the end of its render and
records it as a `tripeaks:move` performance measure (web/app.py). This plays each TriPeaks deal
(Standard) and each Triangle deal to a win by clicking their cards (both cards of a Triangle pair, one
after the other: the measure is of the click that removes it) and the stock along the solver's winning
line, then undoes every move with Z, and prints per game the median, 95th percentile and longest of those
measures, plays and draws and undos alike, with the time spent in the engine's own calls for plays.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import make_server  # noqa: E402

from tripeaks import TRIANGLE, TRIPEAKS, Position, Solitaire, numbered_deal, solve  # noqa: E402

TIMEOUT_MS = 120_000
MEASURES = "performance.getEntriesByName('tripeaks:move').length"


def state(page: Page) -> dict[str, object]:
    data: dict[str, object] = json.loads(page.evaluate("window.tripeaksState()"))
    return data


def act(page: Page, do: str, target: str) -> None:
    """Click ``target`` (or press the key ``do`` == "key") and wait for the page's measure of it."""
    before = page.evaluate(MEASURES)
    if do == "key":
        page.keyboard.press(target)
    else:
        page.click(target)
    page.wait_for_function(f"{MEASURES} > {before}", timeout=TIMEOUT_MS, polling=10)


def where(page: Page, code: str) -> str:
    """The element that shows the card ``code``: a layout slot, the stock's top or the waste's top."""
    data = state(page)
    slots = data["slots"]
    assert isinstance(slots, list)
    for i, seen in enumerate(slots):
        if seen.get("card") == code:
            return f'#layout [data-slot="{i}"]'
    return "#stock" if data["stock_top"] == code else "#waste-top"


def play(page: Page, game: Solitaire, number: int) -> None:
    answer = solve(Position.start(numbered_deal(number, game)))
    if not answer.won:
        raise SystemExit(f"{game.name} deal {number} is not winnable: pick another")
    for move in answer.moves:
        if not move.cards:
            shows = state(page)["stock_top"] is not None
            act(page, "click", f"#{move.kind}" if shows else "#stock")
            continue
        *first, last = move.cards
        for card in first:
            page.click(where(page, card.code))  # selects it: no move yet
        act(page, "click", where(page, last.code))
    for _ in answer.moves:
        act(page, "key", "z")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, nargs="+", default=[1, 2, 3], help="TriPeaks deals")
    parser.add_argument("--triangle", type=int, nargs="+", default=[1, 10, 3], help="Triangle deals")
    args = parser.parse_args(argv)
    server = make_server(ROOT, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    took: dict[str, list[float]] = {TRIPEAKS.name: [], TRIANGLE.name: []}
    engine: dict[str, list[float]] = {TRIPEAKS.name: [], TRIANGLE.name: []}
    runs = [(TRIPEAKS, n) for n in args.deals] + [(TRIANGLE, n) for n in args.triangle]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context()
        page = context.new_page()
        for game, number in runs:
            page.goto(f"{base}?game={game.id}&deal={number}")
            page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=TIMEOUT_MS)
            play(page, game, number)
            took[game.name] += page.evaluate(
                "performance.getEntriesByName('tripeaks:move').map(e => e.duration)"
            )
            engine[game.name] += json.loads(page.evaluate("window.tripeaksPerf()"))["engine_samples_ms"]
        browser.close()
    server.shutdown()
    print(f"Chromium; TriPeaks deals {', '.join(map(str, args.deals))} (Standard) and Triangle deals "
          f"{', '.join(map(str, args.triangle))} won by clicking, then undone with Z")
    for name, times in took.items():
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(
            f"{name:9}: click to render median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, "
            f"longest {times[-1]:.1f} ms over {len(times)} moves (target: median under 16 ms); "
            f"engine calls of plays median {statistics.median(engine[name]):.2f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
