"""Golf's search for the fewest cards any line leaves, part by part, against the brute force of
golf_support.py (which tries every line of the rule book's reference model): the stuck cards never count
more than a line must leave, the beam's line leaves what it claims, the branch and bound alone and the
one-card questions alone give the brute force's answer, on small positions of every rule set and on
larger ones drawn by hypothesis; and the whole search in slices is the search at once."""

from __future__ import annotations

import random
from collections.abc import Generator
from functools import cache
from typing import TypeVar

import pytest
from golf_support import RULE_SETS, brute, golf, played, ref_of, run_deal
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import GOLF, Game, GolfPosition, Position, find_best, numbered_deal
from tripeaks.games.golf.beam import first_line
from tripeaks.games.golf.leaving import FewestLeft
from tripeaks.kit.last_pass.line import follow
from tripeaks.kit.work import Work
from tripeaks.services.best import BestSearch

T = TypeVar("T")

CASES = [(seed, cleared) for seed in range(10) for cleared in (24, 27)]


def finish(steps: Generator[None, None, T]) -> T:
    """Run a search that yields when its time is up (it never is here) to its end."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def search(position: GolfPosition) -> FewestLeft:
    return FewestLeft(position, GOLF.solver(position), Work())  # type: ignore[arg-type]  # Golf's own


def left_by(position: Position, steps: list[int]) -> int:
    """The cards the line of ``steps`` leaves, replayed by the rules."""
    return follow(position, steps)[1].layout_left


@cache
def position_of(seed: int, cleared: int, rule_set: str) -> tuple[GolfPosition, int]:
    """A small position and the fewest cards any line leaves from it (the brute force)."""
    deal, run = run_deal(seed, cleared)
    position = golf(played(deal, rule_set, run).position)
    return position, brute(ref_of(position), rule_set)[1]


@pytest.mark.parametrize(("seed", "cleared"), CASES)
def test_each_part_agrees_with_the_brute_force(seed: int, cleared: int) -> None:
    for rule_set in RULE_SETS:
        position, fewest = position_of(seed, cleared, rule_set)
        if not fewest:
            continue  # won: the decision solver's line, the search is for lost positions
        parts = search(position)
        remaining = position.remaining
        assert parts.bound(remaining, 0, parts.top, parts.moves.packed(remaining)) <= fewest
        left, steps = finish(first_line(parts.moves, parts.bound, remaining, parts.top, parts.work))
        assert left >= fewest and left_by(position, steps) == left
        # the branch and bound alone, to the end whatever it finds
        alone = search(position)
        finish(alone._fewest(remaining, 0))
        assert alone.best == fewest and left_by(position, alone.line) == fewest, (seed, cleared, rule_set)
        # the one-card questions alone
        one = finish(search(position)._one_left(remaining))
        assert (one is not None) == (fewest == 1)
        if one is not None:
            assert left_by(position, one) == 1


def test_the_cases_take_every_path() -> None:
    """Lost positions whose beam finds the fewest and whose beam does not, and positions where the stuck
    cards alone say a line leaves some: else the test above could not fail where it matters."""
    beam_found, beam_missed, stuck = set(), set(), 0
    for seed, cleared in CASES:
        for rule_set in RULE_SETS:
            position, fewest = position_of(seed, cleared, rule_set)
            if not fewest:
                continue
            parts = search(position)
            remaining = position.remaining
            stuck += parts.bound(remaining, 0, parts.top, parts.moves.packed(remaining)) > 0
            left, _ = finish(first_line(parts.moves, parts.bound, remaining, parts.top, parts.work, width=1))
            (beam_found if left == fewest else beam_missed).add(fewest)
    assert stuck and beam_missed and {1, 2} <= beam_found


@given(st.integers(0, 2**32), st.integers(25, 28), st.sampled_from(RULE_SETS), st.integers(0, 12))
@settings(max_examples=30, deadline=None)
def test_the_stuck_cards_never_count_more_than_a_line_leaves(
    seed: int, cleared: int, rule_set: str, wander: int
) -> None:
    """At states a little way into the stock, reached by random moves."""
    deal, run = run_deal(seed, cleared)
    game = played(deal, rule_set, run)
    rng = random.Random(seed)
    for _ in range(wander):
        moves = game.position.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    position = golf(game.position)
    parts = search(position)
    cards = position.remaining
    fewest = brute(ref_of(position), rule_set)[1]
    assert parts.bound(cards, 0, parts.top, parts.moves.packed(cards)) <= fewest


@pytest.mark.no_cover
@given(st.integers(0, 2**32), st.integers(18, 23), st.sampled_from(RULE_SETS))
@settings(max_examples=15, deadline=None)
def test_larger_positions_agree_with_the_brute_force(seed: int, cleared: int, rule_set: str) -> None:
    """Twelve to seventeen cards left and the whole stock: about two in five are lost, some leaving five."""
    deal, run = run_deal(seed, cleared)
    game = played(deal, rule_set, run)
    fewest = brute(ref_of(game.position), rule_set, limit=2_000_000)[1]
    best = find_best(game.position)
    assert best.best.score == fewest
    assert Game.from_moves(deal, game.rules, (*run, *best.best.moves)).position.layout_left == fewest


@pytest.mark.no_cover
@pytest.mark.parametrize(("rule_set", "number", "fewest"), [("strict", 46, 2), ("strict", 3, 5),
                                                            ("relaxed", 342, 2)])
def test_the_search_in_slices_is_the_search_at_once(rule_set: str, number: int, fewest: int) -> None:
    """Dead King Golf's deal 46 is settled by the one-card questions, its deal 3 by the branch and bound,
    Relaxed Golf's deal 342 by the branch and bound alone: each pauses where it is and goes on."""
    start = Position.start(numbered_deal(number, GOLF), GOLF.rules_named(rule_set))
    sliced = BestSearch(start)
    steps = 0
    while (found := sliced.step(seconds=0.001)) is None:
        steps += 1
    assert steps > 3 and found.best.score == fewest == find_best(start).best.score
    replayed = Game.from_moves(numbered_deal(number, GOLF), start.rules, found.best.moves)
    assert replayed.position.layout_left == fewest
