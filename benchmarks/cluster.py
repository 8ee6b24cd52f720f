"""Deals per second on a Dask LocalCluster of 2 workers against ``--jobs 2`` (a pool of 2 processes), side by
side in one run, on the same range.

    python benchmarks/cluster.py                         # TriPeaks Standard deals 1-400, 3 rounds
    python benchmarks/cluster.py --deals 1-2000 --rounds 1 --game triangle

Each round times both, in turn (the order swapped every round, as the shared machine's speed drifts): the
start (the pool's processes, or the LocalCluster's scheduler and worker processes), then the range solved as
``stats`` solves it (chunks handed out with a few in flight, each line taken as it comes back), then the
end. Prints each round's deals per second of the solving alone and of the whole (start and end included),
the medians, and whether both gave the same lines apart from timings. Needs the cluster extra
(``pip install 'tripeaks[cluster]'``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks.registry import find_game
from tripeaks.services.cluster import connect
from tripeaks.services.sweep import Processes, sweep


def timed(make: Callable[[], AbstractContextManager[Any]], numbers: range, game: Any, rules: Any
          ) -> tuple[float, float, dict[int, dict[str, Any]]]:
    """Seconds to solve the range, seconds in all with the start and end, the lines by deal."""
    lines: dict[int, dict[str, Any]] = {}

    def take(line: dict[str, Any]) -> None:
        lines[line["deal"]] = {k: v for k, v in line.items() if k != "seconds"}

    started = time.perf_counter()
    with make() as runner:
        solving = time.perf_counter()
        sweep(numbers, game, rules, runner, take)
        solved = time.perf_counter() - solving
    return solved, time.perf_counter() - started, lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-400", metavar="FIRST-LAST")
    parser.add_argument("--game", default="tripeaks")
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    first, _, last = args.deals.partition("-")
    numbers = range(int(first), int(last) + 1)
    game = find_game(args.game)
    rules = game.rules_named(args.rules)
    ways: dict[str, Callable[[], AbstractContextManager[Any]]] = {
        "--jobs 2": lambda: Processes(2),
        "--cluster local --jobs 2": lambda: connect("local", 2),
    }
    print(f"{game.name} {rules.label}, deals {numbers[0]}-{numbers[-1]} ({len(numbers)}), "
          f"{args.rounds} rounds, each way in turn")
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name in ways}
    seen: dict[str, dict[int, dict[str, Any]]] = {}
    for round_ in range(args.rounds):
        order = list(ways) if round_ % 2 == 0 else list(reversed(ways))
        for name in order:
            solved, whole, lines = timed(ways[name], numbers, game, rules)
            rates[name].append((len(numbers) / solved, len(numbers) / whole))
            seen[name] = lines
            print(f"  round {round_ + 1}, {name:26} {len(numbers) / solved:7.1f} deals/s solving"
                  f"   {len(numbers) / whole:7.1f} deals/s with start and end ({whole - solved:.1f} s)")
    print(f"{'median':10} {'solving':>12} {'with start and end':>20}")
    for name, figures in rates.items():
        print(f"{name:26} {statistics.median(f[0] for f in figures):7.1f} deals/s "
              f"{statistics.median(f[1] for f in figures):12.1f} deals/s")
    same = len({str(sorted(lines.items())) for lines in seen.values()}) == 1
    print("the same lines apart from timings:", "yes" if same else "NO")


if __name__ == "__main__":
    main()
