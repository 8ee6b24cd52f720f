"""Review benchmark: how long the review of a lost game takes, as the page asks for it (against 3 s in Pyodide
for a game of 60 moves).

    python benchmarks/review.py                  # 20 lost games of each run
    python benchmarks/review.py --deals 5        # a quicker look
    python benchmarks/review.py --pyodide        # then the same in Pyodide, and the ratio
    node benchmarks/pyodide.mjs benchmarks/review.py --json out.json   # Pyodide alone

For each deal of benchmarks/deals-1000.txt (triangle-deals-1000.txt for Triangle, pyramid-deals-1000.txt for
Pyramid, numbered deals 1 to 1,000 for Golf), in order, a seeded random game is played to its end (random
legal moves, a play preferred to a draw or a turn of the waste with probability 0.8; the seed is the deal
number); the first ``--deals`` games lost with at least ``--moves`` moves are reviewed. The runs: TriPeaks
Standard and Strict (one pass: their lost games have at most 50 moves; the random player won all 200 Easy
games tried, its stock turning over without end, so Easy has no run), TriPeaks with two passes and no wrap
(``2 passes``), played by a player who prefers a play only 0.3 of the time (a random player wins most
games with two passes otherwise), lost in 80 to 99 moves, Triangle, whose lost games run to 50 to 70
moves, Pyramid's two rule sets (lost games of 40 to 75 moves) and Golf's three (a Golf game has at most
51 moves: 35 plays and 16 draws, so a run asked for more moves than that has no games and says so). Each
review starts from a fresh ``Game`` (its solver knows nothing, as after a page reload) and is worked out as
the page does, ``ReviewSearch(game).step(0.08)`` until it answers; the time is the wall time over those
calls (``time.perf_counter``).

Prints, per run: the games, their median moves, the median, p95 and max seconds of a review, the median
states, how many had a turning point and how many moves were left undecided; and beside them, what
solving every position of the game in turn (with one solver, no halving) takes instead. With
``--pyodide`` the same games are then reviewed inside Pyodide (benchmarks/pyodide.mjs, importing the same
source tree) and the ratio Pyodide/CPython of the medians and the max is printed per run.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from typing import Any

from elsewhere import in_pyodide, runtime  # this folder's, see its docstring

from benchmarks.solver import compare, engine_fingerprint, load_deals, warn_if_changed
from tripeaks import STANDARD, STRICT, TRIANGLE, TRIPEAKS, Game, MoveKind, Rules, Solitaire, Status, find_game
from tripeaks.kit.solving import collector_paused
from tripeaks.services.review import ReviewSearch
from tripeaks.services.stats import percentile

SLICE = 0.08
"""Seconds a slice, as the page's (web/background.py's SLICE_SECONDS)."""
RUNS: dict[str, tuple[Solitaire, Any, float]] = {
    "standard": (TRIPEAKS, STANDARD, 0.8),
    "strict": (TRIPEAKS, STRICT, 0.8),
    "2 passes": (TRIPEAKS, Rules(passes=2, wrap=False), 0.3),
    "triangle": (TRIANGLE, TRIANGLE.default_rules, 0.8),
    **{
        name: (find_game(game), find_game(game).rule_sets[rules], 0.8)
        for name, game, rules in (
            ("pyramid", "pyramid", "standard"),
            ("relaxed pyramid", "pyramid", "relaxed"),
            ("golf", "golf", "standard"),
            ("dead king golf", "golf", "strict"),
            ("relaxed golf", "golf", "relaxed"),
        )
    },
}
"""The runs by name: the game, its rules, and how often the player prefers a play to a draw."""


def lost_games(solitaire: Solitaire, rules: Any, plays: float, count: int, moves: int) -> list[Game]:
    """The first ``count`` games of the committed deals that a seeded random player, who prefers a play
    ``plays`` of the time, loses in ``moves`` moves or more."""
    found = []
    for number, deal in load_deals(None, solitaire):
        chooser = random.Random(number)
        game = Game(deal, rules)
        while game.status is Status.PLAYING:
            legal = game.legal_moves
            taking = [move for move in legal if move.kind is MoveKind.PLAY]
            play = taking and chooser.random() < plays
            game.push(chooser.choice(taking) if play else chooser.choice(legal))
        if game.status is Status.OUT_OF_MOVES and game.moves_made >= moves:
            found.append(game)
            if len(found) == count:
                break
    return found


def every_position(game: Game) -> float:
    """Seconds to solve every position of ``game`` in turn with its one solver (what the review's halving
    saves), from a solver that knows nothing yet."""
    started = time.perf_counter()
    with collector_paused():
        for position in game.positions:
            game.solver.solve(position)
    return time.perf_counter() - started


def run(name: str, count: int, moves: int) -> dict[str, object] | None:
    """The figures of one run, or ``None`` (said) when none of its games is lost in ``moves`` or more."""
    solitaire, rules, plays = RUNS[name]
    seconds: list[float] = []
    states: list[float] = []
    lengths: list[float] = []
    every: list[float] = []
    turning = undecided = 0
    for played in lost_games(solitaire, rules, plays, count, moves):
        game = Game.from_moves(played.deal, rules, played.moves)  # a solver that knows nothing yet
        search = ReviewSearch(game)
        started = time.perf_counter()
        while (found := search.step(SLICE)) is None:
            pass
        seconds.append(time.perf_counter() - started)
        states.append(float(found.nodes))
        lengths.append(float(len(found.moves)))
        turning += found.turning_point is not None
        undecided += len(found.undecided)
        every.append(every_position(Game.from_moves(played.deal, rules, played.moves)))
    if not seconds:
        print(f"{name:9}: no lost game of {moves} moves or more", flush=True)
        return None
    figures: dict[str, object] = {
        "run": name,
        "games": len(seconds),
        "median_moves": int(percentile(lengths, 0.5)),
        "median_s": round(percentile(seconds, 0.5), 4),
        "p95_s": round(percentile(seconds, 0.95), 4),
        "max_s": round(max(seconds), 4),
        "median_states": int(percentile(states, 0.5)),
        "every_median_s": round(percentile(every, 0.5), 4),
        "every_max_s": round(max(every), 4),
        "turning_points": turning,
        "undecided": undecided,
    }
    print(
        f"{name:9}: {len(seconds)} lost games, median {figures['median_moves']} moves; review median "
        f"{figures['median_s']:.4f} s, p95 {figures['p95_s']:.4f} s, max {figures['max_s']:.3f} s; states "
        f"median {figures['median_states']:,}; {turning} turning points, {undecided} moves undecided; "
        f"every position solved instead: median {figures['every_median_s']:.4f} s, "
        f"max {figures['every_max_s']:.3f} s",
        flush=True,
    )
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=20, help="lost games reviewed per run")
    parser.add_argument("--moves", type=int, default=0, help="only lost games of at least this many moves")
    parser.add_argument("--runs", nargs="*", choices=RUNS, default=None, help="default all")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--pyodide", action="store_true", help="then the same in Pyodide, and the ratio")
    args = parser.parse_args(argv)
    print(runtime(), flush=True)
    names = args.runs or list(RUNS)
    engine = engine_fingerprint()
    found = {name: run(name, args.deals, args.moves) for name in names}
    figures = [ran for ran in found.values() if ran is not None]
    names = [name for name, ran in found.items() if ran is not None]
    if args.pyodide:
        again = ["--runs", *names, "--deals", str(args.deals), "--moves", str(args.moves)]
        keys = [("median_s", "median"), ("max_s", "max"), ("every_median_s", "every position, median")]
        compare(figures, in_pyodide(Path(__file__), again), keys, lambda f: str(f["run"]))
        warn_if_changed(engine)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
