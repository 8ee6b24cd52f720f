"""Where everything on the felt goes for a viewport: the card size, each slot's box, the stock and the waste.

Plain Python, no DOM: the page measures the felt (the space between the top line and the bar) and draws
what this says, and the tests check every game at phone, landscape and desktop sizes under CPython.

Two arrangements are tried and the one with the larger cards wins: the piles *below* the layout (a phone
held upright, most desktops) or *beside* it, on the right (a phone on its side, where height is short).
On a phone the stock and the waste are larger than the layout's cards, for the thumb.
"""

from __future__ import annotations

from dataclasses import dataclass

RATIO = 1.4
"""A card's height over its width."""
GAP = 0.06
"""The gap between two cards side by side, in card widths."""
ROW = 0.5
"""How far down the next row of the layout starts, in card heights (it covers the lower half)."""
MAX_CARD = 132.0
"""The widest a layout card gets on a big screen."""
MIN_PILE = 56.0
"""The narrowest the stock and the waste get while there is room: a thumb's width."""
MESSAGE = 40.0
"""The height kept under the piles for the message line (two short lines)."""
CAPTION = 16.0
"""The height kept above the layout for the deal's name."""
METER = 12.0
"""The run meter's width."""

# The page around the felt (web/tripeaks.css says the same numbers): the top line and the bar of controls
# of a phone held upright or a desktop; on a phone on its side, a thinner top line and a rail on the right.
TOP_LINE = 38
BAR = 62
TOP_LINE_SIDEWAYS = 30
RAIL = 64
SIDEWAYS_HEIGHT = 520
"""A viewport wider than high, and at most this high, is a phone on its side."""


def felt_size(width: float, height: float) -> tuple[float, float]:
    """The felt's size in a viewport of ``width`` × ``height`` (the page measures it; this is what the
    stylesheet makes it, for the tests)."""
    if width > height and height <= SIDEWAYS_HEIGHT:
        return width - RAIL, height - TOP_LINE_SIDEWAYS
    return width, height - TOP_LINE - BAR


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def overlaps(self, other: Box) -> bool:
        return (self.x < other.right and other.x < self.right
                and self.y < other.bottom and other.y < self.bottom)

    def css(self) -> str:
        """The box as the element's style: its place as a transform-free left/top, and its size."""
        return f"left:{self.x:.1f}px;top:{self.y:.1f}px;width:{self.w:.1f}px;height:{self.h:.1f}px"


@dataclass(frozen=True, slots=True)
class Geometry:
    """What the felt shows, in px from the felt's top left corner."""

    width: float
    height: float
    arrangement: str
    """"below" or "beside": where the piles are."""
    card: float
    """A layout card's width (its height is RATIO times it)."""
    pile: float
    """The stock's and the waste's width."""
    slots: tuple[Box, ...]
    stock: Box
    waste: Box
    message: Box
    """Where the message line goes: under the piles, across the felt."""
    meter: Box
    """The run meter, beside the waste."""

    @property
    def layout(self) -> Box:
        """The smallest box holding every slot."""
        left = min(box.x for box in self.slots)
        top = min(box.y for box in self.slots)
        right = max(box.right for box in self.slots)
        bottom = max(box.bottom for box in self.slots)
        return Box(left, top, right - left, bottom - top)

    def style(self) -> str:
        """Custom properties for the felt: card sizes, for the card faces' type sizes."""
        return (f"--cw:{self.card:.1f}px;--ch:{self.card * RATIO:.1f}px;"
                f"--pw:{self.pile:.1f}px;--ph:{self.pile * RATIO:.1f}px;")


def _span(places: tuple[tuple[float, float], ...]) -> tuple[float, float, float, float]:
    xs = [x for x, _ in places]
    ys = [y for _, y in places]
    return min(xs), max(xs) - min(xs) + 1, min(ys), max(ys) - min(ys)


def _layout_size(card: float, cols: float, depth: float) -> tuple[float, float]:
    """The layout's width and height in px for a card width."""
    step = card * (1 + GAP)
    return (cols - 1) * step + card, depth * ROW * card * RATIO + card * RATIO


def _card_for(width: float, height: float, cols: float, depth: float) -> float:
    """The widest card that fits a layout of ``cols`` by ``depth`` rows into width × height."""
    by_width = width / ((cols - 1) * (1 + GAP) + 1)
    by_height = height / (RATIO * (depth * ROW + 1))
    return max(0.0, min(by_width, by_height, MAX_CARD))


def arrange(width: float, height: float, places: tuple[tuple[float, float], ...], *,
            fit_width_only: bool = False) -> Geometry:
    """The felt of ``width`` × ``height`` px, with a layout whose slots sit at ``places`` (the engine's
    Layout.places: x in card widths, y in rows). ``fit_width_only`` sizes by the width alone (an embed
    that grows to its content): ``height`` is then ignored and the geometry's height is what it needs."""
    width, height = max(width, 1.0), max(height, 1.0)
    pad = max(4.0, min(width, height) * 0.015)
    left, cols, top, depth = _span(places)
    if fit_width_only:
        height = 10_000.0
    below = _below(width, height, pad, cols, depth)
    beside = _beside(width, height, pad, cols, depth)
    card, pile, arrangement = max(below, beside) if not fit_width_only else below
    return _place(width, height, pad, places, left, top, cols, depth, card, pile, arrangement,
                  fit_width_only)


def _pile_for(card: float, width: float) -> float:
    """Piles at least a thumb wide on a phone, never narrower than the layout's cards."""
    return max(card, min(84.0, width * 0.2))


def _below(width: float, height: float, pad: float, cols: float, depth: float) -> tuple[float, float, str]:
    inner_w = width - 2 * pad
    # The piles' row (a pile's height plus a gap) and the message under it, then the layout.
    card = _card_for(inner_w, height - CAPTION, cols, depth)
    while card > 1:
        pile = _pile_for(card, width)
        need = CAPTION + _layout_size(card, cols, depth)[1] + pile * RATIO + pad * 4 + MESSAGE
        if need <= height:
            break
        card *= 0.97
    return card, _pile_for(card, width), "below"


def _beside(width: float, height: float, pad: float, cols: float, depth: float) -> tuple[float, float, str]:
    inner_h = height - 2 * pad - MESSAGE
    card = _card_for(width, inner_h - CAPTION, cols, depth)
    while card > 1:
        pile = max(card, min(MIN_PILE, inner_h / (2 * RATIO + 0.2)))
        pile = min(pile, (inner_h - pad) / (2 * RATIO))
        need = _layout_size(card, cols, depth)[0] + _beside_gap(card, pad) + pile + pad * 2
        if need <= width:
            return card, pile, "beside"
        card *= 0.97
    return card, card, "beside"


def _beside_gap(card: float, pad: float) -> float:
    """Between the layout and the piles' column beside it: room for the run meter."""
    return max(pad * 3 + METER, card * 0.5)


def _place(width: float, height: float, pad: float, places: tuple[tuple[float, float], ...], left: float,
           top: float, cols: float, depth: float, card: float, pile: float, arrangement: str,
           fit_width_only: bool) -> Geometry:
    ch = card * RATIO
    ph = pile * RATIO
    lw, lh = _layout_size(card, cols, depth)
    if arrangement == "below":
        if fit_width_only:
            height = CAPTION + pad + lh + pad * 2 + ph + pad + MESSAGE
        origin_x = (width - lw) / 2
        # The piles low (above the message), where the thumb is; the layout above them, a little
        # above the middle of the space left.
        piles_y = height - MESSAGE - pad - ph
        origin_y = CAPTION + pad + max(0.0, piles_y - CAPTION - pad * 3 - lh) * 0.42
        middle = width / 2
        gap = max(pile * 0.45, pad * 2)
        stock = Box(middle - gap / 2 - pile, piles_y, pile, ph)
        waste = Box(middle + gap / 2, piles_y, pile, ph)
        message = Box(pad, height - MESSAGE, width - 2 * pad, MESSAGE)
        meter = Box(waste.right + max(pad * 2, pile * 0.25), waste.y + ph * 0.1, METER, ph * 0.8)
    else:
        # The layout and the piles' column side by side, the pair in the middle of the felt.
        gap = _beside_gap(card, pad)
        origin_x = max(pad, (width - lw - gap - pile) / 2)
        origin_y = max(CAPTION + pad, (height - MESSAGE - lh) / 2)
        x = min(origin_x + lw + gap, width - pad - pile)
        inner = height - MESSAGE
        stack = ph * 2 + pad
        stock = Box(x, max(pad, (inner - stack) / 2), pile, ph)
        waste = Box(x, stock.bottom + pad, pile, ph)
        message = Box(pad, height - MESSAGE, width - 2 * pad, MESSAGE)
        meter = Box(x - pad - METER, waste.y + ph * 0.1, METER, ph * 0.8)
    step = card * (1 + GAP)
    slots = tuple(
        Box(origin_x + (x - left) * step, origin_y + (y - top) * ROW * ch, card, ch) for x, y in places
    )
    return Geometry(width=width, height=height, arrangement=arrangement, card=card, pile=pile,
                    slots=slots, stock=stock, waste=waste, message=message, meter=meter)
