"""Moves and their one-token notation (contract)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tripeaks import DECK, DRAW, RESET, Card, InvalidCardError, InvalidMoveError, Move

all_moves = st.one_of(st.just(DRAW), st.just(RESET), st.sampled_from(DECK).map(Move.play))


@given(all_moves)
def test_parse_print_round_trip(move: Move) -> None:
    assert Move.parse(move.notation) == move
    assert Move.parse(str(move)) == move
    assert Move.parse(move.notation.upper()) == move
    assert Move.parse(f"  {move.notation}\n") == move
    assert eval(repr(move), {"Move": Move}) == move


def test_notation() -> None:
    assert Move.parse("7H").notation == "7h"
    assert Move.parse("th") == Move.play("Th") == Move("play", Card.parse("Th"))
    assert Move.play(Card.parse("Qs")).card == Card.parse("Qs")
    assert Move.parse("DRAW") is DRAW
    assert Move.parse("Reset") is RESET
    assert DRAW.notation == "draw" and RESET.notation == "reset"
    assert DRAW.card is None and DRAW.kind == "draw"
    assert Move.play("7h").kind == "play"


def test_moves_are_hashable_values() -> None:
    assert len({Move.parse("7h"), Move.play("7H"), DRAW, Move("draw")}) == 2


# Bad move text is an InvalidMoveError now (it was an InvalidCardError): text that is no move
# at all, not a card.
@pytest.mark.parametrize("text", ["Zx", "drawn", "", "play", "undo", "10h"])
def test_not_a_move(text: str) -> None:
    with pytest.raises(InvalidMoveError, match=f"'{text}' is not a move: write a card such as 7h"):
        Move.parse(text)


def test_not_text() -> None:
    with pytest.raises(InvalidMoveError, match="a move is written as a card code"):
        Move.parse(7)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        Move.play("Zx")

