"""Where the felt puts the cards, for every game at the sizes a player holds: a phone upright and on its
side, a desktop, a small phone, and an embed that grows with its content."""

from __future__ import annotations

from itertools import pairwise

import pytest
from geometry import BAR, MIN_PILE, RAIL, TOP_LINE, TOP_LINE_SIDEWAYS, Box, arrange, felt_size

from tripeaks import GAMES, Game, numbered_deal

PHONES = [(360, 740), (390, 844)]
LANDSCAPE = (740, 360)
DESKTOP = (1280, 800)
SMALL = [(320, 568), (320, 640), (304, 540)]


def places(game_id: str) -> tuple[tuple[float, float], ...]:
    solitaire = next(game for game in GAMES if game.id == game_id)
    return Game(numbered_deal(7, solitaire)).position.layout.places


ALL = [game.id for game in GAMES]


def inside(box: Box, width: float, height: float) -> bool:
    return box.x >= -0.5 and box.y >= -0.5 and box.right <= width + 0.5 and box.bottom <= height + 0.5


def no_pile_overlaps(geometry) -> None:  # type: ignore[no-untyped-def]
    piles = [geometry.stock, geometry.waste]
    assert not geometry.stock.overlaps(geometry.waste)
    for box in piles:
        assert not any(box.overlaps(slot) for slot in geometry.slots)
        assert not box.overlaps(geometry.message)
    assert not any(slot.overlaps(geometry.message) for slot in geometry.slots)


@pytest.mark.parametrize("game", ALL)
@pytest.mark.parametrize("viewport", PHONES)
def test_a_phone_upright_has_the_cards_across_and_the_piles_under_the_thumb(
        game: str, viewport: tuple[int, int]) -> None:
    width, height = viewport
    felt_w, felt_h = felt_size(width, height)
    assert (felt_w, felt_h) == (width, height - TOP_LINE - BAR)
    geometry = arrange(felt_w, felt_h, places(game))
    layout = geometry.layout
    assert layout.w >= 0.92 * width, "the widest row spans the width"
    for pile in (geometry.stock, geometry.waste):
        assert pile.w >= MIN_PILE
        assert TOP_LINE + pile.y >= height / 2, "in the lower half, where the thumb is"
        assert inside(pile, felt_w, felt_h)
    assert all(inside(slot, felt_w, felt_h) for slot in geometry.slots)
    no_pile_overlaps(geometry)


@pytest.mark.parametrize("game", ALL)
def test_a_phone_on_its_side_keeps_cards_forty_pixels_wide(game: str) -> None:
    width, height = LANDSCAPE
    felt_w, felt_h = felt_size(width, height)
    assert (felt_w, felt_h) == (width - RAIL, height - TOP_LINE_SIDEWAYS)
    geometry = arrange(felt_w, felt_h, places(game))
    assert geometry.card >= 40
    assert all(inside(box, felt_w, felt_h) for box in (*geometry.slots, geometry.stock, geometry.waste))
    no_pile_overlaps(geometry)


@pytest.mark.parametrize("game", ALL)
def test_a_desktop_has_cards_eighty_pixels_wide(game: str) -> None:
    geometry = arrange(*felt_size(*DESKTOP), places(game))
    assert geometry.card >= 80
    assert all(inside(box, geometry.width, geometry.height)
               for box in (*geometry.slots, geometry.stock, geometry.waste))
    no_pile_overlaps(geometry)


@pytest.mark.parametrize("game", ALL)
@pytest.mark.parametrize("viewport", SMALL)
def test_a_small_phone_cuts_nothing(game: str, viewport: tuple[int, int]) -> None:
    felt_w, felt_h = felt_size(*viewport)
    geometry = arrange(felt_w, felt_h, places(game))
    assert all(inside(box, felt_w, felt_h) for box in (*geometry.slots, geometry.stock, geometry.waste))
    no_pile_overlaps(geometry)


@pytest.mark.parametrize("game", ALL)
def test_an_embed_sized_by_its_width_grows_to_hold_everything(game: str) -> None:
    geometry = arrange(360, 100, places(game), fit_width_only=True)
    assert geometry.height > 100
    assert all(inside(box, geometry.width, geometry.height)
               for box in (*geometry.slots, geometry.stock, geometry.waste, geometry.message))
    no_pile_overlaps(geometry)


def test_rows_overlap_as_the_engine_places_them() -> None:
    """A slot one row down starts half a card lower; one place to the right, a card and a gap further."""
    spots = places("tripeaks")
    geometry = arrange(*felt_size(*DESKTOP), spots)
    by_place = dict(zip(spots, geometry.slots, strict=True))
    a, b = by_place[(1.0, 1.0)], by_place[(2.0, 1.0)]
    assert b.x - a.x == pytest.approx(geometry.card * 1.06)
    top, below = by_place[(1.5, 0.0)], by_place[(1.0, 1.0)]
    assert below.y - top.y == pytest.approx(top.h / 2)


def test_a_felt_too_small_still_gives_an_answer() -> None:
    geometry = arrange(0, 0, places("triangle"))
    assert geometry.card >= 0


def test_golfs_columns_overlap_downward_each_card_a_strip_below_the_one_it_covers() -> None:
    """Slot ``r * 7 + c`` is column c's card r from the bottom: it lies straight under the one before,
    lower by the same strip, and only the top card of a column shows whole."""
    spots = places("golf")
    for viewport in (*PHONES, LANDSCAPE):
        geometry = arrange(*felt_size(*viewport), spots)
        boxes = geometry.slots
        for column in range(7):
            stack = [boxes[row * 7 + column] for row in range(5)]
            assert len({round(box.x, 3) for box in stack}) == 1
            strips = {round(b.y - a.y, 3) for a, b in pairwise(stack)}
            assert len(strips) == 1
            strip = strips.pop()
            assert 0.3 * geometry.card * 1.4 < strip < 0.5 * geometry.card * 1.4  # the index shows, no more
            assert all(a.overlaps(b) for a, b in pairwise(stack))
            assert not any(stack[-1].overlaps(other) for other in boxes if other not in stack)
