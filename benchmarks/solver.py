"""Solver benchmark: the committed 1,000 deals of TriPeaks (Standard, Strict) and of Triangle, and Golf's
numbered deals 1 to 1,000 under each of its rule sets, on one core.

    python benchmarks/solver.py                 # fast solver: TriPeaks Standard, Strict, Triangle, Golf's 3
    python benchmarks/solver.py --rules golf golf-strict golf-relaxed   # Golf alone
    python benchmarks/solver.py --shortest      # fewest-moves mode: TriPeaks Standard, Triangle
    python benchmarks/solver.py --rules triangle   # one of them
    python benchmarks/solver.py --limit 100     # the first 100 deals only
    python benchmarks/solver.py --pyodide       # then the same deals in Pyodide, and the ratio
    node benchmarks/pyodide.mjs benchmarks/solver.py --limit 100 --json out.json   # Pyodide alone

Prints, per rule set: total, median, p95 and max seconds per deal, and states examined.
Every winning line is replayed by the engine's own Game and must clear the layout. Times are
the solver's own (``answer.seconds``, from ``time.perf_counter``), with the CPU time of the solves
beside them: less sensitive to other work on a shared machine, and meaningless inside Pyodide.
With ``--pyodide`` the same deals and rule sets are then solved inside Pyodide (WebAssembly,
on Node, by benchmarks/pyodide.mjs, importing the same source tree), its
figures are printed as they come, and then, per rule set, the ratio Pyodide/CPython of the total
and of the median seconds, both measured in this one invocation. The two interpreters are the
ones installed (the venv's CPython and Pyodide's own): the first line of each run names them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from typing import Any

from tripeaks import (
    GOLF,
    STANDARD,
    STRICT,
    TRIANGLE,
    TRIPEAKS,
    Deal,
    Game,
    Solitaire,
    Status,
    numbered_deal,
    solve,
)
from tripeaks.services.stats import percentile

ROOT = Path(__file__).resolve().parent.parent
DEALS = Path(__file__).with_name("deals-1000.txt")
PYODIDE = Path(__file__).with_name("pyodide.mjs")
RULE_SETS: dict[str, Any] = {
    "standard": STANDARD, "strict": STRICT, "triangle": TRIANGLE.default_rules,
    "golf": GOLF.rules_named("standard"), "golf-strict": GOLF.rules_named("strict"),
    "golf-relaxed": GOLF.rules_named("relaxed"),
}
"""The runs by name: TriPeaks' two rule sets, Triangle's one and Golf's three."""
GAME_OF = {"standard": TRIPEAKS, "strict": TRIPEAKS, "triangle": TRIANGLE, "golf": GOLF, "golf-strict": GOLF,
           "golf-relaxed": GOLF}
DEALS_OF = {TRIPEAKS.id: DEALS, TRIANGLE.id: Path(__file__).with_name("triangle-deals-1000.txt")}


def runtime() -> str:
    """What runs this: CPython, or Pyodide (which calls itself CPython on emscripten)."""
    if sys.platform == "emscripten":
        return f"Pyodide (CPython {platform.python_version()} on emscripten)"
    return f"{platform.python_implementation()} {platform.python_version()} on {sys.platform}"


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


def in_pyodide(script: Path, argv: Sequence[str]) -> list[dict[str, object]]:
    """Run ``script`` with ``argv`` inside Pyodide (its output goes straight through); its --json figures."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("--pyodide needs Node (and `npm ci` for node_modules/pyodide)")
    print("-- the same in Pyodide --", flush=True)
    # The figures file sits in the working directory, which pyodide.mjs mounts for the script.
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(
            [node, str(PYODIDE), str(script), *argv, "--json", "figures.json"], cwd=folder, check=True
        )
        figures: list[dict[str, object]] = json.loads(Path(folder, "figures.json").read_text())
        return figures


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


def load_deals(limit: int | None, game: Solitaire = TRIPEAKS) -> list[tuple[int, Deal]]:
    """The committed deals of ``game`` (benchmarks/deals-1000.txt for TriPeaks), the first ``limit``; for
    Golf, its numbered deals 1 to 1,000 (as issue 36 asks)."""
    if game is GOLF:
        return [(number, numbered_deal(number, GOLF)) for number in range(1, (limit or 1000) + 1)]
    deals = []
    for line in DEALS_OF[game.id].read_text().splitlines():
        if line and not line.startswith("#"):
            number, code = line.split(" ", 1)
            deals.append((int(number), Deal.parse(code, game)))
    return deals[:limit]


def run_name(figures: dict[str, object]) -> str:
    """The run's name in printed figures: its rule set, and the mode."""
    return f"{figures['rules']} fewest moves" if figures["shortest"] else str(figures["rules"])


def run(name: str, rules: Any, deals: list[tuple[int, Deal]], shortest: bool) -> dict[str, object]:
    seconds: list[float] = []
    nodes: list[float] = []
    results: dict[str, int] = {}
    started = time.perf_counter()
    cpu = 0.0
    for _, deal in deals:
        game = Game(deal, rules)
        before = time.process_time()
        answer = solve(game.position, shortest=shortest)
        cpu += time.process_time() - before
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
    }
    mode = " fewest moves" if shortest else ""
    print(
        f"{name:9}{mode}: {len(deals)} deals in {figures['total_s']:.2f} s (CPU {cpu:.2f} s) "
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
    parser.add_argument(
        "--rules", nargs="*", choices=RULE_SETS, default=None,
        help="standard, strict, triangle, golf, golf-strict, golf-relaxed (default all; standard, triangle "
        "and golf with --shortest)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--pyodide", action="store_true", help="then the same in Pyodide, and the ratio")
    args = parser.parse_args(argv)
    print(runtime(), flush=True)
    names = args.rules or (["standard", "triangle", "golf"] if args.shortest else list(RULE_SETS))
    engine = engine_fingerprint()
    figures = [
        run(name, RULE_SETS[name], load_deals(args.limit, GAME_OF[name]), args.shortest) for name in names
    ]
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
