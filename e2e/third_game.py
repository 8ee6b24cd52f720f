"""A game of the family registered only for the tests: Tower (an upright pyramid of 28 cards cleared by pairs
that make 13), made of Triangle's rules on a layout of its own: a variant made in a dozen lines. The page has
no code for it: tests/ and web/ know nothing of it, and the page plays it (e2e/test_family.py).

This file is run twice: imported by the tests in CPython, and served to the page inside web/main.py (just
before it imports the page), so both sides have the same game.
"""

import dataclasses

import tripeaks
from tripeaks import TRIANGLE, registry
from tripeaks.base.layout import build_layout

TOWER_LAYOUT = build_layout(
    "tower",
    (1, 2, 3, 4, 5, 6, 7),
    lambda row, j: [j, j + 1],  # card j of a row lies under cards j and j + 1 of the row beneath
    face_up_rows=set(range(7)),
    place=lambda row, j: j + (6 - row) / 2,
)


def register() -> tripeaks.Solitaire:
    """Add Tower to the registry (once), as a game of the family would be."""
    found = [game for game in registry.GAMES if game.id == "tower"]
    if found:
        return found[0]
    tower = dataclasses.replace(
        TRIANGLE, id="tower", name="Tower", aliases=(), layout=TOWER_LAYOUT, seed_base=2**49,
        blurb="Remove the tower, the stock and the waste by pairs that make 13; a king goes alone.",
    )
    return registry.register(tower)


TOWER = register()
