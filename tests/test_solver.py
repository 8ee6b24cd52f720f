"""The exact solver, checked against a deliberately simple brute force written here.

The brute force knows nothing of the solver's tricks: it walks ``Position.after`` over
``legal_moves`` with a visited set on the whole position (layout, stock, waste and, when
passes are limited, the resets made). Every ``won`` answer of the real solver is replayed
by the engine's own :class:`Game` and must clear the layout.
"""

from __future__ import annotations

import gc
import json
import random
import weakref
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import pytest
from conftest import (
    STUCK_REST,
    build_deal,
    cards_of_ranks,
    chain_deal,
    clear_order,
    stuck_deal,
    up_chain,
)
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from tripeaks import (
    DECK,
    DRAW,
    EASY,
    RESET,
    STANDARD,
    STRICT,
    Card,
    Deal,
    Game,
    Move,
    Position,
    Result,
    Rules,
    Solution,
    Status,
    TriPeaksPosition,
    WinnableSearch,
    next_winnable,
    numbered_deal,
    solve,
)
from tripeaks.games.tripeaks.solver import Solver
from tripeaks.model.answers import DEFAULT_BUDGET

GOLDEN = json.loads((Path(__file__).parent / "golden" / "solutions.json").read_text(encoding="utf-8"))

# Every rule set: passes 1, 2, 3 and unlimited, K-A wrap on and off, face down and face up.
ALL_RULES = [
    Rules(passes=p, wrap=w, face_up=f) for p in (1, 2, 3, None) for w in (True, False) for f in (False, True)
]


def rules_id(rules: Rules) -> str:
    return rules.key


# The brute force


def state(position: TriPeaksPosition) -> tuple[object, ...]:
    """Everything that decides the future: with unlimited passes the resets made don't."""
    resets = position.resets if position.rules.passes is not None else 0
    return (position.cards, position.stock, position.waste, resets)


class TooBig(Exception):
    pass


def unseen(here: TriPeaksPosition, seen: set[tuple[object, ...]], limit: int) -> list[TriPeaksPosition]:
    """The positions one legal move from ``here`` not seen before, now marked seen, plays first."""
    found = []
    for move in here.legal_moves():
        there = here.after(move)
        key = state(there)
        if key not in seen:
            if len(seen) >= limit:
                raise TooBig
            seen.add(key)
            found.append(there)
    return found


def brute_won(position: TriPeaksPosition, limit: int = 200_000) -> bool:
    """Depth-first over every legal move, no pruning: can the layout be cleared?"""
    seen = {state(position)}
    todo = [position]
    while todo:
        here = todo.pop()
        if here.status() is Status.WON:
            return True
        todo.extend(reversed(unseen(here, seen, limit)))  # plays popped first: wins come sooner
    return False


def brute_fewest(position: TriPeaksPosition, limit: int = 300_000) -> int | None:
    """Breadth-first over every legal move: the fewest moves that clear the layout."""
    seen = {state(position)}
    layer = [position]
    depth = 0
    while layer:
        following = []
        for here in layer:
            if here.status() is Status.WON:
                return depth
            following.extend(unseen(here, seen, limit))
        layer = following
        depth += 1
    return None


def replayed(deal: Deal, rules: Rules, prefix: Sequence[Move], moves: Sequence[Move]) -> Game:
    """The engine's own game after ``prefix`` then ``moves`` (each checked as it is pushed)."""
    game = Game(deal, rules)
    for move in (*prefix, *moves):
        game.push(move)
    return game


def check_answer(
    deal: Deal, rules: Rules, prefix: Sequence[Move], answer: Solution, *, won: bool
) -> None:
    assert answer.result is not Result.GAVE_UP
    assert answer.won == won
    assert answer.result is (Result.WON if won else Result.LOST)
    if won:
        game = replayed(deal, rules, prefix, answer.moves)
        assert game.status is Status.WON
        assert game.position.cleared == 28
        # Only a position already won needs no move.
        assert bool(answer.moves) == (game.moves_made > len(prefix))
        assert bool(answer.moves) == (replayed(deal, rules, prefix, ()).status is Status.PLAYING)
    else:
        assert answer.moves == ()


# Positions to test on: mid-game positions of real deals, with few layout cards left.

# Deals the solver wins quickly under every rule set, so a winning line to follow exists.
LINE_DEALS = (1, 2, 4, 6, 9, 12, 13, 19)


@cache
def winning_line(number: int, rules: Rules) -> tuple[Move, ...]:
    answer = solve(Game(numbered_deal(number), rules).position)
    assert answer.won
    return answer.moves


def midgame(number: int, rules: Rules, seed: int, fewer: int = 0) -> tuple[Deal, tuple[Move, ...]]:
    """Follow a winning line part of the way, then play random legal moves (mostly plays)
    until 19-24 layout cards (``fewer`` more) are cleared: the position may or may not still
    be won."""
    rng = random.Random(seed)
    deal = numbered_deal(number)
    target = rng.randint(19, 22) if rules.passes == 1 else rng.randint(21, 24)
    target = min(target + fewer, 27)
    switch = target - rng.randint(0, 7)
    game = Game(deal, rules)
    for move in winning_line(number, Rules(rules.passes, rules.wrap)):
        if game.position.cleared >= switch:
            break
        game.push(move)
    for _ in range(300):
        moves = game.legal_moves
        if game.position.cleared >= target or not moves:
            break
        plays = [m for m in moves if m.kind == "play"]
        game.push(rng.choice(plays) if plays and rng.random() < 0.75 else rng.choice(moves))
    return deal, game.moves


MIDGAME_CASES = [
    pytest.param(rules, LINE_DEALS[(i + k) % len(LINE_DEALS)], 1000 * i + k, id=f"{rules.key}-{k}")
    for i, rules in enumerate(ALL_RULES)
    for k in range(12)
]


@pytest.mark.no_cover
@pytest.mark.parametrize(("rules", "number", "seed"), MIDGAME_CASES)
def test_solver_agrees_with_brute_force_mid_game(rules: Rules, number: int, seed: int) -> None:
    deal, prefix = midgame(number, rules, seed)
    position = replayed(deal, rules, prefix, ()).position
    won = brute_won(position)
    # A fresh solver, and the game's own (built from the deal's start) must agree.
    check_answer(deal, rules, prefix, solve(position), won=won)
    game = replayed(deal, rules, prefix, ())
    check_answer(deal, rules, prefix, game.solver.solve(position), won=won)


# Fewest moves, against breadth-first search over every legal move.

SHORTEST_CASES = [
    pytest.param(rules, LINE_DEALS[(i + k) % len(LINE_DEALS)], 7000 + 100 * i + k, id=f"{rules.key}-{k}")
    for i, rules in enumerate(r for r in ALL_RULES if not r.face_up)
    for k in range(4)
]


@pytest.mark.no_cover
@pytest.mark.parametrize(("rules", "number", "seed"), SHORTEST_CASES)
def test_fewest_moves_agrees_with_breadth_first_search(rules: Rules, number: int, seed: int) -> None:
    deal, prefix = midgame(number, rules, seed, fewer=2)
    position = replayed(deal, rules, prefix, ()).position
    fewest = brute_fewest(position)
    answer = solve(position, shortest=True)
    check_answer(deal, rules, prefix, answer, won=fewest is not None)
    if fewest is not None:
        assert len(answer.moves) == fewest
        # And the ordinary search wins too, in at least as many moves.
        assert len(solve(position).moves) >= fewest


# Nearly stuck deals: the stuck deal of conftest with its stock shuffled and a few cards
# swapped between the layout and the stock. Few plays are ever possible, so the brute
# force stays small, and many are lost with passes still to come. The seeds were picked
# (by brute force) for a mix of won and lost answers under every rule set.

STUCK_BASE = [*stuck_deal().layout_cards, stuck_deal().waste, *stuck_deal().stock]


def nearly_stuck(seed: int) -> Deal:
    rng = random.Random(seed)
    cards = list(STUCK_BASE)
    rest = cards[28:]
    rng.shuffle(rest)
    cards[28:] = rest
    for _ in range(rng.randint(1, 3)):
        a, b = rng.randrange(28), rng.randrange(28, 52)
        cards[a], cards[b] = cards[b], cards[a]
    return Deal.from_cards(cards)


STUCK_SEEDS: dict[tuple[int | None, bool], tuple[int, ...]] = {
    (1, True): (0, 1, 2, 3),
    (1, False): (0, 1, 2, 3),
    (2, True): (80, 269, 288, 1, 5, 7, 9),
    (2, False): (80, 269, 288, 1, 5, 7, 9),
    (3, True): (0, 6, 8, 1, 5, 7, 9),
    (3, False): (6, 8, 11, 1, 5, 7, 9),
    (None, True): (0, 2, 3, 5, 7, 13, 17),
    (None, False): (0, 2, 3, 5, 7, 13, 17),
}
STUCK_CASES = [
    pytest.param(rules, seed, id=f"{rules.key}-{seed}")
    for rules in ALL_RULES
    for k, seed in enumerate(STUCK_SEEDS[rules.passes, rules.wrap])
    if k % 2 == rules.face_up or rules.passes == 1
]


@pytest.mark.no_cover
@pytest.mark.parametrize(("rules", "seed"), STUCK_CASES)
def test_solver_agrees_with_brute_force_on_nearly_stuck_deals(rules: Rules, seed: int) -> None:
    deal = nearly_stuck(seed)
    position = Position.start(deal, rules)
    won = brute_won(position, limit=5_000)
    check_answer(deal, rules, (), solve(position), won=won)
    if rules.passes is not None and rules.passes <= 2 and not won:
        fewest = solve(position, shortest=True)
        check_answer(deal, rules, (), fewest, won=False)


def test_nearly_stuck_seeds_give_both_answers() -> None:
    """The picked seeds still give lost answers with passes to come, and won ones."""
    answers = {
        (passes, wrap, solve(Position.start(nearly_stuck(seed), Rules(passes, wrap))).result)
        for (passes, wrap), seeds in STUCK_SEEDS.items()
        for seed in seeds
    }
    for passes in (2, 3, None):
        for wrap in (True, False):
            assert {(passes, wrap, Result.WON), (passes, wrap, Result.LOST)} <= answers


# Hand-built positions, drawn by hypothesis: a run of ``k`` layout cards from the waste
# card clears most of the layout, then some draws (and resets) burn the stock.


def rank_walk(rng: random.Random, n: int) -> list[int]:
    """``n`` ranks, each one away from the last without K-A wrap, at most four of each."""
    while True:
        used = [0] * 14
        rank = rng.randint(1, 13)
        out = [rank]
        used[rank] += 1
        while len(out) < n:
            options = [q for q in (rank - 1, rank + 1) if 1 <= q <= 13 and used[q] < 4]
            if not options:
                break
            rank = rng.choice(options)
            out.append(rank)
            used[rank] += 1
        if len(out) == n:
            return out


def run_then_draws(seed: int, k: int, draws: int, rules: Rules) -> tuple[Deal, tuple[Move, ...]]:
    rng = random.Random(seed)
    order = clear_order()[:k]
    cards = cards_of_ranks(rank_walk(rng, k + 1))
    filler = list(DECK)
    rng.shuffle(filler)
    deal = build_deal(dict(zip(order, cards[1:], strict=True)), cards[0], (), filler=filler)
    game = Game(deal, rules)
    for s in order:
        game.play(deal.layout_cards[s])
    for _ in range(draws):
        moves = game.legal_moves
        if not moves:
            break
        plays = [m for m in moves if m.kind == "play"]
        game.push(rng.choice(plays) if plays and rng.random() < 0.2 else moves[-1])
    return deal, game.moves


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    seed=st.integers(0, 2**32),
    k=st.integers(20, 24),
    draws=st.integers(0, 40),
    passes=st.sampled_from([1, 2, 3, None]),
    wrap=st.booleans(),
    face_up=st.booleans(),
)
def test_solver_agrees_with_brute_force_hand_built(
    seed: int, k: int, draws: int, passes: int | None, wrap: bool, face_up: bool
) -> None:
    rules = Rules(passes=passes, wrap=wrap, face_up=face_up)
    deal, prefix = run_then_draws(seed, k, draws, rules)
    position = replayed(deal, rules, prefix, ()).position
    try:
        won = brute_won(position, limit=10_000)
    except TooBig:  # pragma: no cover - rare: too many cards still playable
        reject()
    check_answer(deal, rules, prefix, solve(position), won=won)


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    seed=st.integers(0, 2**32),
    k=st.integers(21, 25),
    draws=st.integers(0, 30),
    passes=st.sampled_from([1, 2, 3, None]),
    wrap=st.booleans(),
)
def test_fewest_moves_hand_built(seed: int, k: int, draws: int, passes: int | None, wrap: bool) -> None:
    rules = Rules(passes=passes, wrap=wrap)
    deal, prefix = run_then_draws(seed, k, draws, rules)
    position = replayed(deal, rules, prefix, ()).position
    try:
        fewest = brute_fewest(position, limit=10_000)
    except TooBig:  # pragma: no cover - rare: too many cards still playable
        reject()
    answer = solve(position, shortest=True)
    check_answer(deal, rules, prefix, answer, won=fewest is not None)
    if fewest is not None:
        assert len(answer.moves) == fewest


# Golden answers for numbered deals


@pytest.mark.no_cover
@pytest.mark.parametrize("name", ["standard", "strict"])
def test_golden_results_of_numbered_deals(name: str) -> None:
    rules = Rules.named(name)
    for number, expected in GOLDEN["results"][name].items():
        deal = numbered_deal(int(number))
        answer = solve(Position.start(deal, rules))
        assert answer.result.value == expected, f"deal {number} under {name}"
        check_answer(deal, rules, (), answer, won=expected == "won")


FEWEST_CASES = [
    pytest.param(name, int(number), pinned, id=f"{name}-{number}")
    for name, deals in GOLDEN["fewest_moves"].items()
    for number, pinned in deals.items()
]


@pytest.mark.parametrize(("name", "number", "pinned"), FEWEST_CASES)
def test_golden_fewest_moves(name: str, number: int, pinned: dict[str, object]) -> None:
    rules = Rules.named(name)
    deal = numbered_deal(number)
    answer = solve(Position.start(deal, rules), shortest=True)
    assert answer.result.value == pinned["result"]
    assert len(answer.moves) == pinned["moves"]
    check_answer(deal, rules, (), answer, won=pinned["result"] == "won")
    if answer.won:
        # Every winning line plays the 28 cards; the rest are draws (one pass: no resets).
        assert sum(m.kind == "play" for m in answer.moves) == 28
        assert RESET not in answer.moves
        # No line is shorter than the fewest: the ordinary answer is at least as long.
        assert len(solve(Position.start(deal, rules)).moves) >= len(answer.moves)


@pytest.mark.no_cover
@pytest.mark.parametrize("number", [1, 2])
def test_fewest_moves_along_a_game_from_one_solver(number: int) -> None:
    """A game keeps one solver: asked again after each move of a fewest-moves line, it finds
    the rest of the line as short as a fresh solver does (stocks cut the same are shared)."""
    deal = numbered_deal(number)
    game = Game(deal, STANDARD)
    solver = Solver(game.position)
    line = solver.solve(game.position, shortest=True).moves
    for made, move in enumerate(line[:-1], 1):
        game.push(move)
        kept = solver.solve(game.position, shortest=True)
        assert len(kept.moves) == len(line) - made == len(solve(game.position, shortest=True).moves)
        check_answer(deal, STANDARD, line[:made], kept, won=True)


def test_golden_covers_both_answers() -> None:
    assert set(GOLDEN["results"]["strict"].values()) == {"won", "lost"}
    assert [int(n) for n in GOLDEN["results"]["standard"]] == list(range(1, 21))


# The three answers


def test_won_answer_has_moves_and_lost_has_none() -> None:
    won = solve(Position.start(numbered_deal(1), STANDARD))
    assert won.result is Result.WON and won.won and won.moves
    assert won.nodes > 0 and won.seconds >= 0
    lost = solve(Position.start(numbered_deal(8), STRICT))
    assert lost.result is Result.LOST and not lost.won and lost.moves == ()
    assert lost.to_dict()["result"] == "lost" and lost.to_dict()["moves"] == []
    data = won.to_dict()
    assert set(data) == {"result", "moves", "nodes", "seconds"}
    assert data["result"] == "won"
    assert data["moves"] == [m.notation for m in won.moves]
    assert json.loads(json.dumps(data)) == data
    assert [r.value for r in Result] == ["won", "lost", "gave_up"]


# Positions that need more than the first few thousand states in each mode: a numbered
# deal, its rules, whether fewest moves are asked for, and how many cards to clear first
# along a winning line.
HARD = [
    pytest.param(15, STANDARD, False, 0, id="standard"),
    pytest.param(15, STRICT, False, 0, id="strict-lost"),
    pytest.param(1, STANDARD, True, 0, id="standard-shortest"),
    pytest.param(8, STRICT, True, 0, id="strict-shortest-lost"),
    pytest.param(2, Rules(passes=2), True, 12, id="2pass-shortest"),
    pytest.param(2, Rules(passes=None), True, 12, id="unlimited-shortest"),
]


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
@pytest.mark.parametrize(("number", "rules", "shortest", "cleared"), HARD)
def test_gave_up_then_asking_again_carries_on(
    number: int, rules: Rules, shortest: bool, cleared: int
) -> None:
    deal = numbered_deal(number)
    game = Game(deal, rules)
    if cleared:
        for move in winning_line(number, rules):
            if game.position.cleared >= cleared:
                break
            game.push(move)
    start = game.position
    solver = Solver(game.start)
    first = solver.solve(start, budget=1, shortest=shortest)
    assert first.result is Result.GAVE_UP
    assert first.nodes >= 1
    assert first.to_dict()["result"] == "gave_up"
    answers = [first]
    while answers[-1].result is Result.GAVE_UP:
        assert len(answers) < 10_000
        answers.append(solver.solve(start, budget=1, shortest=shortest))
    final = answers[-1]
    for paused in answers[:-1]:
        # A search that paused has no line, but a fewest-moves one may have the best so far
        if shortest and paused.moves:
            check_answer(deal, rules, game.moves, Solution(Result.WON, paused.moves, 0, 0.0), won=True)
            assert len(paused.moves) >= len(final.moves)
        else:
            assert paused.moves == ()
    assert len(answers) >= 2
    # The same answer as in one go: pinned for deals, solved afresh for the others.
    if cleared:
        fresh = solve(start, shortest=shortest)
        result, length = fresh.result.value, len(fresh.moves)
    elif shortest:
        pinned = GOLDEN["fewest_moves"][rules.name][str(number)]
        result, length = pinned["result"], pinned["moves"]
    else:
        result = GOLDEN["results"].get(rules.name, {}).get(str(number), "won")
        length = len(final.moves)
    assert (final.result.value, len(final.moves)) == (result, length)
    check_answer(deal, rules, game.moves, final, won=result == "won")
    # Asking once more is free: the answer is remembered.
    again = solver.solve(start, shortest=shortest)
    assert (again.result, again.moves, again.nodes) == (final.result, final.moves, 0)


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
def test_seconds_bound_a_search() -> None:
    start = Position.start(numbered_deal(15), STANDARD)
    solver = Solver(start)
    answer = solver.solve(start, seconds=0.0)
    assert answer.result is Result.GAVE_UP
    for _ in range(10_000):
        answer = solver.solve(start, seconds=0.05)
        if answer.result is not Result.GAVE_UP:
            break
    assert answer.won
    check_answer(numbered_deal(15), STANDARD, (), answer, won=True)


def test_the_cycle_collector_is_left_as_a_search_found_it() -> None:
    """A search pauses Python's cycle collector; whatever its answer, the collector runs again
    after it (a page left without one would slowly fill its memory), and stays off if it was."""
    won = Position.start(numbered_deal(15), STANDARD)
    lost = Position.start(numbered_deal(588410343), STRICT)
    assert gc.isenabled()
    try:
        answers = [
            Solver(won).solve(won, seconds=0.0).result,
            Solver(won).solve(won).result,
            Solver(lost).solve(lost).result,
        ]
        assert answers == [Result.GAVE_UP, Result.WON, Result.LOST]
        assert gc.isenabled()
        gc.disable()
        assert Solver(won).solve(won).won
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize("rules", [STANDARD, STRICT, EASY, Rules(passes=2)])
def test_a_solver_is_freed_as_soon_as_it_is_dropped(rules: Rules) -> None:
    """A search makes no reference cycles, so what a solver made goes when it does, without
    waiting for the cycle collector (which a search pauses, and a page may run seldom)."""
    start = Position.start(numbered_deal(337154832), rules)
    gc.disable()
    try:
        solver = Solver(start)
        assert solver.solve(start).result is not Result.GAVE_UP
        if rules.passes == 1:
            assert solver.solve(start, shortest=True).result is not Result.GAVE_UP
        gone = weakref.ref(solver)
        del solver
        assert gone() is None
    finally:
        gc.enable()


@pytest.mark.no_cover
def test_hints_and_winnable_searches_leave_the_collector_as_they_found_it() -> None:
    """A hint and a winnable-deal search pause the collector around all their searches."""
    assert gc.isenabled()
    try:
        assert Game(numbered_deal(15), STANDARD).hint(seconds=0.0).kind == "thinking"
        assert Game(numbered_deal(588410343), STRICT).hint().kind == "lost"
        assert next_winnable(588410343, STRICT) > 588410343
        assert WinnableSearch(588410343, STRICT).step(seconds=0.0) is None
        assert gc.isenabled()
        gc.disable()
        assert Game(numbered_deal(588410343), STRICT).hint().kind == "lost"
        assert next_winnable(588410343, STRICT) > 588410343
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_default_budget_is_generous() -> None:
    assert DEFAULT_BUDGET >= 1_000_000


def test_finished_positions_answer_at_once() -> None:
    deal = chain_deal(up_chain(1, 29))
    game = Game(deal, STANDARD)
    for s in clear_order():
        game.play(deal.layout_cards[s])
    assert game.status is Status.WON
    for budget in (0, 1, None):
        answer = game.solver.solve(game.position, budget=budget)
        assert (answer.result, answer.moves, answer.nodes) == (Result.WON, (), 0)
        answer = solve(game.position, budget=budget, shortest=True)
        assert (answer.result, answer.moves, answer.nodes) == (Result.WON, (), 0)
    for rules in (Rules(passes=None), STRICT):
        stuck = Position.start(stuck_deal(), rules)
        if rules.passes == 1:
            # One pass: draw the stock dry, then it is out of moves.
            game = Game(stuck_deal(), rules)
            while game.legal_moves:
                game.draw()
            stuck = game.position
        assert stuck.status() is Status.OUT_OF_MOVES
        answer = solve(stuck, budget=0)
        assert (answer.result, answer.moves, answer.nodes) == (Result.LOST, (), 0)


def test_one_move_from_a_win() -> None:
    deal = chain_deal(up_chain(1, 29))
    game = Game(deal, STANDARD)
    for s in clear_order()[:-1]:
        game.play(deal.layout_cards[s])
    answer = solve(game.position)
    assert answer.moves == (Move.play(deal.layout_cards[clear_order()[-1]]),)


def test_a_reset_is_needed() -> None:
    """Two passes: the stock is drawn dry first, and only a reset brings the run back."""
    deal = chain_deal(up_chain(1, 29))
    rules = Rules(passes=2)
    game = Game(deal, rules)
    for _ in range(23):
        game.draw()
    top = game.position.top.rank
    if game.legal_moves != [RESET]:
        pytest.skip(f"the last stock card ({top}) plays")  # pragma: no cover
    for shortest in (False, True):
        answer = solve(game.position, shortest=shortest)
        assert answer.moves[0] == RESET
        check_answer(deal, rules, game.moves, answer, won=True)
    one_pass = Game(deal, STANDARD)  # the same position under one pass
    for _ in range(23):
        one_pass.draw()
    assert one_pass.position.cards == game.position.cards and one_pass.position.waste == game.position.waste
    assert solve(one_pass.position).result is Result.LOST  # no pass left



def test_solver_is_reused_along_a_game() -> None:
    """One solver answers for every position of its deal, the deal's start included."""
    deal = numbered_deal(1)
    game = Game(deal, STANDARD)
    line = game.solver.solve(game.position).moves
    for k, move in enumerate(line[:-1]):
        game.push(move)
        answer = game.solver.solve(game.position)
        check_answer(deal, STANDARD, line[: k + 1], answer, won=True)
    game.restart()
    for _ in range(23):
        game.draw()
    answer = game.solver.solve(game.position)
    assert answer.result is solve(game.position).result


def test_draw_is_the_only_move() -> None:
    deal = build_deal({18: "Kc"}, "5h", ["Qc"], filler=[c for c in DECK if c.rank in (5, 6, 7, 8, 9)])
    game = Game(deal, STANDARD)
    assert game.legal_moves == [DRAW] or DRAW in game.legal_moves
    answer = solve(game.position)
    assert answer.result is not Result.GAVE_UP
    if answer.won:
        check_answer(deal, STANDARD, (), answer, won=True)


def test_cards_and_card_class_are_used() -> None:
    assert isinstance(Card.parse("7h"), Card)
    assert STUCK_REST


# The empty-waste option: the solver from a start with no waste card, against the brute force

EMPTY_STUCK_SEEDS: dict[int | None, tuple[int, ...]] = {
    1: (1, 2, 4, 5),  # lost: one pass
    2: (8, 11, 1, 5),  # won, won, lost, lost
    3: (0, 4, 1, 5),
    None: (0, 2, 1, 5),
}
EMPTY_STUCK_CASES = [
    pytest.param(Rules(passes=p, wrap=w, face_up=k % 2 == 1, empty_waste=True), seed, id=f"{p}-{w}-{seed}")
    for p, seeds in EMPTY_STUCK_SEEDS.items()
    for w in (True, False)
    for k, seed in enumerate(seeds)
]


@pytest.mark.no_cover
@pytest.mark.parametrize(("rules", "seed"), EMPTY_STUCK_CASES)
def test_solver_agrees_with_brute_force_from_an_empty_waste(rules: Rules, seed: int) -> None:
    deal = nearly_stuck(seed)
    position = Position.start(deal, rules)
    assert position.waste == () and len(position.stock) == 24
    won = brute_won(position, limit=5_000)
    check_answer(deal, rules, (), solve(position), won=won)
    if rules.passes is not None and rules.passes <= 2 and not won:
        check_answer(deal, rules, (), solve(position, shortest=True), won=False)


def test_the_empty_waste_seeds_give_both_answers() -> None:
    answers = {
        solve(Position.start(nearly_stuck(seed), Rules(passes=p, empty_waste=True))).result
        for p, seeds in EMPTY_STUCK_SEEDS.items()
        for seed in seeds
    }
    assert answers == {Result.WON, Result.LOST}


def test_an_empty_waste_lets_a_run_start_anywhere() -> None:
    """The waste card (a 7) is no neighbour of the run's first card (an A): with an empty waste
    the run starts at once, 28 plays and no draw; with a waste card it takes draws first."""
    ranks = [7, *up_chain(1, 28)]
    deal = chain_deal(ranks)
    rules = Rules(empty_waste=True)
    position = Position.start(deal, rules)
    for shortest in (False, True):
        answer = solve(position, shortest=shortest)
        check_answer(deal, rules, (), answer, won=True)
    fewest = solve(position, shortest=True)
    assert len(fewest.moves) == 28 and DRAW not in fewest.moves
    assert fewest.moves[0] == Move.play(deal.layout_cards[clear_order()[0]])
    plain = solve(Position.start(deal, STANDARD), shortest=True)
    assert not plain.won or len(plain.moves) > 28


@pytest.mark.parametrize("rules", [Rules(empty_waste=True), Rules(passes=None, wrap=False, empty_waste=True)])
@pytest.mark.parametrize("number", [1, 2])
def test_winning_lines_from_an_empty_waste_replay(rules: Rules, number: int) -> None:
    deal = numbered_deal(number)
    start = Position.start(deal, rules)
    answer = solve(start)
    check_answer(deal, rules, (), answer, won=True)
    assert answer.moves[0].kind == "play" or answer.moves[0] == DRAW
    # One solver answers for the positions along its line too.
    game = Game(deal, rules)
    for made, move in enumerate(answer.moves[:5], 1):
        game.push(move)
        check_answer(deal, rules, answer.moves[:made], game.solver.solve(game.position), won=True)


def test_an_empty_waste_start_that_is_lost() -> None:
    for rules in (Rules(empty_waste=True), Rules(passes=None, empty_waste=True)):
        position = Position.start(stuck_deal(), rules)
        assert position.status() is Status.PLAYING  # any card may go on the empty waste
        answer = solve(position)
        check_answer(stuck_deal(), rules, (), answer, won=False)
        assert brute_won(position, limit=5_000) is False


def test_an_empty_waste_search_gives_up_and_carries_on() -> None:
    deal = numbered_deal(15)
    rules = Rules(empty_waste=True)
    start = Position.start(deal, rules)
    solver = Solver(start)
    answers = [solver.solve(start, budget=1)]
    assert answers[0].result is Result.GAVE_UP
    while answers[-1].result is Result.GAVE_UP:
        assert len(answers) < 100_000
        answers.append(solver.solve(start, budget=200))
    assert answers[-1].result is solve(start).result
    check_answer(deal, rules, (), answers[-1], won=answers[-1].won)


@pytest.mark.no_cover
@pytest.mark.parametrize(
    "deal", [chain_deal([7, *up_chain(1, 28)]), chain_deal(up_chain(1, 29)), numbered_deal(2)],
    ids=["run-from-an-ace", "run-from-the-waste", "deal-2"],
)
def test_fewest_moves_from_an_empty_waste_is_one_more_than_its_best_first_move(deal: Deal) -> None:
    """Each first move leads to a position of the usual kind, whose fewest moves the tests above
    check against breadth-first search: the start's fewest is one more than the best of them."""
    rules = Rules(empty_waste=True)
    start = Position.start(deal, rules)
    answer = solve(start, shortest=True)
    check_answer(deal, rules, (), answer, won=True)
    after = [solve(start.after(move), shortest=True) for move in start.legal_moves()]
    assert all(a.result is not Result.GAVE_UP for a in after)
    assert len(answer.moves) == 1 + min(len(a.moves) for a in after if a.won)
