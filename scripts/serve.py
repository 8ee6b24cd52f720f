"""Serve the game as static files on 127.0.0.1, with the MIME types Pyodide and PyScript need.

    python scripts/serve.py                  # the repository's top level on http://127.0.0.1:8000/
    python scripts/serve.py --port 0         # any free port; the address is printed on the first line
    python scripts/serve.py --root dist      # another folder
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
from pathlib import Path

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


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}  # noqa: RUF012

    def end_headers(self) -> None:
        # Always revalidate: a rebuilt wheel or edited module must reach the next page load.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if self.server.quiet:  # type: ignore[attr-defined]
            return
        super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    quiet = False


def make_server(root: Path, port: int = 8000, host: str = "127.0.0.1", quiet: bool = False) -> Server:
    server = Server((host, port), functools.partial(Handler, directory=str(root)))
    server.quiet = quiet
    return server


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the game as static files.")
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port (default 8000)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--root", type=Path, default=ROOT, help="folder to serve (default: the repository)")
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args(argv)
    server = make_server(args.root.resolve(), args.port, args.host, args.quiet)
    port = server.server_address[1]
    print(f"Serving {args.root.resolve()} on http://{args.host}:{port}/  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    sys.exit(0)


if __name__ == "__main__":
    main()
