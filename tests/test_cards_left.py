"""The fewest cards left: checked against a plain brute force on small positions of every rule set, for the
kit's search that every game has and for TriPeaks' own and the games of pairs' (Triangle, Pyramid and
Relaxed Pyramid), with golden values of numbered unwinnable deals; every line found replays legally to
exactly the cards claimed.

The brute forces share nothing with the searches: TriPeaks' tries every move the reference model of
RULES.md allows (tests/conftest.py) and remembers every whole position met; Triangle's and Pyramid's walk
the reference model's own states (tests/triangle_support.py, tests/pyramid_support.py).
"""

from __future__ import annotations

import random
import time

import pytest
from conftest import ref_legal
from hypothesis import given, settings
from hypothesis import strategies as st
from pairs_support import PairsRef, paired_deal, paired_prefix, rng_game, small_talon
from pyramid_support import apart_deal, nearly_stuck, stuck_deal
from pyramid_support import ref as pyramid_ref
from triangle_support import RefState, _made, ref_of
from triangle_support import ref_legal as triangle_legal

from tripeaks import (
    EASY,
    PYRAMID,
    STANDARD,
    STRICT,
    TRIANGLE,
    Game,
    Move,
    Position,
    PyramidPosition,
    PyramidRules,
    Rules,
    Status,
    TrianglePosition,
    TriPeaksPosition,
    numbered_deal,
    solve,
)
from tripeaks.base.generator import SplitMix64
from tripeaks.base.moves import MoveKind
from tripeaks.games.pyramid.rules import RELAXED
from tripeaks.games.pyramid.rules import STANDARD as PYRAMID_STANDARD
from tripeaks.kit.cards_left import CardsLeftLines
from tripeaks.model.answers import Best
from tripeaks.model.scoring import CARDS_LEFT
from tripeaks.services.best import BestSearch, find_best

RULES = [STANDARD, STRICT, EASY, Rules(passes=2), Rules(passes=3, wrap=False), Rules(empty_waste=True),
         Rules(passes=2, empty_waste=True)]
PYRAMID_RULES = [PYRAMID_STANDARD, RELAXED]


# Brute force


def brute_fewest(position: TriPeaksPosition) -> int:
    """The fewest layout cards of any position reachable from ``position``: every move the reference
    model allows, every whole position (cards, stock, waste, passes used unless unlimited) remembered."""
    def key(p: TriPeaksPosition) -> object:
        return (p.cards, p.stock, p.waste, p.resets if p.rules.passes is not None else 0)

    seen = {key(position)}
    todo = [position]
    fewest = 28
    while todo and fewest:
        here = todo.pop()
        fewest = min(fewest, sum(card is not None for card in here.cards))
        for token in ref_legal(here):
            there = here.after(Move.parse(token))
            assert isinstance(there, TriPeaksPosition)
            if key(there) not in seen:
                seen.add(key(there))
                todo.append(there)
    return fewest


def brute_triangle(start: RefState) -> int:
    """The fewest triangle cards of any state the reference model reaches from ``start``."""
    seen = {start}
    todo = [start]
    fewest = 28
    while todo:
        here = todo.pop()
        fewest = min(fewest, sum(card is not None for card in here.layout))
        for token in triangle_legal(here):
            there = _made(here, token)
            if there not in seen:
                seen.add(there)
                todo.append(there)
    return fewest


def brute_pairs(model: PairsRef, start: RefState, limit: int = 50_000) -> int:
    """The fewest layout cards of any state the reference model of a game of pairs reaches from
    ``start`` (a game won once its layout is clear has no move after it)."""
    return min(sum(card is not None for card in state.layout) for state in model.reachable(start, limit))


def late(number: int, rules: Rules, left: int, stock: int, waste: int) -> TriPeaksPosition:
    """Deal ``number`` after random moves (mostly plays) until at most ``left`` layout cards are left,
    its stock then cut to ``stock`` cards and its waste to its top ``waste`` (the cards cut leave)."""
    rng = SplitMix64(number)
    p = Position.start(numbered_deal(number), rules)
    assert isinstance(p, TriPeaksPosition)
    while p.status() is Status.PLAYING and p.layout_left > left:
        moves = p.legal_moves()
        plays = [m for m in moves if m.kind is MoveKind.PLAY]
        pick = plays if plays and rng.randbelow(4) else moves
        p = p.after(pick[rng.randbelow(len(pick))])
    return TriPeaksPosition(p.cards, p.stock[:stock], p.waste[max(len(p.waste) - waste, 0):],
                            rules, p.solitaire, p.remaining, p.resets, p.score, p.run)


def small_triangle(number: int, talon: int, removals: int) -> TrianglePosition:
    """Triangle deal ``number`` after ``removals`` random removals (drawing when none), its talon cut
    to ``talon`` cards (the waste first)."""
    p = Position.start(numbered_deal(number, TRIANGLE))
    assert isinstance(p, TrianglePosition)
    return small_talon(p, SplitMix64(number), talon, removals)


def small_pyramid(start: Position, rng: SplitMix64, talon: int, removals: int) -> PyramidPosition:
    """A Pyramid position after ``removals`` random removals (drawing when none) from ``start``, its
    talon cut to ``talon`` cards (the waste first)."""
    assert isinstance(start, PyramidPosition)
    return small_talon(start, rng, talon, removals)


def replayed(position: Position, found: Best) -> None:
    """The line found replays legally to exactly the cards it claims; the winning line wins."""
    p = position
    for move in found.best.moves:
        p = p.after(move)
    assert p.layout_left == found.best.score
    if found.best_clear is not None:
        assert found.best.score == found.best_clear.score == 0
        p = position
        for move in found.best_clear.moves:
            p = p.after(move)
        assert p.status() is Status.WON


def generic(position: Position) -> Best:
    """The kit's search, which every game has, without the game's own."""
    search = CardsLeftLines(position)
    while (found := search.step(None)) is None:
        pass  # pragma: no cover - no deadline, no pause
    return Best(*found, search.nodes, 0.0)


def agrees(position: Position, expected: int) -> None:
    for found in (find_best(position, CARDS_LEFT), generic(position)):
        assert found.best.score == expected
        replayed(position, found)


# Small positions of every rule set, both searches against the brute force


@pytest.mark.parametrize("rules", RULES, ids=[r.key for r in RULES])
def test_fixed_late_positions(rules: Rules) -> None:
    for number in (7919, 15838, 31):
        p = late(number, rules, 8 if rules.resets != 0 else 11, 3 if rules.resets != 0 else 5, 2)
        agrees(p, brute_fewest(p))


@settings(max_examples=25)
@given(number=st.integers(1, 2**31 - 1), rules=st.sampled_from(RULES), left=st.integers(4, 10),
       stock=st.integers(0, 4))
def test_the_fewest_is_the_brute_force_fewest(number: int, rules: Rules, left: int, stock: int) -> None:
    p = late(number, rules, left, stock if rules.resets != 0 else stock + 2, 2)
    agrees(p, brute_fewest(p))


@settings(max_examples=15)
@given(number=st.integers(1, 2**31 - 1), talon=st.integers(0, 7), removals=st.integers(0, 6))
def test_triangle_fewest_is_the_brute_force_fewest(number: int, talon: int, removals: int) -> None:
    p = small_triangle(number, talon, removals)
    agrees(p, brute_triangle(ref_of(p)))


@settings(max_examples=15)
@given(number=st.integers(1, 2**31 - 1), rules=st.sampled_from(PYRAMID_RULES), talon=st.integers(0, 7),
       removals=st.integers(0, 6))
def test_pyramid_fewest_is_the_brute_force_fewest(number: int, rules: PyramidRules, talon: int,
                                                  removals: int) -> None:
    start = Position.start(numbered_deal(number, PYRAMID), rules)
    p = small_pyramid(start, SplitMix64(number), talon, removals)
    agrees(p, brute_pairs(pyramid_ref(rules), PairsRef.of(p)))


@pytest.mark.no_cover
@pytest.mark.parametrize("rules", PYRAMID_RULES, ids=lambda r: r.key)
def test_pyramid_deals_that_hardly_move(rules: PyramidRules) -> None:
    """Deals where few cards can ever go, their whole talon kept: the brute force walks every line."""
    for seed in (1, 2, 5, 6, 7, 8):  # seeds whose every line the brute force walks within 3,000 states
        p = Position.start(nearly_stuck(seed), rules)
        agrees(p, brute_pairs(pyramid_ref(rules), PairsRef.of(p), 3_000))
    stuck = Position.start(stuck_deal(), rules)
    found = find_best(stuck, CARDS_LEFT)
    assert found.best == found.best.__class__(28, ()) and found.best_clear is None


def late_pyramid(seed: int, rules: PyramidRules) -> Position:
    """A deal built to pair off from the bottom (``pairs_support.paired_deal``, its end shuffled), after
    its plan's first pairs, random moves, then draws and redeals, often into the last pass: where the
    talon's order matters, and the untimed game leaves fewer cards than any real line."""
    rng = random.Random(seed)
    mixed = rng.randint(6, 12)
    deal = paired_deal(PYRAMID, seed, mixed)
    game = rng_game(rng, deal, paired_prefix(deal, mixed), until=rng.randint(2 * mixed - 6, 2 * mixed),
                    removals=rng.random(), rules=rules)
    p = game.position
    for _ in range(rng.randint(0, 30)):
        move = p.stock_move()
        if move is None:
            break
        p = p.after(move)
    return p


@pytest.mark.parametrize("rules", PYRAMID_RULES, ids=lambda r: r.key)
def test_pyramid_late_positions(rules: PyramidRules) -> None:
    for seed in range(30):
        p = late_pyramid(seed, rules)
        agrees(p, brute_pairs(pyramid_ref(rules), PairsRef.of(p), 30_000))


def test_a_pyramid_cleared_over_a_talon_that_never_moves() -> None:
    """The pyramid comes apart and the talon can never move: Relaxed Pyramid is won, Pyramid lost with
    no pyramid card left (a line may clear the layout and still lose)."""
    deal = apart_deal(talon_pairs=False)
    relaxed = find_best(Position.start(deal, RELAXED), CARDS_LEFT)
    assert relaxed.best.score == 0 and relaxed.best_clear is not None
    replayed(Position.start(deal, RELAXED), relaxed)
    standard = Position.start(deal, PYRAMID_STANDARD)
    found = find_best(standard, CARDS_LEFT)
    assert found.best.score == 0 and found.best_clear is None
    replayed(standard, found)
    end = Game.from_moves(deal, PYRAMID_STANDARD, found.best.moves).position
    assert end.layout_left == 0 and end.status() is not Status.WON


def test_an_empty_waste() -> None:
    """Any free card may go first: the brute force tries each."""
    for rules in (Rules(empty_waste=True, wrap=False), Rules(passes=2, empty_waste=True)):
        p = late(31, rules, 12, 4, 0)
        assert not p.waste
        agrees(p, brute_fewest(p))


# Real deals


STRICT_FEWEST = {63: 18, 220: 1, 249: 3, 331: 4}
"""The fewest cards left of numbered unwinnable Strict deals (found by this search, and by a plain
depth-first walk of every (cards, stock index, waste top) written apart while it was built)."""


@pytest.mark.no_cover
@pytest.mark.parametrize("number", sorted(STRICT_FEWEST))
def test_golden_unwinnable_strict_deals(number: int) -> None:
    deal = numbered_deal(number)
    position = Position.start(deal, STRICT)
    assert not solve(position).won
    found = find_best(position, CARDS_LEFT)
    assert found.best.score == STRICT_FEWEST[number] and found.best_clear is None
    replayed(position, found)
    game = Game.from_moves(deal, STRICT, [move.notation for move in found.best.moves])
    assert game.position.layout_left == found.best.score
    rng = SplitMix64(number)  # never more than a random player leaves
    for _ in range(5):
        p: Position = position
        while p.status() is Status.PLAYING:
            moves = p.legal_moves()
            plays = [m for m in moves if m.kind is MoveKind.PLAY]
            pick = plays if plays and rng.randbelow(3) else moves
            p = p.after(pick[rng.randbelow(len(pick))])
        assert p.layout_left >= found.best.score


PYRAMID_FEWEST = {4: 6, 9: 2, 89: 3, 102: 7}
"""The fewest pyramid cards left of numbered deals lost under both of Pyramid's rule sets (found by this
search, by the walk without the untimed game's bounds that it replaced, and for deal 9 under Relaxed
Pyramid by the kit's walk, in 108 s)."""


@pytest.mark.parametrize("rules", PYRAMID_RULES, ids=lambda r: r.key)
@pytest.mark.parametrize("number", sorted(PYRAMID_FEWEST))
def test_golden_unwinnable_pyramid_deals(number: int, rules: PyramidRules) -> None:
    position = Position.start(numbered_deal(number, PYRAMID), rules)
    assert not solve(position).won
    found = find_best(position, CARDS_LEFT)
    assert found.best.score == PYRAMID_FEWEST[number] and found.best_clear is None
    replayed(position, found)


def test_a_winnable_deal_leaves_none() -> None:
    position = Position.start(numbered_deal(1))
    found = find_best(position, CARDS_LEFT)
    assert found.best.score == 0 and found.best_clear is not None
    replayed(position, found)
    assert found.to_dict()["best"] == {"score": 0, "moves": [m.notation for m in found.best.moves]}


def test_a_lost_triangle_deal() -> None:
    """Triangle's win takes the stock too: a line may clear the triangle and still lose."""
    position = Position.start(numbered_deal(6, TRIANGLE))
    found = find_best(position, CARDS_LEFT)
    assert found.best_clear is None and found.best.score == generic(position).best.score == 26
    replayed(position, found)


def test_a_game_over_is_its_own_fewest() -> None:
    lost = late(1, STRICT, 20, 0, 1)
    while lost.status() is Status.PLAYING:
        lost = lost.after(lost.legal_moves()[0])
    found = find_best(lost, CARDS_LEFT)
    assert found.best.moves == () and found.best.score == lost.layout_left and found.best_clear is None


def test_a_scoring_the_game_lacks_is_refused() -> None:
    position = Position.start(numbered_deal(1))
    said = "'points' is not a scoring of TriPeaks: choose classic or cards-left"
    with pytest.raises(ValueError, match=said):
        BestSearch(position, "points")


@pytest.mark.no_cover
def test_every_search_pauses_and_carries_on() -> None:
    """The kit's walk and the games' own, in slices, give the answer they give in one go."""
    tripeaks, triangle = late(15838, STRICT, 18, 16, 1), Position.start(numbered_deal(566, TRIANGLE))
    pyramid = Position.start(numbered_deal(325, PYRAMID), RELAXED)
    searches = ((tripeaks, CardsLeftLines(tripeaks)), (tripeaks, BestSearch(tripeaks, CARDS_LEFT)),
                (triangle, BestSearch(triangle, CARDS_LEFT)), (pyramid, BestSearch(pyramid, CARDS_LEFT)))
    for position, search in searches:
        whole = find_best(position, CARDS_LEFT).best.score
        steps = 0
        while True:
            kit = isinstance(search, CardsLeftLines)
            found = search.step(time.perf_counter() + 0.001 if kit else 0.001)
            if found is not None:
                break
            steps += 1
        best = found[0] if isinstance(found, tuple) else found.best
        assert steps > 1 and best.score == whole
        replayed(position, Best(best, None, 0, 0.0))


# The words a player reads


def test_the_words_by_cards_left() -> None:
    from tripeaks import TRIPEAKS, has_best, working_best
    from tripeaks.services.telling import best_line_words, best_words

    lost = Position.start(numbered_deal(63), STRICT)
    found = find_best(lost, CARDS_LEFT)
    words = TRIPEAKS.words
    assert words.left_compared(18, found) == "You left 18 cards, the fewest this deal allows."
    assert words.left_compared(1, Best(found.best.__class__(1, ()), None, 0, 0.0)) == \
        "You left 1 card, the fewest this deal allows."
    assert best_words(TRIPEAKS, 21, found, CARDS_LEFT) == "You left 21 cards (the fewest possible: 18)."
    assert words.fewest_left(found) == "The fewest cards a line leaves on this deal: 18."
    winnable = find_best(Position.start(numbered_deal(1)), CARDS_LEFT)
    assert words.fewest_left(winnable) == "This deal can be won: a line leaves no card."
    assert best_line_words(TRIPEAKS, 2, 47, CARDS_LEFT).startswith(
        "A line that leaves the fewest cards, 2 cards: 47 moves from the deal's start.")
    assert working_best(CARDS_LEFT) == "Working out the fewest cards any line leaves…"
    assert has_best(TRIANGLE, CARDS_LEFT) and has_best(TRIPEAKS)
    assert words.scoring_name(CARDS_LEFT) == "Cards left" and words.scoring_name("classic") == "Classic"
    assert words.scoring_note(CARDS_LEFT) == (
        "the cards left in the peaks at the end: fewer is better, none for a win")
    assert TRIANGLE.words.scoring_note("classic") == "the cards removed, 52 for a win"
    assert words.scored_report(lost, 0, CARDS_LEFT).startswith("Cards left 28  Moves 0  (The waste shows ")
    assert words.scored_end(lost, "classic") == words.end(lost)
    assert winnable.best_clear is not None
    won = Game.from_moves(numbered_deal(1), None, winnable.best_clear.moves)
    assert words.scored_end(won.position, CARDS_LEFT) == "You cleared the peaks! No cards left in the peaks."
    assert words.scored_ending(won.position, CARDS_LEFT) == (
        "You cleared the peaks!", "No cards left in the peaks.")
    assert TRIANGLE.words.shown_records(CARDS_LEFT) == (
        "played", "won", "win_rate", "streak", "best_streak", "fewest_left", "fastest_win", "fewest_moves")


def test_the_line_to_the_fewest_is_watched_under_its_own_name() -> None:
    from tripeaks import TRIPEAKS, best_watch

    found = find_best(Position.start(numbered_deal(63), STRICT), CARDS_LEFT)
    watch = best_watch(TRIPEAKS, found.best, CARDS_LEFT)
    assert watch.kind == "fewest" and watch.title == "Watching a line that leaves the fewest cards"
    assert watch.moves == found.best.moves
    assert watch.text.startswith("A line that leaves the fewest cards, 18")
    assert best_watch(TRIPEAKS, found.best).title == "Watching a line to the best score"
