"""Boot time in Chromium: bare Pyodide, the game page, and the ways PyScript can load the engine wheel.

    .venv/bin/python benchmarks/boot.py [--runs 5] [--no-variants] [--compare DIR]
                                                (after `make build`; needs Debian's chromium)

Each run opens a fresh browser context (empty HTTP cache and IndexedDB: a first visit, "cold"), waits for
the page's ready flag, then reloads in the same context ("warm": a returning player). Times are from
navigation start to the moment `document.documentElement.dataset.ready` becomes "1" (recorded in the page
by a MutationObserver, so polling adds nothing). Medians are printed.

The target (issue 4): the game's first playable card at most 0.5 s after bare Pyodide's boot; the last
lines print the game page minus bare Pyodide, for TriPeaks (the bare address) and for Triangle
(`?game=triangle`, a fresh Triangle deal), whose first playable card must come as fast. Bare Pyodide is
Pyodide's own loadPyodide() on an empty page. The game page starts the same Pyodide from a snapshot of
its memory after start-up (web/interpreter.mjs, made by scripts/snapshot.mjs), which is most of why it is
faster than that; a
third case, "bare Pyodide from the snapshot", is the same empty page calling web/interpreter.mjs, so the
difference between it and the game page is what PyScript, the engine and the page add.

`--compare DIR` also times the game page served from DIR (say a `git worktree` of an earlier commit,
built), in the same runs: before/after figures under the same machine load. `--no-variants` leaves out
the engine variants below, which run on the game's interpreter module.

The engine variants are served under throwaway top-level URLs by request interception, each a copy of
bootcheck.html with its own config:
  files        [files] "<wheel>" = "./*"          the wheel unpacked into the working directory
  micropip     packages = ["<wheel>"]              micropip installs it (the lock names the shipped micropip)
  passthrough  packages + packages_cache = "passthrough"   Pyodide's loadPackage installs it, no micropip
(each with the page modules too, modules.zip, for web/engine.py; without engine.zip it imports the variant's)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, Route, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from chromium import CHROMIUM, CHROMIUM_ARGS, READY_OBSERVER  # noqa: E402
from serve import make_server  # noqa: E402

BARE_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>bare Pyodide</title></head><body><script type="module">
import { loadPyodide } from "./web/vendor/pyodide/pyodide.mjs";
const pyodide = await loadPyodide();
pyodide.runPython("import sys");
document.documentElement.dataset.ready = "1";
</script></body></html>"""
# The same page on the game's interpreter module: Pyodide started from the build's snapshot.
SNAPSHOT_PAGE = BARE_PAGE.replace("./web/vendor/pyodide/pyodide.mjs", "./web/interpreter.mjs")

TIMEOUT_MS = 60_000

INTERPRETER = 'interpreter = "./web/interpreter.mjs"\n'  # the game's: Pyodide from its snapshot


# Each variant has the page modules too (bootcheck.html imports web/engine.py from them, as the page does),
# not engine.zip: web/engine.py then drops the engine the snapshot brought and imports the variant's.
PAGE_MODULES = '"./web/vendor/modules.zip" = "./modules.zip"\n'


def variant_configs(wheel: str) -> dict[str, str]:
    return {
        "files": f'{INTERPRETER}[files]\n"./web/vendor/{wheel}" = "./*"\n{PAGE_MODULES}',
        "micropip": f'{INTERPRETER}packages = ["./web/vendor/{wheel}"]\n[files]\n{PAGE_MODULES}',
        "passthrough": f'{INTERPRETER}packages_cache = "passthrough"\npackages = ["./web/vendor/{wheel}"]\n'
        f"[files]\n{PAGE_MODULES}",
    }


def measure(browser: Browser, url: str, routes: dict[str, tuple[str, str]]) -> tuple[float, float]:
    """One cold load and one warm reload of url, in seconds."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(READY_OBSERVER)
        for path, (body, content_type) in routes.items():
            page.route(f"**/{path}", _fulfil(body, content_type))
        cold = _load(page, lambda: page.goto(url))
        warm = _load(page, lambda: page.reload())
        return cold, warm
    finally:
        context.close()


def _fulfil(body: str, content_type: str) -> Callable[[Route], None]:
    return lambda route: route.fulfill(body=body, content_type=content_type)


def _load(page: Page, navigate: Callable[[], object]) -> float:
    navigate()
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS, polling=100)
    return float(page.evaluate("window.__readyAt")) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-variants", action="store_true", help="only bare Pyodide and the game page")
    parser.add_argument("--compare", type=Path, help="also the game page from this checkout (built)")
    args = parser.parse_args()

    manifest = json.loads((ROOT / "web" / "vendor" / "engine.json").read_text())
    bootcheck = (ROOT / "bootcheck.html").read_text()
    game = "index.html" if (ROOT / "index.html").exists() else "bootcheck.html"

    servers = [make_server(ROOT, port=0, quiet=True)]
    if args.compare is not None:
        servers.append(make_server(args.compare.resolve(), port=0, quiet=True))
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    origin, *other = [f"http://127.0.0.1:{server.server_address[1]}" for server in servers]

    game_case = f"game page ({game}, pyscript.toml)"
    # Full URLs, so that a case may come from the other server.
    cases: dict[str, tuple[str, dict[str, tuple[str, str]]]] = {
        "bare Pyodide (loadPyodide)": (
            f"{origin}/__bench_bare.html", {"__bench_bare.html": (BARE_PAGE, "text/html")}
        ),
        "bare Pyodide from the snapshot": (
            f"{origin}/__bench_snapshot.html", {"__bench_snapshot.html": (SNAPSHOT_PAGE, "text/html")}
        ),
        game_case: (f"{origin}/{game}", {}),
        "game page, Triangle (?game=triangle)": (f"{origin}/{game}?game=triangle", {}),
    }
    if other:
        cases[f"game page from {args.compare}"] = (f"{other[0]}/{game}", {})
    for name, config in ({} if args.no_variants else variant_configs(manifest["wheel"])).items():
        page = bootcheck.replace('config="./pyscript.toml"', f'config="./__bench_{name}.toml"')
        html, toml = f"__bench_{name}.html", f"__bench_{name}.toml"
        cases[f"engine via {name}"] = (
            f"{origin}/{html}", {html: (page, "text/html"), toml: (config, "application/toml")}
        )

    results: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in cases}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            # Interleave the cases so that drift in machine load spreads evenly over them.
            for run in range(args.runs):
                for name, (url, routes) in cases.items():
                    cold, warm = measure(browser, url, routes)
                    print(f"  {name}: {cold:.2f} s cold, {warm:.2f} s warm", file=sys.stderr)
                    results[name][0].append(cold)
                    results[name][1].append(warm)
                print(f"run {run + 1}/{args.runs} done", file=sys.stderr)
        finally:
            browser.close()
            for server in servers:
                server.shutdown()

    medians = {name: (statistics.median(c), statistics.median(w)) for name, (c, w) in results.items()}
    width = max(len(name) for name in medians) + 2
    print(f"Chromium {CHROMIUM}, {args.runs} runs, tripeaks {manifest['version']}; median seconds to ready")
    print(f"{'':{width}} {'cold':>7} {'warm':>7}")
    for name, (cold, warm) in medians.items():
        print(f"{name:{width}} {cold:7.2f} {warm:7.2f}")
    bare = medians["bare Pyodide (loadPyodide)"]
    print("minus bare Pyodide (target: at most +0.50 s)")
    for name in [n for n in medians if n.startswith("game page")]:
        cold, warm = medians[name]
        print(f"{name:{width}} {cold - bare[0]:+7.2f} {warm - bare[1]:+7.2f}")


if __name__ == "__main__":
    main()
