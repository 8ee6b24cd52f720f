"""Does a click update the table within one frame? Click to render, measured by the page, in Chromium.

    .venv/bin/python benchmarks/clicks.py [--deals 1 2 3]      (after `make build`; needs Debian's chromium)

Issue 4: a click updates the table within one frame, the engine call plus the render under 16 ms at the
median. The page itself measures every move from the click's handler to the end of its render and
records it as a `tripeaks:move` performance measure (web/app.py). This plays each deal (Standard) to a
win by clicking its cards and the stock along the solver's winning line, then undoes every move with Z,
and prints the median, 95th percentile and longest of those measures, plays and draws and undos alike,
with the share of the time spent in the engine's own calls for plays.
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

from tripeaks import STANDARD, Position, numbered_deal, solve  # noqa: E402

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


def play(page: Page, number: int) -> None:
    answer = solve(Position.start(numbered_deal(number), STANDARD))
    if not answer.won:
        raise SystemExit(f"deal {number} is not winnable under Standard: pick another")
    for move in answer.moves:
        if move.card is None:
            act(page, "click", "#stock")
            continue
        slots = state(page)["slots"]
        assert isinstance(slots, list)
        slot = next(i for i, seen in enumerate(slots) if seen.get("card") == move.card.code)
        act(page, "click", f'#layout [data-slot="{slot}"]')
    for _ in answer.moves:
        act(page, "key", "z")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, nargs="+", default=[1, 2, 3])
    args = parser.parse_args(argv)
    server = make_server(ROOT, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    took: list[float] = []
    engine: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context()
        page = context.new_page()
        for number in args.deals:
            page.goto(f"{base}?deal={number}&rules=standard")
            page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=TIMEOUT_MS)
            play(page, number)
            took += page.evaluate("performance.getEntriesByName('tripeaks:move').map(e => e.duration)")
            engine += json.loads(page.evaluate("window.tripeaksPerf()"))["engine_samples_ms"]
        browser.close()
    server.shutdown()
    took.sort()
    p95 = took[min(len(took) - 1, round(0.95 * (len(took) - 1)))]
    print(f"Chromium, deals {', '.join(map(str, args.deals))} (Standard) won by clicking, then undone with Z")
    print(
        f"click to render: median {statistics.median(took):.1f} ms, p95 {p95:.1f} ms, "
        f"longest {took[-1]:.1f} ms over {len(took)} moves (target: median under 16 ms)"
    )
    print(f"engine calls of plays: median {statistics.median(engine):.2f} ms over {len(engine)} plays")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
