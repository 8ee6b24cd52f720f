"""Best scores: checked against a plain brute force over the rules' own positions, replayed by Game,
and never below a line the decision solver or a random player finds.

The brute force (:func:`brute_best`) shares nothing with the search in ``tripeaks/games/*/best.py``:
it tries every legal move through ``Position.after`` and remembers what each state it met can add.
It is exponential, so it runs on small positions: late in a random game (few layout cards left) with
the stock cut short, which the engine builds like any other position.
"""

from __future__ import annotations

import json
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pairs_support import small_talon

from tripeaks import (
    DECK,
    PYRAMID,
    STANDARD,
    STRICT,
    TRIANGLE,
    Card,
    Deal,
    Game,
    Move,
    Position,
    Rules,
    Solitaire,
    Status,
    TriPeaksPosition,
    numbered_deal,
    solve,
)
from tripeaks.base.generator import SplitMix64
from tripeaks.base.moves import MoveKind
from tripeaks.cli import main
from tripeaks.games.pyramid.rules import RELAXED
from tripeaks.kit.pairs.play import PairsPosition
from tripeaks.kit.pairs.solver import PairsSolver
from tripeaks.kit.solving import GiveUp
from tripeaks.model.answers import Best, Result
from tripeaks.services.best import BestSearch, find_best

# Brute force


def brute_best(position: Position, clear: bool = False) -> int | None:
    """The best score any line reaches from ``position`` (a line may stop anywhere), or, with
    ``clear``, the best final score of the winning lines (``None`` if none wins). Plain: every
    legal move through ``Position.after``, memoized on what the rules look at (the score is
    the sum of what each move adds, and what a move adds depends on the state only). With
    unlimited passes a line never makes more stock moves in a row than the stock and waste
    hold: that many come back to the same state, 5 points a move poorer."""
    unlimited = isinstance(position, TriPeaksPosition) and position.rules.passes is None
    memo: dict[object, int | None] = {}

    def key(p: Position, idle: int) -> object:
        stock = tuple(c.rank for c in p.stock)
        waste = tuple(c.rank for c in p.waste)
        if isinstance(p, PairsPosition):
            return (p.remaining, stock, tuple(p.waste), p.redeals)
        assert isinstance(p, TriPeaksPosition)
        return (p.remaining, stock, waste, p.resets, p.run, idle)

    def value(p: Position, idle: int) -> int | None:
        """The most a line adds from ``p`` (``None``: no winning line, with ``clear``)."""
        if p.status() is Status.WON:
            return 0
        k = key(p, idle)
        if k in memo:
            return memo[k]
        best = None if clear else 0
        ring = len(p.stock) + len(p.waste)
        for move in p.legal_moves():
            after_idle = 0 if move.kind is MoveKind.PLAY else idle + 1
            if unlimited and after_idle > ring:
                continue
            q = p.after(move)
            v = value(q, after_idle)
            if v is not None and (best is None or q.score - p.score + v > best):
                best = q.score - p.score + v
        memo[k] = best
        return best

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 5_000))
    try:
        v = value(position, 0)
    finally:
        sys.setrecursionlimit(limit)
    return None if v is None else position.score + v


def late(number: int, rules: Rules, left: int, stock: int, waste: int) -> TriPeaksPosition:
    """Deal ``number`` after random moves (mostly plays, else the stock) until at most ``left``
    layout cards are left, then its stock cut to ``stock`` cards and its waste to its top
    ``waste`` (the cards cut leave the game)."""
    rng = SplitMix64(number)
    p = Position.start(numbered_deal(number), rules)
    assert isinstance(p, TriPeaksPosition)
    while p.status() is Status.PLAYING and p.remaining.bit_count() > left:
        moves = p.legal_moves()
        plays = [m for m in moves if m.kind is MoveKind.PLAY]
        pick = plays if plays and rng.randbelow(4) else moves
        p = p.after(pick[rng.randbelow(len(pick))])
    return TriPeaksPosition(p.cards, p.stock[:stock], p.waste[max(len(p.waste) - waste, 0):],
                            rules, p.solitaire, p.remaining, p.resets, p.score, p.run)


def check(position: Position, found: Best) -> None:
    """The lines found replay to the scores claimed, the winning one wins, and best >= best clear."""
    for line in (found.best, found.best_clear):
        if line is None:
            continue
        p = position
        for move in line.moves:
            p = p.after(move)
        assert p.score == line.score
        if line is found.best_clear:
            assert p.status() is Status.WON
    if found.best_clear is not None:
        assert found.best_clear.score <= found.best.score


def agrees(position: Position) -> None:
    found = find_best(position)
    check(position, found)
    assert found.best.score == brute_best(position)
    assert (found.best_clear.score if found.best_clear else None) == brute_best(position, clear=True)


# Every rule set: (passes, wrap, empty waste); the reduced sizes keep the brute force quick
RULES = [
    Rules(passes=p, wrap=w, empty_waste=e)
    for p in (1, 2, 3, None) for w in (True, False) for e in (False, True)
]


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(
    number=st.integers(1, 2**31 - 1),
    rules=st.sampled_from(RULES),
    left=st.integers(4, 13),
    stock=st.integers(0, 6),
    waste=st.integers(1, 3),
)
@pytest.mark.no_cover
def test_best_is_the_brute_force_best(number: int, rules: Rules, left: int, stock: int, waste: int) -> None:
    if rules.resets is None:  # unlimited: the whole waste is in the state, and every turn of it
        left, stock, waste = min(left, 8), min(stock, 2), min(waste, 1)
    elif rules.resets:  # passes to come: the whole waste is in the state
        stock, waste = min(stock, 3), min(waste, 2)
    agrees(late(number, rules, left, stock, waste))


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
@pytest.mark.parametrize("rules", RULES, ids=[r.key for r in RULES])
def test_best_of_fixed_late_positions(rules: Rules) -> None:
    for number in (7919, 15838):
        if rules.resets is None:
            agrees(late(number, rules, 7, 2, 1))
        else:
            agrees(late(number, rules, 10, 4 if rules.resets == 0 else 3, 2))


@pytest.mark.no_cover
def test_an_empty_waste_at_the_start() -> None:
    """The empty-waste option's start: any free card first (the stock cut to 3 cards)."""
    rules = Rules(empty_waste=True)
    start = Position.start(numbered_deal(31), rules)
    assert isinstance(start, TriPeaksPosition)
    agrees(TriPeaksPosition(start.cards, start.stock[:3], (), rules, start.solitaire, start.remaining))


@pytest.mark.parametrize("rules", [Rules(passes=2, empty_waste=True), Rules(passes=None, empty_waste=True)],
                         ids=["2pass", "unlimited"])
def test_an_empty_waste_with_passes_to_come(rules: Rules) -> None:
    """An empty waste with passes still to come (the layout cut to a late game's)."""
    agrees(late(7919, rules, 8, 2 if rules.resets is None else 3, 0))


def test_a_run_under_way_counts() -> None:
    """In the middle of a run, the next card played scores the run's next value."""
    p = late(104729, STANDARD, 12, 5, 1)
    for _ in range(10):
        plays = [m for m in p.legal_moves() if m.kind is MoveKind.PLAY]
        if not plays:
            break
        p = p.after(plays[0])
    assert p.run >= 1
    agrees(p)


def test_a_game_over_is_its_own_best() -> None:
    deal = numbered_deal(1)
    clear = find_best(Position.start(deal)).best_clear
    assert clear is not None
    game = Game.from_moves(deal, None, clear.moves)
    found = find_best(game.position)
    assert found.best == found.best_clear == clear.__class__(game.score, ())
    lost = late(1, STRICT, 20, 0, 1)  # nothing left in the stock
    while lost.status() is Status.PLAYING:
        lost = lost.after(lost.legal_moves()[0])
    found = find_best(lost)
    assert found.best.moves == () and found.best.score == lost.score and found.best_clear is None


# Real deals: never below what the decision solver or a random player reaches

DEALS = [1, 2, 3, 5, 13]


@pytest.mark.no_cover
@pytest.mark.parametrize("number", DEALS)
def test_never_below_the_solver_or_a_random_player(number: int) -> None:
    deal = numbered_deal(number)
    position = Position.start(deal)
    found = find_best(position)
    check(position, found)
    for line in (found.best, found.best_clear):  # the one replay path: the game's own history
        assert line is not None
        assert Game.from_moves(deal, None, [m.notation for m in line.moves]).score == line.score
    answer = solve(position)
    if answer.won:
        assert found.best_clear is not None
        assert Game.from_moves(deal, None, answer.moves).score <= found.best_clear.score
    else:
        assert found.best_clear is None
    rng = SplitMix64(number)
    for _ in range(30):
        p = position
        best_seen = p.score
        while p.status() is Status.PLAYING:
            moves = p.legal_moves()
            plays = [m for m in moves if m.kind is MoveKind.PLAY]
            pick = plays if plays and rng.randbelow(3) else moves
            p = p.after(pick[rng.randbelow(len(pick))])
            best_seen = max(best_seen, p.score)
        assert best_seen <= found.best.score
        if p.status() is Status.WON:
            assert found.best_clear is not None and p.score <= found.best_clear.score


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
@pytest.mark.parametrize("rules", [STANDARD, Rules(passes=2)], ids=["standard", "2pass"])
def test_slices_give_the_same_answer(rules: Rules) -> None:
    position = Position.start(numbered_deal(2), rules)
    whole = find_best(position)
    search = BestSearch(position)
    steps = 0
    while (answer := search.step(seconds=0.002)) is None:
        steps += 1
    assert steps > 1 and search.done
    assert answer.best == whole.best
    assert answer.best_clear == whole.best_clear
    assert search.step(0.001) is answer


def test_a_game_without_a_search_is_refused() -> None:
    from tripeaks.model.solitaire import Solitaire

    class Plain(Solitaire):
        pass

    position = Position.start(numbered_deal(1))
    bare = Plain(**{f: getattr(position.solitaire, f) for f in (
        "id", "name", "aliases", "blurb", "layout", "rules_type", "rule_sets", "position", "words",
        "moves", "pairs", "seed_base", "make_solver")})
    fake = TriPeaksPosition(position.cards, position.stock, position.waste, position.rules, bare,
                            position.remaining)
    with pytest.raises(ValueError, match="no best-score search"):
        BestSearch(fake)


# Triangle: the score is the cards removed


def small_triangle(number: int, talon: int, removals: int, game: Solitaire = TRIANGLE,
                   rules: object = None) -> PairsPosition:
    """Triangle deal ``number`` (or ``game``'s, a game of pairs, under ``rules``) after ``removals``
    random removals (drawing when none), its talon cut to ``talon`` cards (the waste first)."""
    p = Position.start(numbered_deal(number, game), rules)
    assert isinstance(p, PairsPosition)
    return small_talon(p, SplitMix64(number), talon, removals)


@settings(max_examples=15)
@given(number=st.integers(1, 2**31 - 1), talon=st.integers(0, 7), removals=st.integers(0, 6))
def test_triangle_best_is_the_brute_force_best(number: int, talon: int, removals: int) -> None:
    agrees(small_triangle(number, talon, removals))


@pytest.mark.no_cover
@settings(max_examples=25)
@given(number=st.integers(1, 2**31 - 1), talon=st.integers(0, 7), removals=st.integers(6, 11),
       relaxed=st.booleans())
def test_pyramid_best_is_the_brute_force_best(number: int, talon: int, removals: int, relaxed: bool) -> None:
    """Under Relaxed Pyramid a line may do better to take talon cards before the pyramid's last card,
    which ends the game: the brute force sees every order."""
    agrees(small_triangle(number, talon, removals, PYRAMID, RELAXED if relaxed else None))


def test_relaxed_pyramids_best_winning_line_takes_talon_cards_before_the_last_pyramid_card() -> None:
    # The apex left alone, a king; the waste and stock hold a pair: taking the king first ends the game
    # with 49 cards removed, taking the pair first with 51 (and both are wins).
    cards = [Card.parse(c) for c in ["Kc", *(c.code for c in DECK if c.code not in ("Kc", "5d", "8h"))]]
    start = Position.start(Deal.from_cards([*cards[:28], Card.parse("5d"), Card.parse("8h"), *cards[28:]],
                                           PYRAMID), RELAXED)
    position = type(start)(tuple([start.cards[0], *[None] * 27]), start.stock[:1], start.waste, RELAXED,
                           PYRAMID, 1, 0)
    found = find_best(position)
    check(position, found)
    assert [m.notation for m in found.best_clear.moves] == ["8h+5d", "Kc"]  # type: ignore[union-attr]
    assert found.best.score == found.best_clear.score == 52  # type: ignore[union-attr]
    assert solve(position).moves == (Move.parse("Kc"),)  # the decision solver's line: the quickest win


def test_the_best_searchs_question_of_a_solver_keeps_to_its_own_time() -> None:
    """Whether a state can be won, asked by the best-score search of the solver it asked a whole deal
    in a slice that has ended: answered, not given up at that slice's end; asked with a time that runs
    out, it gives up, and asked again carries on to the same answer."""
    position = Position.start(numbered_deal(2, PYRAMID), RELAXED)
    assert isinstance(position, PairsPosition)
    asked = PairsSolver(position, layout_only=False)
    assert asked.solve(position, budget=None, seconds=0.0).result is Result.GAVE_UP  # the slice ended
    state = asked._state(position)
    assert asked.can_win(*state) is True
    paused = PairsSolver(position, layout_only=False)
    with pytest.raises(GiveUp):
        paused.can_win(*state, seconds=0.0)
    assert paused.can_win(*state) is True


@pytest.mark.no_cover
@settings(max_examples=10, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(number=st.integers(1, 2**31 - 1), talon=st.integers(10, 16), removals=st.integers(1, 4))
def test_pairs_best_in_slices_is_the_best_in_one_go(
    number: int, talon: int, removals: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Relaxed Pyramid, whose search asks two solvers: a clock that moves a millisecond at each look
    pauses it at nearly every look, wherever it is; it still gets further in every step (where it
    once paused over and over on its way back down), and the answer is the same."""
    position = small_triangle(number, talon, removals, PYRAMID, RELAXED)
    whole = find_best(position)
    clock = iter(range(1 << 62))
    with monkeypatch.context() as patched:
        patched.setattr("time.perf_counter", lambda: next(clock) / 1000)
        search = BestSearch(position)
        for _ in range(2_000):  # about 100 steps for a search of a second
            if (answer := search.step(0.001)) is not None:
                break
        else:
            pytest.fail("2,000 steps and the search is no further")
    assert (answer.best, answer.best_clear) == (whole.best, whole.best_clear)


def test_triangle_best_is_every_card_when_the_deal_can_be_won() -> None:
    seen = set()
    for number in (1, 3, 6, 9):  # (deal 2, lost, takes seconds: benchmarks/best.py --game triangle)
        deal = numbered_deal(number, TRIANGLE)
        position = Position.start(deal)
        found = find_best(position)
        check(position, found)
        won = solve(position).won
        seen.add(won)
        if won:
            assert found.best.score == found.best_clear.score == 52  # type: ignore[union-attr]
        else:
            assert found.best_clear is None and found.best.score < 52
            rng = SplitMix64(number)
            for _ in range(20):  # never below a random player
                p: Position = position
                while p.status() is Status.PLAYING:
                    moves = p.legal_moves()
                    p = p.after(moves[rng.randbelow(len(moves))])
                assert p.score <= found.best.score
    assert seen == {True, False}


# The words a player reads


def test_the_words_for_the_best_scores() -> None:
    position = Position.start(numbered_deal(1))
    found = find_best(position)
    words = position.solitaire.words
    assert words.best_score(found) == "The best score this deal allows: 88."
    assert words.best_clear_score(found) == "The best score of a line that clears the peaks: 88."
    assert words.compared(-12, found) == "Your score: -12 (the best possible: 88)."
    assert words.compared(88, found) == "Your score: 88, the best this deal allows."
    lost = Position.start(numbered_deal(8589933, TRIANGLE))
    found = find_best(lost)
    words = lost.solitaire.words
    assert words.best_score(found) == "The most cards this deal lets you remove: 44 of 52."
    assert words.best_clear_score(found) == "No line removes every card of this deal."
    assert words.compared(30, found) == "You removed 30 cards (the most possible: 44)."
    assert words.watch(clear=True) != words.watch(clear=False)


# The command line


def test_cli_best_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["best", "1", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert list(found) == ["best", "best_clear"]
    assert set(found["best"]) == {"score", "moves"}
    assert found["best"]["score"] == 88 and found["best_clear"]["score"] == 88
    game = Game.from_moves(numbered_deal(1), None, found["best"]["moves"])
    assert game.score == 88


@pytest.mark.no_cover
def test_cli_best_text_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    code = numbered_deal(8589933, TRIANGLE).code
    assert main(["best", code]) == 0
    out = capsys.readouterr().out
    assert out.startswith("best: 44 in ") and "best winning: none" in out
    assert main(["best", "2", "--rules", "strict", "--empty-waste", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    deal = Deal.parse(numbered_deal(2).code)
    game = Game.from_moves(deal, Rules(wrap=False, empty_waste=True), found["best"]["moves"])
    assert game.score == found["best"]["score"]
    assert main(["best", "3", "--game", "triangle", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    replayed = Game.from_moves(numbered_deal(3, TRIANGLE), None, found["best"]["moves"])
    assert found["best"]["score"] == replayed.score


def test_cli_best_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["best", "not-a-deal"]) == 2
    assert "deal" in capsys.readouterr().err.lower()
    assert main(["best", "0"]) == 2
    capsys.readouterr()
