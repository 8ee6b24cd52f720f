"""What a first visit to the built site downloads, file by file: raw, and as the host sends it compressed.

    .venv/bin/python benchmarks/size.py [--site dist] [--files]      (after scripts/site.py)

A first visit fetches every file the page loads, then the service worker fetches the rest of its precache
list (the page's own files are revalidated, not downloaded again): the manifest's icons, the rest of the
standard library and the snapshot of Pyodide's start-up, which the first visit boots without (printed
apart, as "after the first card"), and sw.js itself. That list is read from the built sw.js, so the
figures are the site's as built. The compressed columns are the .br and .gz that scripts/site.py wrote
beside each file (the file itself where none was worth writing): what scripts/serve.py, or a host set up
as the README says, sends. benchmarks/network.py times all this over an emulated phone network.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def precache_list(site: Path) -> list[str]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    match = re.search(r"self\.PRECACHE = (\{.*?\n\});", text, re.S)
    if match is None:
        raise SystemExit(f"{site / 'sw.js'} holds no precache list: build the site with scripts/site.py")
    return list(json.loads(match.group(1))["files"])


AFTER_FIRST_CARD = {"web/vendor/pyodide.snapshot", "web/vendor/pyodide/python_stdlib_rest.zip"}


def group(path: str) -> str:
    if path in AFTER_FIRST_CARD:
        return "after the first card (snapshot, rest of stdlib)"
    if "/vendor/pyodide/" in f"/{path}":
        return "Pyodide (Python in WebAssembly)"
    if "/vendor/pyscript/" in f"/{path}":
        return "PyScript"
    if "/vendor/wheels/" in f"/{path}" or path.endswith(("/vendor/engine.zip", "/vendor/modules.zip")):
        return "engine and page modules (engine.zip, modules.zip)"
    if "/icons/" in path:
        return "icons and manifest"
    if path.endswith(".webmanifest"):
        return "icons and manifest"
    return "page (html, toml, css, js, py)"


def sent(site: Path, path: str, suffix: str) -> int:
    """The bytes a host sends for ``path`` to a browser accepting ``suffix``'s coding."""
    packed = site / (path + suffix)
    if packed.exists():
        return packed.stat().st_size
    if suffix == ".gz" and not any(site.rglob("*.gz")):
        return len(gzip.compress((site / path).read_bytes(), 6, mtime=0))  # a site built before .gz files
    return (site / path).stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist")
    parser.add_argument("--files", action="store_true", help="one line per file")
    args = parser.parse_args()
    files = [*precache_list(args.site), "sw.js"]
    rows = [
        (path, (args.site / path).stat().st_size, sent(args.site, path, ".br"), sent(args.site, path, ".gz"))
        for path in files
    ]
    groups: dict[str, list[int]] = {}
    for path, raw, brotli, gzipped in rows:
        name = group(path) if path != "sw.js" else "page (html, toml, css, js, py)"
        total = groups.setdefault(name, [0, 0, 0, 0])
        for index, value in enumerate((1, raw, brotli, gzipped)):
            total[index] += value
    width = max(len(name) for name in [*groups, *(r[0] for r in rows)] if args.files or name in groups)
    print(f"First visit to {args.site}: {len(rows)} files")
    print(f"{'':{width}}  {'files':>5}  {'bytes':>12}  {'brotli':>12}  {'gzip':>12}")
    for name, (count, raw, brotli, gzipped) in sorted(groups.items(), key=lambda item: -item[1][1]):
        print(f"{name:{width}}  {count:>5}  {raw:>12,}  {brotli:>12,}  {gzipped:>12,}")
    totals = [sum(int(r[i]) for r in rows) for i in (1, 2, 3)]
    print(f"{'total':{width}}  {len(rows):>5}  {totals[0]:>12,}  {totals[1]:>12,}  {totals[2]:>12,}")
    if AFTER_FIRST_CARD.issubset(files):  # a site built since issue 18, whose first card needs neither
        before = [sum(int(r[i]) for r in rows if r[0] not in AFTER_FIRST_CARD) for i in (1, 2, 3)]
        label = "before the first card"
        print(f"{label:{width}}  {'':>5}  {before[0]:>12,}  {before[1]:>12,}  {before[2]:>12,}")
    if args.files:
        print()
        for path, raw, brotli, gzipped in sorted(rows, key=lambda row: -row[1]):
            print(f"{path:{width}}  {'':>5}  {raw:>12,}  {brotli:>12,}  {gzipped:>12,}")


if __name__ == "__main__":
    main()
