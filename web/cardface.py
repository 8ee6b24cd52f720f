"""The face of a card as HTML: corner indices, pips, an ace's big suit or a court panel."""

from functools import cache

from tripeaks import Card, rank_label

# U+FE0E asks for the text glyph, never the emoji.
SUIT_SYMBOLS = {"c": "♣\ufe0e", "d": "♦\ufe0e", "h": "♥\ufe0e", "s": "♠\ufe0e"}

# Pip places as (column 0-2, row 0-6, upside down) on the classic card layouts.
_PIPS = {
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


@cache
def face_html(card: Card) -> str:
    """The inside of a face-up card's element (the element itself carries the colour class)."""
    label = rank_label(card.rank)
    suit = SUIT_SYMBOLS[card.suit]
    ten = " ten" if card.rank == 10 else ""
    # Rank letters come from CSS (data-t), not text: a button's visible text must be words of its
    # accessible name ("ace of hearts"), and a lone "A" is not one of them.
    corner = f'<span class="corner{ten}" aria-hidden="true"><b data-t="{label}"></b><i>{suit}</i></span>'
    echo = f'<span class="corner br{ten}" aria-hidden="true"><b data-t="{label}"></b><i>{suit}</i></span>'
    if card.rank == 1:
        middle = f'<span class="ace" aria-hidden="true">{suit}</span>'
    elif card.rank > 10:
        middle = f'<span class="court" aria-hidden="true"><b data-t="{label}"></b><i>{suit}</i></span>'
    else:
        pips = "".join(
            f'<span class="pip{" flip" if flip else ""}" style="--c:{c};--r:{r}">{suit}</span>'
            for c, r, flip in _PIPS[card.rank]
        )
        middle = f'<span class="pips" aria-hidden="true">{pips}</span>'
    big = f'<span class="big" aria-hidden="true">{suit}</span>'
    return corner + middle + big + echo


BACKS: tuple[tuple[str, str], ...] = (("blue", "Blue"), ("red", "Red"), ("green", "Green"))
"""The card backs to choose from: (id, name)."""


def sprite() -> str:
    """The SVG symbols the faces use, put in the page once."""
    return ""


def suit_class(card: Card) -> str:
    return f"suit-{card.suit}"


def colour_class(card: Card) -> str:
    return "red" if card.red else "black"
