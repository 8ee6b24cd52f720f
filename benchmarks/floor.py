"""The floor under a return visit: Pyodide alone, started from the site's snapshot, against the whole game.

    .venv/bin/python benchmarks/floor.py [--runs 5] [--cpu 1 4] [--site dist]      (after `make site`)

Issue 18 asks a return visit for its first playable card within 1.5 s with the CPU slowed 4x. Part of that
time is no code of ours: Pyodide's own start from the memory snapshot (its JavaScript, the WebAssembly from
V8's code cache, Emscripten's start-up, the 30 MB of memory read from the service worker's cache and copied
in). This serves a temporary copy of --site with one more page, floor.html, which does only that: it loads
pyodide.mjs (and pyodide.asm.js, deferred, where the site has it), starts Pyodide from the snapshot in the
worker's cache (as web/interpreter.mjs does, JSPI hidden) and runs one line of Python; no PyScript, no
game. Once the worker has cached the site (from a visit to the game), each run times floor.html and the
game page (index.html, to its first playable card) in turn, both served by the worker:

  same tab   a tab that has just shown another page (about:blank): the renderer process is warm
  new tab    the last tab closed, a new one opened: a new renderer process, nothing compiled in memory
             (benchmarks/network.py's "reopen" visit; a player coming back another day)

Seconds from navigation, medians of --runs runs; `Emulation.setCPUThrottlingRate` slows the page's main
thread only, not the browser's other threads.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import phases  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS, READY_OBSERVER  # noqa: E402

TIMEOUT_MS = 120_000
# Pyodide's JavaScript as the site has it: pyodide.asm.mjs, which pyodide.mjs imports, or the classic script
# pyodide.asm.js that the game page runs instead (web/interpreter.mjs), passed on as the module's factory.
CLASSIC = '<script defer src="./web/vendor/pyodide/pyodide.asm.js"></script>'
FLOOR_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pyodide alone</title>
{classic}
<script type="module">
import {{ loadPyodide }} from "./web/vendor/pyodide/pyodide.mjs";
const snapshot = fetch("./web/vendor/pyodide.snapshot", {{ cache: "only-if-cached", mode: "same-origin" }})
  .then((response) => response.arrayBuffer()).then((buffer) => new Uint8Array(buffer));
for (const name of ["Suspending", "Suspender"]) delete WebAssembly[name];
const factory = globalThis.__tripeaksCreatePyodideModule;
const pyodide = await loadPyodide({{
  indexURL: new URL("./web/vendor/pyodide/", location.href).href,
  _loadSnapshot: snapshot,
  ...(factory ? {{ createPyodideModule: factory }} : {{}}),
}});
pyodide.runPython("x = 1");
window.__floorAt = performance.now();
</script></head><body></body></html>
"""


def timed(
    context: BrowserContext, page: Page, url: str, cpu: float, new_tab: bool, floor: bool
) -> tuple[Page, float]:
    """Open url (in the same tab or a new one) with the CPU slowed: seconds to its mark."""
    if new_tab:
        page.close()
        page = context.new_page()
        page.add_init_script(READY_OBSERVER)
    else:
        page.goto("about:blank")
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.goto(url, wait_until="commit")
    mark = "window.__floorAt" if floor else "window.__readyAt"
    page.wait_for_function(f"{mark} !== undefined", timeout=TIMEOUT_MS, polling=100)
    seconds = float(page.evaluate(mark)) / 1000
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    cdp.detach()
    return page, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cpu", nargs="+", type=float, default=[1.0, 4.0], help="CPU slowdowns")
    parser.add_argument("--site", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    if not (args.site / "sw.js").exists():
        raise SystemExit(f"{args.site} is not a built site: run `make site`")

    results: dict[tuple[float, str, str], list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="tripeaks-floor-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(args.site, site)
        classic = CLASSIC if (site / "web/vendor/pyodide/pyodide.asm.js").exists() else ""
        page_text = FLOOR_PAGE.format(classic=classic)
        (site / "floor.html").write_text(page_text, encoding="utf-8")  # not precached: the worker lets it by
        process, origin = phases.serve(site)
        game = f"{origin}/index.html?deal=7&rules=standard"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                context = browser.new_context()
                page = context.new_page()
                page.add_init_script(READY_OBSERVER)
                phases.installed(page, game, phases.precached(site))
                for _ in range(args.runs):
                    for cpu in args.cpu:
                        for tab in ("same tab", "new tab"):
                            for name, url in (("Pyodide alone", f"{origin}/floor.html"), ("the game", game)):
                                page, seconds = timed(context, page, url, cpu, tab == "new tab",
                                                      name == "Pyodide alone")
                                results.setdefault((cpu, tab, name), []).append(seconds)
                                print(f"  cpu {cpu:g}x {tab} {name}: {seconds:.2f} s",
                                      file=sys.stderr, flush=True)
                browser.close()
        finally:
            process.terminate()

    print(f"Chromium {CHROMIUM}; {args.site}; medians of {args.runs} runs, seconds from navigation "
          "(Pyodide alone: one line of Python run; the game: its first playable card)")
    for (cpu, tab, name), found in sorted(results.items()):
        print(f"  CPU slowed {cpu:g}x  {tab:8}  {name:13} {statistics.median(found):5.2f} s")


if __name__ == "__main__":
    main()
