"""The review of a game played, against an independent computation: a fresh solve of every position along the
line. Numbered deals played to a loss by a seeded random player, hypothesis-chosen lines on small
constructed deals, a budget so small the solver gives up, bad moves, and the command line's output."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest
import triangle_support
from conftest import bounce_chain, chain_deal, clear_order, pick_move, stuck_deal, up_chain
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tripeaks import (
    STANDARD,
    STRICT,
    TRIANGLE,
    TRIPEAKS,
    Deal,
    Game,
    Move,
    Position,
    Result,
    Rules,
    Solitaire,
    Status,
    numbered_deal,
    solve,
)
from tripeaks.cli import main
from tripeaks.services.review import Alternative, Review, ReviewError, ReviewSearch, replay, review
from tripeaks.services.review_words import (
    before_words,
    kept_words,
    move_text,
    result_words,
    reviewing,
    row_label,
    start_words,
    table,
    turning_words,
)

LARGE = 50_000_000
"""A budget no position here comes near: every answer is decided."""


def solved(position: Position) -> bool | None:
    """Whether ``position`` can be won, by a fresh solver that knows nothing of the review's."""
    if position.status() is not Status.PLAYING:
        return position.status() is Status.WON
    answer = solve(position, budget=LARGE)
    return None if answer.result is Result.GAVE_UP else answer.won


def check(game: Game, found: Review) -> None:
    """``found`` is ``game``'s review, move by move, as solving every position says."""
    truth = [solved(position) for position in game.positions]
    assert None not in truth
    assert list(found.winnable) == truth
    assert found.result == {"won": "won", "out_of_moves": "lost", "playing": "open"}[str(game.status)]
    turning = next((i for i in range(len(truth) - 1) if truth[i] and not truth[i + 1]), None)
    assert found.turning_point == turning
    if turning is None:
        assert found.alternatives == () and found.line == () and found.kept == ()
        return
    before = game.positions[turning]
    assert {a.move for a in found.alternatives} == set(before.legal_moves()) - {game.moves[turning]}
    for alternative in found.alternatives:
        assert alternative.winnable == solved(before.after(alternative.move))
    assert found.kept and found.kept[0] == found.line[0]
    won = Game.from_moves(game.deal, game.rules, [*game.moves[:turning], *found.line])
    assert won.status is Status.WON


def lost_game(solitaire: Solitaire, rules: object, number: int, seed: int) -> Game:
    chooser = random.Random(seed)
    game = Game(numbered_deal(number, solitaire), rules, number=number)
    while game.status is Status.PLAYING:
        game.push(chooser.choice(game.legal_moves))
    return game


@pytest.mark.no_cover
@pytest.mark.parametrize(("solitaire", "rules"), [(TRIPEAKS, STANDARD), (TRIPEAKS, STRICT), (TRIANGLE, None)],
                         ids=["standard", "strict", "triangle"])
def test_the_review_of_lost_numbered_deals_is_what_solving_every_position_says(
    solitaire: Solitaire, rules: object
) -> None:
    turning = 0
    for number in (1, 2, 4):
        game = lost_game(solitaire, rules, number, seed=number)
        found = ReviewSearch(game, budget=LARGE, total=LARGE).step()
        assert found is not None
        check(game, found)
        turning += found.turning_point is not None
    assert turning >= 2  # the cases hold turning points


def tripeaks_deal(data: st.DataObject, rules: Rules) -> Deal:
    """A constructed TriPeaks deal that one long run clears under ``rules``, with a few of its layout cards
    swapped with stock cards: quick to solve, easy to lose."""
    first = data.draw(st.integers(1, 13), label="first rank")
    ranks = up_chain(first, 29) if rules.wrap else bounce_chain(29)
    deal = chain_deal(ranks, clear_order())
    cards = [*deal.layout_cards, deal.waste, *deal.stock]
    for _ in range(data.draw(st.integers(0, 3), label="swaps")):
        a = data.draw(st.integers(0, 27), label="layout slot")
        b = data.draw(st.integers(29, 51), label="stock card")
        cards[a], cards[b] = cards[b], cards[a]
    return Deal.from_cards(cards)


@settings(max_examples=6, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_hypothesis_lines_on_constructed_tripeaks_deals(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from([STANDARD, STRICT]), label="rules")
    game = Game(tripeaks_deal(data, rules), rules)
    for _ in range(data.draw(st.integers(0, 60), label="moves")):
        if not game.legal_moves:
            break
        game.push(pick_move(data, game))
    check(game, review(game.deal, game.rules, game.moves, budget=LARGE, total=LARGE))


@settings(max_examples=6, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_hypothesis_lines_on_constructed_triangle_deals(data: st.DataObject) -> None:
    seed = data.draw(st.integers(0, 10_000), label="seed")
    deal = triangle_support.paired_deal(seed, mixed=data.draw(st.integers(0, 8), label="mixed"))
    game = triangle_support.random_game(data, deal, max_moves=data.draw(st.integers(0, 80), label="moves"))
    check(game, review(game.deal, None, game.moves, budget=LARGE, total=LARGE))


def test_a_won_game_is_winnable_throughout_and_needs_no_solve() -> None:
    deal = chain_deal(up_chain(5, 29))
    found = review(deal, STANDARD, [move.notation for move in _chain(deal)])
    assert found.result == "won" and found.turning_point is None and found.nodes == 0
    assert set(found.winnable) == {True}


def _chain(deal: Deal) -> list[Move]:
    return [Move.play(deal.layout_cards[slot]) for slot in clear_order()]


def test_a_deal_lost_from_the_start_has_no_turning_point() -> None:
    game = Game(stuck_deal(), STRICT)
    while game.status is Status.PLAYING:
        game.draw()
    found = ReviewSearch(game).step()
    assert found is not None
    assert (found.result, found.winnable_at_start, found.turning_point) == ("lost", False, None)
    assert set(found.winnable) == {False}
    assert turning_words(TRIPEAKS, found, game.positions) == (
        "There is no turning point: the deal could not be won from its start.")


def test_a_game_left_unfinished_is_open() -> None:
    found = review(numbered_deal(3), None, ["draw", "2h", "draw"])
    assert found.to_dict() == {
        "result": "open", "winnable_at_start": True, "turning_point": None,
        "moves": [{"move": "draw", "winnable_after": True}, {"move": "2h", "winnable_after": True},
                  {"move": "draw", "winnable_after": True}],
    }
    assert turning_words(TRIPEAKS, found, replay(numbered_deal(3), None, ["draw", "2h", "draw"]).positions) \
        == "There is no turning point: the deal could still be won after every move."
    assert review(numbered_deal(3)).to_dict() == {
        "result": "open", "winnable_at_start": True, "turning_point": None, "moves": []}


def test_a_review_may_use_the_solver_of_the_game_it_copies() -> None:
    game = lost_game(TRIANGLE, None, 4, seed=4)
    assert game.hint().kind in ("undo", "lost")  # the game's solver has proved things already
    copy = Game.from_moves(game.deal, None, game.moves)
    assert ReviewSearch(copy, solver=game.solver).step() == ReviewSearch(game).step()


def test_slicing_changes_nothing_and_progress_only_grows() -> None:
    game = lost_game(TRIPEAKS, STANDARD, 8, seed=8)
    whole = ReviewSearch(game).step()
    search = ReviewSearch(Game.from_moves(game.deal, game.rules, game.moves))
    seen = [search.progress]
    while (found := search.step(0.0005)) is None:
        seen.append(search.progress)
    assert found == whole
    assert seen == sorted(seen) and seen[-1] < 1.0 == search.progress
    assert reviewing(0.42) == "Reviewing the game… 42%" and reviewing(0) == "Reviewing the game…"
    assert seen[0] == 0.0  # nothing to say before the first solve


def undecided_case() -> tuple[Game, Review]:
    """A long lost game whose review, on a budget too small, leaves positions undecided."""
    for number in range(1, 40):
        game = lost_game(TRIPEAKS, STANDARD, number, seed=3)
        found = ReviewSearch(game, budget=1, total=3_000).step()
        assert found is not None
        if None in found.winnable:
            return game, found
    raise AssertionError("no review left a position undecided")


def test_a_tiny_budget_leaves_positions_undecided_and_never_guesses() -> None:
    game, found = undecided_case()
    truth = [solved(position) for position in game.positions]
    assert [known for known in found.winnable if known is not None] == \
        [truth[i] for i, known in enumerate(found.winnable) if known is not None]
    # Undecided positions lie between the last known winnable and the first known lost, and hide the
    # turning point: it is not guessed.
    decided = [i for i, known in enumerate(found.winnable) if known is not None]
    for i, known in enumerate(found.winnable):
        if known is None:
            assert not any(found.winnable[j] is False for j in decided if j < i)
            assert not any(found.winnable[j] is True for j in decided if j > i)
    if found.turning_point is None:
        assert None in found.winnable[found.winnable.index(None):]
    data = found.to_dict()
    assert None in [found.winnable_at_start, *(m["winnable_after"] for m in data["moves"])]  # type: ignore[union-attr]
    json.dumps(data)  # None is JSON's null
    if found.turning_point is None and found.winnable_at_start is not False:
        assert "not known" in turning_words(TRIPEAKS, found, game.positions)


def test_an_undecided_alternative_is_said_to_be_undecided() -> None:
    game = lost_game(TRIPEAKS, STANDARD, 8, seed=8)
    found = ReviewSearch(game).step()
    assert found is not None and found.turning_point is not None
    position = game.positions[found.turning_point]
    undecided = (*found.alternatives, Alternative(Move.parse("draw"), None))
    shown = Review(found.moves, found.result, found.winnable, found.turning_point, undecided, found.line)
    said = kept_words(TRIPEAKS, shown, position)
    assert said is not None and said.endswith(" Undecided (the solver gave up): draw a card from the stock.")


@pytest.mark.parametrize(("moves", "index", "said"), [
    (["draw", "zz"], 1, "'zz' is not a move"),
    (["draw", "7h"], 1, "The 7 of hearts is not one of the face-up cards."),
    (["Qh+Ad"], 0, "in TriPeaks a move plays one card"),
    (["redeal"], 0, "TriPeaks has no 'redeal' move"),
    (["draw", 5], 1, "5 is not a move"),
])
def test_a_move_that_cannot_be_made_is_refused_by_its_index(moves: Sequence[object], index: int,
                                                            said: str) -> None:
    with pytest.raises(ReviewError) as raised:
        replay(numbered_deal(3), None, moves)  # type: ignore[arg-type]
    assert raised.value.index == index
    said_first = f"move {index + 1} (index {index}), '{moves[index]}', can't be made: "
    assert str(raised.value).startswith(said_first)
    assert said in str(raised.value)


def test_a_move_after_the_end_is_refused() -> None:
    game = lost_game(TRIANGLE, None, 2, seed=2)
    with pytest.raises(ReviewError, match=f"index {game.moves_made}"):
        replay(game.deal, None, [*game.moves, "draw"])


# The command line


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("solitaire", "rules"), [(TRIPEAKS, STRICT), (TRIANGLE, None)])
def test_review_json_prints_the_review(capsys: pytest.CaptureFixture[str], solitaire: Solitaire,
                                       rules: object) -> None:
    game = lost_game(solitaire, rules, 4, seed=4)
    extra = ["--rules", "strict"] if rules is STRICT else []
    moves = [m.notation for m in game.moves]
    code, out, err = run(capsys, "review", game.deal.code, *moves, *extra, "--json")
    assert (code, err) == (0, "")
    printed = json.loads(out)
    assert list(printed) == ["result", "winnable_at_start", "turning_point", "moves"]
    found = ReviewSearch(game).step()
    assert found is not None and printed == found.to_dict()
    assert printed["result"] == "lost" and len(printed["moves"]) == game.moves_made
    assert all(list(m) == ["move", "winnable_after"] for m in printed["moves"])


def test_review_prints_a_table_with_the_turning_point(capsys: pytest.CaptureFixture[str]) -> None:
    game = lost_game(TRIPEAKS, STANDARD, 3, seed=3)
    found = ReviewSearch(game).step()
    assert found is not None and found.turning_point is not None
    code, out, err = run(capsys, "review", "3", *(m.notation for m in game.moves))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines == table(TRIPEAKS, found, game.positions)
    turning = found.turning_point
    marked = [line for line in lines if line.endswith("<- the turning point")]
    assert marked == [f"{turning + 1:>5}  {game.moves[turning].notation:4}  no   <- the turning point"]
    assert turning_words(TRIPEAKS, found, game.positions) in lines
    assert any(line.startswith("Instead, ") and "would have kept the game winnable" in line for line in lines)
    assert lines[0].startswith("TriPeaks: Lost after ")


def test_review_takes_moves_around_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "review", "3", "--game", "triangle", "draw", "--json", "draw")
    assert code == 0 and [m["move"] for m in json.loads(out)["moves"]] == ["draw", "draw"]


@pytest.mark.parametrize(("argv", "said"), [
    (["review", "3", "draw", "2h", "7h"], "error: move 3 (index 2), '7h', can't be made: "),
    (["review", "3", "draw", "nonsense", "--json"], "error: move 2 (index 1), 'nonsense', can't be made: "),
    (["review", "1", "--game", "triangle", "reset"], "error: move 1 (index 0), 'reset', can't be made: "),
    (["review", "x1", "draw"], "error: 'x1' is neither a deal number nor a deal code"),
])
def test_review_refuses_a_bad_move_or_deal_without_a_traceback(capsys: pytest.CaptureFixture[str],
                                                               argv: list[str], said: str) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert err.startswith(said) and "Traceback" not in err


def test_review_with_a_tiny_budget_says_what_is_undecided(capsys: pytest.CaptureFixture[str]) -> None:
    game, _ = undecided_case()
    code, out, _ = run(capsys, "review", game.deal.code, *(m.notation for m in game.moves), "--budget", "1")
    assert code == 0
    assert "undecided" in out


def test_every_row_is_read_aloud_with_its_mark() -> None:
    game = lost_game(TRIANGLE, None, 3, seed=3)
    found = ReviewSearch(game).step()
    assert found is not None and found.turning_point is not None
    turning = found.turning_point
    said = row_label(TRIANGLE, found, game.positions[turning], turning)
    assert said.startswith(f"Move {turning + 1}, draw a card from the stock: ") and said.endswith(
        "no longer winnable, the turning point.")
    assert row_label(TRIANGLE, found, game.positions[0], 0).endswith(": still winnable.")


def test_the_words_for_every_kind_of_review() -> None:
    game = Game.from_moves(numbered_deal(3), None, ["draw", "2h", "draw"])
    moves, positions = game.moves, game.positions

    def made(result: str, *known: bool | None) -> Review:
        return Review(moves, result, known, None)

    won = made("won", True, True, True, True)
    assert result_words(won) == "Won in 3 moves."
    assert start_words(won) == "The deal could be won from its start."
    assert turning_words(TRIPEAKS, won, positions) == (
        "There is no turning point: every move kept the deal winnable, to the win.")
    left = made("open", None, None, None, None)
    assert result_words(left) == "Left unfinished after 3 moves."
    assert start_words(left).startswith("Whether the deal could be won from its start is undecided")
    assert turning_words(TRIPEAKS, left, positions) == (
        "The turning point is not known: the solver gave up after moves 1 to 3 within its budget, so those "
        "moves are undecided.")
    one = made("lost", True, True, None, False)
    assert "gave up after move 2 within its budget, so that move is undecided" in turning_words(
        TRIPEAKS, one, positions)
    lost = made("lost", False, False, False, False)
    assert (result_words(lost), start_words(lost)) == (
        "Lost after 3 moves.", "The deal could not be won from its start, whatever was played.")
    assert kept_words(TRIPEAKS, lost, positions[0]) is None
    assert before_words(lost, 2) == "Before it, the deal could not be won: no line wins from there."
    assert before_words(one, 3) == "Before it, the deal could no longer be won: no line wins from there."
    assert before_words(one, 2).startswith("Before it, whether the deal could be won is undecided")
    assert before_words(won, 1) == "Before it, the deal could still be won: the solver can show you how."
    assert [move_text(Move.parse(text)) for text in ("Kc", "Qh+Ad", "draw", "Th")] == [
        "K♣", "Q♥ + A♦", "draw", "10♥"]
    assert row_label(TRIPEAKS, one, positions[1], 1) == (
        "Move 2, play the 2 of hearts: undecided: the solver gave up.")
