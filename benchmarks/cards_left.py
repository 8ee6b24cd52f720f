"""Cards-left benchmark: the fewest cards any line leaves, on numbered deals the solver proves lost (the hard
case: a winnable deal leaves none, and the decision solver's line says so at once), on one core.

    python benchmarks/cards_left.py                       # the first 100 unwinnable Strict TriPeaks deals
    python benchmarks/cards_left.py --count 20            # the first 20
    python benchmarks/cards_left.py --rules standard      # another rule set: standard, strict, easy, 2pass
    python benchmarks/cards_left.py --game triangle       # Triangle's first 100 unwinnable deals
    python benchmarks/cards_left.py --generic 10          # also the kit's search (every game's) on 10 of them
    python benchmarks/cards_left.py --slice 12            # also in 12 ms slices, as the page runs it
    python benchmarks/cards_left.py --pyodide             # then the same in Pyodide on Node, and the ratio
    node benchmarks/pyodide.mjs benchmarks/cards_left.py --count 20 --json out.json   # Pyodide alone

The deals are found first (every numbered deal from 1 the decision solver proves lost, until COUNT): that
time is printed apart. Then each deal's search (``BestSearch(position, "cards-left")``, the game's own
hook, with the decision solver it asks first) runs to the end: per deal the search's own time (its
``seconds``, from ``time.perf_counter``) and CPU time, median, p95 and max, the states examined, and how
many cards the deals leave. Every line found is replayed by the engine's Game and must leave exactly the
cards claimed; with ``--generic`` the kit's search must find the same number on every deal.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks import EASY, STANDARD, STRICT, Game, Position, Rules, find_game, numbered_deal, solve
from tripeaks.kit.cards_left import CardsLeftLines
from tripeaks.model.answers import Result
from tripeaks.services.best import BestSearch
from tripeaks.services.stats import percentile

PYODIDE = Path(__file__).with_name("pyodide.mjs")
RULE_SETS = {"standard": STANDARD, "strict": STRICT, "easy": EASY, "2pass": Rules(passes=2)}


def runtime() -> str:
    if sys.platform == "emscripten":
        return f"Pyodide (CPython {platform.python_version()} on emscripten)"
    return f"{platform.python_implementation()} {platform.python_version()} on {sys.platform}"


def lost_deals(game: str, rules: object, count: int) -> list[int]:
    """The first ``count`` numbered deals of ``game`` the decision solver proves lost under ``rules``."""
    solitaire = find_game(game)
    found: list[int] = []
    number = 0
    while len(found) < count:
        number += 1
        answer = solve(Position.start(numbered_deal(number, solitaire), rules), budget=None)
        if answer.result is Result.LOST:
            found.append(number)
    return found


Searched = tuple[int, tuple[object, ...], float, int, float, float]


def search(position: Position, generic: bool, slice_ms: float) -> Searched:
    """One deal's search to the end: the fewest cards left, the line, its seconds, states and longest
    slice in wall and in CPU seconds (0 unsliced)."""
    if generic:
        kit = CardsLeftLines(position)
        started = time.perf_counter()
        while (found := kit.step(None)) is None:
            pass
        return found[0].score, found[0].moves, time.perf_counter() - started, kit.nodes, 0.0, 0.0
    best = BestSearch(position, "cards-left")
    longest = longest_cpu = 0.0
    while True:
        started, before = time.perf_counter(), time.process_time()
        answer = best.step(slice_ms / 1000 if slice_ms else None)
        longest = max(longest, time.perf_counter() - started)
        longest_cpu = max(longest_cpu, time.process_time() - before)
        if answer is not None:
            if not slice_ms:
                longest = longest_cpu = 0.0
            return answer.best.score, answer.best.moves, answer.seconds, answer.nodes, longest, longest_cpu


def run(name: str, game: str, rules: object, numbers: list[int], generic: bool = False,
        slice_ms: float = 0) -> dict[str, object]:
    solitaire = find_game(game)
    seconds: list[float] = []
    cpus: list[float] = []
    nodes: list[float] = []
    slices: list[float] = []
    cpu_slices: list[float] = []
    left: dict[int, int] = {}
    slowest = (0.0, 0)
    for number in numbers:
        deal = numbered_deal(number, solitaire)
        position = Position.start(deal, rules)
        before = time.process_time()
        fewest, moves, wall, states, longest, longest_cpu = search(position, generic, slice_ms)
        cpus.append(time.process_time() - before)
        seconds.append(wall)
        nodes.append(float(states))
        slices.append(longest)
        cpu_slices.append(longest_cpu)
        left[number] = fewest
        slowest = max(slowest, (wall, number))
        played = Game.from_moves(deal, rules, moves)  # type: ignore[arg-type]
        assert played.position.layout_left == fewest, f"deal {number}: the line leaves another number"
    counts = Counter(left.values())
    figures: dict[str, object] = {
        "search": name, "deals": len(numbers), "total_s": round(sum(seconds), 3),
        "median_s": round(percentile(seconds, 0.5), 5), "p95_s": round(percentile(seconds, 0.95), 5),
        "max_s": round(max(seconds), 4), "slowest_deal": slowest[1],
        "cpu_median_s": round(percentile(cpus, 0.5), 5), "cpu_p95_s": round(percentile(cpus, 0.95), 5),
        "cpu_max_s": round(max(cpus), 4), "median_states": int(percentile(nodes, 0.5)),
        "max_states": int(max(nodes)), "left": {str(k): v for k, v in left.items()},
    }
    shares = ", ".join(f"{k} on {counts[k]}" for k in sorted(counts))
    print(f"{name:12}: {len(numbers)} deals in {figures['total_s']:.2f} s "
          f"(median {figures['median_s']:.4f} s, p95 {figures['p95_s']:.4f} s, "
          f"max {figures['max_s']:.3f} s on deal {slowest[1]}); CPU per deal "
          f"median {figures['cpu_median_s']:.4f} s, p95 {figures['cpu_p95_s']:.4f} s, max "
          f"{figures['cpu_max_s']:.3f} s; states median {figures['median_states']:,}, max "
          f"{figures['max_states']:,}", flush=True)
    print(f"{'':12}  fewest cards left: {shares}", flush=True)
    if slice_ms:
        figures.update({"slice_ms": slice_ms, "slice_median_ms": round(percentile(slices, 0.5) * 1000, 2),
                        "slice_max_ms": round(max(slices) * 1000, 2),
                        "slice_cpu_median_ms": round(percentile(cpu_slices, 0.5) * 1000, 2),
                        "slice_cpu_max_ms": round(max(cpu_slices) * 1000, 2)})
        print(f"{'':12}  in {slice_ms:g} ms slices, each deal's longest: "
              f"median {figures['slice_median_ms']} ms, max {figures['slice_max_ms']} ms (CPU median "
              f"{figures['slice_cpu_median_ms']} ms, max {figures['slice_cpu_max_ms']} ms)", flush=True)
    return figures


def in_pyodide(argv: list[str]) -> list[dict[str, object]]:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("--pyodide needs Node (and `npm ci` for node_modules/pyodide)")
    print("-- the same in Pyodide --", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([node, str(PYODIDE), str(Path(__file__)), *argv, "--json", "figures.json"],
                       cwd=folder, check=True)
        figures: list[dict[str, object]] = json.loads(Path(folder, "figures.json").read_text())
        return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=["tripeaks", "triangle"], default="tripeaks")
    parser.add_argument("--rules", choices=sorted(RULE_SETS), default="strict", help="TriPeaks' rule set")
    parser.add_argument("--count", type=int, default=100, help="unwinnable deals to search (default 100)")
    parser.add_argument("--generic", type=int, default=0, metavar="N",
                        help="also the kit's search for every game, on the first N deals, side by side")
    parser.add_argument("--slice", type=float, default=0, metavar="MS", help="search in slices of MS ms")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--pyodide", action="store_true", help="then the same in Pyodide, and the ratio")
    args = parser.parse_args(argv)
    game = find_game(args.game)
    rules = RULE_SETS[args.rules] if game.id == "tripeaks" else game.default_rules
    print(runtime(), flush=True)
    started = time.perf_counter()
    numbers = lost_deals(game.id, rules, args.count)
    print(f"{game.name} {rules.label}: the first {len(numbers)} deals proved lost are deals {numbers[0]} to "
          f"{numbers[-1]} (found in {time.perf_counter() - started:.2f} s)", flush=True)
    figures = [run("game's own", game.id, rules, numbers, slice_ms=args.slice)]
    if args.generic:
        kit = run("kit's", game.id, rules, numbers[:args.generic], generic=True)
        own, theirs = figures[0]["left"], kit["left"]
        assert isinstance(own, dict) and isinstance(theirs, dict)
        assert all(own[k] == v for k, v in theirs.items()), "the two searches disagree"
        figures.append(kit)
    if args.pyodide:
        again = ["--game", game.id, "--rules", args.rules, "--count", str(args.count)]
        if args.slice:
            again += ["--slice", str(args.slice)]
        for ours, theirs in zip(figures, in_pyodide(again), strict=False):
            ratios = {key: round(float(theirs[key]) / float(ours[key]), 2)  # type: ignore[arg-type]
                      for key in ("median_s", "p95_s", "max_s") if ours[key]}
            print(f"{ours['search']:12}: Pyodide/CPython {ratios}", flush=True)
            ours["pyodide"] = theirs
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
