"""Where a return visit's time goes: the boot's phases of built sites from the service worker's cache.

    .venv/bin/python benchmarks/phases.py [--runs 5] [--cpu 4] [--offline] SITE [SITE ...]
                                          (after `make site`; SITE is a built dist/, e.g. dist /other/dist)

Issue 18's return visit with the CPU slowed 4x: each SITE is served on loopback by scripts/serve.py, opened
once (its service worker installs and caches every file), then opened again --runs times with
`Emulation.setCPUThrottlingRate`, the sites interleaved; between visits each tab is left on about:blank, so
no game thinks ahead (hints, best score, difficulty) while another site is timed. This prints the medians of
the moments (ms from navigation) the page reaches: its marks (`tripeaks:python-start` when PyScript asks
web/interpreter.mjs for Python, `tripeaks:python-ready` when Pyodide is up), when each file was requested
and arrived, and the first playable card (`<html data-ready="1">`). The phases between them:

  navigation -> python-start   the page and PyScript's JavaScript (core chunk, plugins; the built page has
                               its config inline, so no TOML to fetch and parse)
  python-start -> python-ready Pyodide from the snapshot: the 30 MB memory from the cache, the WebAssembly
                               (from V8's code cache), Emscripten's start-up, the memory restored
  python-ready -> main.py      [files]: web/vendor/engine.zip and modules.zip copied in
  main.py -> ready             PyScript's own Python (written and compiled at every boot), the page's
                               script: the snapshot's engine checked against engine.zip, the page
                               modules imported, the game dealt and drawn
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from chromium import CHROMIUM, CHROMIUM_ARGS, READY_OBSERVER  # noqa: E402

TIMEOUT_MS = 120_000
COLLECT = """() => {
  const out = {ready: window.__readyAt, at: {}};
  for (const mark of performance.getEntriesByType("mark")) out.at[mark.name] = mark.startTime;
  for (const entry of performance.getEntriesByType("resource")) {
    const name = entry.name.split("/").pop().split("?")[0];
    out.at[`${name} requested`] = entry.startTime;
    out.at[`${name} in`] = entry.responseEnd;
  }
  out.start = document.documentElement.dataset.pythonStart;
  return out;
}"""
CACHED = """async (files) => {
  const r = await navigator.serviceWorker.getRegistration();
  if (!r || !r.active || r.active.state !== "activated") return false;
  const names = (await caches.keys()).filter((n) => n !== "tripeaks-clients");
  return names.length === 1 && (await (await caches.open(names[0])).keys()).length === files;
}"""


def serve(root: Path) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "serve.py"), "--root", str(root), "--port", "0", "--quiet"],
        stdout=subprocess.PIPE, text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    return process, next(word for word in line.split() if word.startswith("http://")).rstrip("/")


def precached(site: Path) -> int:
    text = (site / "sw.js").read_text(encoding="utf-8")
    return len(json.loads(text.split("self.PRECACHE = ", 1)[1].split(";\n", 1)[0])["files"])


def ready(page: Page) -> None:
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS, polling=100)


def cached(page: Page, files: int) -> None:
    """Wait until the page's service worker is active and its cache holds all ``files``."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not page.evaluate(CACHED, files):  # polled: wait_for_function would not await the promise
        if time.monotonic() > deadline:
            raise TimeoutError("the service worker never cached the site")
        time.sleep(0.25)


def controlled(page: Page) -> None:
    """Reload until the service worker serves the page (Chromium may need a moment after activating)."""
    for _ in range(30):
        page.reload()
        ready(page)
        if page.evaluate("navigator.serviceWorker.controller !== null"):
            return
        time.sleep(1)
    raise RuntimeError("the service worker never took the page")


def installed(page: Page, url: str, files: int) -> None:
    """The first visit, then reloads until the service worker has every file and controls the page."""
    page.goto(url)
    ready(page)
    cached(page, files)
    controlled(page)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sites", nargs="+", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cpu", type=float, default=4.0, help="CPU slowdown")
    parser.add_argument("--offline", action="store_true", help="stop the servers before the timed reloads")
    args = parser.parse_args()

    results: dict[Path, list[dict[str, Any]]] = {site: [] for site in args.sites}
    servers: list[subprocess.Popen[str]] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            pages = {}
            for site in args.sites:
                process, origin = serve(site)
                servers.append(process)
                page = browser.new_context().new_page()
                page.add_init_script(READY_OBSERVER)
                url = f"{origin}/index.html?deal=7&rules=standard"
                installed(page, url, precached(site))
                page.goto("about:blank")  # a game left open thinks ahead, and would slow the others down
                pages[site] = (page, url, page.context.new_cdp_session(page))
            if args.offline:
                for process in servers:
                    process.terminate()
            for run in range(args.runs):
                for site, (page, url, cdp) in pages.items():
                    # Slowed only while it is timed: the sites' pages share a renderer process (one host,
                    # other ports), and each session's slowdown would add to the others'.
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu})
                    page.goto(url, wait_until="commit")
                    ready(page)
                    out = page.evaluate(COLLECT)
                    page.goto("about:blank")
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                    results[site].append(out)
                    print(f"  run {run + 1} {site}: {out['ready']:.0f} ms ({out['start']})", file=sys.stderr,
                          flush=True)
        finally:
            browser.close()
            for process in servers:
                if process.poll() is None:
                    process.terminate()

    print(f"Chromium {CHROMIUM}; CPU slowed {args.cpu:g}x; {'offline' if args.offline else 'online'} return "
          f"visits; medians of {args.runs} runs, ms from navigation")
    for site, outs in results.items():
        each = ", ".join(f"{o['ready']:.0f}" for o in outs)
        print(f"\n{site}: first playable card {statistics.median(o['ready'] for o in outs):.0f} ms ({each})")
        names = {name for o in outs for name in o["at"]}
        moments = {name: statistics.median(o["at"][name] for o in outs if name in o["at"]) for name in names}
        for name, moment in sorted(moments.items(), key=lambda item: item[1]):
            print(f"  {moment:7.0f}  {name}")


if __name__ == "__main__":
    main()
