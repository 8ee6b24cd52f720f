"""Deals and deal codes: the contract text form both ways, and errors that say what is wrong."""

from __future__ import annotations

import re

import pytest
from conftest import shuffled_deals
from hypothesis import given

from tripeaks import DECK, TRIANGLE, TRIPEAKS, Card, Deal, InvalidDealError

EXAMPLE = (
    "Kh8h5c/Ah3sKd4s8cTh/3d9hKc5d8sAd9s2d7h/Ks3hQs6s6h5sTcQc5h6d 7s "
    "Ts7dAc4d2c6c9c4h2sQd2h9dJd7cQhJh4c8dJcJsAsTd3c"
)


def test_the_example_from_the_rules() -> None:
    deal = Deal.parse(EXAMPLE)
    assert [c.code for c in deal.layout_cards[:3]] == ["Kh", "8h", "5c"]
    assert deal.layout_cards[3].code == "Ah"
    assert deal.layout_cards[9].code == "3d"
    assert deal.layout_cards[18].code == "Ks"
    assert deal.layout_cards[27].code == "6d"
    assert deal.waste.code == "7s"
    assert len(deal.stock) == 23
    assert deal.stock[0].code == "Ts"  # the next to be drawn comes first
    assert deal.stock[-1].code == "3c"
    assert deal.code == EXAMPLE
    assert str(deal) == EXAMPLE


def test_either_case_and_extra_spaces_parse_and_print_canonically() -> None:
    assert Deal.parse(EXAMPLE.lower()).code == EXAMPLE
    assert Deal.parse(EXAMPLE.upper()).code == EXAMPLE
    assert Deal.parse("  " + EXAMPLE.replace(" ", "   ") + "\n").code == EXAMPLE


@given(shuffled_deals)
def test_parse_print_round_trip(deal: Deal) -> None:
    assert Deal.parse(deal.code) == deal
    assert Deal.parse(deal.code).code == deal.code
    assert Deal.parse(deal.code.swapcase()) == deal


def test_from_cards_deals_in_order() -> None:
    deal = Deal.from_cards(DECK)
    assert deal.layout_cards == DECK[:28]
    assert deal.waste == DECK[28]
    assert deal.stock == DECK[29:]
    assert deal.solitaire is TRIPEAKS and deal.layout is TRIPEAKS.layout


def test_triangle_code_has_a_prefix_and_seven_rows() -> None:
    deal = Deal.from_cards(DECK, TRIANGLE)
    code = deal.code
    assert code.startswith("triangle:")
    rows = code.removeprefix("triangle:").split()[0].split("/")
    assert [len(r) // 2 for r in rows] == [7, 6, 5, 4, 3, 2, 1]
    assert Deal.parse(code) == deal
    assert Deal.parse(code.replace("triangle:", "TRIANGLE: ")) == deal


def _swap(code: str, old: str, new: str) -> str:
    assert code.count(old) == 1
    return code.replace(old, new)


# Row 2 in a message is the second row of the code (RULES.md's row 1).
@pytest.mark.parametrize(
    ("code", "message"),
    [
        (_swap(EXAMPLE, "Ah3sKd", "Ah3sZx"), "card 3 of row 2 is 'Zx', not a card"),
        (_swap(EXAMPLE, "Kh8h5c", "Kh8h5x"), "card 3 of row 1 is '5x', not a card"),
        (_swap(EXAMPLE, " 7s ", " 1s "), "the waste card is '1s', not a card"),
        (_swap(EXAMPLE, "Ts7dAc", "Ts7d??"), "card 3 of the stock is '??', not a card"),
        (_swap(EXAMPLE, " 7s ", " 7h "), "the 7 of hearts appears twice (missing: the 7 of spades)"),
        (EXAMPLE[:-2], "51 cards, expected 52 (the stock has 22, expected 23)"),
        (EXAMPLE + "3c", "53 cards, expected 52 (the stock has 24, expected 23)"),
        (EXAMPLE[:-1], f"the stock is '{EXAMPLE.split()[2][:-1]}': cards are two characters each"),
        (_swap(EXAMPLE, "Kh8h5c/", "Kh8h5c"), "the layout has 3 rows, expected 4"),
        (_swap(EXAMPLE, "Kh8h5c/Ah", "Kh8h5cAh/"), "row 1 has 4 cards, expected 3"),
        (_swap(EXAMPLE, " 7s ", ""), "found 1 part, expected 3"),
        (EXAMPLE + " 9x", "found 4 parts, expected 3"),
        ("", "found 0 parts, expected 3"),
        ("spider:" + EXAMPLE, "unknown game 'spider'"),
        ("triangle:" + EXAMPLE, "the layout has 4 rows, expected 7"),
    ],
)
def test_bad_codes_say_what_is_wrong(code: str, message: str) -> None:
    with pytest.raises(InvalidDealError, match=re.escape(message)):
        Deal.parse(code)


def test_a_card_three_times() -> None:
    code = _swap(_swap(EXAMPLE, " 7s ", " 7h "), "Ts7dAc", "Ts7d7h")
    with pytest.raises(InvalidDealError, match="the 7 of hearts appears three times"):
        Deal.parse(code)


def test_deal_code_must_be_text() -> None:
    with pytest.raises(InvalidDealError, match="must be text"):
        Deal.parse(None)  # type: ignore[arg-type]


def test_constructor_checks_the_cards() -> None:
    with pytest.raises(InvalidDealError, match="28 layout cards and 52 cards"):
        Deal(DECK[:27], DECK[27], DECK[28:])
    said = f"the ace of clubs appears twice (missing: the {DECK[28].name})"
    with pytest.raises(InvalidDealError, match=re.escape(said)):
        Deal(DECK[:28], DECK[0], DECK[29:])


def test_deal_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="not a card"):
        Deal.parse(EXAMPLE.replace("Kh", "Kx"))
    assert Card.parse("7s") == Deal.parse(EXAMPLE).waste


def test_junk_of_another_game_says_which_game_it_was_read_as() -> None:
    """A code that is no good code of any game is not called a good code of another (issue 34, §6)."""
    from tripeaks import numbered_deal

    with pytest.raises(InvalidDealError) as raised:
        Deal.parse("triangle:junk", TRIPEAKS)
    said = str(raised.value)
    assert said.startswith("this is not a TriPeaks deal code: it was read as a Triangle code (its prefix is")
    assert "found 1 part, expected 3" in said
    with pytest.raises(InvalidDealError) as raised:
        Deal.parse("junk cards here", TRIANGLE)
    said = str(raised.value)
    assert said.startswith("this is not a Triangle deal code: no game's prefix starts it")
    assert "a Triangle code starts with 'triangle:'" in said and "read as a TriPeaks code" in said
    assert "the layout has 1 row, expected 4" in said
    cut = numbered_deal(1, TRIANGLE).code[:-2]
    with pytest.raises(InvalidDealError, match=r"read as a Triangle code .*the stock has 22, expected 23"):
        Deal.parse(cut, TRIPEAKS)
    # a good code of another game is still called one
    with pytest.raises(InvalidDealError, match=r"^this is a Triangle deal code, not a TriPeaks one$"):
        Deal.parse(numbered_deal(1, TRIANGLE).code, TRIPEAKS)
