"""A game: moves, undo and redo, the end of the game, and the score checked by hand."""

from __future__ import annotations

import pytest
from conftest import (
    build_deal,
    chain_deal,
    clear_order,
    numbered_deals,
    random_game,
    ref_score,
    rules_st,
    stuck_deal,
    up_chain,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import (
    DRAW,
    EASY,
    RESET,
    STANDARD,
    STRICT,
    TRIANGLE,
    Card,
    Deal,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Rules,
    Status,
    numbered_deal,
)
from tripeaks.services.game import ReplayError

C = Card.parse


def snapshot(game: Game) -> tuple[object, ...]:
    # Status and legal moves are read off the position, so comparing positions covers them.
    return (game.position, game.score, game.run, game.moves, game.positions)


# Properties


@pytest.mark.no_cover
@given(st.data(), numbered_deals, rules_st)
@settings(max_examples=60, deadline=None)
def test_undo_restores_and_redo_gives_back_after_every_move(
    data: st.DataObject, deal: Deal, rules: Rules
) -> None:
    def check(game: Game, move: Move) -> None:
        before = snapshot(game)
        redo_before = game.redo_moves
        game.push(move)
        after = snapshot(game)
        assert game.undo() == move
        assert snapshot(game) == before
        assert game.redo_moves == (move, *redo_before)
        assert game.redo() == move
        assert snapshot(game) == after
        assert game.redo_moves == redo_before

    game = random_game(data, rules, deal, each=check)
    assert bool(game.legal_moves) == (game.status is Status.PLAYING)


@pytest.mark.no_cover
@given(st.data(), numbered_deals, rules_st)
@settings(max_examples=60, deadline=None)
def test_score_matches_the_scoring_table(data: st.DataObject, deal: Deal, rules: Rules) -> None:
    def check(game: Game, move: Move) -> None:
        game.push(move)
        assert game.score == ref_score(deal, game.moves)

    game = random_game(data, rules, deal, each=check)
    assert game.score == ref_score(deal, game.moves)
    assert game.moves_made == len(game.moves)
    assert game.longest_run == max(p.run for p in game.positions)


@given(st.data(), numbered_deals, rules_st)
@settings(max_examples=40, deadline=None)
def test_a_move_naming_an_equal_card_plays_the_same(data: st.DataObject, deal: Deal, rules: Rules) -> None:
    def check(game: Game, move: Move) -> None:
        position = game.position
        if move.card is not None:  # the same card, parsed afresh: not the object on the table
            same = position.after(Move("play", Card.parse(move.card.code)))
            played = position.after(move)
            assert same == played and same.remaining == played.remaining
        game.push(move)
        cards = game.position.cards
        assert game.position.remaining == sum(1 << s for s, card in enumerate(cards) if card is not None)

    random_game(data, rules, deal, each=check)


@given(st.data(), numbered_deals, rules_st)
@settings(max_examples=50, deadline=None)
def test_restart_then_redo_everything_replays_the_game(
    data: st.DataObject, deal: Deal, rules: Rules
) -> None:
    game = random_game(data, rules, deal, max_moves=60)
    positions, moves = game.positions, game.moves
    game.restart()
    assert game.position == game.start and game.moves == ()
    assert game.redo_moves == moves
    while game.can_redo:
        game.redo()
    assert game.positions == positions and game.moves == moves


@given(st.data(), numbered_deals, rules_st)
@settings(max_examples=50, deadline=None)
def test_undoing_to_any_point_matches_a_fresh_replay(
    data: st.DataObject, deal: Deal, rules: Rules
) -> None:
    game = random_game(data, rules, deal, max_moves=60)
    back = data.draw(st.integers(0, game.moves_made))
    for _ in range(back):
        game.undo()
    fresh = Game(deal, rules)
    for move in game.moves:
        fresh.push(move)
    assert snapshot(fresh) == snapshot(game)


# Scenarios


def test_new_game() -> None:
    deal = numbered_deal(1)
    game = Game(deal.code, number=1)
    assert game.deal == deal
    assert game.rules == STANDARD
    assert game.number == 1 and game.daily is None
    assert (game.score, game.run, game.moves_made, game.hints, game.seconds) == (0, 0, 0, 0, 0.0)
    assert game.status is Status.PLAYING and not game.is_over
    assert not game.can_undo and not game.can_redo
    assert game.can_draw and not game.can_reset
    assert game.position == game.start
    assert repr(game) == f"Game({deal.code!r}, {STANDARD!r})"
    assert game.position.playable_ranks() == (11, 13)  # on the Qc
    assert game.card_at(18) == C("2c") and game.card_at(0) is None


def test_moves_by_notation_and_by_value() -> None:
    deal = build_deal({18: "6c", 19: "7c"}, "5h")
    game = Game(deal)
    game.push("6C")
    game.play("7c")
    game.draw()
    assert [m.notation for m in game.moves] == ["6c", "7c", "draw"]
    game.undo()
    game.undo()
    game.play(C("7c"))
    assert game.moves == (Move.play("6c"), Move.play("7c"))


# New design: text that is no move at all is an InvalidMoveError, which is not an
# IllegalMoveError (that one is the rules refusing a move).
@pytest.mark.parametrize("token", ["Zx", "jump", ""])
def test_bad_move_text_is_an_invalid_move(token: str) -> None:
    game = Game(numbered_deal(1))
    with pytest.raises(InvalidMoveError, match="is not a move") as error:
        game.push(token)
    assert not isinstance(error.value, IllegalMoveError)
    assert game.moves == ()


def test_play_bad_card_text() -> None:
    game = Game(numbered_deal(1))
    with pytest.raises(InvalidMoveError, match="'Zx' is not a card") as error:
        game.play("Zx")
    assert not isinstance(error.value, IllegalMoveError)



def test_illegal_move_leaves_the_game_alone() -> None:
    game = Game(build_deal({18: "9c"}, "5h"))
    game.draw()
    game.undo()
    before = snapshot(game), game.redo_moves
    with pytest.raises(IllegalMoveError, match="A 9 can't go on a 5"):
        game.play("9c")
    with pytest.raises(IllegalMoveError):
        game.reset()
    assert (snapshot(game), game.redo_moves) == before


def test_nothing_to_undo_or_redo() -> None:
    game = Game(numbered_deal(2))
    with pytest.raises(IllegalMoveError, match=r"^Nothing to undo.$"):
        game.undo()
    with pytest.raises(IllegalMoveError, match=r"^Nothing to redo.$"):
        game.redo()


def test_redo_is_kept_when_the_same_move_is_made() -> None:
    deal = build_deal({18: "6c", 19: "7c", 20: "8c"}, "5h")
    game = Game(deal)
    for card in ("6c", "7c", "8c"):
        game.play(card)
    game.undo()
    game.undo()
    assert game.redo_moves == (Move.play("7c"), Move.play("8c"))
    game.play("7c")
    assert game.redo_moves == (Move.play("8c"),)
    assert game.redo() == Move.play("8c")
    assert game.score == 1 + 2 + 3


def test_redo_is_cleared_by_a_different_move() -> None:
    deal = build_deal({18: "6c", 19: "7c", 20: "8c"}, "5h")
    game = Game(deal)
    game.play("6c")
    game.play("7c")
    game.undo()
    assert game.can_redo
    game.draw()
    assert not game.can_redo and game.redo_moves == ()
    with pytest.raises(IllegalMoveError, match="Nothing to redo"):
        game.redo()


def test_undo_restores_score_and_run_exactly() -> None:
    deal = build_deal({18: "6c", 19: "7c", 20: "8c"}, "5h")
    game = Game(deal)
    game.play("6c")
    game.play("7c")
    game.draw()
    assert (game.score, game.run) == (-2, 0)
    game.undo()
    assert (game.score, game.run) == (3, 2)
    assert game.longest_run == 2


def test_won_game_takes_no_more_moves_but_undo_works() -> None:
    deal = chain_deal(up_chain(1, 29))
    game = Game(deal)
    for s in clear_order():
        game.play(deal.layout_cards[s])
    assert game.status is Status.WON and game.is_over
    assert game.legal_moves == [] and not game.can_draw
    assert len(game.position.stock) == 23
    assert game.score == sum(range(1, 29)) + 60
    assert game.longest_run == 28
    for move in (DRAW, RESET, Move.play("Ks")):
        with pytest.raises(IllegalMoveError, match="this game is won"):
            game.push(move)
    assert game.undo() == Move.play(deal.layout_cards[2])
    assert game.status is Status.PLAYING
    assert game.redo() == Move.play(deal.layout_cards[2])
    assert game.status is Status.WON


def test_out_of_moves_game_takes_no_more_moves_but_undo_works() -> None:
    game = Game(stuck_deal(), Rules(passes=2))
    for _ in range(23):
        game.draw()
    assert game.can_reset and not game.can_draw
    game.reset()
    for _ in range(23):
        game.draw()
    assert game.status is Status.OUT_OF_MOVES and game.is_over
    assert game.legal_moves == [] and not game.can_reset
    with pytest.raises(IllegalMoveError, match=r"^No more moves: this game is over.$"):
        game.reset()
    game.undo()
    assert game.status is Status.PLAYING
    assert game.score == -5 * 46


def test_unlimited_passes_game_is_over_at_once_when_nothing_can_ever_play() -> None:
    game = Game(stuck_deal(), EASY)
    assert game.is_over and game.status is Status.OUT_OF_MOVES
    assert not game.can_undo


def test_restart_keeps_the_moves_for_redo() -> None:
    game = Game(numbered_deal(3), STRICT)
    game.draw()
    game.draw()
    game.restart()
    assert game.moves == () and game.score == 0
    assert game.redo_moves == (DRAW, DRAW)


def test_explain_reads_card_codes_in_either_case() -> None:
    game = Game(build_deal({18: "6c"}, "5h"))
    assert game.explain("6C") == game.explain(C("6c")) == game.explain(18)


# Game.from_moves: the public way to rebuild a game (a save uses it)


@given(st.data(), numbered_deals, rules_st)
@settings(max_examples=30, deadline=None)
def test_from_moves_builds_the_same_game_as_pushing_them(
    data: st.DataObject, deal: Deal, rules: Rules
) -> None:
    game = random_game(data, rules, deal, max_moves=50)
    for _ in range(data.draw(st.integers(0, game.moves_made), label="undone")):
        game.undo()
    rebuilt = Game.from_moves(deal, rules, game.moves, game.redo_moves)
    assert snapshot(rebuilt) == snapshot(game)
    assert rebuilt.redo_moves == game.redo_moves and rebuilt.rules == rules
    moves, redo = [m.notation for m in game.moves], [m.notation for m in game.redo_moves]
    by_text = Game.from_moves(deal.code, rules, moves, redo)
    assert snapshot(by_text) == snapshot(game) and by_text.redo_moves == game.redo_moves
    while rebuilt.can_redo:
        assert rebuilt.redo() == game.redo()
    assert snapshot(rebuilt) == snapshot(game)


def test_from_moves_keeps_the_number_and_day() -> None:
    game = Game.from_moves(numbered_deal(4), STRICT, ["draw"], number=4, daily="2026-11-30")
    assert (game.number, game.daily, game.rules, game.moves) == (4, "2026-11-30", STRICT, (DRAW,))
    assert Game.from_moves(numbered_deal(4)).position == Game(numbered_deal(4)).start
    assert Game.from_moves(numbered_deal(4, TRIANGLE), None, ["draw"]).solitaire is TRIANGLE


def test_from_moves_names_the_first_move_that_cannot_be_made() -> None:
    deal = build_deal({18: "6c", 19: "7c"}, "5h")
    with pytest.raises(ReplayError) as error:
        Game.from_moves(deal, None, ["6c", "draw", "9s", "draw"])
    assert isinstance(error.value, IllegalMoveError)
    assert str(error.value).startswith("Move 3 (9s) can't be made: ")
    assert (error.value.number, error.value.move, error.value.redo) == (3, "9s", False)
    assert error.value.reason == "The 9 of spades is not one of the face-up cards."


def test_from_moves_checks_the_redo_list_after_the_moves() -> None:
    deal = build_deal({18: "6c", 19: "7c", 20: "8c"}, "5h")
    game = Game.from_moves(deal, None, ["6c"], ["7c", "8c"])
    assert game.moves == (Move.play("6c"),) and game.redo_moves == (Move.play("7c"), Move.play("8c"))
    assert game.redo() == Move.play("7c")
    with pytest.raises(ReplayError) as error:
        Game.from_moves(deal, None, ["6c"], ["7c", "7c"])
    assert str(error.value) == (
        "Redo move 2 (7c) can't be made: The 7 of clubs is already on the waste."
    )
    assert (error.value.number, error.value.redo) == (2, True)
    with pytest.raises(ReplayError, match=r"^Redo move 1 \(6c\) can't be made"):
        Game.from_moves(deal, None, ["6c"], ["6c"])


def test_from_moves_refuses_what_is_no_move() -> None:
    with pytest.raises(InvalidMoveError, match="'Zx' is not a move"):
        Game.from_moves(numbered_deal(1), None, ["draw", "Zx"])
    with pytest.raises(InvalidMoveError, match="TriPeaks has no 'redeal' move"):
        Game.from_moves(numbered_deal(1), None, [], ["redeal"])
    with pytest.raises(ValueError, match="those are not rules of Triangle"):
        Game.from_moves(numbered_deal(1, TRIANGLE), STANDARD)
