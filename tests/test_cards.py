"""Cards: codes both ways, names, ranks in words."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tripeaks import DECK, Card, InvalidCardError, rank_label, rank_phrase
from tripeaks.base.cards import RANKS, SUITS


def test_deck_is_52_distinct_cards_in_suit_order() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert [c.code for c in DECK[:13]] == [r + "c" for r in RANKS]
    assert DECK[13].code == "Ad"
    assert DECK[-1].code == "Ks"


@given(st.sampled_from(DECK))
def test_code_round_trips_in_either_case(card: Card) -> None:
    assert Card.parse(card.code) is card
    assert Card.parse(card.code.lower()) is card
    assert Card.parse(card.code.upper()) is card
    assert Card.from_index(card.index) is card
    assert eval(repr(card), {"Card": Card}) == card


def test_codes_print_rank_upper_and_suit_lower() -> None:
    assert Card.parse("th").code == "Th"
    assert str(Card.parse("QS")) == "Qs"
    assert Card(1, "h").code == "Ah"
    assert Card(10, "c").code == "Tc"


@pytest.mark.parametrize(
    ("code", "name"),
    [("7h", "7 of hearts"), ("Qs", "queen of spades"), ("Ac", "ace of clubs"),
     ("Td", "10 of diamonds"), ("Jh", "jack of hearts"), ("Kd", "king of diamonds")],
)
def test_names(code: str, name: str) -> None:
    assert Card.parse(code).name == name


def test_red_and_black() -> None:
    assert Card.parse("Ah").red and Card.parse("2d").red
    assert not Card.parse("Ac").red and not Card.parse("Ks").red


@pytest.mark.parametrize("text", ["Zx", "1h", "10h", "A", "", "Ahh", "Ax", " Ah", None, 7])
def test_not_a_card(text: object) -> None:
    with pytest.raises(InvalidCardError, match="not a card"):
        Card.parse(text)  # type: ignore[arg-type]


def test_invalid_card_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="'Zx' is not a card"):
        Card.parse("Zx")


@pytest.mark.parametrize(("rank", "suit"), [(0, "h"), (14, "h"), (5, "x"), (1.0, "h"), ("A", "h")])
def test_constructor_refuses_non_cards(rank: object, suit: str) -> None:
    with pytest.raises(InvalidCardError):
        Card(rank, suit)  # type: ignore[arg-type]


def test_rank_labels_and_phrases() -> None:
    assert [rank_label(r) for r in range(1, 14)] == [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"
    ]
    assert rank_phrase(1) == "an A"
    assert rank_phrase(8) == "an 8"
    assert rank_phrase(9) == "a 9"
    assert rank_phrase(10) == "a 10"
    assert rank_phrase(12) == "a Q"
    assert rank_phrase(13) == "a K"


def test_cards_order_by_rank_then_suit() -> None:
    assert Card.parse("2c") < Card.parse("3c") < Card.parse("3d")
    assert sorted(DECK)[0] == Card.parse("Ac")
    assert len(SUITS) == 4
