"""What a first visit to the built site downloads, file by file, raw and gzipped.

    .venv/bin/python benchmarks/size.py [--site dist]      (after scripts/site.py)

A first visit fetches every file the page loads, then the service worker fetches the rest of its precache
list (the manifest's icons; the page's own files are revalidated, not downloaded again) and sw.js itself.
That list is read from the built sw.js, so the figures are the site's as built. gzip is level 6, what
static hosts commonly serve; .wasm, .zip, .whl and .png gain little from it.
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


def group(path: str) -> str:
    if "/vendor/pyodide/" in f"/{path}" or path.endswith("/vendor/pyodide.snapshot"):
        return "Pyodide (Python in WebAssembly)"
    if "/vendor/pyscript/" in f"/{path}":
        return "PyScript"
    if "/vendor/wheels/" in f"/{path}":
        return "engine wheel"
    if "/icons/" in path:
        return "icons and manifest"
    if path.endswith(".webmanifest"):
        return "icons and manifest"
    return "page (html, toml, css, js, py)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist")
    parser.add_argument("--files", action="store_true", help="one line per file")
    args = parser.parse_args()
    files = [*precache_list(args.site), "sw.js"]
    rows: list[tuple[str, int, int]] = []
    for path in files:
        data = (args.site / path).read_bytes()
        rows.append((path, len(data), len(gzip.compress(data, 6, mtime=0))))
    groups: dict[str, list[int]] = {}
    for path, raw, packed in rows:
        name = group(path) if path != "sw.js" else "page (html, toml, css, js, py)"
        total = groups.setdefault(name, [0, 0, 0])
        total[0] += 1
        total[1] += raw
        total[2] += packed
    width = max(len(name) for name in [*groups, *(r[0] for r in rows)] if args.files or name in groups)
    print(f"First visit to {args.site}: {len(rows)} files")
    print(f"{'':{width}}  {'files':>5}  {'bytes':>12}  {'gzip -6':>12}")
    for name, (count, raw, packed) in sorted(groups.items(), key=lambda item: -item[1][1]):
        print(f"{name:{width}}  {count:>5}  {raw:>12,}  {packed:>12,}")
    raw_total = sum(r[1] for r in rows)
    packed_total = sum(r[2] for r in rows)
    print(f"{'total':{width}}  {len(rows):>5}  {raw_total:>12,}  {packed_total:>12,}")
    print(f"({raw_total / 2**20:.2f} MiB raw, {packed_total / 2**20:.2f} MiB with gzip)")
    if args.files:
        print()
        for path, raw, packed in sorted(rows, key=lambda row: -row[1]):
            print(f"{path:{width}}  {'':>5}  {raw:>12,}  {packed:>12,}")


if __name__ == "__main__":
    main()
