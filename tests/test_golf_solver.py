"""Golf's exact solver, its fewest moves and the fewest cards any line leaves, checked against brute forces
(golf_support.py) that try every line of the rule book's reference model, on small positions of all three
rule sets; golden answers for numbered deals; hints that say how far to go back."""

from __future__ import annotations

import datetime as dt
import json
from functools import cache
from pathlib import Path

import pytest
from golf_support import (
    RULE_SETS,
    brute,
    brute_fewest_moves,
    ending_deal,
    played,
    ref_of,
    run_deal,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import (
    GOLF,
    Difficulty,
    Game,
    Grade,
    Position,
    Result,
    Solution,
    Status,
    WatchSearch,
    best_watch,
    daily_deal,
    difficulty,
    find_best,
    next_winnable,
    numbered_deal,
    solve,
)
from tripeaks.services.best import BestSearch

GOLDEN = json.loads((Path(__file__).parent / "golden" / "golf.json").read_text(encoding="utf-8"))


def check(game: Game, answer: Solution, won: bool) -> None:
    """The answer is ``won`` (never gave up); a winning line, pushed on the game, wins it."""
    assert answer.result is (Result.WON if won else Result.LOST)
    if won:
        start = len(game.moves)
        for move in answer.moves:
            game.push(move)
        assert game.status is Status.WON
        for _ in range(len(game.moves) - start):
            game.undo()
    else:
        assert answer.moves == ()


# Small positions: a run clears most of the columns, then every line of what is left is tried


CASES = [(seed, cleared) for seed in range(10) for cleared in (24, 27)]


@cache
def brute_of(seed: int, cleared: int, rule_set: str) -> tuple[bool, int]:
    deal, run = run_deal(seed, cleared)
    return brute(ref_of(played(deal, rule_set, run).position), rule_set)


@pytest.mark.no_cover
@pytest.mark.parametrize(("seed", "cleared"), CASES)
def test_the_solver_agrees_with_the_brute_force(seed: int, cleared: int) -> None:
    deal, run = run_deal(seed, cleared)
    for rule_set in RULE_SETS:
        game = played(deal, rule_set, run)
        won, fewest = brute_of(seed, cleared, rule_set)
        check(game, solve(game.position), won)
        # and the game's own solver, made from the deal's start, which keeps what it proves
        check(game, game.solver.solve(game.position), won)
        best = find_best(game.position)  # Golf is scored by the cards left only
        assert best.best.score == fewest, (seed, cleared, rule_set)
        assert (best.best_clear is not None) == won
        replay = Game.from_moves(deal, game.rules, (*run, *best.best.moves))
        assert 35 - replay.score == fewest  # the line leaves that many


def test_the_small_positions_give_every_answer() -> None:
    """Some won and some lost under every rule set, and lost ones that leave one card, two, and more."""
    answers: dict[str, set[bool]] = {rule_set: set() for rule_set in RULE_SETS}
    lefts: set[int] = set()
    for seed, cleared in CASES:
        for rule_set in RULE_SETS:
            won, fewest = brute_of(seed, cleared, rule_set)
            answers[rule_set].add(won)
            lefts.add(min(fewest, 3))
    assert all(answers[rule_set] == {True, False} for rule_set in RULE_SETS)
    assert lefts == {0, 1, 2, 3}


@given(st.integers(0, 2**32), st.integers(23, 29), st.sampled_from(RULE_SETS))
@settings(max_examples=25, deadline=None)
def test_won_lines_win_and_lost_means_no_line_wins(seed: int, cleared: int, rule_set: str) -> None:
    deal, run = run_deal(seed, cleared)
    game = played(deal, rule_set, run)
    won, _ = brute(ref_of(game.position), rule_set)
    check(game, solve(game.position), won)


@pytest.mark.parametrize(("seed", "cleared"), [(seed, 26) for seed in range(6)])
def test_fewest_moves_agree_with_breadth_first_search(seed: int, cleared: int) -> None:
    deal, run = run_deal(seed, cleared)
    for rule_set in RULE_SETS:
        game = played(deal, rule_set, run)
        fewest = brute_fewest_moves(ref_of(game.position), rule_set)
        answer = solve(game.position, shortest=True)
        check(game, answer, fewest is not None)
        if fewest is not None:
            assert len(answer.moves) == fewest


@pytest.mark.parametrize("kind", ["queen", "ace"])
def test_the_rule_sets_decide_the_constructed_endings(kind: str) -> None:
    """The endings of golf_support.ending_deal: won where the rule set lets the card on the king."""
    deal, run = ending_deal(kind)
    wins = {"queen": {"standard", "relaxed"}, "ace": {"relaxed"}}[kind]
    for rule_set in RULE_SETS:
        game = played(deal, rule_set, run)
        check(game, solve(game.position), rule_set in wins)
        assert brute(ref_of(game.position), rule_set) == (rule_set in wins, 0 if rule_set in wins else 2)


# Golden answers of numbered deals


@pytest.mark.no_cover
@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_golden_results(rule_set: str) -> None:
    rules = GOLF.rules_named(rule_set)
    for number, expected in GOLDEN["results"][rule_set].items():
        game = Game(numbered_deal(int(number), GOLF), rules)
        check(game, solve(game.position, budget=None), expected == "won")
    for number, line in GOLDEN["lines"][rule_set].items():
        assert Game.from_moves(numbered_deal(int(number), GOLF), rules, line).status is Status.WON
    for number, length in list(GOLDEN["fewest_moves"][rule_set].items())[-1:]:
        answer = solve(Position.start(numbered_deal(int(number), GOLF), rules), shortest=True, budget=None)
        assert answer.won and len(answer.moves) == length


@pytest.mark.parametrize(("rule_set", "number"), [("standard", 1), ("standard", 3), ("strict", 3),
                                                  ("relaxed", 12)])
def test_golden_fewest_cards_left(rule_set: str, number: int) -> None:
    start = Position.start(numbered_deal(number, GOLF), GOLF.rules_named(rule_set))
    best = find_best(start)
    assert best.best.score == GOLDEN["fewest_left"][rule_set][str(number)] and best.best_clear is None
    replay = Game.from_moves(numbered_deal(number, GOLF), start.rules, best.best.moves)
    assert 35 - replay.score == best.best.score  # the game's score is the cards cleared


@pytest.mark.no_cover
def test_the_best_in_slices_is_the_best_at_once() -> None:
    start = Position.start(numbered_deal(3, GOLF), GOLF.rules_named("standard"))
    search = BestSearch(start)
    steps = 0
    while (found := search.step(seconds=0.002)) is None:
        steps += 1
    assert steps > 1 and found.best == find_best(start).best


# Budgets, and hints


@pytest.mark.no_cover
def test_a_search_that_gives_up_carries_on_when_asked_again() -> None:
    start = Position.start(numbered_deal(8, GOLF), GOLF.rules_named("relaxed"))  # tens of thousands of states
    solver = GOLF.solver(start)
    first = solver.solve(start, budget=1_000)
    assert first.result is Result.GAVE_UP and first.moves == ()
    answers = [first]
    while answers[-1].result is Result.GAVE_UP:
        answers.append(solver.solve(start, budget=20_000))
    assert answers[-1].result is Result.LOST and len(answers) > 2
    assert solve(start, budget=None).result is Result.LOST


def test_a_hint_says_how_far_to_go_back() -> None:
    deal, run = ending_deal("queen")
    game = played(deal, "strict", ())
    for move in run:
        game.push(move)
    # the deal can be won from its start in Dead King Golf, but not by this run: the hint names how many
    # moves back the latest position that can still be won is
    assert solve(game.start).won and not solve(game.position).won
    advice = game.hint()
    assert advice.kind == "undo" and advice.undo > 0
    assert advice.text == f"Go back {advice.undo} moves: from there every column can still be cleared."
    for _ in range(advice.undo):
        game.undo()
    assert solve(game.position).won
    game.redo()
    assert not solve(game.position).won
    lost = Game(numbered_deal(1, GOLF), GOLF.rules_named("strict"))
    assert lost.hint().text == "This deal can't be cleared, whatever you play."


# Difficulty


@pytest.mark.no_cover
def test_grades_are_pinned_and_a_lost_deal_cant_be_won() -> None:
    """The no-peeking player (kit/no_peeking.py) on Golf: it sees every column card, re-deals only the
    stock, and each rule set has its own thresholds."""
    relaxed = GOLF.rules_named("relaxed")
    assert difficulty(numbered_deal(3, GOLF), relaxed) == Difficulty(Grade.MEDIUM, 56, 512)
    assert difficulty(numbered_deal(2, GOLF)) == Difficulty(Grade.VERY_HARD, 1, 512)
    assert difficulty(numbered_deal(1, GOLF), GOLF.rules_named("strict")).grade is Grade.UNWINNABLE
    assert GOLF.words.grade("can't be won") == "This deal can't be won."


# What is built on the solver: watching a line, winnable and daily deals


def test_watching_a_winning_line_and_the_line_to_the_fewest_cards_left() -> None:
    deal, run = ending_deal("queen")
    game = played(deal, "strict", run)  # winnable from the start, lost after the run
    watch = WatchSearch(game).step()
    assert watch is not None and watch.start < len(run) and watch.moves
    shown = watch.game(game)
    for _ in watch.moves:
        shown.redo()
    assert shown.status is Status.WON and shown.hints >= 1
    lost = Game(numbered_deal(1, GOLF))
    best = best_watch(GOLF, find_best(lost.start).best)
    assert best.text.startswith("A line that leaves the fewest cards, 1 card: ") and best.kind == "fewest"
    assert best.game(lost).redo_moves == best.moves


def test_winnable_and_daily_deals_are_golf_deals_a_solver_wins() -> None:
    strict = GOLF.rules_named("strict")
    number = next_winnable(1, strict, solitaire=GOLF)
    assert number == min(int(n) for n, result in GOLDEN["results"]["strict"].items() if result == "won")
    day = daily_deal(dt.date(2026, 12, 4), solitaire=GOLF)
    assert day.solitaire is GOLF and solve(Position.start(day)).won
