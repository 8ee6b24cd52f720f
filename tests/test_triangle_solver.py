"""Triangle's exact solver, checked against the plain brute force of ``triangle_support``.

The brute force walks the reference model's moves with a visited set on the whole state and
knows none of the solver's tricks (kings at once, times proved lost, talon indices). Positions
are kept small: late in games of real deals, deals whose start pairs off by itself but whose
end is shuffled, and deals where almost nothing can ever be removed. Every ``won`` answer is
replayed through the engine's own :class:`Game` and must win; a fewest-moves answer must be
exactly as short as breadth-first search over every move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from triangle_support import (
    TooBig,
    brute_fewest,
    brute_won,
    nearly_stuck,
    paired_deal,
    paired_prefix,
    ref_cards_left,
    ref_of,
    ref_start,
    rng_game,
    shuffled_deals,
    stuck_deal,
)

from tripeaks import (
    REDEAL,
    TRIANGLE,
    Deal,
    Game,
    Move,
    Position,
    Result,
    Solution,
    Status,
    numbered_deal,
    solve,
)
from tripeaks.model.answers import Solver

# Numbered deals the solver wins within a few thousand states: a winning line to follow.
LINE_DEALS = (1, 3, 4, 7, 8, 10, 11, 12, 18, 21)


def replayed(deal: Deal, prefix: Sequence[Move], moves: Sequence[Move]) -> Game:
    """The engine's own game after ``prefix`` then ``moves``, each checked as it is pushed."""
    game = Game(deal)
    for move in (*prefix, *moves):
        game.push(move)
    return game


def check_answer(deal: Deal, prefix: Sequence[Move], answer: Solution, *, won: bool) -> None:
    assert answer.result is (Result.WON if won else Result.LOST)
    assert answer.won == won
    if won:
        game = replayed(deal, prefix, answer.moves)
        assert game.status is Status.WON and game.position.cards_left == 0 and game.score == 52
        # Only a position already won needs no move.
        assert bool(answer.moves) == (replayed(deal, prefix, ()).status is Status.PLAYING)
    else:
        assert answer.moves == ()


def check_position(deal: Deal, prefix: Sequence[Move], kept: Solver, *, limit: int = 30_000) -> bool:
    """The fresh solver and the game's kept one both agree with the brute force here."""
    position = replayed(deal, prefix, ()).position
    won = brute_won(ref_of(position), limit)
    check_answer(deal, prefix, solve(position), won=won)
    check_answer(deal, prefix, kept.solve(position), won=won)
    return won


def check_fewest(deal: Deal, prefix: Sequence[Move], kept: Solver, *, limit: int = 30_000) -> None:
    """Fewest-moves answers are exactly as short as breadth-first search over every move."""
    position = replayed(deal, prefix, ()).position
    fewest = brute_fewest(ref_of(position), limit)
    for answer in (solve(position, shortest=True), kept.solve(position, shortest=True)):
        check_answer(deal, prefix, answer, won=fewest is not None)
        if fewest is not None:
            assert len(answer.moves) == fewest
    if fewest is not None:
        assert len(solve(position).moves) >= fewest  # the ordinary answer is no shorter


def kept_solver(deal: Deal) -> Solver:
    """A solver for ``deal`` as a game keeps one: built from the deal's start."""
    return TRIANGLE.solver(Position.start(deal))


# Late in games of real deals: a winning line followed part of the way, then random moves.


@cache
def winning_line(number: int) -> tuple[Move, ...]:
    answer = solve(Position.start(numbered_deal(number, TRIANGLE)))
    assert answer.won
    return answer.moves


def late_game(number: int, seed: int, most: int) -> tuple[Deal, tuple[Move, ...]]:
    """Deal ``number`` after its winning line is followed to some point, then random moves
    until at most 6 to ``most`` cards are left (or the game ends)."""
    rng = random.Random(seed)
    deal = numbered_deal(number, TRIANGLE)
    left = rng.randint(6, most)
    game = Game(deal)
    for move in winning_line(number):
        if game.position.cards_left <= left + rng.randint(0, 12):
            break
        game.push(move)
    game = rng_game(rng, deal, game.moves, until=left, removals=rng.random())
    return deal, game.moves


@pytest.mark.no_cover
@pytest.mark.parametrize("number", LINE_DEALS)
def test_solver_agrees_with_brute_force_late_in_random_games(number: int) -> None:
    deal = numbered_deal(number, TRIANGLE)
    kept = kept_solver(deal)
    for k in range(12):
        _, prefix = late_game(number, 100 * number + k, most=18)
        check_position(deal, prefix, kept)


@pytest.mark.parametrize("number", LINE_DEALS[:6])
def test_fewest_moves_late_in_random_games(number: int) -> None:
    deal = numbered_deal(number, TRIANGLE)
    kept = kept_solver(deal)
    for k in range(5):
        _, prefix = late_game(number, 7000 + 100 * number + k, most=13)
        check_fewest(deal, prefix, kept)


# Deals built to pair off near the top: the waste card and the stock's cards, next first, pair
# with the layout from the point up; the plan's last pairs and the kings are shuffled.


def paired_case(seed: int) -> tuple[Deal, tuple[Move, ...], int]:
    rng = random.Random(seed)
    mixed = rng.randint(3, 8)
    deal = paired_deal(seed, mixed)
    return deal, tuple(paired_prefix(deal, mixed)), mixed


@pytest.mark.no_cover
@pytest.mark.parametrize("seeds", [range(k, 80, 8) for k in range(8)], ids=lambda r: f"seeds-{r[0]}")
def test_solver_agrees_with_brute_force_on_deals_paired_off_near_the_top(seeds: range) -> None:
    for seed in seeds:
        deal, prefix, mixed = paired_case(seed)
        kept = kept_solver(deal)
        check_position(deal, prefix, kept)
        rng = random.Random(seed)
        later = rng_game(rng, deal, prefix, until=rng.randint(0, 2 * mixed + 2), removals=rng.random())
        check_position(deal, later.moves, kept)


@pytest.mark.no_cover
@pytest.mark.parametrize("seeds", [range(k, 48, 4) for k in range(4)], ids=lambda r: f"seeds-{r[0]}")
def test_fewest_moves_on_deals_paired_off_near_the_top(seeds: range) -> None:
    for seed in seeds:
        deal, prefix, mixed = paired_case(1000 + seed)
        rng = random.Random(seed)
        later = rng_game(rng, deal, prefix, until=min(14, 2 * mixed), removals=rng.random())
        if ref_cards_left(ref_of(later.position)) > 14:  # pragma: no cover - too big to search
            continue
        check_fewest(deal, later.moves, kept_solver(deal))


def test_a_deal_that_pairs_off_needs_no_draw() -> None:
    deal = paired_deal(3)
    line = solve(Position.start(deal), shortest=True).moves
    assert len(line) == 28 and all(m.kind == "play" for m in line)  # 24 pairs and 4 kings
    check_answer(deal, (), solve(Position.start(deal), shortest=True), won=True)


# Stuck deals: almost nothing can ever be removed, so even whole deals are small to search.

# Seeds of nearly_stuck() the brute force settles within 3,000 states (most are lost; 21 is won).
STUCK_SEEDS = (0, 1, 2, 4, 5, 6, 7, 8, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22)


@pytest.mark.parametrize("seed", STUCK_SEEDS)
def test_solver_agrees_with_brute_force_on_nearly_stuck_deals(seed: int) -> None:
    deal = nearly_stuck(seed)
    kept = kept_solver(deal)
    won = check_position(deal, (), kept, limit=3_000)
    assert won == (seed == 21)
    if not won:
        fewest = solve(Position.start(deal), shortest=True)
        check_answer(deal, (), fewest, won=False)
    # And from later in the game, with redeals spent.
    game = rng_game(random.Random(seed), deal, until=0, removals=0.5, max_moves=40 + seed)
    check_position(deal, game.moves, kept, limit=3_000)


def test_the_stuck_deal_is_lost_from_the_start() -> None:
    deal = stuck_deal()
    assert not brute_won(ref_start(deal))
    check_answer(deal, (), solve(Position.start(deal)), won=False)
    check_answer(deal, (), solve(Position.start(deal), shortest=True), won=False)


# Random deals: a line found by the solver followed part of the way.


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(deal=shuffled_deals, seed=st.integers(0, 2**32), most=st.integers(6, 14))
def test_solver_agrees_with_brute_force_on_random_deals(deal: Deal, seed: int, most: int) -> None:
    line = solve(Position.start(deal), budget=20_000)
    if not line.won:
        reject()
    rng = random.Random(seed)
    game = Game(deal)
    for move in line.moves:
        if game.position.cards_left <= most + rng.randint(0, 12):
            break
        game.push(move)
    game = rng_game(rng, deal, game.moves, until=most, removals=rng.random())
    try:
        check_position(deal, game.moves, kept_solver(deal), limit=10_000)
    except TooBig:  # pragma: no cover - rare: too many cards still pair
        reject()


def test_the_cases_give_both_answers_and_wins_that_need_a_redeal() -> None:
    """The positions above are not all of one kind: some are won, some lost, some wins need a
    redeal (the solver's answers, which the tests above check against the brute force)."""
    answers = []
    for number in LINE_DEALS:
        for k in range(12):
            deal, prefix = late_game(number, 100 * number + k, most=18)
            answers.append(solve(replayed(deal, prefix, ()).position))
    for seed in range(80):
        deal, prefix, _ = paired_case(seed)
        answers.append(solve(replayed(deal, prefix, ()).position))
    results = [a.result for a in answers]
    assert results.count(Result.WON) >= 30 and results.count(Result.LOST) >= 30
    assert sum(REDEAL in a.moves for a in answers) >= 3


# The three answers


def test_finished_positions_answer_at_once() -> None:
    deal = paired_deal(5)
    game = replayed(deal, (), solve(Position.start(deal)).moves)
    assert game.status is Status.WON
    for budget in (0, 1, None):
        for answer in (game.solver.solve(game.position, budget=budget), solve(game.position, budget=budget,
                                                                              shortest=True)):
            assert (answer.result, answer.moves, answer.nodes) == (Result.WON, (), 0)
    game = Game(stuck_deal())
    while game.legal_moves:
        game.push(game.legal_moves[0])
    assert game.status is Status.OUT_OF_MOVES
    answer = solve(game.position, budget=0)
    assert (answer.result, answer.moves, answer.nodes) == (Result.LOST, (), 0)


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
@pytest.mark.parametrize("shortest", [False, True])
def test_gave_up_then_asking_again_carries_on(shortest: bool) -> None:
    deal = numbered_deal(263, TRIANGLE)  # won, in some 25,000 states (56,000 for fewest moves)
    start = Position.start(deal)
    solver = kept_solver(deal)
    first = solver.solve(start, budget=1, shortest=shortest)
    assert first.result is Result.GAVE_UP and first.moves == () and first.nodes >= 1
    answers = [first]
    while answers[-1].result is Result.GAVE_UP:
        assert len(answers) < 10_000
        answers.append(solver.solve(start, budget=1_000, shortest=shortest))
    final = answers[-1]
    assert len(answers) >= 3
    fresh = solve(start, shortest=shortest)
    assert (final.result, len(final.moves)) == (fresh.result, len(fresh.moves))
    check_answer(deal, (), final, won=True)
    again = solver.solve(start, shortest=shortest)  # remembered: no work
    assert (again.result, again.moves, again.nodes) == (final.result, final.moves, 0)


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
def test_seconds_bound_a_search() -> None:
    deal = numbered_deal(263, TRIANGLE)
    start = Position.start(deal)
    solver = kept_solver(deal)
    assert solver.solve(start, seconds=0.0).result is Result.GAVE_UP
    answer = solver.solve(start, seconds=0.0)
    for _ in range(10_000):
        answer = solver.solve(start, seconds=0.01)
        if answer.result is not Result.GAVE_UP:
            break
    check_answer(deal, (), answer, won=True)


def test_a_lost_deal_and_a_won_one() -> None:
    lost = numbered_deal(22, TRIANGLE)
    assert not brute_won(ref_start(lost))
    answer = solve(Position.start(lost))
    assert answer.result is Result.LOST and not answer.won and answer.moves == ()
    assert answer.to_dict()["result"] == "lost"
    won = solve(Position.start(numbered_deal(1, TRIANGLE)))
    check_answer(numbered_deal(1, TRIANGLE), (), won, won=True)
    assert won.to_dict()["moves"] == [m.notation for m in won.moves]
    # Every line removes the 52 cards in 28 moves (24 pairs, 4 kings); the rest draw or redeal.
    assert sum(m.kind == "play" for m in won.moves) == 28


def test_a_solver_made_from_a_later_position_refuses_earlier_ones() -> None:
    # A solver knows the cards of the position it was made from, and of later ones: asked about
    # an earlier position (cards it never saw), it says so rather than answer wrongly.
    deal = paired_deal(0, 4)
    prefix = tuple(paired_prefix(deal, 4))
    earlier = replayed(deal, prefix, ()).position
    assert brute_won(ref_of(earlier))
    later = replayed(deal, prefix, [Move.play("Ks"), Move.play("Kh"), Move.play("Kd")]).position
    solver = TRIANGLE.solver(later)
    assert solver.solve(later).won
    with pytest.raises(ValueError, match="made from a later position"):
        solver.solve(earlier)
    check_answer(deal, prefix, TRIANGLE.solver(earlier).solve(earlier), won=True)
