"""A benchmark run again elsewhere, and the two side by side: inside Pyodide (on Node), or in a process of
its own with the engine of another checkout (``--compare DIR``).

Standard library only, and imported by its own name (``from elsewhere import ...``) by the scripts beside
it, never as ``benchmarks.elsewhere``: with ``--engine DIR`` first on ``sys.path`` that name would be the
other checkout's, which may not have this file. Each script is run as ``python benchmarks/NAME.py``, in
CPython and in Pyodide (benchmarks/pyodide.mjs), both of which put the script's folder on ``sys.path``.
"""

from __future__ import annotations

import json
import platform
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

PYODIDE = Path(__file__).resolve().with_name("pyodide.mjs")
CPU_FIGURES = (("median", "cpu_median_s"), ("p95", "cpu_p95_s"), ("max", "cpu_max_s"))
"""A run's CPU figures beside its total, (label, key), as the scripts that compare engines write them."""


def runtime() -> str:
    """What runs this: CPython, or Pyodide (which calls itself CPython on emscripten)."""
    if sys.platform == "emscripten":
        return f"Pyodide (CPython {platform.python_version()} on emscripten)"
    return f"{platform.python_implementation()} {platform.python_version()} on {sys.platform}"


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


def with_engine(script: Path, other: Path, argv: Sequence[str]) -> list[dict[str, object]]:
    """Run ``script`` with ``argv`` and the engine of the checkout ``other``, in a process of its own (its
    output goes straight through); its --json figures."""
    again = [sys.executable, str(script.resolve()), "--engine", str(other), *argv]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder, "old.json")
        subprocess.run([*again, "--json", str(out)], check=True)
        figures: list[dict[str, object]] = json.loads(out.read_text())
        return figures


def cpu_words(new: dict[str, object], old: dict[str, object], total: str) -> str:
    """The CPU figures of two runs (``total`` is the key of their sum), each with the ratio new/old."""
    words = []
    for label, key in (("CPU total", total), *CPU_FIGURES):
        ours, theirs = new[key], old[key]
        assert isinstance(ours, float | int) and isinstance(theirs, float | int)
        words.append(f"{label} {ours:g} s against {theirs:g} s ({ours / theirs:.3f}x)" if theirs else label)
    return "; ".join(words)


def agreeing(new: dict[str, object], old: dict[str, object], key: str) -> tuple[bool, int]:
    """Whether two runs gave the same answers (``key``: a run's answers by deal, None where it stopped) on
    every deal both finished, and on how many deals."""
    mine, others = new[key], old[key]
    assert isinstance(mine, dict) and isinstance(others, dict)
    both = [deal for deal, answer in mine.items() if answer is not None and others.get(deal) is not None]
    return all(mine[deal] == others[deal] for deal in both), len(both)
