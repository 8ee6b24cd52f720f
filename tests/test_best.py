"""Best scores: checked against a plain brute force over the rules' own positions, replayed by Game,
and never below a line the decision solver or a random player finds."""

from __future__ import annotations

import json
import sys

import pytest

from tripeaks import (
    EASY,
    STANDARD,
    STRICT,
    TRIANGLE,
    Deal,
    Game,
    Move,
    Position,
    Rules,
    Status,
    TrianglePosition,
    TriPeaksPosition,
    numbered_deal,
    solve,
)
from tripeaks.cli import main
from tripeaks.moves import MoveKind
from tripeaks.numbered import SplitMix64
from tripeaks.search.best import Best, BestSearch, find_best


def brute_best(position: Position, clear: bool = False) -> int | None:
    """The best final score by trying every line (memoized on the state the rules see), or, with
    ``clear``, the best of the winning lines (``None`` if none wins). Plain: single moves through
    ``Position.after``, nothing of the engine's search. With unlimited passes a line never draws
    a whole round of the waste and stock in a row (that comes back to the same state, 5 points
    a card poorer), which keeps the search finite."""
    unlimited = isinstance(position, TriPeaksPosition) and position.rules.passes is None
    memo: dict[object, int | None] = {}

    def key(p: Position, idle: int) -> object:
        stock = tuple(c.rank for c in p.stock)
        if isinstance(p, TrianglePosition):
            return (p.remaining, stock, tuple(c.rank for c in p.waste), p.redeals)
        assert isinstance(p, TriPeaksPosition)
        if unlimited:
            return (p.remaining, stock, tuple(c.rank for c in p.waste), p.run, idle)
        if p.resets == p.rules.resets:  # the last pass: the waste below its top is dead
            return (p.remaining, stock, p.waste[-1].rank if p.waste else None, p.run)
        return (p.remaining, stock, tuple(c.rank for c in p.waste), p.resets, p.run)

    def value(p: Position, idle: int) -> int | None:
        """The best a line adds from ``p`` (``None``: no winning line, with ``clear``)."""
        status = p.status()
        if status is Status.WON:
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
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        v = value(position, 0)
    finally:
        sys.setrecursionlimit(limit)
    return None if v is None else position.score + v


def reduced(number: int, rules: Rules, stock: int, waste: int, plays: int, seed: int) -> TriPeaksPosition:
    """A small position: deal ``number`` after ``plays`` random plays (drawing when none plays),
    its stock cut to ``stock`` cards and its waste to its top ``waste`` (0: empty); the cards cut
    away leave the game."""
    rng = SplitMix64(seed)
    p = Position.start(numbered_deal(number), rules)
    assert isinstance(p, TriPeaksPosition)
    for _ in range(plays):
        moves = [m for m in p.legal_moves() if m.kind is MoveKind.PLAY]
        if not moves:
            if not p.stock:
                break
            moves = [Move.parse("draw")]
        p = p.after(moves[rng.randbelow(len(moves))])
    return TriPeaksPosition(p.cards, p.stock[:stock], p.waste[len(p.waste) - waste:] if waste else (),
                            rules, p.solitaire, p.remaining, 0, p.score, p.run)


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


CASES = [
    # (name, rules, stock, waste, plays)
    ("standard", STANDARD, 6, 1, 8),
    ("strict", STRICT, 6, 2, 8),
    ("empty waste", Rules(empty_waste=True), 6, 0, 8),
    ("two passes", Rules(passes=2), 3, 2, 12),
    ("three passes", Rules(passes=3, wrap=False), 3, 1, 12),
    ("two passes, empty waste", Rules(passes=2, empty_waste=True), 3, 0, 12),
    ("unlimited", EASY, 3, 2, 12),
    ("unlimited, empty waste", Rules(passes=None, empty_waste=True), 3, 0, 12),
]


@pytest.mark.parametrize(("name", "rules", "stock", "waste", "plays"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("number", [7919, 15838, 23757, 31676])
def test_best_is_the_brute_force_best(
    name: str, rules: Rules, stock: int, waste: int, plays: int, number: int
) -> None:
    position = reduced(number, rules, stock, waste, plays, number)
    if position.status() is not Status.PLAYING:
        pytest.skip("the position is over")
    found = find_best(position)
    assert found.best.score == brute_best(position)
    clear = brute_best(position, clear=True)
    assert (found.best_clear.score if found.best_clear else None) == clear
    check(position, found)


@pytest.mark.parametrize("rules", [STANDARD, STRICT, Rules(empty_waste=True)], ids=["standard", "strict", "empty"])
def test_best_of_late_positions_is_the_brute_force_best(rules: Rules) -> None:
    """Real positions late in a game, the stock uncut: after 14 draws and some plays."""
    for number in (3, 5, 8):
        rng = SplitMix64(number)
        p = Position.start(numbered_deal(number), rules)
        for _ in range(24):
            plays = [m for m in p.legal_moves() if m.kind is MoveKind.PLAY]
            if plays and rng.randbelow(2):
                p = p.after(plays[rng.randbelow(len(plays))])
            elif p.stock and len(p.stock) > 9:
                p = p.after(Move.parse("draw"))
        if p.status() is not Status.PLAYING:
            continue
        found = find_best(p)
        assert found.best.score == brute_best(p)
        assert (found.best_clear.score if found.best_clear else None) == brute_best(p, clear=True)
        check(p, found)


def test_a_run_under_way_counts() -> None:
    """From a position in the middle of a run, the next card played scores the run's next value."""
    game = Game(numbered_deal(1))
    position = game.position
    for _ in range(3):  # play a run of the first playable cards
        plays = [m for m in position.legal_moves() if m.kind is MoveKind.PLAY]
        if not plays:
            break
        position = position.after(plays[0])
    assert isinstance(position, TriPeaksPosition)
    found = find_best(position)
    check(position, found)
    small = TriPeaksPosition(position.cards, position.stock[:4], position.waste, position.rules,
                             position.solitaire, position.remaining, 0, position.score, position.run)
    assert find_best(small).best.score == brute_best(small)


DEALS = [1, 2, 3, 4, 5, 8, 13, 21]


@pytest.mark.parametrize("number", DEALS)
def test_never_below_the_solver_or_a_random_player(number: int) -> None:
    position = Position.start(numbered_deal(number))
    found = find_best(position)
    check(position, found)
    answer = solve(position)
    if answer.won:
        assert found.best_clear is not None
        game = Game.from_moves(numbered_deal(number), None, answer.moves)
        assert game.score <= found.best_clear.score
    else:
        assert found.best_clear is None
    rng = SplitMix64(number)
    for _ in range(40):
        p = position
        best_seen = p.score
        while p.status() is Status.PLAYING:
            moves = p.legal_moves()
            p = p.after(moves[rng.randbelow(len(moves))])
            best_seen = max(best_seen, p.score)
        assert best_seen <= found.best.score
        if p.status() is Status.WON:
            assert found.best_clear is not None and p.score <= found.best_clear.score


def test_lines_replay_through_game() -> None:
    deal = numbered_deal(4)
    found = find_best(Position.start(deal))
    for line in (found.best, found.best_clear):
        assert line is not None
        game = Game.from_moves(deal, None, [m.notation for m in line.moves])
        assert game.score == line.score
    assert Game.from_moves(deal, None, found.best_clear.moves).status is Status.WON  # type: ignore[union-attr]


@pytest.mark.parametrize("rules", [STANDARD, Rules(passes=2)], ids=["standard", "two passes"])
def test_slices_give_the_same_answer(rules: Rules) -> None:
    position = Position.start(numbered_deal(4), rules)
    whole = find_best(position)
    search = BestSearch(position)
    steps = 0
    while (answer := search.step(seconds=0.005)) is None:
        steps += 1
    assert steps > 1
    assert answer.best == whole.best
    assert answer.best_clear == whole.best_clear


def test_a_game_over_is_its_own_best() -> None:
    deal = numbered_deal(1)
    game = Game.from_moves(deal, None, find_best(Position.start(deal)).best_clear.moves)  # type: ignore[union-attr]
    found = find_best(game.position)
    assert found.best.score == found.best_clear.score == game.score  # type: ignore[union-attr]
    assert found.best.moves == ()


# Triangle: the score is the cards removed


def small_triangle(number: int, talon: int, removals: int) -> TrianglePosition:
    """Triangle deal ``number`` after ``removals`` random removals (drawing when none), its talon
    cut to ``talon`` cards (the waste first)."""
    rng = SplitMix64(number)
    p = Position.start(numbered_deal(number, TRIANGLE))
    assert isinstance(p, TrianglePosition)
    for _ in range(removals):
        moves = [m for m in p.legal_moves() if m.kind is MoveKind.PLAY]
        if not moves:
            if not p.stock:
                break
            moves = [Move.parse("draw")]
        p = p.after(moves[rng.randbelow(len(moves))])
    cards = (*p.waste, *p.stock)[:talon]
    waste = cards[: min(len(p.waste), talon)]
    return TrianglePosition(p.cards, cards[len(waste):], waste, p.rules, p.solitaire, p.remaining, p.redeals)


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 6])
def test_triangle_best_is_the_brute_force_best(number: int) -> None:
    position = small_triangle(number, 8, 3)
    found = find_best(position)
    check(position, found)
    assert found.best.score == brute_best(position)
    clear = brute_best(position, clear=True)
    assert (found.best_clear.score if found.best_clear else None) == clear


def test_triangle_best_is_every_card_when_the_deal_can_be_won() -> None:
    for number in range(1, 12):
        deal = numbered_deal(number, TRIANGLE)
        position = Position.start(deal)
        found = find_best(position)
        check(position, found)
        if solve(position).won:
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


# The command line


def test_cli_best_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["best", "1", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert set(found) == {"best", "best_clear"}
    assert found["best"]["score"] == 88 and found["best_clear"]["score"] == 88
    game = Game.from_moves(numbered_deal(1), None, found["best"]["moves"])
    assert game.score == 88


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
