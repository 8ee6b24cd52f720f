"""Serve the game as static files on 127.0.0.1, as a static host does: MIME types, compression, revalidation.

    python scripts/serve.py                  # the repository's top level on http://127.0.0.1:8000/
    python scripts/serve.py --port 0         # any free port; the address is printed on the first line
    python scripts/serve.py --root dist      # another folder (the built site)
    python scripts/serve.py --no-compress    # never the .br/.gz files beside a file, always the file itself
    python scripts/serve.py --link 10        # as over a phone's network: 10 Mbit/s, 40 ms (--latency MS)

What a static host must do for the site, and what this server does:
- `.wasm` as application/wasm (Pyodide hangs without an error otherwise), modules as JavaScript;
- compression: scripts/site.py writes `name.br` and `name.gz` beside each file that shrinks; a request for
  `name` from a browser that accepts `br` (or `gzip`) gets those bytes with `Content-Encoding: br` (`gzip`)
  and `Vary: Accept-Encoding`, and the browser sees the file itself. A folder without them is served as is,
  and so is a file changed after its compressed copies were written (they are stale);
- revalidation: `Cache-Control: no-cache` (a rebuilt file must reach the next load) with a strong ETag made
  from the bytes sent, so an unchanged file answers 304 Not Modified even after a rebuild rewrote it.

`--link` emulates a slow network in the server: every byte sent goes through one link shared by all
connections, at its rate, each response waiting its latency before its first byte (what DevTools'
`Network.emulateNetworkConditions` models). In the server, not the browser: a page's DevTools session
throttles neither its service worker's fetches nor an embedded frame, and under it a page's requests
now and then never finish (microsoft/playwright#22676). benchmarks/network.py and e2e/test_network.py
use it.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import hashlib
import http.server
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

ROOT = Path(__file__).resolve().parent.parent

# Pyodide hangs without an error when .wasm is not application/wasm; module scripts must be JavaScript.
TYPES: dict[str, str] = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".json": "application/json",
    ".toml": "application/toml",
    ".py": "text/x-python",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain",
}
# Content-Encoding -> the suffix of the file scripts/site.py writes beside the original, best first.
ENCODINGS: list[tuple[str, str]] = [("br", ".br"), ("gzip", ".gz")]

# (path, size, mtime) -> ETag: hashing a 10 MB file once per build, not once per request.
_etags: dict[tuple[str, int, int], str] = {}
_etags_lock = threading.Lock()


def accepted(header: str | None) -> set[str]:
    """The content codings an Accept-Encoding header allows (q=0 refuses one)."""
    codings: set[str] = set()
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        quality = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            allowed = float(quality) > 0
        except ValueError:
            allowed = False
        if name and allowed:
            codings.add(name.strip().lower())
    return codings


def fresh(packed: str, original: str) -> bool:
    """Whether ``packed`` is there and no older than ``original``: a file edited after the build has stale
    compressed copies beside it, and is then served as it is."""
    try:
        return os.stat(packed).st_mtime_ns >= os.stat(original).st_mtime_ns
    except OSError:
        return False


def etag(path: str, stat: os.stat_result) -> str:
    key = (path, stat.st_size, stat.st_mtime_ns)
    with _etags_lock:
        known = _etags.get(key)
    if known is None:
        digest = hashlib.sha256()
        with open(path, "rb") as file:
            for block in iter(lambda: file.read(1 << 20), b""):
                digest.update(block)
        known = f'"{digest.hexdigest()[:32]}"'
        with _etags_lock:
            _etags[key] = known
    return known


class Handler(http.server.SimpleHTTPRequestHandler):
    # HTTP/1.1: connections are kept alive, and Chromium uses an ETag only from an HTTP/1.1 response.
    protocol_version = "HTTP/1.1"
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}  # noqa: RUF012
    compress = True

    def send_head(self) -> BinaryIO | None:
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].split("#")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            # A folder without its slash (a redirect), a listing, a 404: the standard library's way.
            return super().send_head()
        content_type = self.guess_type(path)
        chosen, coding = path, None
        if self.compress:
            allowed = accepted(self.headers.get("Accept-Encoding"))
            for name, suffix in ENCODINGS:
                if name in allowed and fresh(path + suffix, path):
                    chosen, coding = path + suffix, name
                    break
        try:
            file = open(chosen, "rb")  # noqa: SIM115 (the caller copies it out and closes it)
        except OSError:
            self.send_error(404, "File not found")
            return None
        try:
            stat = os.fstat(file.fileno())
            tag = etag(chosen, stat)
            if self.not_modified(tag, stat):
                self.send_response(304)
                self._common_headers(tag, coding, stat)
                self.end_headers()
                file.close()
                return None
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(stat.st_size))
            self._common_headers(tag, coding, stat)
            self.end_headers()
            return file
        except BaseException:
            file.close()
            raise

    def not_modified(self, tag: str, stat: os.stat_result) -> bool:
        """A conditional GET the file still satisfies: its ETag, else (no ETag asked) its date."""
        if "If-None-Match" in self.headers:
            return tag in [t.strip() for t in self.headers["If-None-Match"].split(",")]
        since = self.headers.get("If-Modified-Since")
        if since is None:
            return False
        try:
            date = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError):
            return False
        return date.timestamp() >= int(stat.st_mtime)

    def _common_headers(self, tag: str, coding: str | None, stat: os.stat_result) -> None:
        self.send_header("ETag", tag)
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        if coding is not None:
            self.send_header("Content-Encoding", coding)
        if self.compress:
            self.send_header("Vary", "Accept-Encoding")

    def end_headers(self) -> None:
        # Always revalidate: a rebuilt wheel or edited module must reach the next page load.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if self.server.quiet:  # type: ignore[attr-defined]
            return
        super().log_message(format, *args)


@dataclass(frozen=True)
class Link:
    name: str
    bits_per_second: float
    latency: float  # seconds

    def __str__(self) -> str:
        return f"{self.name} ({self.bits_per_second / 1e6:g} Mbit/s, {self.latency * 1000:g} ms)"


CHUNK = 16_384  # bytes per turn on a link: connections share it this finely


@dataclass
class Wire:
    """One emulated link: a queue of turns, each CHUNK bytes long at the link's rate."""

    link: Link
    lock: threading.Lock = field(default_factory=threading.Lock)
    free_at: float = 0.0
    sent: list[tuple[float, int, str]] = field(default_factory=list)  # (epoch seconds, bytes, path)
    open_requests: int = 0
    last_activity: float = 0.0

    def send(self, write: Callable[[memoryview], Any], data: bytes, path: str) -> None:
        view = memoryview(data)
        for start in range(0, len(view), CHUNK):
            piece = view[start:start + CHUNK]
            with self.lock:
                begin = max(time.monotonic(), self.free_at)
                self.free_at = begin + len(piece) * 8 / self.link.bits_per_second
                due = self.free_at
            delay = due - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            write(piece)
            with self.lock:
                self.sent.append((time.time(), len(piece), path))
                self.last_activity = time.monotonic()

    def busy(self, change: int) -> None:
        with self.lock:
            self.open_requests += change
            self.last_activity = time.monotonic()

    def idle_for(self) -> float:
        with self.lock:
            return 0.0 if self.open_requests else time.monotonic() - self.last_activity

    def mark(self) -> int:
        with self.lock:
            return len(self.sent)

    def between(self, start: int, until: float | None = None) -> list[tuple[float, int, str]]:
        with self.lock:
            return [s for s in self.sent[start:] if until is None or s[0] <= until]


class _ShapedWriter:
    def __init__(self, raw: Any, wire: Wire, handler: Handler) -> None:
        self.raw, self.wire, self.handler = raw, wire, handler

    def write(self, data: bytes) -> int:
        path = getattr(self.handler, "path", "?")
        self.wire.send(self.raw.write, bytes(data), f"{path} {self.handler.command}")
        return len(data)

    def flush(self) -> None:
        self.raw.flush()

    @property
    def closed(self) -> bool:
        return bool(self.raw.closed)

    def close(self) -> None:
        self.raw.close()


class ShapedHandler(Handler):
    """The handler, every response through the server's Wire."""

    wire: Wire  # set on the subclass make_server makes

    def setup(self) -> None:
        super().setup()
        self.wfile = _ShapedWriter(self.wfile, self.wire, self)  # type: ignore[assignment]

    def do_GET(self) -> None:
        self._after_latency(super().do_GET)

    def do_HEAD(self) -> None:
        self._after_latency(super().do_HEAD)

    def _after_latency(self, answer: Callable[[], None]) -> None:
        """``answer`` the request once the link's latency has passed, the link busy meanwhile."""
        self.wire.busy(+1)
        try:
            time.sleep(self.wire.link.latency)
            answer()
        finally:
            self.wire.busy(-1)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    quiet = False


def make_server(
    root: Path,
    port: int = 8000,
    host: str = "127.0.0.1",
    quiet: bool = False,
    compress: bool = True,
    wire: Wire | None = None,
) -> Server:
    """A server of ``root``; with a ``wire``, every response goes through that emulated link."""
    base = Handler if wire is None else ShapedHandler
    kind = type("Handler", (base,), {"compress": compress, "wire": wire})
    server = Server((host, port), functools.partial(kind, directory=str(root)))
    server.quiet = quiet
    return server


def positive(text: str) -> float:
    """An argument that must be a number above 0."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number above 0")
    return value


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the game as static files.")
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port (default 8000)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--root", type=Path, default=ROOT, help="folder to serve (default: the repository)")
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    parser.add_argument("--no-compress", action="store_true",
                        help="serve every file as it is, never its .br or .gz beside it")
    parser.add_argument("--link", type=positive, metavar="MBIT",
                        help="send through one emulated link of MBIT Mbit/s, as a phone's network")
    parser.add_argument("--latency", type=float, default=40.0, metavar="MS",
                        help="with --link, each response's wait before its first byte (default 40)")
    args = parser.parse_args(argv)
    if args.latency < 0:
        parser.error("--latency: a number of milliseconds, 0 or more")
    wire = None if args.link is None else Wire(Link("link", args.link * 1e6, args.latency / 1000))
    server = make_server(args.root.resolve(), args.port, args.host, args.quiet, compress=not args.no_compress,
                         wire=wire)
    port = server.server_address[1]
    how = "uncompressed" if args.no_compress else "compressed where a .br/.gz is beside a file"
    if wire is not None:
        how += f"; over a link of {wire.link.bits_per_second / 1e6:g} Mbit/s, {args.latency:g} ms"
    print(f"Serving {args.root.resolve()} on http://{args.host}:{port}/  ({how}; Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    sys.exit(0)


if __name__ == "__main__":
    main()
