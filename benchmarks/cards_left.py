"""Cards-left benchmark: the fewest cards any line leaves, on numbered deals the solver proves lost (the hard
case: a winnable deal leaves none, and the decision solver's line says so at once), on one core.

    python benchmarks/cards_left.py                       # the first 100 unwinnable Strict TriPeaks deals
    python benchmarks/cards_left.py --count 20            # the first 20
    python benchmarks/cards_left.py --rules standard      # another rule set: standard, strict, easy, 2pass
    python benchmarks/cards_left.py --game triangle       # Triangle's first 100 unwinnable deals
    python benchmarks/cards_left.py --game pyramid --rules relaxed   # Pyramid's (standard, relaxed)
    python benchmarks/cards_left.py --game golf --rules strict       # Golf's (standard, strict, relaxed)
    python benchmarks/cards_left.py --generic 10          # also the kit's search (every game's) on 10 of them
    python benchmarks/cards_left.py --slice 12            # also in 12 ms slices, as the page runs it
    python benchmarks/cards_left.py --pyodide             # then the same in Pyodide on Node, and the ratio
    python benchmarks/cards_left.py --game pyramid --compare /tmp/old --cap 20   # and another checkout's
    node benchmarks/pyodide.mjs benchmarks/cards_left.py --count 20 --json out.json   # Pyodide alone

The deals are found first (every numbered deal from 1 the decision solver proves lost, until COUNT): that
time is printed apart. Then each deal's search (``BestSearch(position, "cards-left")``, the game's own
hook, with the decision solver it asks first) runs to the end: per deal the search's own time (its
``seconds``, from ``time.perf_counter``) and CPU time, median, p95 and max, the states examined, and how
many cards the deals leave. Every line found is replayed by the engine's Game and must leave exactly the
cards claimed; with ``--generic`` the kit's search must find the same number on every deal.

With ``--compare DIR`` the same deals are then searched, in this same invocation, by the engine of another
checkout (say ``git worktree add /tmp/old main``: its ``tripeaks/``, run by this script in a process of
its own), its figures printed beside these with the ratio new/old of the CPU median, p95 and max, and the
fewest cards left must agree on every deal both finished. ``--cap SECONDS`` stops a deal's search after
that many seconds of CPU (in one-second slices): it is counted at the cap, its answer unknown (for an engine
whose search of a game takes minutes a deal).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

# The engine this run imports: this checkout's, or (for --compare) that of ``--engine DIR``.
sys.path.insert(0, str(
    Path(sys.argv[sys.argv.index("--engine") + 1]).resolve() if "--engine" in sys.argv
    else Path(__file__).resolve().parent.parent
))

from elsewhere import (  # this folder's, see its docstring
    agreeing,
    cpu_words,
    in_pyodide,
    runtime,
    with_engine,
)

from tripeaks import EASY, STANDARD, STRICT, Game, Position, Rules, find_game, numbered_deal, solve
from tripeaks.kit.cards_left import CardsLeftLines
from tripeaks.model.answers import Result
from tripeaks.services.best import BestSearch
from tripeaks.services.stats import percentile

RULE_SETS = {"standard": STANDARD, "strict": STRICT, "easy": EASY, "2pass": Rules(passes=2)}
"""TriPeaks' rule sets by key (every other game's are its own keys)."""
GAMES = ("tripeaks", "triangle", "pyramid", "golf")


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


Searched = tuple[int | None, tuple[object, ...], float, int, float, float]


def search(position: Position, generic: bool, slice_ms: float, cap: float = 0) -> Searched:
    """One deal's search to the end: the fewest cards left, the line, its seconds, states and longest
    slice in wall and in CPU seconds (0 unsliced). With ``cap``, a search still going after ``cap``
    seconds of CPU is stopped: its fewest is ``None``."""
    if generic:
        kit = CardsLeftLines(position)
        started = time.perf_counter()
        while (found := kit.step(None)) is None:
            pass
        return found[0].score, found[0].moves, time.perf_counter() - started, kit.nodes, 0.0, 0.0
    best = BestSearch(position, "cards-left")
    longest = longest_cpu = 0.0
    first = time.process_time()
    step = slice_ms / 1000 if slice_ms else 1.0 if cap else None
    while True:
        started, before = time.perf_counter(), time.process_time()
        answer = best.step(step)
        longest = max(longest, time.perf_counter() - started)
        longest_cpu = max(longest_cpu, time.process_time() - before)
        if answer is not None:
            if not slice_ms:
                longest = longest_cpu = 0.0
            return answer.best.score, answer.best.moves, answer.seconds, answer.nodes, longest, longest_cpu
        if cap and time.process_time() - first > cap:
            return None, (), time.process_time() - first, best.nodes, 0.0, 0.0


def run(name: str, game: str, rules: object, numbers: list[int], generic: bool = False,
        slice_ms: float = 0, cap: float = 0) -> dict[str, object]:
    solitaire = find_game(game)
    seconds: list[float] = []
    cpus: list[float] = []
    nodes: list[float] = []
    slices: list[float] = []
    cpu_slices: list[float] = []
    left: dict[int, int | None] = {}
    slowest = (0.0, 0)
    for number in numbers:
        deal = numbered_deal(number, solitaire)
        position = Position.start(deal, rules)
        before = time.process_time()
        fewest, moves, wall, states, longest, longest_cpu = search(position, generic, slice_ms, cap)
        cpus.append(time.process_time() - before)
        seconds.append(wall)
        nodes.append(float(states))
        slices.append(longest)
        cpu_slices.append(longest_cpu)
        left[number] = fewest
        slowest = max(slowest, (cpus[-1], number))
        if fewest is not None:
            played = Game.from_moves(deal, rules, moves)  # type: ignore[arg-type]
            assert played.position.layout_left == fewest, f"deal {number}: the line leaves another number"
    counts = Counter(left.values())
    capped = counts.pop(None, 0)
    figures: dict[str, object] = {
        "search": name, "deals": len(numbers), "total_s": round(sum(seconds), 3),
        "median_s": round(percentile(seconds, 0.5), 5), "p95_s": round(percentile(seconds, 0.95), 5),
        "max_s": round(max(seconds), 4), "slowest_deal": slowest[1], "cpu_total_s": round(sum(cpus), 3),
        "cpu_median_s": round(percentile(cpus, 0.5), 5), "cpu_p95_s": round(percentile(cpus, 0.95), 5),
        "cpu_max_s": round(max(cpus), 4), "median_states": int(percentile(nodes, 0.5)),
        "max_states": int(max(nodes)), "capped": capped, "left": {str(k): v for k, v in left.items()},
    }
    shares = ", ".join(f"{k} on {counts[k]}" for k in sorted(counts))
    over = f"; {capped} stopped at the cap of {cap:g} s" if capped else ""
    print(f"{name:12}: {len(numbers)} deals in {figures['total_s']:.2f} s "
          f"(CPU {figures['cpu_total_s']:.2f} s; median {figures['median_s']:.4f} s, "
          f"p95 {figures['p95_s']:.4f} s, max {figures['max_s']:.3f} s); CPU per deal "
          f"median {figures['cpu_median_s']:.4f} s, p95 {figures['cpu_p95_s']:.4f} s, max "
          f"{figures['cpu_max_s']:.3f} s on deal {slowest[1]}; states median "
          f"{figures['median_states']:,}, max {figures['max_states']:,}{over}", flush=True)
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


def against(other: Path, argv: list[str]) -> dict[str, object]:
    """The same run with the engine of the checkout ``other``, in a process of its own (it prints as it
    goes): its figures."""
    print(f"-- the same with the engine of {other} --", flush=True)
    return with_engine(Path(__file__), other, argv)[0]


def side_by_side(new: dict[str, object], old: dict[str, object]) -> None:
    """The ratio new/old of the CPU figures, and whether the two agree on every deal both finished."""
    same, both = agreeing(new, old, "left")
    print(f"new/old, CPU: {cpu_words(new, old, 'cpu_total_s')}", flush=True)
    print(f"the fewest cards left: {'the same' if same else 'DIFFERENT'} on the {both} deals both "
          f"finished", flush=True)
    assert same, "the two engines disagree"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=GAMES, default="tripeaks")
    parser.add_argument("--rules", help="the game's rule set (TriPeaks: standard, strict, easy, 2pass; "
                        "default strict; other games: their own keys, default their first)")
    parser.add_argument("--count", type=int, default=100, help="unwinnable deals to search (default 100)")
    parser.add_argument("--generic", type=int, default=0, metavar="N",
                        help="also the kit's search for every game, on the first N deals, side by side")
    parser.add_argument("--slice", type=float, default=0, metavar="MS", help="search in slices of MS ms")
    parser.add_argument("--cap", type=float, default=0, metavar="S", help="stop a deal's search after S s")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--pyodide", action="store_true", help="then the same in Pyodide, and the ratio")
    parser.add_argument("--compare", type=Path, metavar="DIR",
                        help="then the same with the engine of the checkout DIR, side by side")
    parser.add_argument("--engine", type=Path, metavar="DIR", help=argparse.SUPPRESS)  # read before imports
    args = parser.parse_args(argv)
    game = find_game(args.game)
    key = args.rules or ("strict" if game.id == "tripeaks" else game.default_rules.key)
    rules = RULE_SETS[key] if game.id == "tripeaks" else game.rules_from_key(key)
    print(runtime() + (f" (the engine of {args.engine})" if args.engine else ""), flush=True)
    started = time.perf_counter()
    numbers = lost_deals(game.id, rules, args.count)
    label = rules.label if game.name in rules.label else f"{game.name} {rules.label}"
    print(f"{label}: the first {len(numbers)} deals proved lost are deals {numbers[0]} to "
          f"{numbers[-1]} (found in {time.perf_counter() - started:.2f} s)", flush=True)
    figures = [run("game's own", game.id, rules, numbers, slice_ms=args.slice, cap=args.cap)]
    if args.generic:
        kit = run("kit's", game.id, rules, numbers[:args.generic], generic=True)
        own, theirs = figures[0]["left"], kit["left"]
        assert isinstance(own, dict) and isinstance(theirs, dict)
        assert all(own[k] == v for k, v in theirs.items()), "the two searches disagree"
        figures.append(kit)
    again = ["--game", game.id, "--rules", key, "--count", str(args.count)]
    if args.compare:
        old = against(args.compare, again + (["--cap", str(args.cap)] if args.cap else []))
        side_by_side(figures[0], old)
        figures[0]["old"] = old
    if args.pyodide:
        if args.slice:
            again += ["--slice", str(args.slice)]
        for ours, theirs in zip(figures, in_pyodide(Path(__file__), again), strict=False):
            ratios = {key: round(float(theirs[key]) / float(ours[key]), 2)  # type: ignore[arg-type]
                      for key in ("median_s", "p95_s", "max_s") if ours[key]}
            print(f"{ours['search']:12}: Pyodide/CPython {ratios}", flush=True)
            ours["pyodide"] = theirs
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
