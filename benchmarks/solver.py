"""Solver benchmark: the committed 1,000 deals of TriPeaks (Standard, Strict), of Triangle and of Pyramid
(Pyramid and Relaxed Pyramid), and Golf's numbered deals 1 to 1,000 under each of its rule sets, on one core.

    python benchmarks/solver.py                 # fast solver: every run below
    python benchmarks/solver.py --shortest      # fewest moves: TriPeaks Standard, Triangle, Pyramid, Golf
    python benchmarks/solver.py --rules golf golf-strict golf-relaxed   # Golf alone
    python benchmarks/solver.py --rules triangle   # one of them: standard, strict, triangle, pyramid, ...
    python benchmarks/solver.py --limit 100     # the first 100 deals only
    python benchmarks/solver.py --pyodide       # then the same deals in Pyodide, and the ratio
    python benchmarks/solver.py --rules triangle --compare /tmp/old   # and another checkout's engine
    node benchmarks/pyodide.mjs benchmarks/solver.py --limit 100 --json out.json   # Pyodide alone

The runs: ``standard`` and ``strict`` (TriPeaks, benchmarks/deals-1000.txt), ``triangle``
(benchmarks/triangle-deals-1000.txt), ``pyramid`` and ``relaxed`` (Pyramid's two rule sets on deals 1 to
1,000, benchmarks/pyramid-deals-1000.txt).

Prints, per rule set: total, median, p95 and max seconds per deal, and states examined.
Every winning line is replayed by the engine's own Game and must clear the layout. Times are
the solver's own (``answer.seconds``, from ``time.perf_counter``), with the CPU time of the solves
beside them: less sensitive to other work on a shared machine, and meaningless inside Pyodide.
With ``--pyodide`` the same deals and rule sets are then solved inside Pyodide (WebAssembly,
on Node, by benchmarks/pyodide.mjs, importing the same source tree), its
figures are printed as they come, and then, per rule set, the ratio Pyodide/CPython of the total
and of the median seconds, both measured in this one invocation. The two interpreters are the
ones installed (the venv's CPython and Pyodide's own): the first line of each run names them.

With ``--compare DIR`` each run is then solved again, on the same deals in this same invocation, by the
engine of another checkout (say ``git worktree add /tmp/old <commit>``: its ``tripeaks/``, run by this
script in a process of its own), and the ratio new/old of the total, median and CPU seconds is printed.
A run whose game that engine lacks is left out there.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

# The engine this run imports: this checkout's, or (for --compare) that of ``--engine DIR``.
sys.path.insert(0, str(
    Path(sys.argv[sys.argv.index("--engine") + 1]).resolve() if "--engine" in sys.argv
    else Path(__file__).resolve().parent.parent
))

from typing import Any

from elsewhere import in_pyodide, runtime  # this folder's, see its docstring

import tripeaks
from tripeaks import Deal, Game, Solitaire, Status, find_game, numbered_deal, solve
from tripeaks.services.stats import percentile

ROOT = Path(tripeaks.__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
DEALS = HERE / "deals-1000.txt"
RUNS: dict[str, tuple[str, str]] = {
    "standard": ("tripeaks", "standard"),
    "strict": ("tripeaks", "strict"),
    "triangle": ("triangle", "standard"),
    "pyramid": ("pyramid", "standard"),
    "relaxed": ("pyramid", "relaxed"),
    "golf": ("golf", "standard"),
    "golf-strict": ("golf", "strict"),
    "golf-relaxed": ("golf", "relaxed"),
}
"""The runs by name, (game, rule set): TriPeaks' two, Triangle's one, Pyramid's two, Golf's three."""
SHORTEST_RUNS = ["standard", "triangle", "pyramid", "golf"]
DEALS_OF = {
    "tripeaks": DEALS, "triangle": HERE / "triangle-deals-1000.txt",
    "pyramid": HERE / "pyramid-deals-1000.txt",
}


def has_run(name: str) -> bool:
    """Whether the engine imported has the game of run ``name``."""
    try:
        find_game(RUNS[name][0])
    except ValueError:
        return False
    return True


def game_and_rules(name: str) -> tuple[Solitaire, Any]:
    game = find_game(RUNS[name][0])
    return game, game.rules_from_key(RUNS[name][1])


RULE_SETS: dict[str, Any] = {name: game_and_rules(name)[1] for name in RUNS if has_run(name)}
"""The rules of each run the engine has (benchmarks/hints.py runs the same)."""
GAME_OF: dict[str, Solitaire] = {name: game_and_rules(name)[0] for name in RULE_SETS}


def engine_fingerprint() -> dict[str, str]:
    """A digest of each of the engine's source files (its subpackages' too), to tell whether it changed
    between the two runs."""
    engine = ROOT / "tripeaks"
    return {
        path.relative_to(engine).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in engine.rglob("*.py")
    }


def warn_if_changed(before: dict[str, str]) -> None:
    """Say so when the engine's source changed since ``before`` (someone edited it during the run)."""
    after = engine_fingerprint()
    changed = sorted(name for name in before.keys() | after.keys() if before.get(name) != after.get(name))
    if changed:
        print(f"warning: tripeaks/ changed during the run ({', '.join(changed)}): the runs may differ")


def ratio(pyodide: object, cpython: object) -> float | None:
    """Pyodide's figure over CPython's; None when CPython's is zero (too small to time)."""
    assert isinstance(pyodide, int | float) and isinstance(cpython, int | float)
    return round(pyodide / cpython, 2) if cpython else None


def compare(
    cpython: list[dict[str, object]],
    pyodide: list[dict[str, object]],
    keys: Sequence[tuple[str, str]],
    name: Callable[[dict[str, object]], str],
) -> None:
    """Print, for each ``name``d run, the ratio Pyodide/CPython of each figure in ``keys`` (key,
    label); and add it to CPython's figures, with Pyodide's, for --json."""
    width = max((len(name(ours)) for ours in cpython), default=0)
    for ours, theirs in zip(cpython, pyodide, strict=True):
        assert name(ours) == name(theirs), (name(ours), name(theirs))
        ratios = {key: ratio(theirs[key], ours[key]) for key, _ in keys}
        words = ", ".join(
            f"{label} {ratios[key]:.2f}x ({ours[key]} → {theirs[key]} s)"
            if ratios[key] is not None
            else f"{label} — ({ours[key]} → {theirs[key]} s)"
            for key, label in keys
        )
        print(f"{name(ours):{max(width, 9)}}: Pyodide/CPython {words}", flush=True)
        ours["pyodide"] = theirs
        ours["pyodide_ratio"] = ratios


def load_deals(limit: int | None, game: Solitaire | None = None) -> list[tuple[int, Deal]]:
    """The committed deals of ``game`` (benchmarks/deals-1000.txt for TriPeaks), the first ``limit``; for
    a game with no such file (Golf), its numbered deals 1 to 1,000 (as issue 36 asks)."""
    game = game or find_game("tripeaks")
    if game.id not in DEALS_OF:
        return [(number, numbered_deal(number, game)) for number in range(1, (limit or 1000) + 1)]
    deals = []
    for line in DEALS_OF[game.id].read_text().splitlines():
        if line and not line.startswith("#"):
            number, code = line.split(" ", 1)
            deals.append((int(number), Deal.parse(code, game)))
    return deals[:limit]


def against(other: Path, name: str, args: argparse.Namespace) -> dict[str, object] | None:
    """Run ``name`` again with the engine of the checkout ``other``, in a process of its own; print its
    figures and the ratio new/old of this run's. ``None`` when that engine lacks the game."""
    again = [sys.executable, str(Path(__file__).resolve()), "--engine", str(other), "--rules", name]
    again += (["--shortest"] if args.shortest else []) + (["--limit", str(args.limit)] if args.limit else [])
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder, "old.json")
        print("  old: ", end="", flush=True)
        subprocess.run([*again, "--json", str(out)], check=True)
        found: list[dict[str, object]] = json.loads(out.read_text())
    if not found:
        print(f"  (the engine of {other} has no {RUNS[name][0]})", flush=True)
        return None
    return found[0]


def print_ratios(new: dict[str, object], old: dict[str, object]) -> None:
    words = []
    keys = (("total_s", "total"), ("median_s", "median"), ("cpu_s", "CPU"), ("median_cpu_s", "CPU median"))
    for key, label in keys:
        if key not in old:  # an older script's figures
            continue
        ratio_ = ratio(new[key], old[key])
        words.append(f"{label} {ratio_:.2f}x" if ratio_ is not None else f"{label} —")
    same = "the same results" if new["results"] == old["results"] else "DIFFERENT RESULTS"
    print(f"  new/old: {', '.join(words)}; {same}", flush=True)


def run_name(figures: dict[str, object]) -> str:
    """The run's name in printed figures: its rule set, and the mode."""
    return f"{figures['rules']} fewest moves" if figures["shortest"] else str(figures["rules"])


def run(name: str, rules: Any, deals: list[tuple[int, Deal]], shortest: bool) -> dict[str, object]:
    seconds: list[float] = []
    cpus: list[float] = []
    nodes: list[float] = []
    results: dict[str, int] = {}
    started = time.perf_counter()
    cpu = 0.0
    for _, deal in deals:
        game = Game(deal, rules)
        before = time.process_time()
        answer = solve(game.position, shortest=shortest)
        cpus.append(time.process_time() - before)
        cpu += cpus[-1]
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
        "cpu_s": round(cpu, 2),
        "median_cpu_s": round(percentile(cpus, 0.5), 5),
        "max_cpu_s": round(max(cpus), 4),
        "slowest_deal": max(zip(cpus, (number for number, _ in deals), strict=True))[1],
    }
    mode = " fewest moves" if shortest else ""
    print(
        f"{name:9}{mode}: {len(deals)} deals in {figures['total_s']:.2f} s (CPU {cpu:.2f} s) "
        f"(median {figures['median_s']:.4f} s, p95 {figures['p95_s']:.4f} s, "
        f"max {figures['max_s']:.3f} s; CPU median {figures['median_cpu_s']:.4f} s, "
        f"max {figures['max_cpu_s']:.3f} s on deal {figures['slowest_deal']}); "
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
    parser.add_argument(
        "--rules", nargs="*", choices=RUNS, default=None,
        help=f"{', '.join(RUNS)} (default all; {', '.join(SHORTEST_RUNS)} with --shortest)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--pyodide", action="store_true", help="then the same in Pyodide, and the ratio")
    parser.add_argument("--compare", type=Path, metavar="DIR",
                        help="each run also with the engine of the checkout DIR, and the ratio new/old")
    parser.add_argument("--engine", type=Path, metavar="DIR", help=argparse.SUPPRESS)  # read before imports
    args = parser.parse_args(argv)
    print(runtime() + (f" (the engine of {ROOT})" if args.engine else ""), flush=True)
    names = [name for name in args.rules or (SHORTEST_RUNS if args.shortest else list(RUNS)) if has_run(name)]
    engine = engine_fingerprint()
    figures = []
    for name in names:
        game, rules = game_and_rules(name)
        figures.append(run(name, rules, load_deals(args.limit, game), args.shortest))
        if args.compare:
            old = against(args.compare, name, args)
            if old is not None:
                print_ratios(figures[-1], old)
                figures[-1]["old"] = old
    if args.pyodide:
        again = ["--rules", *names] + (["--shortest"] if args.shortest else [])
        if args.limit is not None:
            again += ["--limit", str(args.limit)]
        keys = [("total_s", "total"), ("median_s", "median")]
        compare(figures, in_pyodide(Path(__file__), again), keys, run_name)
        warn_if_changed(engine)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
