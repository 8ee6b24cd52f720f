"""Solver benchmark: the committed 1,000 deals under Standard and Strict, on one core.

    python benchmarks/solver.py                 # fast solver, Standard and Strict
    python benchmarks/solver.py --shortest      # fewest-moves mode, Standard
    python benchmarks/solver.py --limit 100     # the first 100 deals only

Prints, per rule set: total, median, p95 and max seconds per deal, and states examined.
Every winning line is replayed by the engine's own Game and must clear the layout. The
same script runs inside Pyodide (see scripts/pyodide_bench.mjs) to compare with CPython.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks import STANDARD, STRICT, Deal, Game, Rules, Status
from tripeaks.solver import solve
from tripeaks.stats import percentile

DEALS = Path(__file__).with_name("deals-1000.txt")


def load_deals(limit: int | None) -> list[tuple[int, Deal]]:
    deals = []
    for line in DEALS.read_text().splitlines():
        if line and not line.startswith("#"):
            number, code = line.split(" ", 1)
            deals.append((int(number), Deal.parse(code)))
    return deals[:limit]


def run(name: str, rules: Rules, deals: list[tuple[int, Deal]], shortest: bool) -> dict[str, object]:
    seconds: list[float] = []
    nodes: list[float] = []
    results: dict[str, int] = {}
    started = time.perf_counter()
    for _, deal in deals:
        game = Game(deal, rules)
        answer = solve(game.position, rules, shortest=shortest)
        seconds.append(answer.seconds)
        nodes.append(float(answer.nodes))
        results[answer.result.value] = results.get(answer.result.value, 0) + 1
        if answer.won:
            for move in answer.moves:
                game.push(move)
            assert game.status is Status.WON, f"deal {deal.code}: the winning line does not win"
    wall = time.perf_counter() - started
    figures = {
        "rules": name,
        "shortest": shortest,
        "deals": len(deals),
        "results": results,
        "total_s": round(sum(seconds), 3),
        "median_s": round(percentile(seconds, 0.5), 5),
        "p95_s": round(percentile(seconds, 0.95), 5),
        "max_s": round(max(seconds), 4),
        "median_states": int(percentile(nodes, 0.5)),
        "max_states": int(max(nodes)),
        "wall_s": round(wall, 2),
    }
    mode = " fewest moves" if shortest else ""
    print(
        f"{name:9}{mode}: {len(deals)} deals in {figures['total_s']:.2f} s "
        f"(median {figures['median_s']:.4f} s, p95 {figures['p95_s']:.4f} s, "
        f"max {figures['max_s']:.3f} s); "
        f"states median {figures['median_states']:,}, max {figures['max_states']:,}; {results}",
        flush=True,
    )
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--limit", type=int, help="only the first N deals")
    parser.add_argument("--shortest", action="store_true", help="fewest-moves mode (Standard)")
    parser.add_argument("--rules", nargs="*", default=None, help="standard, strict (default both)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    deals = load_deals(args.limit)
    print(f"{platform.python_implementation()} {platform.python_version()} on {sys.platform}")
    names = args.rules or (["standard"] if args.shortest else ["standard", "strict"])
    sets = {"standard": STANDARD, "strict": STRICT}
    figures = [run(name, sets[name], deals, args.shortest) for name in names]
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
