"""Start times of the built site in Chromium: a first visit, a return through the HTTP cache, and a return
offline through the service worker's cache.

    .venv/bin/python benchmarks/offline.py [--runs 3] [--site dist]      (after scripts/site.py)

Each run takes a fresh browser context and a fresh scripts/serve.py on the site:
  cold     first visit, empty caches, from the network (loopback: download time is near zero here, so
           this is mostly compile and boot; see benchmarks/size.py for the bytes a real network carries)
  warm     reload once the service worker is installed, server still up: what a returning player gets
  offline  the same with the web server stopped: everything from the service worker's cache
Times run from navigation start to `document.documentElement.dataset.ready === "1"` (the page's own
Python sets it when the first card is playable), recorded in the page by a MutationObserver. Medians.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import phases  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS, READY_OBSERVER  # noqa: E402

TIMEOUT_MS = 180_000


def ready_seconds(page: Page) -> float:
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS, polling=100)
    return float(page.evaluate("window.__readyAt")) / 1000


def one_run(browser, site: Path, files: int) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    process, origin = phases.serve(site)
    url = f"{origin}/index.html?deal=1&rules=standard"
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(READY_OBSERVER)
        page.goto(url)
        cold = ready_seconds(page)
        phases.cached(page, files)
        phases.controlled(page)
        page.reload()
        warm = ready_seconds(page)
        process.terminate()
        process.wait(timeout=10)
        page.reload()
        offline = ready_seconds(page)
        return cold, warm, offline
    finally:
        context.close()
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    files = phases.precached(args.site)
    results: list[tuple[float, float, float]] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for run in range(args.runs):
                results.append(one_run(browser, args.site.resolve(), files))
                cold, warm, offline = results[-1]
                print(f"run {run + 1}: cold {cold:.2f} s, warm {warm:.2f} s, offline {offline:.2f} s",
                      flush=True)
        finally:
            browser.close()
    names = ("cold (first visit)", "warm (service worker, online)", "offline (server down)")
    for index, name in enumerate(names):
        median = statistics.median(r[index] for r in results)
        print(f"{name:32} median {median:.2f} s over {len(results)} runs")


if __name__ == "__main__":
    main()
