"""Render the app's PNG icons from web/icon.svg, the one drawing, in Debian's Chromium (offline, nothing new).

    .venv/bin/python scripts/icons.py [--out web/vendor/icons]

Writes icon-192.png and icon-512.png (purpose "any": the SVG as drawn, transparent corners) and
icon-maskable-512.png (purpose "maskable": the drawing shrunk into the 80% safe circle on a full-bleed
background of the SVG's own green, so a launcher's circle or squircle crop never cuts a card).
web/manifest.webmanifest names these files under vendor/icons/. Generated, never committed.
"""

from __future__ import annotations

import argparse
import base64
import struct
from pathlib import Path

from chromium import CHROMIUM, CHROMIUM_ARGS
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "web" / "icon.svg"
OUT = ROOT / "web" / "vendor" / "icons"
BACKGROUND = "#0f5132"  # the SVG's table green, also the manifest's background_color
MASKABLE_SCALE = 0.78  # the drawing's corners stay inside the safe circle (radius 40% of the icon)

# (file name, size in px, maskable)
ICONS: list[tuple[str, int, bool]] = [
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
]


def page_html(svg: str, size: int, maskable: bool) -> str:
    data = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
    inner = round(size * MASKABLE_SCALE) if maskable else size
    background = BACKGROUND if maskable else "transparent"
    return (
        f"<!doctype html><html><head><style>html,body{{margin:0;width:{size}px;height:{size}px;"
        f"overflow:hidden;background:{background};display:grid;place-items:center}}</style></head><body>"
        f'<img src="{data}" width="{inner}" height="{inner}" alt=""></body></html>'
    )


def png_size(data: bytes) -> tuple[int, int]:
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def render(out: Path, svg_path: Path = SVG) -> list[Path]:
    svg = svg_path.read_text()
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for name, size, maskable in ICONS:
                page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
                page.set_content(page_html(svg, size, maskable))
                page.wait_for_function("document.images[0].complete && document.images[0].naturalWidth > 0")
                data = page.screenshot(omit_background=not maskable, type="png")
                page.close()
                if png_size(data) != (size, size):
                    raise RuntimeError(f"{name}: rendered {png_size(data)}, wanted {size}x{size}")
                path = out / name
                path.write_bytes(data)
                written.append(path)
        finally:
            browser.close()
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the PNGs go (default web/vendor/icons)")
    args = parser.parse_args(argv)
    for path in render(args.out):
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        print(f"{shown}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
