"""Pyramid's exact solver, under both rule sets, checked against the plain brute force of ``pairs_support``.

The brute force walks the reference model's moves with a visited set on the whole state and knows none of
the solver's tricks (kings at once, times proved lost, talon indices, pairing bounds, the untimed game).
Positions are kept small: late in games of numbered deals, deals whose start pairs off by itself but whose
end is shuffled, and deals where almost nothing can ever be removed. Every ``won`` answer is replayed
through the engine's own :class:`Game` and must win; a fewest-moves answer must be exactly as short as
breadth-first search over every move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from pairs_support import TooBig, cards_left, paired_deal, paired_prefix, rng_game
from pyramid_support import (
    RULES,
    apart_deal,
    nearly_stuck,
    ref,
    ref_of,
    rule_sets,
    shuffled_deals,
    stuck_deal,
)

from tripeaks import (
    PYRAMID,
    Deal,
    Game,
    Move,
    Position,
    PyramidRules,
    Result,
    Solution,
    Status,
    numbered_deal,
    solve,
)
from tripeaks.games.pyramid.rules import RELAXED, STANDARD
from tripeaks.model.answers import Solver

BOTH = [STANDARD, RELAXED]
# Numbered deals won under both rule sets within a few hundred states: a winning line to follow.
LINE_DEALS = (1, 2, 3, 5, 7, 8)


def replayed(deal: Deal, rules: PyramidRules, prefix: Sequence[Move], moves: Sequence[Move]) -> Game:
    """The engine's own game after ``prefix`` then ``moves``, each checked as it is pushed."""
    game = Game(deal, rules)
    for move in (*prefix, *moves):
        game.push(move)
    return game


def check_answer(
    deal: Deal, rules: PyramidRules, prefix: Sequence[Move], answer: Solution, *, won: bool
) -> None:
    assert answer.result is (Result.WON if won else Result.LOST)
    if won:
        game = replayed(deal, rules, prefix, answer.moves)
        assert game.status is Status.WON and not any(game.position.cards)  # the pyramid is clear
        if not rules.layout_only:
            assert game.position.cards_left == 0 and game.score == 52
        assert game.legal_moves == []  # the game is over
        # Only a position already won needs no move.
        assert bool(answer.moves) == (replayed(deal, rules, prefix, ()).status is Status.PLAYING)
    else:
        assert answer.moves == ()


def check_position(deal: Deal, rules: PyramidRules, prefix: Sequence[Move], kept: Solver, *,
                   limit: int = 30_000) -> bool:
    """The fresh solver and the game's kept one both agree with the brute force here."""
    position = replayed(deal, rules, prefix, ()).position
    won = ref(rules).brute_won(ref_of(position), limit)
    check_answer(deal, rules, prefix, solve(position), won=won)
    check_answer(deal, rules, prefix, kept.solve(position), won=won)
    return won


def check_fewest(deal: Deal, rules: PyramidRules, prefix: Sequence[Move], kept: Solver, *,
                 limit: int = 30_000) -> None:
    """Fewest-moves answers are exactly as short as breadth-first search over every move."""
    position = replayed(deal, rules, prefix, ()).position
    fewest = ref(rules).brute_fewest(ref_of(position), limit)
    for answer in (solve(position, shortest=True), kept.solve(position, shortest=True)):
        check_answer(deal, rules, prefix, answer, won=fewest is not None)
        if fewest is not None:
            assert len(answer.moves) == fewest
    if fewest is not None:
        assert len(solve(position).moves) >= fewest  # the ordinary answer is no shorter


def kept_solver(deal: Deal, rules: PyramidRules) -> Solver:
    """A solver for ``deal`` as a game keeps one: built from the deal's start."""
    return PYRAMID.solver(Position.start(deal, rules))


# Late in games of numbered deals: a winning line followed part of the way, then random moves.


@cache
def winning_line(number: int, rules: PyramidRules) -> tuple[Move, ...]:
    answer = solve(Position.start(numbered_deal(number, PYRAMID), rules))
    assert answer.won
    return answer.moves


def late_game(number: int, rules: PyramidRules, seed: int, most: int) -> tuple[Deal, tuple[Move, ...]]:
    """Deal ``number`` after its winning line is followed to some point, then random moves until at
    most 6 to ``most`` cards are left (or the game ends)."""
    rng = random.Random(seed)
    deal = numbered_deal(number, PYRAMID)
    left = rng.randint(6, most)
    game = Game(deal, rules)
    for move in winning_line(number, rules):
        if game.position.cards_left <= left + rng.randint(0, 12):
            break
        game.push(move)
    game = rng_game(rng, deal, game.moves, until=left, removals=rng.random(), rules=rules)
    return deal, game.moves


@pytest.mark.parametrize("rules", BOTH, ids=lambda r: r.key)
@pytest.mark.parametrize("number", LINE_DEALS)
def test_solver_agrees_with_brute_force_late_in_random_games(number: int, rules: PyramidRules) -> None:
    deal = numbered_deal(number, PYRAMID)
    kept = kept_solver(deal, rules)
    for k in range(6):
        _, prefix = late_game(number, rules, 100 * number + k, most=16)
        check_position(deal, rules, prefix, kept)


@pytest.mark.parametrize("rules", BOTH, ids=lambda r: r.key)
@pytest.mark.parametrize("number", LINE_DEALS[:3])
def test_fewest_moves_late_in_random_games(number: int, rules: PyramidRules) -> None:
    deal = numbered_deal(number, PYRAMID)
    kept = kept_solver(deal, rules)
    for k in range(4):
        _, prefix = late_game(number, rules, 7000 + 100 * number + k, most=12)
        check_fewest(deal, rules, prefix, kept)


# Deals built to pair off from the bottom: the waste card and the stock's cards, next first, pair with
# the pyramid from its last slot back; the plan's last pairs and the kings are shuffled.


def paired_case(seed: int) -> tuple[Deal, tuple[Move, ...], int]:
    rng = random.Random(seed)
    mixed = rng.randint(3, 8)
    deal = paired_deal(PYRAMID, seed, mixed)
    return deal, tuple(paired_prefix(deal, mixed)), mixed


@pytest.mark.no_cover
@pytest.mark.parametrize("rules", BOTH, ids=lambda r: r.key)
@pytest.mark.parametrize("seeds", [range(k, 40, 4) for k in range(4)], ids=lambda r: f"seeds-{r[0]}")
def test_solver_agrees_with_brute_force_on_deals_paired_off_from_the_bottom(
    seeds: range, rules: PyramidRules
) -> None:
    for seed in seeds:
        deal, prefix, mixed = paired_case(seed)
        kept = kept_solver(deal, rules)
        check_position(deal, rules, prefix, kept)
        rng = random.Random(seed)
        later = rng_game(rng, deal, prefix, until=rng.randint(0, 2 * mixed + 2), removals=rng.random(),
                         rules=rules)
        check_position(deal, rules, later.moves, kept)


@pytest.mark.parametrize("rules", BOTH, ids=lambda r: r.key)
def test_fewest_moves_on_deals_paired_off_from_the_bottom(rules: PyramidRules) -> None:
    for seed in range(12):
        deal, prefix, mixed = paired_case(1000 + seed)
        rng = random.Random(seed)
        later = rng_game(rng, deal, prefix, until=min(14, 2 * mixed), removals=rng.random(), rules=rules)
        if cards_left(ref_of(later.position)) > 14:  # pragma: no cover - too big to search
            continue
        check_fewest(deal, rules, later.moves, kept_solver(deal, rules))


# Relaxed Pyramid wins where Pyramid loses, and never the other way round


def test_a_pyramid_that_comes_apart_by_itself_over_a_talon_that_never_moves() -> None:
    deal = apart_deal(talon_pairs=False)
    relaxed = solve(Position.start(deal, RELAXED))
    check_answer(deal, RELAXED, (), relaxed, won=True)
    assert len(relaxed.moves) == 16 and all(m.kind == "play" for m in relaxed.moves)  # 12 pairs, 4 kings
    assert solve(Position.start(deal, RELAXED), shortest=True).moves == relaxed.moves
    standard = solve(Position.start(deal, STANDARD))
    check_answer(deal, STANDARD, (), standard, won=False)
    check_answer(deal, STANDARD, (), solve(Position.start(deal, STANDARD), shortest=True), won=False)
    # The brute force agrees once only the apex and the row below it are left.
    prefix = relaxed.moves[:-2]
    for rules in BOTH:
        check_position(deal, rules, prefix, kept_solver(deal, rules))


def test_when_the_talon_pairs_off_too_both_rule_sets_win() -> None:
    deal = apart_deal(talon_pairs=True)
    for rules in BOTH:
        check_answer(deal, rules, (), solve(Position.start(deal, rules)), won=True)
    # Under Relaxed Pyramid the game ends the moment the pyramid is clear, talon or not.
    relaxed = solve(Position.start(deal, RELAXED), shortest=True)
    check_answer(deal, RELAXED, (), relaxed, won=True)
    assert len(relaxed.moves) == 16


def test_a_deal_where_nothing_can_ever_go_is_lost_under_both() -> None:
    deal = stuck_deal()
    for rules in BOTH:
        assert not ref(rules).brute_won(ref(rules).start(deal))
        check_answer(deal, rules, (), solve(Position.start(deal, rules)), won=False)
        check_answer(deal, rules, (), solve(Position.start(deal, rules), shortest=True), won=False)


# Seeds of nearly_stuck() the brute force settles within 3,000 states (all lost).
STUCK_SEEDS = (1, 2, 5, 6, 7, 8, 10, 11, 13, 15)


@pytest.mark.no_cover
@pytest.mark.parametrize("seed", STUCK_SEEDS)
def test_solver_agrees_with_brute_force_on_nearly_stuck_deals(seed: int) -> None:
    deal = nearly_stuck(seed)
    for rules in BOTH:
        kept = kept_solver(deal, rules)
        check_position(deal, rules, (), kept, limit=3_000)
        game = rng_game(random.Random(seed), deal, until=0, removals=0.5, max_moves=40 + seed, rules=rules)
        check_position(deal, rules, game.moves, kept, limit=3_000)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(deal=shuffled_deals, rules=rule_sets, seed=st.integers(0, 2**32), most=st.integers(6, 14))
def test_solver_agrees_with_brute_force_on_random_deals(deal: Deal, rules: PyramidRules, seed: int,
                                                        most: int) -> None:
    line = solve(Position.start(deal, rules), budget=20_000)
    if not line.won:
        reject()
    rng = random.Random(seed)
    game = Game(deal, rules)
    for move in line.moves:
        if game.position.cards_left <= most + rng.randint(0, 12):
            break
        game.push(move)
    game = rng_game(rng, deal, game.moves, until=most, removals=rng.random(), rules=rules)
    try:
        check_position(deal, rules, game.moves, kept_solver(deal, rules), limit=10_000)
    except TooBig:  # pragma: no cover - rare: too many cards still pair
        reject()


@pytest.mark.no_cover
@settings(max_examples=25, deadline=None)
@given(number=st.integers(1, 2**31 - 1))
def test_a_won_line_wins_and_relaxed_wins_whatever_standard_wins(number: int) -> None:
    deal = numbered_deal(number, PYRAMID)
    answers = {rules.key: solve(Position.start(deal, rules)) for rules in BOTH}
    for rules in BOTH:
        answer = answers[rules.key]
        assert answer.result is not Result.GAVE_UP
        check_answer(deal, rules, (), answer, won=answer.won)
    if answers["standard"].won:
        assert answers["relaxed"].won
        # A line that clears every card clears the pyramid: it wins under Relaxed Pyramid too, stopping
        # the moment the pyramid is clear.
        game = Game(deal, RELAXED)
        for move in answers["standard"].moves:
            if game.status is Status.WON:
                break
            game.push(move)
        assert game.status is Status.WON


def test_the_cases_give_both_answers_under_both_rule_sets() -> None:
    """The positions above are not all of one kind: under each rule set some are won, some lost, and
    some positions are won under Relaxed Pyramid only."""
    for rules in BOTH:
        results = []
        for number in LINE_DEALS:
            for k in range(6):
                deal, prefix = late_game(number, rules, 100 * number + k, most=16)
                results.append(solve(replayed(deal, rules, prefix, ()).position).result)
        assert results.count(Result.WON) >= 5 and results.count(Result.LOST) >= 5, rules
    for seed in range(40):
        deal, prefix, _ = paired_case(seed)
        standard = solve(replayed(deal, STANDARD, prefix, ()).position)
        relaxed = solve(replayed(deal, RELAXED, prefix, ()).position)
        assert relaxed.won or not standard.won


# Numbered deals 1 to 1,000 won under Relaxed Pyramid and lost under Pyramid
ONLY_RELAXED = (425, 570, 592, 784, 829, 884)


@pytest.mark.parametrize("number", ONLY_RELAXED[:2])
def test_numbered_deals_won_only_under_relaxed_pyramid(number: int) -> None:
    """Late along the line that clears the pyramid, the brute force sees the two rule sets part: the
    pyramid can be cleared, the talon can't."""
    deal = numbered_deal(number, PYRAMID)
    line = solve(Position.start(deal, RELAXED))
    check_answer(deal, RELAXED, (), line, won=True)
    check_answer(deal, STANDARD, (), solve(Position.start(deal, STANDARD)), won=False)
    parted = 0
    for cut in range(1, 12):
        prefix = line.moves[: len(line.moves) - cut]
        position = replayed(deal, STANDARD, prefix, ()).position
        if cards_left(ref_of(position)) > 22:
            break
        won = {rules.key: check_position(deal, rules, prefix, kept_solver(deal, rules)) for rules in BOTH}
        assert won["relaxed"] and won["relaxed"] >= won["standard"]
        parted += not won["standard"]
    assert parted


# The three answers


@pytest.mark.no_cover
@pytest.mark.parametrize("rules", BOTH, ids=lambda r: r.key)
@pytest.mark.parametrize("shortest", [False, True])
def test_gave_up_then_asking_again_carries_on(shortest: bool, rules: PyramidRules) -> None:
    deal = numbered_deal(722, PYRAMID)  # won, in some 6,000 states under either rule set
    start = Position.start(deal, rules)
    solver = kept_solver(deal, rules)
    first = solver.solve(start, budget=1, shortest=shortest)
    assert first.result is Result.GAVE_UP and first.moves == () and first.nodes >= 1
    answers = [first]
    while answers[-1].result is Result.GAVE_UP:
        assert len(answers) < 10_000
        answers.append(solver.solve(start, budget=300, shortest=shortest))
    final = answers[-1]
    assert len(answers) >= 3
    fresh = solve(start, shortest=shortest)
    assert (final.result, len(final.moves)) == (fresh.result, len(fresh.moves))
    check_answer(deal, rules, (), final, won=True)
    again = solver.solve(start, shortest=shortest)  # remembered: no work
    assert (again.result, again.moves, again.nodes) == (final.result, final.moves, 0)


def test_a_won_game_of_relaxed_pyramid_answers_at_once_with_cards_left_in_the_talon() -> None:
    deal = apart_deal(talon_pairs=False)
    game = replayed(deal, RELAXED, (), solve(Position.start(deal, RELAXED)).moves)
    assert game.status is Status.WON and game.position.stock and game.score == 28
    for budget in (0, None):
        answer = solve(game.position, budget=budget, shortest=True)
        assert (answer.result, answer.moves, answer.nodes) == (Result.WON, (), 0)
    assert RULES["relaxed"] is RELAXED


# Hints: the move of a winning line, or how far to go back


@pytest.mark.parametrize("rules", BOTH, ids=lambda r: r.key)
def test_hints_late_in_random_games(rules: PyramidRules) -> None:
    seen = set()
    for number in LINE_DEALS[:4]:
        deal, prefix = late_game(number, rules, 500 + number, most=14)
        game = replayed(deal, rules, prefix, ())
        advice = game.hint()
        won = ref(rules).brute_won(ref_of(game.position))
        seen.add(advice.kind)
        if game.status is Status.WON:
            assert advice.kind == "over"
        elif won:
            assert advice.move is not None and advice.move in game.legal_moves
            assert ref(rules).brute_won(ref_of(game.position.after(advice.move)))
        else:
            assert advice.kind == "undo" and advice.undo is not None and advice.undo >= 1
            positions = game.positions
            back = positions[-1 - advice.undo]
            assert solve(back).won and not solve(positions[-advice.undo]).won
    assert {"play", "undo"} <= seen
