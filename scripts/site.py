"""Write the static site (dist/): the files the game page loads and nothing else, plus its service worker.

    .venv/bin/python scripts/site.py [--out dist]          (after `make build`)

Every URL in the site is relative, so dist/ works from any sub-path of any static host (`/`,
`/games/tripeaks/`). What goes in, and why:

- index.html and what it names: stylesheets, scripts, the web manifest;
- what pyscript.toml names (the built index.html carries it inline, as JSON, so it is not itself a file of
  the site): the interpreter (web/interpreter.mjs, and the snapshot of Pyodide's
  start-up it loads), Pyodide's folder (only the five files Pyodide fetches to start: pyodide.mjs,
  pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json, with pyodide.asm.js in place of
  pyodide.asm.mjs when the interpreter loads that instead; no micropip, since the engine arrives through
  [files]) and every [files] entry (web/vendor/engine.zip and modules.zip: the engine and
  the page's modules with their bytecode);
- PyScript: core.js, the chunks it imports statically, and the chunks its core imports at every start
  (EAGER_CHUNKS, by name without the content hash); never the editor's CodeMirror, the terminal's xterm,
  zip.js, the graph chunk or the TOML parser, which it loads only for <py-editor>, <py-terminal>, a config
  file in TOML and the like;
- the manifest's icons (rendered by scripts/icons.py when missing), and web/embed.js for host pages.

e2e/test_offline_site.py plays the built site in Chromium and checks that the page fetched exactly these
files (bar embed.js and the icons). sw.js is web/sw.js with the precache list prepended: every file the
page loads with its sha256, and a version that is the hash of that list, so any changed byte makes a new
cache (and the same files make the same version: the build is reproducible, snapshot included). The list
is in the order the worker fetches it, after the game is playable: the page's own files first (the HTTP
cache has them), the snapshot of Pyodide's start-up last (a first visit never downloads it before the
first card: web/interpreter.mjs). web/pwa.js registers the worker only in the built site (site.py
switches it on).

The built index.html is index.html without a preload of the snapshot, should it have one (on a phone
network those 5.2 MB would arrive before the game's first card instead of after it), with PyScript's
chunks preloaded and with the PyScript config inline: PyScript then neither waits for each chunk after the
one that imports it, nor fetches pyscript.toml, nor imports its TOML parser before it asks for Python, steps
one after the other on every boot's critical path (benchmarks/phases.py).

Compression: beside every file that shrinks, `name.br` (brotli 11) and `name.gz` (gzip 9), which
scripts/serve.py (and a host set up as docs/hosting.md says) sends with Content-Encoding to browsers that
accept it. They are kept in .cache/compressed/ by content, so a rebuild compresses only what changed.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import shutil
import sys
import tomllib
from dataclasses import dataclass, field
from html import escape as html_escape
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
PYODIDE_FILES = [
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
]
# Chunks @pyscript/core 0.7.31's core imports on every page: its plugins, which it imports for each script
# type (py, and mpy for MicroPython, which has no config here to leave any out), even with none on the page.
# The others it can import (codemirror*, zip, pyodide_graph, and the TOML parser, which the built page's
# inline JSON config does not need) only serve features this page does not use.
EAGER_CHUNKS = ["deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal"]
# Files shipped for host pages, which the game page itself never loads: not precached.
FOR_HOSTS = ["web/embed.js"]
SERVICE_WORKER = "sw.js"
PWA = "web/pwa.js"
# web/pwa.js carries this line; the built site's copy names the service worker instead.
PWA_SWITCH = "const SERVICE_WORKER = null;"
PWA_SWITCHED = 'const SERVICE_WORKER = "../sw.js";'
# web/interpreter.mjs carries this line; the built site's copy lists what PyScript fetches once Python is up.
PREFETCH_MARKER = "const PREFETCH = [];"
SW_MARKER = "/* PRECACHE */"
# The snapshot of Pyodide's start-up (scripts/snapshot.mjs): precached last, stored unpacked by the worker.
SNAPSHOT = "web/vendor/pyodide.snapshot"
# The files the page does not load (a first visit boots without the snapshot and imports nothing from the
# rest of the standard library): the worker fetches them after all the others.
LATER = ["web/vendor/pyodide/python_stdlib_rest.zip", SNAPSHOT]
SNAPSHOT_PRELOAD = re.compile(r'[ \t]*<link\b[^>]*\brel="preload"[^>]*pyodide\.snapshot[^>]*>[ \t]*\n?')
# Compressed copies beside each file, when they save at least this share of its bytes.
COMPRESSED_SUFFIXES = (".gz", ".br")  # gzip first: brotli is tried only on what gzip shrinks
WORTH_COMPRESSING = 0.05
COMPRESSION_CACHE = ROOT / ".cache" / "compressed"


class Refs(HTMLParser):
    """The local URLs an HTML page names in src, href and config attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.config = ""
        """The URL of the PyScript config the page's script names."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href", "config") and value and is_local(value):
                self.urls.append(value)
            if name == "config" and value:
                self.config = value


def is_local(url: str) -> bool:
    return not re.match(r"^[a-z][a-z0-9+.-]*:|^//|^#", url, re.I)


def clean(base: PurePosixPath, url: str) -> str:
    """``url`` (relative to the folder ``base``) as a path from the site's top, with no query or dots."""
    path = url.split("#")[0].split("?")[0]
    parts: list[str] = []
    for part in (base / path).parts:
        if part in (".", ""):
            continue
        if part == "..":
            if not parts:
                raise ValueError(f"{url} leaves the site")
            parts.pop()
        else:
            parts.append(part)
    return "/".join(parts)


def relative_url(folder: PurePosixPath, path: str) -> str:
    """The site path ``path`` as a URL relative to the site folder ``folder``."""
    up = len(folder.parts) if str(folder) != "." else 0
    return ("../" * up or "./") + path


def stem(name: str) -> str:
    """A Vite chunk's name without its content hash: core-C9KDLldu.js -> core."""
    return re.sub(r"-[A-Za-z0-9_-]{8}\.js$", ".js", name).removesuffix(".js")


def js_imports(text: str) -> tuple[list[str], list[str]]:
    """The relative static and dynamic imports of a built ES module."""
    static = re.findall(r'(?:\bfrom|\bimport)\s*"(\.{1,2}/[^"]+)"', text)
    dynamic = re.findall(r'\bimport\(\s*"(\.{1,2}/[^"]+)"', text)
    return static, dynamic


def interpreter_files(interpreter: str) -> list[str]:
    """PyScript's interpreter module and what it loads: Pyodide's start-up files, from the folder of the
    pyodide.mjs it is or imports, and the files a wrapper names with ``new URL("...", import.meta.url)``."""
    if PurePosixPath(interpreter).name == "pyodide.mjs":
        return [str(PurePosixPath(interpreter).parent / name) for name in PYODIDE_FILES]
    text = (ROOT / interpreter).read_text(encoding="utf-8")
    folder = PurePosixPath(interpreter).parent
    static, _ = js_imports(text)
    pyodide = [clean(folder, url) for url in static if url.endswith("/pyodide.mjs")]
    if len(pyodide) != 1:
        raise SystemExit(f"{interpreter} must import one pyodide.mjs")
    urls = re.findall(r'new URL\(\s*"(\.{1,2}/[^"]*[^/"])",\s*import\.meta\.url\)', text)
    named = [clean(folder, url) for url in urls]
    # A wrapper that loads Pyodide's JavaScript as the classic script pyodide.asm.js never imports the module.
    classic = {str(PurePosixPath(p).with_suffix(".mjs")) for p in named if p.endswith("/pyodide.asm.js")}
    return [interpreter, *(path for path in interpreter_files(pyodide[0]) if path not in classic), *named]


def pyscript_files(core_js: str) -> list[str]:
    """core.js's static import closure and its eager dynamic chunks, each with their static closures."""
    seen: list[str] = []

    def visit(path: str) -> None:
        if path in seen:
            return
        seen.append(path)
        static, dynamic = js_imports((ROOT / path).read_text(encoding="utf-8"))
        folder = PurePosixPath(path).parent
        for url in static:
            visit(clean(folder, url))
        for url in dynamic:
            target = clean(folder, url)
            if stem(PurePosixPath(target).name) in EAGER_CHUNKS and path == core_chunk:
                visit(target)

    # The chunk named core-<hash>.js holds PyScript's core; core.js only re-exports it.
    static, _ = js_imports((ROOT / core_js).read_text(encoding="utf-8"))
    folder = PurePosixPath(core_js).parent
    chunks = [clean(folder, url) for url in static if stem(PurePosixPath(url).name) == "core"]
    if len(chunks) != 1:
        raise SystemExit(f"{core_js} no longer imports one core-<hash>.js chunk: check EAGER_CHUNKS")
    core_chunk = chunks[0]
    visit(core_js)
    found = {stem(PurePosixPath(p).name) for p in seen}
    missing = [name for name in EAGER_CHUNKS if name not in found]
    if missing:
        raise SystemExit(f"PyScript's core no longer imports {missing}: update EAGER_CHUNKS in site.py")
    return seen


@dataclass
class Site:
    files: list[str]
    """Every file of the site, from its top, in a stable order (sw.js excluded: it is generated)."""
    precache: list[str]
    """The files the page loads: what the service worker caches."""
    interpreter: str = ""
    """pyscript.toml's interpreter module."""
    after_start: list[str] = field(default_factory=list)
    """What PyScript fetches once Python is up: [files] and the page's Python script."""
    config: dict[str, object] = field(default_factory=dict)
    """The PyScript config (pyscript.toml), which the built page carries inline."""
    preload: list[tuple[str, str]] = field(default_factory=list)
    """PyScript's chunks, each with the URL of the core.js script that imports it: the built page
    preloads them."""


def collect() -> Site:
    """The site's files, found from index.html, pyscript.toml, PyScript's module graph and the manifest."""
    top = PurePosixPath(".")
    files: list[str] = ["index.html"]
    refs = Refs()
    refs.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    preload: list[tuple[str, str]] = []
    config_path = clean(top, refs.config)
    if PurePosixPath(config_path).parent != top:
        raise SystemExit(f"{config_path}: the built page inlines it, so it must sit beside index.html")
    config = tomllib.loads((ROOT / config_path).read_text(encoding="utf-8"))
    for url in refs.urls:
        path = clean(top, url)
        if path.endswith(".js") and "/vendor/pyscript/" in f"/{path}":
            chunks = pyscript_files(path)
            files += chunks
            preload += [(url, chunk) for chunk in chunks if chunk != path]
        elif path != config_path:
            files.append(path)

    interpreter = clean(top, config["interpreter"])  # resolved against the page, at the top
    files += interpreter_files(interpreter)
    after_start = [clean(top, url) for url in config.get("files", {})]
    after_start += [clean(top, url) for url in refs.urls if url.endswith(".py")]
    files += after_start
    if config.get("packages"):
        raise SystemExit("pyscript.toml names packages: the site would need micropip (see PYODIDE_FILES)")

    manifests = [path for path in files if path.endswith(".webmanifest")]
    for path in manifests:
        manifest = json.loads((ROOT / path).read_text(encoding="utf-8"))
        folder = PurePosixPath(path).parent
        files += [clean(folder, icon["src"]) for icon in manifest.get("icons", [])]

    precache = list(dict.fromkeys(files))
    # The worker fetches in this order: what the page has loaded (the HTTP cache has it) first.
    precache.sort(key=lambda path: LATER.index(path) + 1 if path in LATER else 0)
    every = precache + [path for path in FOR_HOSTS if path not in precache]
    missing = [path for path in every if not (ROOT / path).is_file()]
    if missing:
        raise SystemExit(f"missing (run `make build` and scripts/icons.py first?): {missing}")
    return Site(files=every, precache=precache, interpreter=interpreter, after_start=after_start,
                config=config, preload=preload)


def built_page(html: str, site: Site) -> str:
    """index.html as the site ships it: no preload of the snapshot, PyScript's chunks preloaded, and the
    PyScript config inline, as JSON.

    Each step of PyScript's start waits for the one before: core.js, then its core chunk, then (once that
    has run and read the config) its plugins, and only then does it ask for Python. Preloaded, the chunks
    are fetched with the page's first requests, and inline the config needs neither a fetch nor PyScript's
    TOML parser. The paths in [files] stay as they are: PyScript resolves an inline config's against the
    page, and the config sits beside it."""
    html = SNAPSHOT_PRELOAD.sub("", html)
    for script, chunk in site.preload:
        tag = f'<script type="module" src="{script}"></script>'
        if html.count(tag) != 1:
            raise SystemExit(f"index.html must load {script} once, as {tag}")
        html = html.replace(tag, f'<link rel="modulepreload" href="./{chunk}">\n{tag}')
    attribute = re.compile(r'\bconfig="[^"]*"')
    if len(attribute.findall(html)) != 1:
        raise SystemExit("index.html must name its PyScript config once, as config=\"...\"")
    inline = html_escape(json.dumps(site.config, separators=(",", ":")), quote=True)
    return attribute.sub(lambda _: f'config="{inline}"', html)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def precache_manifest(out: Path, precache: list[str]) -> dict[str, object]:
    """The files to cache with their sha256 (in fetching order), the version (a hash of that list) and the
    files the worker stores gunzipped (the snapshot, which the page would otherwise unpack at every boot)."""
    hashes = {path: sha256((out / path).read_bytes()) for path in precache}
    listing = json.dumps(hashes, sort_keys=True, separators=(",", ":"))
    unpack = [path for path in precache if path == SNAPSHOT]
    return {"version": sha256(listing.encode())[:16], "files": hashes, "unpack": unpack}


def compressed(data: bytes, suffix: str) -> bytes:
    """``data`` as brotli (".br") or gzip (".gz"), from .cache/compressed/ when it was packed before."""
    cached = COMPRESSION_CACHE / f"{sha256(data)}{suffix}"
    if cached.exists():
        return cached.read_bytes()
    if suffix == ".br":
        try:
            import brotli  # type: ignore[import-untyped]
        except ImportError:
            raise SystemExit("scripts/site.py needs brotli (pip install -c constraints.txt brotli)") from None
        packed: bytes = brotli.compress(data, quality=11, lgwin=24)
    else:
        packed = gzip.compress(data, 9, mtime=0)
    COMPRESSION_CACHE.mkdir(parents=True, exist_ok=True)
    # A name of its own per process: the e2e workers build sites at the same time, from one cache.
    partial = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
    partial.write_bytes(packed)
    partial.replace(cached)
    return packed


def write_compressed(out: Path, paths: list[str]) -> None:
    """name.gz and name.br beside each of ``paths`` in ``out`` that they make smaller.

    What gzip cannot shrink is packed already (the snapshot is gzip inside): brotli is not tried on it,
    where it would spend 17 s of a first build to save 1%, too little to be written.
    """
    for path in paths:
        data = (out / path).read_bytes()
        for suffix in COMPRESSED_SUFFIXES:
            packed = compressed(data, suffix)
            if len(packed) > len(data) * (1 - WORTH_COMPRESSING):
                break
            (out / (path + suffix)).write_bytes(packed)


def write_service_worker(out: Path, precache: list[str]) -> dict[str, object]:
    """dist/sw.js: web/sw.js with the precache manifest of what is now in ``out``."""
    source = (ROOT / "web" / "sw.js").read_text(encoding="utf-8")
    if source.count(SW_MARKER) != 1:
        raise SystemExit(f"web/sw.js must hold {SW_MARKER} exactly once")
    manifest = precache_manifest(out, precache)
    text = source.replace(SW_MARKER, f"self.PRECACHE = {json.dumps(manifest, indent=1)};")
    (out / SERVICE_WORKER).write_text(text, encoding="utf-8")
    return manifest


def build(out: Path = DIST) -> tuple[Site, dict[str, object]]:
    if not (ROOT / "web" / "vendor" / "engine.json").exists():
        raise SystemExit("web/vendor/ is not built: run `make build` first")
    icons = ROOT / "web" / "vendor" / "icons"
    if not icons.is_dir() or not any(icons.glob("*.png")):
        sys.path.insert(0, str(ROOT / "scripts"))
        import icons as icon_script

        icon_script.render(icons)
    site = collect()
    if out.exists():
        if out.resolve() in (ROOT, ROOT / "web") or not out.is_dir():
            raise SystemExit(f"refusing to replace {out}")
        shutil.rmtree(out)
    for path in site.files:
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / path, target)
    pwa = out / PWA
    if pwa.exists():
        text = pwa.read_text(encoding="utf-8")
        if text.count(PWA_SWITCH) != 1:
            raise SystemExit(f"{PWA} must hold `{PWA_SWITCH}` exactly once")
        pwa.write_text(text.replace(PWA_SWITCH, PWA_SWITCHED), encoding="utf-8")
    interpreter = out / site.interpreter
    text = interpreter.read_text(encoding="utf-8")
    if site.interpreter.endswith("/interpreter.mjs") and text.count(PREFETCH_MARKER) == 1:
        folder = PurePosixPath(site.interpreter).parent
        relative = [relative_url(folder, path) for path in site.after_start]
        interpreter.write_text(text.replace(PREFETCH_MARKER, f"const PREFETCH = {json.dumps(relative)};"),
                               encoding="utf-8")
    page = out / "index.html"
    page.write_text(built_page(page.read_text(encoding="utf-8"), site), encoding="utf-8")
    manifest = write_service_worker(out, site.precache)
    write_compressed(out, [*site.files, SERVICE_WORKER])
    return site, manifest


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DIST, help="folder to write (default dist/, replaced)")
    args = parser.parse_args(argv)
    site, manifest = build(args.out)
    every = [*site.files, SERVICE_WORKER]
    total = sum((args.out / path).stat().st_size for path in every)
    sent = {
        suffix: sum(min((args.out / p).stat().st_size, size(args.out / (p + suffix))) for p in every)
        for suffix in COMPRESSED_SUFFIXES
    }
    print(f"{args.out}: {len(every)} files, {total:,} bytes ({sent['.br']:,} as brotli, {sent['.gz']:,} as "
          f"gzip), {len(site.precache)} precached, version {manifest['version']}")


def size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 1 << 62


if __name__ == "__main__":
    main()
