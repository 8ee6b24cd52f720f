"""How long ``stats`` takes to stop on Ctrl-C, with ``--jobs 2`` and with ``--cluster local --jobs 2``, side
by side in one run.

    python benchmarks/ctrl_c.py              # 8 rounds, each way in turn
    python benchmarks/ctrl_c.py --rounds 3

Each round starts ``python -m tripeaks stats --deals 1-100000 --yes --out FILE`` in a process group of its
own, waits until 20 lines are written and half a second more (the workers then busy with chunks), sends
SIGINT to the whole group (what Ctrl-C at a terminal does), and times until the command has exited and
until no process of the group is left alive (zombies aside, which init reaps). It checks the exit code is
130. Prints each round and the medians and maxima. Needs the cluster extra for the second way.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def alive(group: int) -> int:
    """The processes of a group still alive (zombies aside)."""
    count = 0
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
        except (OSError, NotADirectoryError):
            continue
        fields = stat.rpartition(")")[2].split()
        count += int(fields[2]) == group and fields[0] != "Z"
    return count


def stop_once(where: list[str], folder: Path) -> tuple[float, float]:
    """Seconds from SIGINT to the command's exit, and to its last process gone."""
    out = folder / "deals.jsonl"
    out.unlink(missing_ok=True)
    command = [sys.executable, "-m", "tripeaks", "stats", "--deals", "1-100000", "--yes", "--out", str(out)]
    run = subprocess.Popen([*command, *where], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           start_new_session=True, cwd=ROOT, env=os.environ | {"PYTHONPATH": str(ROOT)})
    while not (out.exists() and out.read_text(encoding="utf-8").count("\n") >= 20):
        if run.poll() is not None:
            raise SystemExit(f"the run ended before it was stopped: {run.returncode}")
        time.sleep(0.02)
    time.sleep(0.5)
    sent = time.perf_counter()
    os.killpg(run.pid, signal.SIGINT)
    code = run.wait(60)
    exited = time.perf_counter() - sent
    while alive(run.pid):
        time.sleep(0.005)
    gone = time.perf_counter() - sent
    if code != 130:
        raise SystemExit(f"exit code {code}, not 130")
    return exited, gone


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    ways = {"--jobs 2": ["--jobs", "2"], "--cluster local --jobs 2": ["--cluster", "local", "--jobs", "2"]}
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in ways}
    with tempfile.TemporaryDirectory() as folder:
        for round_ in range(args.rounds):
            order = list(ways) if round_ % 2 == 0 else list(reversed(ways))
            for name in order:
                exited, gone = stop_once(ways[name], Path(folder))
                times[name].append((exited, gone))
                print(f"  round {round_ + 1}, {name:26} exited {exited:.3f} s   all gone {gone:.3f} s")
    for name, figures in times.items():
        exits, gones = [f[0] for f in figures], [f[1] for f in figures]
        print(f"{name:26} exited: median {statistics.median(exits):.3f} s, max {max(exits):.3f} s   "
              f"all gone: median {statistics.median(gones):.3f} s, max {max(gones):.3f} s")


if __name__ == "__main__":
    main()
