"""Moves: checked values, and their one-token notation (contract) for every game of the family."""

from __future__ import annotations

import enum
import itertools
import pickle
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tripeaks import (
    DECK,
    DRAW,
    REDEAL,
    RESET,
    TRIANGLE,
    TRIPEAKS,
    Card,
    Deal,
    Game,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    Move,
    MoveKind,
    Solitaire,
    numbered_deal,
)

C = Card.parse

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



# Moves as checked values, for every game of the family

pairs = st.lists(st.sampled_from(DECK), min_size=2, max_size=2, unique=True).map(lambda cs: Move.play(*cs))
every_move = st.one_of(
    st.just(DRAW), st.just(RESET), st.just(REDEAL), st.sampled_from(DECK).map(Move.play), pairs
)


def test_move_kind_is_an_enum_of_four() -> None:
    assert issubclass(MoveKind, enum.Enum)
    assert [k.value for k in MoveKind] == ["play", "draw", "reset", "redeal"]
    assert MoveKind("draw") is MoveKind.DRAW and str(MoveKind.REDEAL) == "redeal"
    assert Move.parse("7h").kind is MoveKind.PLAY == "play"
    assert (DRAW.kind, RESET.kind, REDEAL.kind) == (MoveKind.DRAW, MoveKind.RESET, MoveKind.REDEAL)
    assert Move("draw") == Move(MoveKind.DRAW) == DRAW


@pytest.mark.parametrize(
    ("kind", "cards", "message"),
    [
        ("jump", (), "'jump' is not a kind of move: play, draw, reset or redeal"),
        (3, (), "3 is not a kind of move"),
        ("play", (), "a play is of one card or a pair"),
        ("play", (C("7h"), C("8h"), C("9h")), "a play is of one card or a pair"),
        ("play", (C("7h"), C("7h")), "a pair is of two cards, not the 7 of hearts twice"),
        ("play", ("7h",), "a move's cards must be cards"),
        ("play", (None,), "a move's cards must be cards"),
        ("play", (C("Qh"), 1), "a move's cards must be cards"),
        ("draw", (C("7h"),), "a draw names no card"),
        ("reset", (C("Kh"),), "a reset names no card"),
        (MoveKind.REDEAL, (C("Kh"),), "a redeal names no card"),
    ],
)
def test_a_move_that_cannot_exist_cannot_be_built(
    kind: object, cards: tuple[object, ...], message: str
) -> None:
    with pytest.raises(InvalidMoveError, match=re.escape(message)):
        Move(kind, *cards)  # type: ignore[arg-type]


def test_no_play_of_nothing_or_of_the_same_card_twice() -> None:
    with pytest.raises(InvalidMoveError, match="one card or a pair"):
        Move.play()
    with pytest.raises(InvalidMoveError, match="not the queen of hearts twice"):
        Move.play("Qh", "qh")
    with pytest.raises(InvalidMoveError, match="'Qh\\+QH' is not a move"):
        Move.parse("Qh+QH")


def test_moves_cannot_be_changed() -> None:
    move = Move.play("Qh", "Ad")
    with pytest.raises(AttributeError, match="cannot be changed"):
        move.kind = MoveKind.DRAW  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(move)) == move


@given(every_move)
def test_every_move_of_both_games_prints_and_parses_back(move: Move) -> None:
    assert Move.parse(move.notation) == move
    assert Move.parse(str(move).upper()) == move
    assert eval(repr(move), {"Move": Move}) == move
    assert hash(Move.parse(move.notation)) == hash(move)
    for game in (TRIPEAKS, TRIANGLE):
        if move.kind in game.moves and (len(move.cards) < 2 or game.pairs):
            assert game.parse_move(move.notation) == move
            assert game.check_move(move) is move
        else:
            with pytest.raises(InvalidMoveError):
                game.parse_move(move.notation)


def test_every_play_of_one_card_and_every_pair() -> None:
    for card in DECK:
        move = Move.play(card)
        assert Move.parse(move.notation) == move and move.card is card and move.cards == (card,)
    for a, b in itertools.combinations(DECK, 2):
        move = Move.play(a, b)
        assert Move.parse(move.notation) == move == Move.play(b, a)
        assert move.card is None and set(move.cards) == {a, b}


@given(st.sampled_from(DECK), st.sampled_from(DECK))
def test_a_pair_is_the_same_move_in_either_order(a: Card, b: Card) -> None:
    if a == b:
        return
    one, other = Move.play(a, b), Move.play(b, a)
    assert one == other and hash(one) == hash(other)
    assert one.notation == other.notation == f"{one.cards[0].code}+{one.cards[1].code}"
    assert (one.cards[0].rank, one.cards[0].suit) > (one.cards[1].rank, one.cards[1].suit)  # highest first
    assert Move.parse(f"{a.code}+{b.code}") == Move.parse(f" {b.code.lower()} + {a.code.upper()} ") == one


def test_a_pair_prints_highest_rank_first() -> None:
    assert Move.parse("Ad+Qh").notation == "Qh+Ad"
    assert Move.parse("Ad+Qh") == Move.parse("Qh+Ad") == Move("play", C("Ad"), C("Qh"))
    assert Move.play("Ac", "Ad").notation == "Ad+Ac"  # the same rank: by suit, cdhs
    assert len({Move.parse("Ad+Qh"), Move.parse("qh+ad")}) == 1


@pytest.mark.parametrize(
    ("game", "text", "message"),
    [
        (TRIPEAKS, "Qh+Ad", "in TriPeaks a move plays one card, not Qh+Ad"),
        (TRIPEAKS, "redeal", "TriPeaks has no 'redeal' move"),
        (TRIANGLE, "reset", "Triangle has no 'reset' move"),
        (TRIPEAKS, "zz", "'zz' is not a move: write a card such as 7h, or draw, or reset"),
        (
            TRIANGLE,
            "zz",
            "'zz' is not a move: write a king such as Kh, a pair such as Qh+Ad, or draw, or redeal",
        ),
    ],
)
def test_a_move_of_another_game_is_an_invalid_move(game: Solitaire, text: str, message: str) -> None:
    with pytest.raises(InvalidMoveError) as error:
        game.parse_move(text)
    assert str(error.value) == message
    assert not isinstance(error.value, IllegalMoveError)  # no rule refused it: it is no move of the game


@pytest.mark.parametrize(
    ("deal", "text"),
    [(numbered_deal(1), "Qh+Ad"), (numbered_deal(1), "redeal"), (numbered_deal(1), "jump"),
     (numbered_deal(1, TRIANGLE), "reset"), (numbered_deal(1, TRIANGLE), "Zx+Ad"),
     (numbered_deal(1), "x" * 100_000)],
)
def test_game_push_of_bad_text_is_an_invalid_move(deal: Deal, text: str) -> None:
    game = Game(deal)
    with pytest.raises(InvalidMoveError) as error:
        game.push(text)
    assert not isinstance(error.value, IllegalMoveError)
    assert len(str(error.value)) < 200
    assert game.moves == () and game.position == game.start


def test_bad_move_values_are_invalid_moves_too() -> None:
    game = Game(numbered_deal(1))
    with pytest.raises(InvalidMoveError, match="is not a move"):
        game.push(7)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError, match="in TriPeaks a move plays one card"):
        game.push(Move.play("Qh", "Ad"))
    with pytest.raises(InvalidMoveError, match="TriPeaks has no 'redeal' move"):
        game.redeal()
    with pytest.raises(InvalidMoveError, match="Triangle has no 'reset' move"):
        Game(numbered_deal(1, TRIANGLE)).reset()
