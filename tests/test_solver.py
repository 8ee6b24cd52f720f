"""The exact solver, checked against a deliberately simple brute force written here.

The brute force knows nothing of the solver's tricks: it walks ``Position.after`` over
``legal_moves`` with a visited set on the whole position (layout, stock, waste and, when
passes are limited, the resets made). Every ``won`` answer of the real solver is replayed
by the engine's own :class:`Game` and must clear the layout.
"""

from __future__ import annotations

import json
import random
from collections import deque
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import pytest
from conftest import (
    STUCK_REST,
    build_deal,
    chain_deal,
    clear_order,
    cards_of_ranks,
    stuck_deal,
    up_chain,
)
from hypothesis import HealthCheck, given, settings
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
    Move,
    Position,
    Result,
    Rules,
    Solution,
    Solver,
    Status,
    numbered_deal,
    solve,
)
from tripeaks.solver import DEFAULT_BUDGET

GOLDEN = json.loads((Path(__file__).parent / "golden" / "solutions.json").read_text(encoding="utf-8"))

# Every rule set: passes 1, 2, 3 and unlimited, K-A wrap on and off, face down and face up.
ALL_RULES = [
    Rules(passes=p, wrap=w, face_up=f) for p in (1, 2, 3, None) for w in (True, False) for f in (False, True)
]


def rules_id(rules: Rules) -> str:
    return rules.key


# The brute force


def state(position: Position, rules: Rules) -> tuple[object, ...]:
    """Everything that decides the future: with unlimited passes the resets made don't."""
    resets = position.resets if rules.passes is not None else 0
    return (position.cards, position.stock, position.waste, resets)


class TooBig(Exception):
    pass


def brute_won(position: Position, rules: Rules, limit: int = 200_000) -> bool:
    """Depth-first over every legal move, no pruning: can the layout be cleared?"""
    seen = {state(position, rules)}
    todo = [position]
    while todo:
        here = todo.pop()
        if here.status(rules) is Status.WON:
            return True
        for move in reversed(here.legal_moves(rules)):  # plays popped first: wins come sooner
            there = here.after(move, rules)
            key = state(there, rules)
            if key not in seen:
                if len(seen) >= limit:
                    raise TooBig
                seen.add(key)
                todo.append(there)
    return False


def brute_fewest(position: Position, rules: Rules, limit: int = 300_000) -> int | None:
    """Breadth-first over every legal move: the fewest moves that clear the layout."""
    seen = {state(position, rules)}
    layer = [position]
    depth = 0
    while layer:
        following = []
        for here in layer:
            if here.status(rules) is Status.WON:
                return depth
            for move in here.legal_moves(rules):
                there = here.after(move, rules)
                key = state(there, rules)
                if key not in seen:
                    if len(seen) >= limit:
                        raise TooBig
                    seen.add(key)
                    following.append(there)
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
        assert answer.moves  # a position still being played needs at least one move
    else:
        assert answer.moves == ()


# Positions to test on: mid-game positions of real deals, with few layout cards left.

# Deals the solver wins quickly under every rule set, so a winning line to follow exists.
LINE_DEALS = (1, 2, 4, 6, 9, 12, 13, 19)


@cache
def winning_line(number: int, rules: Rules) -> tuple[Move, ...]:
    answer = solve(Game(numbered_deal(number), rules).position, rules)
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


@pytest.mark.parametrize(("rules", "number", "seed"), MIDGAME_CASES)
def test_solver_agrees_with_brute_force_mid_game(rules: Rules, number: int, seed: int) -> None:
    deal, prefix = midgame(number, rules, seed)
    position = replayed(deal, rules, prefix, ()).position
    won = brute_won(position, rules)
    # A fresh solver, and the game's own (built from the deal's start) must agree.
    check_answer(deal, rules, prefix, solve(position, rules), won=won)
    game = replayed(deal, rules, prefix, ())
    check_answer(deal, rules, prefix, game.solver.solve(position), won=won)


# Fewest moves, against breadth-first search over every legal move.

SHORTEST_CASES = [
    pytest.param(rules, LINE_DEALS[(i + k) % len(LINE_DEALS)], 7000 + 100 * i + k, id=f"{rules.key}-{k}")
    for i, rules in enumerate(r for r in ALL_RULES if not r.face_up)
    for k in range(4)
]


@pytest.mark.parametrize(("rules", "number", "seed"), SHORTEST_CASES)
def test_fewest_moves_agrees_with_breadth_first_search(rules: Rules, number: int, seed: int) -> None:
    deal, prefix = midgame(number, rules, seed, fewer=2)
    position = replayed(deal, rules, prefix, ()).position
    fewest = brute_fewest(position, rules)
    answer = solve(position, rules, shortest=True)
    check_answer(deal, rules, prefix, answer, won=fewest is not None)
    if fewest is not None:
        assert len(answer.moves) == fewest
        # And the ordinary search wins too, in at least as many moves.
        assert len(solve(position, rules).moves) >= fewest
