"""Layouts: TriPeaks covering exactly as RULES.md states it, and the Triangle pyramid.

A game's layout is ``game.layout`` (``TRIPEAKS`` and ``TRIANGLE`` are games now, not layouts).
"""

from __future__ import annotations

import pytest
from conftest import ROW_SIZES, ref_covered_by, slot
from hypothesis import given
from hypothesis import strategies as st

from tripeaks import TRIANGLE, TRIPEAKS
from tripeaks.base.layout import Layout, bits
from tripeaks.games.tripeaks.layout import PEAKS


def test_tripeaks_rows() -> None:
    assert TRIPEAKS.layout.rows == ROW_SIZES
    assert TRIPEAKS.layout.size == 28
    assert TRIPEAKS.layout.full == 2**28 - 1
    assert TRIPEAKS.layout.row_starts == (0, 3, 9, 18)
    assert TRIPEAKS.layout.row_of == (0,) * 3 + (1,) * 6 + (2,) * 9 + (3,) * 10


@pytest.mark.parametrize("s", range(28))
def test_tripeaks_covering_matches_rules(s: int) -> None:
    assert set(bits(TRIPEAKS.layout.covered_by[s])) == ref_covered_by(s)


def test_covering_spot_checks() -> None:
    # Row 0 card p by row 1 cards 2p, 2p+1.
    assert set(bits(TRIPEAKS.layout.covered_by[slot(0, 2)])) == {slot(1, 4), slot(1, 5)}
    # Row 1 card 3 (peak 1, k 1) by row 2 cards 4 and 5.
    assert set(bits(TRIPEAKS.layout.covered_by[slot(1, 3)])) == {slot(2, 4), slot(2, 5)}
    # Row 2 card 8 by row 3 cards 8 and 9.
    assert set(bits(TRIPEAKS.layout.covered_by[slot(2, 8)])) == {slot(3, 8), slot(3, 9)}
    # The row-1 cards of neighbouring peaks share no row-2 card, the row-2 cards share row 3.
    assert not TRIPEAKS.layout.covered_by[slot(1, 1)] & TRIPEAKS.layout.covered_by[slot(1, 2)]
    assert TRIPEAKS.layout.covered_by[slot(2, 2)] & TRIPEAKS.layout.covered_by[slot(2, 3)]


def test_covers_is_the_inverse_of_covered_by() -> None:
    for s in range(28):
        for t in range(28):
            assert bool(TRIPEAKS.layout.covers[s] >> t & 1) == (s in ref_covered_by(t))


def test_beneath_and_above_follow_covering_all_the_way_down() -> None:
    def under(s: int) -> set[int]:
        direct = {t for t in range(28) if s in ref_covered_by(t)}
        return direct.union(*(under(t) for t in direct))

    for s in range(28):
        assert set(bits(TRIPEAKS.layout.beneath[s])) == under(s)
        assert set(bits(TRIPEAKS.layout.above[s])) == {t for t in range(28) if s in under(t)}
    # A peak top lies under its whole peak, 2 + 3 + 4 cards; the base row under nothing.
    assert [len(list(bits(TRIPEAKS.layout.above[p]))) for p in (0, 1, 2)] == [9, 9, 9]
    assert TRIPEAKS.layout.beneath[0] == 0 and TRIPEAKS.layout.above[slot(3, 0)] == 0
    assert set(bits(TRIPEAKS.layout.beneath[slot(3, 0)])) == {slot(2, 0), slot(1, 0), slot(0, 0)}


def test_only_the_base_row_is_dealt_face_up_and_free() -> None:
    assert set(bits(TRIPEAKS.layout.face_up)) == set(range(18, 28))
    assert set(bits(TRIPEAKS.layout.free(TRIPEAKS.layout.full))) == set(range(18, 28))
    assert PEAKS == (0, 1, 2)  # the peak tops are TriPeaks' own now, not the layout's


@given(st.integers(0, 2**28 - 1))
def test_free_means_present_with_nothing_on_top(remaining: int) -> None:
    free = TRIPEAKS.layout.free(remaining)
    for s in range(28):
        present = bool(remaining >> s & 1)
        expected = present and not any(remaining >> c & 1 for c in ref_covered_by(s))
        assert bool(free >> s & 1) == expected == TRIPEAKS.layout.is_free(remaining, s)


@given(st.sampled_from([TRIPEAKS.layout, TRIANGLE.layout]), st.integers(0, 2**28 - 1), st.integers(0, 27))
def test_taking_a_free_card_frees_what_uncovering_says(layout: Layout, remaining: int, s: int) -> None:
    remaining |= 1 << s
    remaining &= ~layout.above[s]  # the card in s is free
    left = remaining & ~(1 << s)
    near, freed = layout.uncovering[s]
    assert layout.free(left) == layout.free(remaining) & ~(1 << s) | freed[left & near]


def test_each_card_sits_between_the_cards_covering_it() -> None:
    for s in range(18):
        xs = [TRIPEAKS.layout.places[c][0] for c in ref_covered_by(s)]
        assert TRIPEAKS.layout.places[s][0] == sum(xs) / 2
    assert [TRIPEAKS.layout.places[s] for s in range(18, 28)] == [(float(i), 3.0) for i in range(10)]
    assert [TRIPEAKS.layout.places[s][0] for s in (0, 1, 2)] == [1.5, 4.5, 7.5]


def test_bits() -> None:
    assert list(bits(0)) == []
    assert list(bits(0b101001)) == [0, 3, 5]
    assert list(bits(1 << 27)) == [27]


def test_triangle_pyramid() -> None:
    assert TRIANGLE.layout.rows == (7, 6, 5, 4, 3, 2, 1)
    assert TRIANGLE.layout.size == 28
    assert TRIANGLE.layout.face_up == TRIANGLE.layout.full
    assert not hasattr(TRIANGLE.layout, "peaks")  # no peaks, and no peak bonus
    # At the deal only the point is free.
    assert list(bits(TRIANGLE.layout.free(TRIANGLE.layout.full))) == [27]
    # Ends of a row are covered by one card, the middle by two.
    assert [len(list(bits(TRIANGLE.layout.covered_by[s]))) for s in range(7)] == [1, 2, 2, 2, 2, 2, 1]
    # Card j of the top row by cards j-1 and j of the row beneath (slots 7..12).
    assert set(bits(TRIANGLE.layout.covered_by[3])) == {7 + 2, 7 + 3}
    assert TRIANGLE.layout.covered_by[27] == 0
