"""Hint and winnable-deal benchmark: what the page asks the engine for, against the browser's 0.2 s.

    python benchmarks/hints.py                          # 200 deals, 100 winnable searches; every rule set
    python benchmarks/hints.py --deals 50 --starts 20   # a quicker look
    python benchmarks/hints.py --pyodide                # then the same in Pyodide, and the ratio
    node benchmarks/pyodide.mjs benchmarks/hints.py --json out.json   # Pyodide alone

Hints: for each of the first ``--deals`` deals of benchmarks/deals-1000.txt (triangle-deals-1000.txt
for Triangle, pyramid-deals-1000.txt for Pyramid), under each rule set, a
seeded random game is played (random legal moves, a play preferred to a draw or reset with
probability 0.8; the seed is the deal number) and the positions after 0, 8, 16, 24 and 32 moves are
kept while the game is still in play. Each position is replayed into a fresh ``Game``, so the
solver knows nothing yet (as after a page reload), and ``game.hint(seconds=0.08)`` is called, as the
page does, until the answer is not ``thinking``: the time is the sum over those calls. Random play
loses most games, so many hints have to search back through the history for a position that can
still be won.

Winnable deals: ``next_winnable(start, rules)`` from ``--starts`` seeded random deal numbers (of the
rule set's game).

Prints, per rule set: the count, median, p95 and max seconds, the share under 0.2 s (the issue's
target: 95%), the kinds of hint given (or the deals skipped) and the slowest cases. Times are
``time.perf_counter``; ``time.process_time`` means little inside Pyodide. With ``--pyodide`` the
same positions and starts are then timed inside Pyodide (benchmarks/pyodide.mjs, importing the same
source tree) and the ratio Pyodide/CPython of the median and p95 is printed per rule set.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from typing import Any

from elsewhere import in_pyodide, runtime  # this folder's, see its docstring

from benchmarks.solver import GAME_OF, RULE_SETS, compare, engine_fingerprint, load_deals, warn_if_changed
from tripeaks import Deal, Game, Move, Status, next_winnable
from tripeaks.base.generator import MAX_DEAL
from tripeaks.services.stats import percentile

TARGET_SECONDS = 0.2
"""The issue's bound for a hint or a winnable deal in the browser (for 95% of positions)."""
SLICE_SECONDS = 0.08
"""How long each of the page's hint calls may work (web/app.py's SLICE_SECONDS)."""
CHECKPOINTS = (0, 8, 16, 24, 32)
PREFER_PLAY = 0.8
STARTS_SEED = 20_260_101


def random_game(number: int, deal: Deal, rules: Any) -> list[tuple[Move, ...]]:
    """The move lists that reach each checkpoint of deal ``number``'s seeded random game, in play."""
    choose = random.Random(number)
    game = Game(deal, rules)
    kept = []
    while True:
        if game.status is not Status.PLAYING:
            break
        if game.moves_made in CHECKPOINTS:
            kept.append(game.moves)
        if game.moves_made >= CHECKPOINTS[-1]:
            break
        legal = game.legal_moves
        plays = [move for move in legal if move.kind == "play"]
        others = [move for move in legal if move.kind != "play"]
        if plays and (not others or choose.random() < PREFER_PLAY):
            game.push(choose.choice(plays))
        else:
            game.push(choose.choice(others))
    return kept


def time_hint(deal: Deal, rules: Any, moves: tuple[Move, ...]) -> tuple[float, str, int]:
    """Seconds for a cold hint at the position ``moves`` reach, in the page's slices; its kind; calls."""
    game = Game(deal, rules)
    for move in moves:
        game.push(move)
    started = time.perf_counter()
    calls = 1
    answer = game.hint(seconds=SLICE_SECONDS)
    while answer.kind == "thinking":
        calls += 1
        answer = game.hint(seconds=SLICE_SECONDS)
    return time.perf_counter() - started, answer.kind, calls


def summary(what: str, rules: str, seconds: list[float]) -> dict[str, object]:
    return {
        "what": what,
        "rules": rules,
        "count": len(seconds),
        "total_s": round(sum(seconds), 3),
        "median_s": round(percentile(seconds, 0.5), 5),
        "p95_s": round(percentile(seconds, 0.95), 4),
        "max_s": round(max(seconds), 3),
        "under": round(sum(s < TARGET_SECONDS for s in seconds) / len(seconds), 4),
    }


def line(figures: dict[str, object]) -> str:
    return (
        f"{figures['what']:8} {figures['rules']:9}: {figures['count']} in {figures['total_s']:.2f} s "
        f"(median {figures['median_s']:.4f} s, p95 {figures['p95_s']:.4f} s, max {figures['max_s']:.3f} s); "
        f"{figures['under']:.1%} under {TARGET_SECONDS} s"
    )


def hints(name: str, rules: Any, deals: list[tuple[int, Deal]]) -> dict[str, object]:
    timed: list[tuple[float, int, int, str, int]] = []  # seconds, deal number, moves, kind, calls
    digest = hashlib.sha256()
    for number, deal in deals:
        for moves in random_game(number, deal, rules):
            digest.update(" ".join(move.notation for move in moves).encode() + b"\n")
            seconds, kind, calls = time_hint(deal, rules, moves)
            timed.append((seconds, number, len(moves), kind, calls))
    figures = summary("hints", name, [t[0] for t in timed])
    kinds = Counter(t[3] for t in timed)
    figures["kinds"] = dict(kinds.most_common())
    ranked = sorted(timed, reverse=True)[:5]
    figures["slowest"] = [
        {"deal": number, "moves": moves, "seconds": round(seconds, 3), "kind": kind, "calls": calls}
        for seconds, number, moves, kind, calls in ranked
    ]
    # The same positions in both runs, or the ratio means nothing: compared by this digest.
    figures["positions"] = digest.hexdigest()[:12]
    slowest = ", ".join(
        f"deal {number} after {moves} moves {seconds:.2f} s ({kind})"
        for seconds, number, moves, kind, _ in ranked[:3]
    )
    print(f"{line(figures)}; {dict(kinds.most_common())}\n{'':20}slowest: {slowest}", flush=True)
    return figures


def winnable(name: str, rules: Any, starts: list[int]) -> dict[str, object]:
    timed: list[tuple[float, int, int]] = []  # seconds, start, deals skipped
    for start in starts:
        started = time.perf_counter()
        found = next_winnable(start, rules, solitaire=GAME_OF[name])
        timed.append((time.perf_counter() - started, start, found - start))
    figures = summary("winnable", name, [t[0] for t in timed])
    figures["skipped"] = sum(t[2] for t in timed)
    ranked = sorted(timed, reverse=True)[:5]
    figures["slowest"] = [
        {"start": start, "skipped": skipped, "seconds": round(seconds, 3)}
        for seconds, start, skipped in ranked
    ]
    slowest = ", ".join(
        f"from {start} ({skipped} skipped) {seconds:.2f} s" for seconds, start, skipped in ranked[:3]
    )
    print(
        f"{line(figures)}; deals skipped in all: {figures['skipped']}\n{'':20}slowest: {slowest}", flush=True
    )
    return figures


def run_name(figures: dict[str, object]) -> str:
    return f"{figures['what']} {figures['rules']}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=200, help="hints on the first N deals (default 200)")
    parser.add_argument("--starts", type=int, default=100, help="winnable searches (default 100)")
    parser.add_argument(
        "--rules", nargs="*", choices=RULE_SETS, default=None,
        help=f"{', '.join(RULE_SETS)} (default all)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--pyodide", action="store_true", help="then the same in Pyodide, and the ratio")
    args = parser.parse_args(argv)
    print(runtime(), flush=True)
    names = args.rules or list(RULE_SETS)
    choose = random.Random(STARTS_SEED)
    # The page starts at most 10,000 deals before the last, as here.
    starts = [choose.randint(1, MAX_DEAL - 10_000) for _ in range(args.starts)]
    engine = engine_fingerprint()
    figures = []
    for name in names:
        deals = load_deals(args.deals, GAME_OF[name])
        if deals:
            figures.append(hints(name, RULE_SETS[name], deals))
        if starts:
            figures.append(winnable(name, RULE_SETS[name], starts))
    if args.pyodide:
        again = ["--deals", str(args.deals), "--starts", str(args.starts), "--rules", *names]
        theirs = in_pyodide(Path(__file__), again)
        for ours, other in zip(figures, theirs, strict=True):
            if ours.get("positions") != other.get("positions"):
                print(f"warning: {run_name(ours)}: Pyodide's random games differ from CPython's")
        keys = [("median_s", "median"), ("p95_s", "p95")]
        compare(figures, theirs, keys, run_name)
        warn_if_changed(engine)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
