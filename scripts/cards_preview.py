"""A page of every card face, back and state (web/cards.css, web/cardface.py), screenshotted by Chromium.

Writes /tmp/cards/preview.html (it links the stylesheet in web/ and inlines the sprite) and one PNG per
section into /tmp/cards/: the 52 faces at 34, 56, 90 and 130 px wide, the backs, the four-colour deck,
the stock at depths 24, 12, 2 and 0, the states a card can be in, a phone-sized TriPeaks table, and
close-ups of the courts.

    .venv/bin/python scripts/cards_preview.py [--out /tmp/cards] [--scale 2]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web"), str(ROOT / "scripts")]

from cardface import BACKS, colour_class, face_html, sprite, suit_class  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

from tripeaks import DECK, Card  # noqa: E402

WIDTHS = (34, 56, 90, 130)
PAGE_CSS = """
body { margin: 0; padding: 16px; background: #136a3f; color: #f4f1e8;
       font: 14px "Liberation Sans", Arial, sans-serif; }
section { padding: 8px 0 16px; width: max-content; }
h2 { font-size: 14px; margin: 0 0 8px; font-weight: 600; }
.row { display: flex; gap: calc(var(--cw) * .12); margin-bottom: calc(var(--cw) * .14);
       align-items: flex-start; }
.card { position: relative; display: block; flex: none; margin: 0; padding: 0; border: 0; font: inherit; }
.caption { font-size: 12px; margin-top: 4px; text-align: center; }
.tableau { position: relative; }
.tableau .card { position: absolute; left: calc(var(--x) * (var(--cw) + 2px));
                 top: calc(var(--y) * var(--ch) * .5); }
"""


def face(card: Card, *states: str) -> str:
    classes = " ".join(["card", "face", colour_class(card), suit_class(card), *states])
    return f'<button class="{classes}" aria-label="{card.name}">{face_html(card)}</button>'


def section(name: str, width: int, body: str, attrs: str = "") -> str:
    return (f'<section id="{name}" style="--cw:{width}px;--ch:{width * 1.4}px"{attrs}>'
            f"<h2>{name}</h2>{body}</section>")


def faces(width: int) -> str:
    rows = "".join('<div class="row">' + "".join(face(c) for c in DECK[s * 13:(s + 1) * 13]) + "</div>"
                   for s in range(4))
    return section(f"faces-{width}", width, rows)


def closeup(width: int) -> str:
    cards = [Card.parse(code) for code in ("Jh", "Qs", "Kd", "As", "Tc")]
    return section(f"closeup-{width}", width, f'<div class="row">{"".join(face(c) for c in cards)}</div>')


def courts(width: int) -> str:
    rows = "".join('<div class="row">' + "".join(face(Card(rank, suit)) for rank in (11, 12, 13)) + "</div>"
                   for suit in "cdhs")
    grid = '<div style="display:grid;grid-template-columns:1fr 1fr;column-gap:18px">'
    return section(f"courts-{width}", width, f"{grid}{rows}</div>")


def labelled(label: str, card_html: str) -> str:
    return f'<div>{card_html}<div class="caption">{label}</div></div>'


def backs(width: int) -> str:
    """Each back as <html data-back> picks it, then as the settings' swatches carry their own (inside a
    page whose back is another: the swatch's own wins)."""
    back = '<button class="card back"></button>'
    cells = "".join(f'<div data-back="{key}">{labelled(name, back)}</div>' for key, name in BACKS)
    swatches = "".join(labelled(f"swatch {key}", f'<span class="card back" data-back="{key}"></span>')
                       for key, _ in BACKS)
    return section(f"backs-{width}", width, f'<div class="row">{cells}</div>'
                   f'<div class="row" data-back="green">{swatches}</div>')


def four_colour(width: int) -> str:
    cards = [Card.parse(code) for code in ("Ac", "7c", "Kc", "Ad", "9d", "Qd", "5h", "Jh", "3s", "Ks")]
    return section(f"four-colour-{width}", width,
                   '<div class="row">' + "".join(face(c) for c in cards) + "</div>", ' class="four-colour"')


def stock(width: int) -> str:
    count = '<span class="count">{}</span>'
    cells = "".join(labelled(f"depth {d}", f'<button class="card back stock" style="--depth:{d}">'
                                           f"{count.format(d)}</button>")
                    for d in (24, 12, 2))
    cells += labelled("empty", '<button class="card stock empty" style="--depth:0"></button>')
    turn = '<button class="card stock empty can-turn"><span class="count">↻</span></button>'
    cells += labelled("can turn", turn)
    return section(f"stock-{width}", width, f'<div class="row">{cells}</div>')


def states(width: int) -> str:
    card = Card.parse("Qh")
    cells = "".join(labelled(state or "plain", face(card, state)) for state in
                    ("", "free", "covered", "playable", "hinted", "selected"))
    cells += labelled("back covered", '<button class="card back covered"></button>')
    cells += labelled("empty pile", '<button class="card empty-pile"></button>')
    return section(f"states-{width}", width, f'<div class="row frames">{cells}</div>')


def table(width: int) -> str:
    """TriPeaks' four rows as a 360 px phone shows them: rows overlap by half a card."""
    cards = iter(DECK[5:])
    slots = []
    for peak in range(3):
        slots.append((1.5 + 3 * peak, 0, False))
        slots += [(1 + 3 * peak, 1, False), (2 + 3 * peak, 1, False)]
        slots += [(0.5 + 3 * peak + i, 2, False) for i in range(3)]
    slots += [(i, 3, True) for i in range(10)]
    html = []
    for x, y, up in slots:
        style = f' style="--x:{x};--y:{y}"'
        if up:
            card = next(cards)
            html.append(face(card, "free").replace('">', f'"{style}>', 1))
        else:
            html.append(f'<button class="card back"{style}></button>')
    big = 'style="--cw:60px;--ch:84px" class='
    waste = face(Card.parse("Td"), "playable").replace("class=", big, 1)
    piles = (f'<div class="row" style="margin-top:{width}px;justify-content:center;--cw:60px;--ch:84px">'
             f'<button class="card back stock" style="--depth:20"></button>{waste}</div>')
    height = width * 1.4 * 2.5
    body = (f'<div class="tableau" style="width:{10 * (width + 2)}px;height:{height}px">{"".join(html)}</div>'
            + piles)
    return section(f"table-{width}", width, body, ' class="frames"')


def page() -> str:
    css = (ROOT / "web" / "cards.css").as_uri()
    parts = [faces(w) for w in WIDTHS]
    parts += [backs(90), backs(34), four_colour(56), four_colour(34), stock(90), stock(40), states(90)]
    parts += [table(34), closeup(260), courts(150)]
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cards</title>'
            f'<link rel="stylesheet" href="{css}"><style>{PAGE_CSS}</style></head>'
            f"<body>{sprite()}{''.join(parts)}</body></html>")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/cards"))
    parser.add_argument("--scale", type=float, default=2)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    html_path = args.out / "preview.html"
    html_path.write_text(page(), encoding="utf-8")

    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        tab = browser.new_page(viewport={"width": 1400, "height": 900}, device_scale_factor=args.scale)
        tab.goto(html_path.as_uri())
        tab.wait_for_load_state("load")
        for name in tab.eval_on_selector_all("section", "els => els.map(e => e.id)"):
            path = args.out / f"{name}.png"
            tab.locator(f"#{name}").screenshot(path=str(path))
            print(path)
        browser.close()


if __name__ == "__main__":
    main()
