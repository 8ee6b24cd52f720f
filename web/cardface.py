"""The art of a card as markup: a face's indices, pips and court figure, the SVG sprite they use, the backs.

A face is one ``aria-hidden`` wrapper (the button around it carries the card's name) holding two corner
indices, whose rank comes from CSS (``content: attr(data-t)``: no letter is ever a text node) and whose suit
is a CSS mask, and one SVG of ``<use>`` elements that point into ``sprite()``: the pips as on a real card, an
ace's big suit, or a court figure (one drawn ``<symbol>`` per rank, coloured by the suit through
``currentColor`` and the custom property ``--ca``). web/cards.css lays it out for every width: big indices
and one big suit below ~56 px, real pip layouts and pictured courts above.
"""

from functools import cache

from tripeaks import Card, rank_label

# The four suits on a 100 x 100 box, drawn for this game (no number here is a thirteen: e2e/test_family.py
# reads web/ for rank arithmetic). web/cards.css holds the same paths as masks. The
# club's last piece fills the middle, where the edges of its leaves would meet in seams of light.
SUIT_PATHS = {
    "c": "M50 5a21 21 0 1 1 0 42a21 21 0 1 1 0-42zM28 37a21 21 0 1 1 0 42a21 21 0 1 1 0-42z"
    "M72 37a21 21 0 1 1 0 42a21 21 0 1 1 0-42zM46 44h8q0 36 12.6 52H33.4q12.6-16 12.6-52z"
    "M50 24l24 32-18 10H44L26 56z",
    "d": "M50 2Q66 28 88 50Q66 72 50 98Q34 72 12 50Q34 28 50 2z",
    "h": "M50 94C34 76 4 58 4 31C4 15 16 5 29 5c10 0 17 6 21 14c4-8 11-14 21-14c13 0 25 10 25 26"
    "c0 27-30 45-46 63z",
    "s": "M50 3C62 22 96 38 96 62c0 14-10 23-22 23c-9 0-15-4-19-10q1 14 12 23H33q11-9 12-23c-4 6-10 10-19 10"
    "C14 85 4 76 4 62C4 38 38 22 50 3z",
}

# Pip places as (column 0-2, row 0-6, upside down) on the classic card layouts.
_PIPS: dict[int, tuple[tuple[int, float, int], ...]] = {
    2: ((1, 0, 0), (1, 6, 1)),
    3: ((1, 0, 0), (1, 3, 0), (1, 6, 1)),
    4: ((0, 0, 0), (2, 0, 0), (0, 6, 1), (2, 6, 1)),
    5: ((0, 0, 0), (2, 0, 0), (1, 3, 0), (0, 6, 1), (2, 6, 1)),
    6: ((0, 0, 0), (2, 0, 0), (0, 3, 0), (2, 3, 0), (0, 6, 1), (2, 6, 1)),
    7: ((0, 0, 0), (2, 0, 0), (1, 1.5, 0), (0, 3, 0), (2, 3, 0), (0, 6, 1), (2, 6, 1)),
    8: ((0, 0, 0), (2, 0, 0), (1, 1.5, 0), (0, 3, 0), (2, 3, 0), (1, 4.5, 1), (0, 6, 1), (2, 6, 1)),
    9: ((0, 0, 0), (2, 0, 0), (0, 2, 0), (2, 2, 0), (1, 3, 0), (0, 4, 1), (2, 4, 1), (0, 6, 1),
        (2, 6, 1)),
    10: ((0, 0, 0), (2, 0, 0), (1, 1, 0), (0, 2, 0), (2, 2, 0), (0, 4, 1), (2, 4, 1), (1, 5, 1),
         (0, 6, 1), (2, 6, 1)),
}

# A face's SVG spans the card: 100 wide, 140 tall. Pip centres: three columns, seven rows.
_VIEW = "0 0 100 140"
_COLUMNS = (31.0, 50.0, 69.0)
_TOP, _BOTTOM = 27.0, 113.0
_PIP = 19.0
# The court panel, and the size of an ace's suit (the ace of spades is the big ornate one).
_PANEL = (19.0, 16.0, 62.0, 108.0)
_ACE = {"c": 40.0, "d": 38.0, "h": 40.0, "s": 54.0}

BACKS: tuple[tuple[str, str], ...] = (
    ("blue", "Classic blue"),
    ("red", "Rosette red"),
    ("green", "Tartan green"),
    ("deco", "Art deco navy"),
)
"""The backs a player may choose: (id for ``<html data-back>``, name to show); the first is the default."""


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _use(ref: str, x: float, y: float, size: float, *, flip: bool = False, cls: str = "") -> str:
    """A suit or figure centred on (x, y); upside down when ``flip``."""
    turn = f' transform="rotate(180 {_num(x)} {_num(y)})"' if flip else ""
    klass = f' class="{cls}"' if cls else ""
    half = size / 2
    return (f'<use href="#{ref}" x="{_num(x - half)}" y="{_num(y - half)}" width="{_num(size)}" '
            f'height="{_num(size)}"{turn}{klass}/>')


def _middle(card: Card) -> str:
    suit = f"pip-{card.suit}"
    if card.rank == 1:
        ring = _use("ace-ring", 50, 70, 76) if card.suit == "s" else ""
        return ring + _use(suit, 50, 70, _ACE[card.suit])
    if card.rank > 10:
        x, y, w, h = _PANEL
        figure = (f'<use href="#court-{rank_label(card.rank)}" x="{_num(x)}" y="{_num(y)}" '
                  f'width="{_num(w)}" height="{_num(h)}"/>')
        # The suit beside the figure's head, in both halves.
        return figure + _use(suit, 28, 26, 11, cls="cf-cs") + _use(suit, 72, 114, 11, flip=True, cls="cf-cs")
    step = (_BOTTOM - _TOP) / 6
    return "".join(_use(suit, _COLUMNS[c], _TOP + r * step, _PIP, flip=bool(flip))
                   for c, r, flip in _PIPS[card.rank])


@cache
def face_html(card: Card) -> str:
    """The inside of a face-up card's element (the page's ``<button class="card face ...">``).

    One hidden wrapper: two corner indices (rank from CSS, suit a mask), one SVG of pips or a figure,
    and a big suit that small cards show instead of pips.
    """
    label = rank_label(card.rank)
    kind = "cf-court" if card.rank > 10 else "cf-ace" if card.rank == 1 else "cf-pips"
    if card.rank == 10:
        kind += " cf-ten"
    index = f'<span class="cf-ix" data-t="{label}"></span>'
    return (f'<span class="cf cf-{card.suit} {kind}" aria-hidden="true">'
            f'{index}{index.replace("cf-ix", "cf-ix cf-ix2", 1)}'
            f'<svg class="cf-mid" viewBox="{_VIEW}">{_middle(card)}</svg><span class="cf-big"></span></span>')


def colour_class(card: Card) -> str:
    """``red`` or ``black``: the class the page puts on a face for its suit's colour."""
    return "red" if card.red else "black"


def suit_class(card: Card) -> str:
    """``suit-c``, ``suit-d``, ``suit-h`` or ``suit-s``: the four-colour deck recolours clubs and diamonds."""
    return f"suit-{card.suit}"


# The court figures: one half-length figure per rank, drawn on a 60 x 53 half panel and repeated upside
# down, as on a real card. currentColor is the suit's colour (robe), --ca the accent, gold the trim.
_INK = '<g stroke="#2a1c10" stroke-width=".55" stroke-linejoin="round">'
_SKIN = "#f6d5b5"
_GOLD = "#e4b63e"
_ACC = 'style="fill:var(--ca,#1f4e9c)"'
_FACE = (
    f'<path d="M27 23h6v7h-6z" fill="{_SKIN}"/>'
    f'<ellipse cx="30" cy="17.5" rx="6.2" ry="7.6" fill="{_SKIN}"/>'
    '<path d="M25.6 15q1.7-1 3.4 0M31 15q1.7-1 3.4 0M29.1 20.4q.9.7 1.8 0" fill="none" stroke-width=".5"/>'
    '<circle cx="26.6" cy="20.4" r="1.5" fill="#f08a7a" fill-opacity=".35" stroke="none"/>'
    '<circle cx="33.4" cy="20.4" r="1.5" fill="#f08a7a" fill-opacity=".35" stroke="none"/>'
    '<circle cx="27.6" cy="17.2" r=".85" fill="#222" stroke="none"/>'
    '<circle cx="32.4" cy="17.2" r=".85" fill="#222" stroke="none"/>'
)
# The body every figure shares: robe (suit colour), front panel (accent) with gold edges, arm folds, a hand.
_BODY = (
    '<path d="M8 53l1.5-14Q11 30.5 21 29h18q10 1.5 11.5 10L52 53z" fill="currentColor"/>'
    f'<path d="M23 29.5h14L35.5 53h-11z" {_ACC}/>'
    f'<path d="M23 29.5L24.5 53M37 29.5L35.5 53" stroke="{_GOLD}" stroke-width="1.3"/>'
    '<path d="M15.5 35q-1.5 9 .5 18M44.5 35q1.5 9-.5 18" fill="none" stroke="#fff" stroke-opacity=".35"/>'
    f'<path d="M9.9 39.5Q11.5 31.5 21 30M50.1 39.5Q48.5 31.5 39 30" fill="none" stroke="{_GOLD}"/>'
    f'<g fill="{_GOLD}" stroke="none"><circle cx="12.8" cy="44" r=".9"/><circle cx="17" cy="49.5" r=".9"/>'
    '<circle cx="19.5" cy="40" r=".9"/><circle cx="40.5" cy="40" r=".9"/>'
    '<circle cx="47.5" cy="50.5" r=".9"/></g>'
)
_HAND = f'<path d="M42 44.2q0-2.6 2.5-2.6t2.5 2.6v1.6q0 1.6-2.5 1.6T42 45.8z" fill="{_SKIN}"/>'
_HALF = {
    "K": (
        # sceptre, hair, body, ermine, face, beard, moustache, crown
        f'<path d="M43.4 53V10h2.2v43z" fill="{_GOLD}"/><circle cx="44.5" cy="8" r="2.8" fill="{_GOLD}"/>'
        '<path d="M44.5 2.6v2.6M43.2 3.9h2.6" stroke-width=".7"/>'
        '<path d="M23 12.8c-3 8-2 12.6 1 16.2h12c3-3 4-8 1-16.2z" fill="#ece7dc"/>'
        + _BODY
        + f'<path d="M27 40l3-3 3 3-3 3zM27 48l3-3 3 3-3 3z" fill="{_GOLD}"/>'
        '<path d="M11 31.5q19 9 38 0l1.5 4.5q-20.5 10-41 0z" fill="#fff"/>'
        '<path d="M15 36v1.8M21.5 38.3v1.8M30 39v1.8M38.5 38.3v1.8M45 36v1.8" stroke="#111"'
        ' stroke-width=".9"/>'
        + _FACE
        + '<path d="M23.8 19q0 10.5 6.2 11.5q6.2-1 6.2-11.5q-1.8 5-6.2 5q-4.4 0-6.2-5z" fill="#ece7dc"/>'
        '<path d="M26 21.8q4-2.2 8 0q-4 1.4-8 0z" fill="#d8d1c2"/>'
        f'<path d="M23 9.5q7-8 14 0z" {_ACC}/>'
        f'<path d="M22.5 12l-1-8.5 4.3 4L30 1.5l4.2 6 4.3-4-1 8.5z" fill="{_GOLD}"/>'
        f'<circle cx="21.5" cy="3.5" r="1" fill="{_GOLD}"/><circle cx="38.5" cy="3.5" r="1" fill="{_GOLD}"/>'
        '<circle cx="26" cy="10.2" r=".9" fill="#c8102e"/><circle cx="30" cy="10" r="1.1" fill="#1f4e9c"/>'
        '<circle cx="34" cy="10.2" r=".9" fill="#c8102e"/>'
        + _HAND
    ),
    "Q": (
        # flower, long hair, body, neckline and necklace, face, lips, fringe, tiara
        '<path d="M44.5 53V30" stroke="#2e7d32" stroke-width="1.2"/>'
        '<path d="M44.5 38q4-3 6.5 0q-3.5 2-6.5 0z" fill="#3d9a40"/>'
        '<path d="M23.5 12c-3 10-2 17-5.5 24l8-3h8l8 3c-3.5-7-2.5-14-5.5-24c-1.5-7-11.5-7-12.9 0z"'
        ' fill="#5b3a1e"/>'
        + _BODY
        + f'<path d="M23.5 29.5q6.5 5.5 12.96 0z" fill="{_SKIN}"/>'
        f'<path d="M24 30.5q6 5.5 12 0" fill="none" stroke="{_GOLD}" stroke-width="1.2"/>'
        f'<circle cx="30" cy="34.2" r="1.2" fill="{_GOLD}"/>'
        f'<path d="M27 41h6M27 46h6" stroke="{_GOLD}" stroke-width=".9"/>'
        + _FACE
        + '<path d="M28.2 22.2q1.8 1.1 3.6 0q-1.8-.6-3.6 0z" fill="#c0392b" stroke="none"/>'
        '<path d="M24 14q6-7.8 12 0q-3-2.5-6-2.2q-3-.3-6 2.2z" fill="#5b3a1e"/>'
        f'<path d="M23.8 11.5q6.2-3 12.4 0L35 7.2l-2.4 1.8L30 3.5l-2.6 5.5-2.4-1.8z" fill="{_GOLD}"/>'
        f'<circle cx="30" cy="8.4" r="1.1" {_ACC}/>'
        + _HAND
        + f'<circle cx="44.5" cy="28" r="3.3" {_ACC}/><circle cx="44.5" cy="28" r="1.2" fill="{_GOLD}"/>'
    ),
    "J": (
        # halberd, hair, body, buttons, ruff, face, smile, beret with a plume
        '<path d="M44.5 53V11" stroke="#7a5a10" stroke-width="1.4"/>'
        f'<path d="M44.5 2.5l2.6 7.5h-5.2z" fill="{_GOLD}"/>'
        f'<path d="M45.5 10q5 .5 5.5 5q-3-1.5-5.5-1.5z" fill="{_GOLD}"/>'
        '<path d="M23.6 12.5c-3 7-2 11.5 1.4 14h10c3.4-2.5 4.4-7 1.4-14z" fill="#a0522d"/>'
        + _BODY
        + f'<circle cx="30" cy="39" r="1.1" fill="{_GOLD}"/><circle cx="30" cy="44" r="1.1" fill="{_GOLD}"/>'
        f'<circle cx="30" cy="49" r="1.1" fill="{_GOLD}"/>'
        + _FACE
        + '<path d="M19 30.5l2.8 3.4 2.3-2.9 2.5 3.4 2.4-3 2.4 3 2.5-3.4 2.3 2.9 2.8-3.4-2.6-2.6H21.6z"'
        ' fill="#fff"/>'
        '<path d="M27.8 21.6q2.2 1.5 4.4 0" fill="none" stroke-width=".55"/>'
        '<path d="M32 8C34 3.5 38 1.5 42 1c-1.5 3.5-4.5 6-8.5 8.5z" fill="#fff"/>'
        f'<path d="M37 12.5C37.5 5 19 3.5 16.5 10.5c6-1 14.5-.8 20.5 2z" {_ACC}/>'
        f'<path d="M23.8 12.2q6-2.8 12.4-.4v1.6q-6.4-2.2-12.4.6z" fill="{_GOLD}"/>'
        + _HAND
    ),
}


def _court_symbol(rank: str) -> str:
    return (f'<symbol id="court-{rank}" viewBox="0 0 60 106">'
            '<rect x=".7" y=".7" width="58.6" height="104.6" rx="2.5" fill="#fffaf0" stroke="currentColor"'
            ' stroke-width="1.2"/>'
            f'<rect x="2.4" y="2.4" width="55.2" height="101.2" rx="1.6" fill="none" stroke="{_GOLD}"'
            ' stroke-width=".7"/>'
            f'<g id="half-{rank}">{_INK}{_HALF[rank]}</g></g>'
            f'<use href="#half-{rank}" transform="rotate(180 30 53)"/>'
            '<path d="M3 53h54" stroke="currentColor" stroke-width=".7"/></symbol>')


# The ace of spades' ornament: two rings, the inner one beaded, around its big spade.
_ACE_RING = ('<symbol id="ace-ring" viewBox="0 0 100 100"><g fill="none" stroke="currentColor">'
             '<circle cx="50" cy="50" r="48" stroke-width="1.4"/>'
             '<circle cx="50" cy="50" r="44" stroke-width="2.2" stroke-dasharray=".1 4.6"'
             ' stroke-linecap="round"/>'
             f'<circle cx="50" cy="50" r="40.5" stroke="{_GOLD}" stroke-width="1.2"/></g></symbol>')


@cache
def sprite() -> str:
    """The SVG symbols every face uses (four suits, three court figures): the page inserts it once."""
    suits = "".join(f'<symbol id="pip-{s}" viewBox="0 0 100 100"><path d="{d}" fill="currentColor"/></symbol>'
                    for s, d in SUIT_PATHS.items())
    courts = "".join(_court_symbol(rank) for rank in "JQK")
    return f'<svg aria-hidden="true" style="display:none"><defs>{suits}{_ACE_RING}{courts}</defs></svg>'
