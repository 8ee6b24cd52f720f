"""The floor under a return visit: Pyodide alone, started from the site's snapshot, against the whole game.

    .venv/bin/python benchmarks/floor.py [--runs 5] [--cpu 1 4] [--site dist] [--compare DIR]
                                                                                    (after `make site`)

Issue 18 asks a return visit for its first playable card within 1.5 s with the CPU slowed 4x. Part of that
time is no code of ours: Pyodide's own start from the memory snapshot (its JavaScript, the WebAssembly from
V8's code cache, Emscripten's start-up, the 30 MB of memory read from the service worker's cache and copied
in). This serves a temporary copy of --site with one more page, floor.html, which does only that: it runs
pyodide.asm.js (deferred, where the site has it, as index.html does), starts Pyodide with the page's own
web/interpreter.mjs (from the snapshot in the worker's cache) and runs one line of Python; no PyScript, no
game. And bare.html, the game without PyScript: the built index.html with PyScript's JavaScript taken
out and a module in its place that does what PyScript does for this page and no more (starts Python with
web/interpreter.mjs, copies the config's [files] into the working directory, makes `pyscript` a module
whose window and document are the page's, and runs web/main.py): what the page would cost if it booted
Pyodide itself. Once the worker has cached the site (from a visit to the game), each run times floor.html,
the game page (index.html, to its first playable card) and bare.html in turn; the worker serves all they
load (floor.html and bare.html themselves come from the server: it precaches neither):

  same tab   a tab that has just shown another page (about:blank): the renderer process is warm
  new tab    the last tab closed, a new one opened: a new renderer process, nothing compiled in memory
             (benchmarks/network.py's "reopen" visit; a player coming back another day)

With --compare DIR, DIR/dist (another commit's site, built) too, the sites in turn. Seconds from
navigation, medians of --runs runs; `Emulation.setCPUThrottlingRate` slows the page's main
thread only, not the browser's other threads.
"""

from __future__ import annotations

import argparse
import html
import json
import re
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
GAME = "index.html?deal=7&rules=standard"
# What each run opens, and where.
PAGES = {
    "Pyodide alone": "floor.html",
    "the game": GAME,
    "the game, no PyScript": "bare" + GAME.removeprefix("index"),
}
# Pyodide's JavaScript as the site has it: pyodide.asm.mjs, which pyodide.mjs imports, or the classic script
# pyodide.asm.js that the game page runs instead (web/interpreter.mjs), passed on as the module's factory.
CLASSIC = '<script defer fetchpriority="high" src="./web/vendor/pyodide/pyodide.asm.js"></script>'
# Python started as the game page starts it, by web/interpreter.mjs (the snapshot from the worker's cache,
# read in a worker of the page's where the site does that), with no PyScript and no game.
FLOOR_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pyodide alone</title>
{classic}
<script type="module">
import {{ loadPyodide }} from "./web/interpreter.mjs";
const pyodide = await loadPyodide();
pyodide.runPython("x = 1");
window.__floorAt = performance.now();
</script></head><body></body></html>
"""
# The game without PyScript (bare.html): in place of the page's `<script type="py" src=... config=...>`.
BARE_BOOT = """<script type="module">
import {{ loadPyodide }} from "./web/interpreter.mjs";
const files = {files};
const fetched = files.map(([from]) => fetch(from).then((response) => response.arrayBuffer()));
const script = fetch({script}).then((response) => response.text());
const pyodide = await loadPyodide();
(await Promise.all(fetched)).forEach((data, at) => pyodide.FS.writeFile(files[at][1], new Uint8Array(data)));
pyodide.runPython(`import sys, types, js
sys.modules["pyscript"] = types.ModuleType("pyscript")
sys.modules["pyscript"].window = js
sys.modules["pyscript"].document = js.document`);
pyodide.runPython(await script);
</script>"""
PY_SCRIPT = re.compile(r'<script type="py" src="([^"]+)" config="([^"]+)"></script>')
PYSCRIPT_JS = re.compile(
    r'<(?:link rel="modulepreload"|script type="module") (?:href|src)="\./web/vendor/pyscript/[^"]+\.js">'
    r"(?:</script>)?\n"
)


def bare_page(index: str) -> str | None:
    """The built index.html without PyScript's JavaScript, or None for a page with no inline config (a site
    built before the page carried it)."""
    found = PY_SCRIPT.search(index)
    if found is None or not found.group(2).startswith("{"):
        return None
    config = json.loads(html.unescape(found.group(2)))
    # PyScript's own package (a "folder/*" target) stays out: nothing imports it.
    files = [[source, into] for source, into in config.get("files", {}).items() if not into.endswith("/*")]
    boot = BARE_BOOT.format(files=json.dumps(files), script=json.dumps(found.group(1)))
    return PYSCRIPT_JS.sub("", index[: found.start()] + boot + index[found.end() :])


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


def floor_copy(site: Path, into: Path) -> Path:
    """A copy of the built site with floor.html and bare.html added (not precached: the worker lets them go
    by); no bare.html where bare_page has none."""
    shutil.copytree(site, into)
    classic = CLASSIC if (into / "web/vendor/pyodide/pyodide.asm.js").exists() else ""
    (into / "floor.html").write_text(FLOOR_PAGE.format(classic=classic), encoding="utf-8")
    bare = bare_page((into / "index.html").read_text(encoding="utf-8"))
    if bare is not None:
        (into / "bare.html").write_text(bare, encoding="utf-8")
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cpu", nargs="+", type=float, default=[1.0, 4.0], help="CPU slowdowns")
    parser.add_argument("--site", type=Path, default=ROOT / "dist")
    parser.add_argument("--compare", type=Path, help="also DIR/dist (a checkout of another commit, built)")
    args = parser.parse_args()
    given = {"new": args.site, **({"old": args.compare / "dist"} if args.compare else {})}
    for folder in given.values():
        if not (folder / "sw.js").exists():
            raise SystemExit(f"{folder} is not a built site: run `make site` there")

    results: dict[tuple[float, str, str, str], list[float]] = {}
    processes = []
    with tempfile.TemporaryDirectory(prefix="tripeaks-floor-") as tmp:
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                tabs: dict[str, tuple[BrowserContext, Page, str]] = {}
                bare: set[str] = set()
                for name, folder in given.items():
                    copy = floor_copy(folder, Path(tmp) / name)
                    if (copy / "bare.html").exists():
                        bare.add(name)
                    process, origin = phases.serve(copy)
                    processes.append(process)
                    context = browser.new_context()
                    page = context.new_page()
                    page.add_init_script(READY_OBSERVER)
                    phases.installed(page, f"{origin}/{GAME}", phases.precached(folder))
                    tabs[name] = (context, page, origin)
                for _ in range(args.runs):
                    for cpu in args.cpu:
                        for tab in ("same tab", "new tab"):
                            for what, path in PAGES.items():
                                for name, (context, page, origin) in tabs.items():
                                    if path.startswith("bare.html") and name not in bare:
                                        continue
                                    floor = what == "Pyodide alone"
                                    url = f"{origin}/{path}"
                                    page, seconds = timed(context, page, url, cpu, tab == "new tab", floor)
                                    tabs[name] = (context, page, origin)
                                    results.setdefault((cpu, tab, what, name), []).append(seconds)
                                    print(f"  {name} cpu {cpu:g}x {tab} {what}: {seconds:.2f} s",
                                          file=sys.stderr, flush=True)
                browser.close()
        finally:
            for process in processes:
                process.terminate()

    print(f"Chromium {CHROMIUM}; medians of {args.runs} runs, seconds from navigation (Pyodide alone: "
          "one line of Python run; the game, and the game with no PyScript: its first playable card)")
    for name, folder in given.items():
        print(f"  {name}: {folder}")
    order = sorted(results.items(), key=lambda item: (*item[0][:3], item[0][3] != "new"))
    for (cpu, tab, what, name), found in order:
        runs = " ".join(f"{seconds:.2f}" for seconds in found)
        median = statistics.median(found)
        print(f"  CPU slowed {cpu:g}x  {tab:8}  {what:21} {name}  {median:5.2f} s  ({runs})")


if __name__ == "__main__":
    main()
