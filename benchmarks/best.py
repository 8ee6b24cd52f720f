"""Best-score benchmark: the committed 1,000 deals, both answers (best, best winning), on one core.

    python benchmarks/best.py                      # Standard, the 1,000 deals
    python benchmarks/best.py --limit 100          # the first 100 deals only
    python benchmarks/best.py --rules strict easy  # other rule sets (standard strict easy 2pass 3pass)
    python benchmarks/best.py --game triangle      # Triangle's 1,000 deals
    python benchmarks/best.py --game golf          # Golf's numbered deals 1 to 1,000, its three rule sets
    python benchmarks/best.py --game pyramid       # Pyramid's 1,000 deals, both rule sets (standard relaxed)
    python benchmarks/best.py --game pyramid --compare /tmp/old   # and another checkout's engine
    python benchmarks/best.py --game pyramid --cap 60   # a deal's search stopped after 60 s (counted at 60)
    python benchmarks/best.py --pyodide            # then the same deals in Pyodide, and the ratio
    node benchmarks/pyodide.mjs benchmarks/best.py --limit 100 --json out.json   # Pyodide alone
    python benchmarks/best.py --slice 12           # also: the search in 12 ms slices, as the page runs it

Prints, per rule set: median, p95 and max seconds per deal (the search's own time, over both
answers, from ``time.perf_counter``), the CPU time of the searches beside the total (less
sensitive to other work on a shared machine, meaningless inside Pyodide), and states examined.
The tables every deal shares (the layout's sets of cards) are made once per process before
the first deal: their time is printed apart. The CPU time of each deal's search is given too
(median, p95, max): on a machine shared with other work it is the steadier figure. Every line
found is replayed by the engine's own
Game to its score, every winning line must win, and the best is never below the decision
solver's winning line.

With ``--slice MS`` every deal is searched again in slices of MS milliseconds (``BestSearch.step``,
as the page does: 12 ms while the player plays, 40 after), and the longest slice of each deal is
kept: its median, p95 and max over the deals, in wall time and in CPU time (a slice's wall time on
a shared machine includes the time others took). The sliced answer must be the unsliced one.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
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

from tripeaks import (
    EASY,
    GOLF,
    STANDARD,
    STRICT,
    Deal,
    Game,
    Position,
    Rules,
    Status,
    find_game,
    numbered_deal,
    solve,
)
from tripeaks.model.answers import Best
from tripeaks.services.best import BestSearch, find_best
from tripeaks.services.stats import percentile

DEALS = {"tripeaks": Path(__file__).with_name("deals-1000.txt"),
         "triangle": Path(__file__).with_name("triangle-deals-1000.txt"),
         "pyramid": Path(__file__).with_name("pyramid-deals-1000.txt")}
RULE_SETS = {
    "standard": STANDARD, "strict": STRICT, "easy": EASY,
    "2pass": Rules(passes=2), "3pass": Rules(passes=3), "emptywaste": Rules(empty_waste=True),
}


def load_deals(game: str, limit: int | None) -> list[tuple[int, Deal]]:
    if game == "golf":
        return [(number, numbered_deal(number, GOLF)) for number in range(1, (limit or 1000) + 1)]
    deals = []
    for line in DEALS[game].read_text().splitlines():
        if line and not line.startswith("#"):
            number, code = line.split(" ", 1)
            deals.append((int(number), Deal.parse(code)))
    return deals[:limit]


def tables() -> float:
    """Make the tables every TriPeaks deal shares, once; their time."""
    from tripeaks.games.tripeaks.best import _sets_of
    from tripeaks.registry import TRIPEAKS

    started = time.perf_counter()
    for _ in _sets_of(TRIPEAKS.layout).build():
        pass
    return time.perf_counter() - started


def longest_slice(position: Position, seconds: float) -> tuple[float, float, object]:
    """The search of ``position`` in slices of ``seconds``: its longest slice, in wall and CPU
    seconds, and its answer."""
    search = BestSearch(position)
    wall = cpu = 0.0
    while True:
        started, before = time.perf_counter(), time.process_time()
        found = search.step(seconds)
        wall = max(wall, time.perf_counter() - started)
        cpu = max(cpu, time.process_time() - before)
        if found is not None:
            return wall, cpu, found.to_dict()


def capped(position: Position, cap: float) -> Best | None:
    """The search of ``position`` in one-second slices, stopped once it has run ``cap`` seconds of CPU:
    its answer, or ``None`` when stopped."""
    search = BestSearch(position)
    started = time.process_time()
    while (found := search.step(1.0)) is None:
        if time.process_time() - started > cap:
            return None
    return found


def run(name: str, rules: object, deals: list[tuple[int, Deal]], slice_ms: float = 0,
        cap: float = 0) -> dict[str, object]:
    seconds: list[float] = []
    cpus: list[float] = []
    nodes: list[float] = []
    slices: list[float] = []
    cpu_slices: list[float] = []
    cpu = 0.0
    slowest = (0.0, 0)
    scores: dict[str, list[int | None] | None] = {}
    """Each deal's best and best clear (``None`` for none), or ``None`` when stopped at the cap."""
    for number, deal in deals:
        position = Position.start(deal, rules)
        before = time.process_time()
        found = capped(position, cap) if cap else find_best(position)
        cpus.append(time.process_time() - before)
        cpu += cpus[-1]
        if found is None:  # stopped at the cap
            scores[str(number)] = None
            seconds.append(cap)
            nodes.append(0.0)
            slowest = max(slowest, (cap, number))
            continue
        clear = found.best_clear
        scores[str(number)] = [found.best.score, None if clear is None else clear.score]
        seconds.append(found.seconds)
        nodes.append(float(found.nodes))
        slowest = max(slowest, (found.seconds, number))
        for line in (found.best, found.best_clear):
            if line is None:
                continue
            game = Game.from_moves(deal, rules, line.moves)
            assert game.score == line.score, f"deal {number}: the line does not score {line.score}"
            if line is found.best_clear:
                assert game.status is Status.WON, f"deal {number}: the winning line does not win"
        if slice_ms:
            wall, cpu_slice, sliced = longest_slice(position, slice_ms / 1000)
            assert sliced == found.to_dict(), f"deal {number}: the sliced search answers otherwise"
            slices.append(wall)
            cpu_slices.append(cpu_slice)
        answer = solve(position)
        if answer.won:
            game = Game.from_moves(deal, rules, answer.moves)
            assert found.best_clear is not None and game.score <= found.best_clear.score <= found.best.score
        else:
            assert found.best_clear is None
    figures = {
        "rules": name,
        "deals": len(deals),
        "total_s": round(sum(seconds), 3),
        "median_s": round(percentile(seconds, 0.5), 5),
        "p95_s": round(percentile(seconds, 0.95), 5),
        "max_s": round(max(seconds), 4),
        "slowest_deal": slowest[1],
        "median_states": int(percentile(nodes, 0.5)),
        "max_states": int(max(nodes)),
        "cpu_s": round(cpu, 2),
        "cpu_median_s": round(percentile(cpus, 0.5), 5),
        "cpu_p95_s": round(percentile(cpus, 0.95), 5),
        "cpu_max_s": round(max(cpus), 4),
        "scores": scores,
        "capped": sum(score is None for score in scores.values()),
    }
    if slice_ms:
        figures.update({
            "slice_ms": slice_ms,
            "slice_median_ms": round(percentile(slices, 0.5) * 1000, 2),
            "slice_p95_ms": round(percentile(slices, 0.95) * 1000, 2),
            "slice_max_ms": round(max(slices) * 1000, 2),
            "slice_cpu_median_ms": round(percentile(cpu_slices, 0.5) * 1000, 2),
            "slice_cpu_p95_ms": round(percentile(cpu_slices, 0.95) * 1000, 2),
            "slice_cpu_max_ms": round(max(cpu_slices) * 1000, 2),
        })
    print(
        f"{name:10}: {len(deals)} deals in {figures['total_s']:.2f} s (CPU {cpu:.2f} s) "
        f"(median {figures['median_s']:.4f} s, p95 {figures['p95_s']:.4f} s, "
        f"max {figures['max_s']:.3f} s on deal {slowest[1]}); "
        f"states median {figures['median_states']:,}, max {figures['max_states']:,}; "
        f"CPU per deal median {figures['cpu_median_s']:.4f} s, p95 {figures['cpu_p95_s']:.4f} s, "
        f"max {figures['cpu_max_s']:.3f} s"
        + (f"; {figures['capped']} stopped at the cap of {cap:g} s" if figures["capped"] else ""),
        flush=True,
    )
    if slice_ms:
        print(
            f"{name:10}: in {slice_ms:g} ms slices, each deal's longest slice: median "
            f"{figures['slice_median_ms']} ms, p95 {figures['slice_p95_ms']} ms, "
            f"max {figures['slice_max_ms']} ms "
            f"(CPU median {figures['slice_cpu_median_ms']} ms, p95 {figures['slice_cpu_p95_ms']} ms, "
            f"max {figures['slice_cpu_max_ms']} ms)",
            flush=True,
        )
    return figures


def against(other: Path, game: str, rules: str | None, limit: int | None, cap: float) -> dict[str, object]:
    """The run of ``game`` under ``rules`` with the engine of the checkout ``other``, in a process of its
    own (it prints as it goes): its figures."""
    again = ["--game", game] + (["--rules", rules] if rules else [])
    again += (["--limit", str(limit)] if limit else []) + (["--cap", str(cap)] if cap else [])
    print(f"  the same with the engine of {other}:", flush=True)
    return with_engine(Path(__file__), other, again)[0]


def side_by_side(new: dict[str, object], old: dict[str, object]) -> None:
    """The ratio new/old of the CPU figures, and whether the two find the same scores."""
    same, both = agreeing(new, old, "scores")
    scores = "the same scores" if same else "DIFFERENT SCORES"
    print(f"  new/old, CPU: {cpu_words(new, old, 'cpu_s')}; {scores} on the {both} deals both finished",
          flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, help="only the first N deals")
    parser.add_argument("--game", choices=[*sorted(DEALS), "golf"], default="tripeaks")
    parser.add_argument("--rules", nargs="*", choices=[*RULE_SETS, "relaxed"],
                        help="TriPeaks rule sets (default standard); Golf's: standard strict relaxed (all); "
                        "Pyramid's: standard relaxed (both)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--pyodide", action="store_true", help="then the same in Pyodide, and the ratio")
    parser.add_argument("--slice", type=float, default=0, metavar="MS",
                        help="also search each deal in slices of MS milliseconds: the longest slice")
    parser.add_argument("--compare", type=Path, metavar="DIR",
                        help="each rule set also with the engine of the checkout DIR, side by side")
    parser.add_argument("--cap", type=float, default=0, metavar="S",
                        help="stop a deal's search after S s of CPU (in one-second slices): counted at S")
    parser.add_argument("--engine", type=Path, metavar="DIR", help=argparse.SUPPRESS)  # read before imports
    args = parser.parse_args(argv)
    deals = load_deals(args.game, args.limit)
    print(runtime() + (f" (the engine of {args.engine})" if args.engine else ""), flush=True)
    print(f"tables made once: {tables():.3f} s", flush=True)
    game = find_game(args.game)
    if game.id == "triangle":
        runs = [("triangle", None, game.default_rules)]
    elif game.id in ("golf", "pyramid"):
        runs = [(f"{game.id} {name}", name, game.rules_from_key(name))
                for name in args.rules or game.rule_sets]
    else:
        runs = [(name, name, RULE_SETS[name]) for name in args.rules or ["standard"]]
    figures = []
    for name, key, rules in runs:
        figures.append(run(name, rules, deals, args.slice, args.cap))
        if args.compare:
            old = against(args.compare, args.game, key, args.limit, args.cap)
            side_by_side(figures[-1], old)
            figures[-1]["old"] = old
    if args.pyodide:
        again = ["--game", args.game]
        if args.rules:
            again += ["--rules", *args.rules]
        if args.limit is not None:
            again += ["--limit", str(args.limit)]
        if args.slice:
            again += ["--slice", str(args.slice)]
        for ours, theirs in zip(figures, in_pyodide(Path(__file__), again), strict=True):
            ratios = {key: round(float(theirs[key]) / float(ours[key]), 2)  # type: ignore[arg-type]
                      for key in ("median_s", "p95_s", "max_s") if ours[key]}
            print(f"{ours['rules']:10}: Pyodide/CPython {ratios}", flush=True)
            ours["pyodide"] = theirs
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
