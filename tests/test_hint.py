"""Hints: the next move of a winning line, how far to undo, or that the deal can't be won.

Every claim a hint makes is checked with the solver itself: the move it suggests keeps a
win in reach, and the number of moves to undo is the fewest that gets back to a winnable
position.
"""

from __future__ import annotations

import random

import pytest
from conftest import chain_deal, clear_order, stuck_deal, up_chain
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import (
    DECK,
    DRAW,
    RESET,
    STANDARD,
    STRICT,
    Card,
    Deal,
    Game,
    Hint,
    Result,
    Rules,
    Status,
    numbered_deal,
    solve,
)

WON_DEAL = 1  # won under Standard (see golden/solutions.json)
LOST_STRICT = 8  # lost from the start under Strict
HARD_LOST_STRICT = 337154832  # lost under Strict, tens of thousands of states to prove it
HARD = 15  # needs tens of thousands of states under Standard


def winnable(game: Game) -> bool:
    answer = solve(game.position)
    assert answer.result is not Result.GAVE_UP
    return answer.won


def check_move_hint(game: Game, advice: Hint) -> None:
    """A move hint names a legal move after which the game can still be won."""
    assert advice.kind in ("play", "draw", "reset")
    assert advice.move is not None and advice.move in game.legal_moves
    assert advice.undo == 0
    if advice.kind == "play":
        assert advice.move.card is not None
        assert advice.text == f"Play the {advice.move.card.name}."
        assert advice.slot == game.position.slot_of(advice.move.card)
        assert advice.slot is not None and game.position.free >> advice.slot & 1
    elif advice.kind == "draw":
        assert advice.move == DRAW and advice.slot is None
        assert advice.text == "Draw a card from the stock."
    else:
        assert advice.move == RESET and advice.slot is None
        assert advice.text == "Turn the waste over to reset the stock."
    game.push(advice.move)
    assert winnable(game)
    game.undo()


def test_following_hints_wins_the_game() -> None:
    game = Game(numbered_deal(WON_DEAL), STANDARD)
    kinds = set()
    while game.status is Status.PLAYING:
        advice = game.hint()
        check_move_hint(game, advice)
        kinds.add(advice.kind)
        assert advice.move is not None
        game.push(advice.move)
    assert game.status is Status.WON
    assert kinds == {"play", "draw"}
    assert game.hints == game.moves_made
    over = game.hint()
    assert (over.kind, over.text) == ("over", "The peaks are cleared: there is nothing left to do.")
    assert over.move is None and over.undo == 0
    assert game.hints == game.moves_made  # "over" is no hint


def run_deal() -> Deal:
    """A run from the waste's ace clears the layout; the stock ends with two kings, which
    play on nothing left free, so drawing it dry then leaves only the reset."""
    chain = chain_deal(up_chain(1, 29))
    used = {*chain.layout_cards, chain.waste}
    rest = [c for c in DECK if c not in used]
    kings = [c for c in rest if c.rank == 13]
    stock = [c for c in rest if c.rank != 13] + kings
    return chain_deal(up_chain(1, 29), stock=stock)


def test_play_draw_and_reset_hints_with_their_words() -> None:
    deal = run_deal()
    game = Game(deal, Rules(passes=2))
    first = game.hint()
    assert first.kind == "play"
    assert first.text == "Play the 2 of clubs."
    assert (first.move, first.slot) == (game.position.after(first.move) and first.move, 18)
    assert first.to_dict() == {
        "kind": "play", "text": "Play the 2 of clubs.", "move": "2c", "undo": 0, "slot": 18
    }
    for _ in range(22):
        game.draw()
    assert game.legal_moves == [DRAW]
    advice = game.hint()
    check_move_hint(game, advice)
    assert advice.kind == "draw"
    assert advice.to_dict() == {
        "kind": "draw", "text": "Draw a card from the stock.", "move": "draw", "undo": 0, "slot": None
    }
    game.draw()
    assert game.legal_moves == [RESET]
    advice = game.hint()
    check_move_hint(game, advice)
    assert advice.kind == "reset"
    assert advice.to_dict()["move"] == "reset"
    assert game.hints == 3
    # Under one pass the same position is lost, and so the hint points back.
    one = Game(deal, STANDARD)
    for _ in range(23):
        one.draw()
    advice = one.hint()
    assert advice.kind == "undo"
    assert one.hints == 1


def check_undo_hint(game: Game, advice: Hint) -> None:
    """Undoing ``advice.undo`` moves reaches a winnable position; one fewer does not."""
    assert advice.kind == "undo" and advice.move is None and advice.slot is None
    n = advice.undo
    assert 1 <= n <= game.moves_made
    moves = "1 move" if n == 1 else f"{n} moves"
    assert advice.text == f"Go back {moves}: from there the peaks can still be cleared."
    assert advice.to_dict()["undo"] == n
    redo = game.moves_made
    for _ in range(n - 1):
        game.undo()
    assert not winnable(game)
    game.undo()
    assert winnable(game)
    while game.moves_made < redo:
        game.redo()


def test_undo_hint_after_drawing_the_stock_dry() -> None:
    game = Game(numbered_deal(WON_DEAL), STANDARD)
    for _ in range(23):
        game.draw()
    assert not winnable(game)
    advice = game.hint()
    check_undo_hint(game, advice)
    assert game.hints == 1
    # Asked again at the same place: the same answer, counted again.
    assert game.hint() == advice
    assert game.hints == 2


def test_undo_one_move() -> None:
    """Somewhere along a winning line one wrong move loses: the hint says go back 1 move."""
    game = Game(numbered_deal(WON_DEAL), STANDARD)
    line = game.solver.solve(game.position).moves
    for move in line:
        for other in game.legal_moves:
            if other == move:
                continue
            game.push(other)
            if not winnable(game):
                advice = game.hint()
                check_undo_hint(game, advice)
                assert advice.undo == 1
                assert advice.text == "Go back 1 move: from there the peaks can still be cleared."
                return
            game.undo()
        game.push(move)
    raise AssertionError("no single losing move along the line")  # pragma: no cover


@pytest.mark.no_cover
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), number=st.sampled_from([1, 2, 4, 6]))
def test_undo_hint_after_random_play(seed: int, number: int) -> None:
    rng = random.Random(seed)
    game = Game(numbered_deal(number), STANDARD)
    while game.legal_moves:
        plays = [m for m in game.legal_moves if m.kind == "play"]
        game.push(rng.choice(plays) if plays and rng.random() < 0.7 else game.legal_moves[-1])
    advice = game.hint()
    if game.status is Status.WON:
        assert advice.kind == "over"  # pragma: no cover
    else:
        check_undo_hint(game, advice)
        # Undo as told, then follow the hints: the game is won.
        for _ in range(advice.undo):
            game.undo()
        while game.status is Status.PLAYING:
            advice = game.hint()
            check_move_hint(game, advice)
            assert advice.move is not None
            game.push(advice.move)
        assert game.status is Status.WON


def test_a_deal_that_cant_be_won() -> None:
    game = Game(numbered_deal(LOST_STRICT), STRICT)
    assert not winnable(game)
    lost = game.hint()
    assert (lost.kind, lost.text) == ("lost", "This deal can't be won, whatever you play.")
    assert lost.move is None and lost.undo == 0
    assert game.hints == 1
    for _ in range(5):
        game.push(game.legal_moves[0])
    assert game.hint().kind == "lost"
    assert game.hints == 2


def test_lost_at_the_deal_under_standard_too() -> None:
    game = Game(numbered_deal(28), STANDARD)  # deal 28 is lost under Standard
    assert game.hint().kind == "lost"


def test_thinking_then_a_definitive_hint() -> None:
    game = Game(numbered_deal(HARD), STANDARD)
    first = game.hint(seconds=0.0)
    assert (first.kind, first.text) == ("thinking", "Still thinking…")
    assert first.move is None
    assert game.hints == 0
    advice = first
    for _ in range(10_000):
        advice = game.hint(seconds=0.01)
        if advice.kind != "thinking":
            break
    check_move_hint(game, advice)
    assert game.hints == 1


def test_thinking_ahead_makes_the_hint_instant_and_is_not_a_hint() -> None:
    game = Game(numbered_deal(HARD_LOST_STRICT), STRICT)
    for _ in range(5):
        game.push(game.legal_moves[0])
    assert not game.think(seconds=0.0)  # proving the deal lost takes more than one slice
    slices = 1
    while not game.think(seconds=0.005):
        slices += 1
    assert slices > 1 and game.hints == 0
    nodes_before = game.solver.nodes
    assert game.hint(seconds=0.0).kind == "lost"  # no time at all, yet a definitive answer
    assert game.solver.nodes == nodes_before and game.hints == 1
    # Thinking about a position the player has left is forgotten: the new one starts afresh.
    game.undo()
    assert game.think(seconds=1.0)
    assert game.hint(seconds=0.0).kind == "lost"


def test_thinking_is_forgotten_once_a_move_is_made() -> None:
    game = Game(numbered_deal(HARD), STANDARD)
    assert game.hint(seconds=0.0, budget=10_000).kind == "thinking"
    game.draw()
    assert game.hint(seconds=0.0, budget=10_000).kind == "thinking"
    assert game.hints == 0


def test_unknown_when_the_budget_runs_out() -> None:
    game = Game(numbered_deal(HARD), STANDARD)
    advice = game.hint(budget=1)
    assert (advice.kind, advice.text) == ("unknown", "No hint: this position is too hard to work out.")
    assert game.hints == 1
    # The budget counts over thinking calls too: slices add up to it.
    game = Game(numbered_deal(HARD), STANDARD)
    kinds = []
    for _ in range(1_000):
        kinds.append(game.hint(budget=5_000, seconds=0.0).kind)
        if kinds[-1] != "thinking":
            break
    assert kinds[-1] == "unknown" and kinds[0] == "thinking"
    assert game.hints == 1


def test_hint_in_every_rule_set() -> None:
    for passes in (1, 2, 3, None):
        for wrap in (True, False):
            rules = Rules(passes=passes, wrap=wrap, face_up=passes == 2)
            game = Game(numbered_deal(2), rules)
            check_move_hint(game, game.hint())


def test_won_game_says_over() -> None:
    deal = chain_deal(up_chain(1, 29))
    game = Game(deal, STANDARD)
    for s in clear_order():
        game.play(deal.layout_cards[s])
    advice = game.hint()
    assert advice.kind == "over"
    assert advice.to_dict() == {
        "kind": "over",
        "text": "The peaks are cleared: there is nothing left to do.",
        "move": None,
        "undo": 0,
        "slot": None,
    }
    assert game.hints == 0


def test_card_names() -> None:
    assert Card.parse("7h").name == "7 of hearts"


# Hints from an empty waste (the empty-waste option)

EMPTY = Rules(empty_waste=True)


def test_hints_from_an_empty_waste_start_win_the_game() -> None:
    game = Game(numbered_deal(WON_DEAL), EMPTY)
    assert game.position.waste == ()
    first = game.hint()
    check_move_hint(game, first)
    assert first.to_dict()["kind"] in ("play", "draw")
    assert first.move is not None
    game.push(first.move)
    while game.status is Status.PLAYING:
        advice = game.hint()
        check_move_hint(game, advice)
        assert advice.move is not None
        game.push(advice.move)
    assert game.status is Status.WON and game.hints == game.moves_made


def test_an_undo_hint_back_towards_an_empty_waste_start() -> None:
    game = Game(numbered_deal(WON_DEAL), EMPTY)
    for _ in range(24):
        game.draw()
    assert game.position.stock == () and not winnable(game)
    advice = game.hint()
    check_undo_hint(game, advice)
    for _ in range(advice.undo):
        game.undo()
    check_move_hint(game, game.hint())


def test_a_lost_empty_waste_start() -> None:
    game = Game(stuck_deal(), EMPTY)
    assert game.status is Status.PLAYING
    lost = game.hint()
    assert (lost.kind, lost.text) == ("lost", "This deal can't be won, whatever you play.")
    game.push(game.legal_moves[0])
    assert game.hint().kind == "lost" and game.hints == 2


def test_thinking_from_an_empty_waste_start_then_a_hint() -> None:
    game = Game(numbered_deal(HARD), EMPTY)
    assert game.hint(seconds=0.0).kind == "thinking" and game.hints == 0
    advice = game.hint(seconds=0.0)
    for _ in range(100_000):
        advice = game.hint(seconds=0.01)
        if advice.kind != "thinking":
            break
    check_move_hint(game, advice)
    assert game.hints == 1
