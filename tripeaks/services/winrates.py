"""The ``stats`` command's run: the winnable share of a range of numbered deals, on this process, a pool
of processes or a Dask cluster, with the estimated time first, a progress line on a terminal, and each
deal's line written to a file as it arrives (run again with the same file, and it carries on).

The command line (:mod:`tripeaks.cli`) reads the options; :func:`run_stats` does the rest and prints
the summary: the counts, the times, and the winnable share beside the no-peeking player's, each with
its 95% interval.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from ..model.answers import DEFAULT_BUDGET
from ..model.solitaire import Solitaire
from .cluster import ClusterError
from .lines_file import append_to, resume
from .stats import Tally
from .sweep import DoneDeals, InProcess, Line, Processes, Runner, sweep

__all__ = ["LONG_WORK", "SAMPLE", "Progress", "StatsRun", "duration", "run_stats"]

LONG_WORK = 600
"""Seconds of work ``stats`` starts only when told ``--yes`` (it says the estimated time first)."""
SAMPLE = 8
"""Deals solved to estimate a long range's time before starting it."""


def duration(seconds: float) -> str:
    """A long time in the unit that reads best: ``40 seconds``, ``3.2 hours``, ``12 years``."""
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * size:
            return f"{seconds / size:,.1f} {unit}"
    return f"{seconds:.0f} seconds"


def _clock(seconds: float) -> str:
    seconds = int(seconds)
    if seconds >= 360_000:
        return duration(seconds)
    return f"{seconds // 3600}:{seconds // 60 % 60:02}:{seconds % 60:02}"


class Progress:
    """A progress line on ``stream`` when it is a terminal (quiet otherwise): a bar, the deals done of
    the range, the rate since the start and the time left at that rate."""

    WIDTH = 30

    def __init__(self, total: int, done: int, stream: TextIO) -> None:
        self.total, self.done, self.stream = total, done, stream
        self.shown = _is_terminal(stream)
        self._first = done
        self._started = self._last = time.perf_counter()
        self.show()

    def add(self) -> None:
        self.done += 1
        now = time.perf_counter()
        if now - self._last >= 0.1 or self.done in (self._first + 1, self.total):
            self.show(now)

    def show(self, now: float | None = None) -> None:
        if not self.shown:
            return
        now = time.perf_counter() if now is None else now
        self._last = now
        filled = self.WIDTH * self.done // self.total if self.total else self.WIDTH
        said = f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {self.done:,}/{self.total:,}"
        new, spent = self.done - self._first, now - self._started
        if new and spent > 0:
            rate = new / spent
            said += f"  {rate:,.1f} deals/s  left {_clock((self.total - self.done) / rate)}"
        print(f"{said}\033[K", end="", file=self.stream, flush=True)

    def end(self) -> None:
        if self.shown:
            print(file=self.stream)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # pragma: no cover - a closed or odd stream
        return False


@dataclass(frozen=True)
class StatsRun:
    """What ``stats`` was asked: a range of one game's deals under its rules, and how to solve them."""

    numbers: range
    game: Solitaire
    rules: Any
    jobs: int = 1
    cluster: str | None = None
    out: Path | None = None
    budget: int = DEFAULT_BUDGET
    shortest: bool = False
    grade: bool = False
    yes: bool = False
    cards_left: bool = False
    """Scored by cards left: each lost deal's fewest cards left is searched, and the summary counts them."""

    def lines(self, numbers: Iterator[int], runner: Runner, take: Any, tick: Any = None) -> None:
        sweep(numbers, self.game, self.rules, runner, take, budget=self.budget, shortest=self.shortest,
              grade=self.grade, cards_left=self.cards_left, tick=tick)


def _runner(run: StatsRun, left: int, stack: ExitStack) -> tuple[Runner, int, str]:
    """Where the deals are solved: the runner, its workers, and how to say it."""
    if run.cluster is not None:
        from .cluster import connect  # Dask is imported only here, when a cluster is asked for

        runner = stack.enter_context(connect(run.cluster, run.jobs))
        workers = runner.found
        if not workers:
            return runner, 1, f"{runner.name}, which has no workers yet (start: dask worker {run.cluster})"
        return runner, workers, f"{workers} worker{'' if workers == 1 else 's'} of {runner.name}"
    jobs = max(1, min(run.jobs, left, os.cpu_count() or 1))
    processes = f"{jobs} process{'' if jobs == 1 else 'es'}"
    local: Processes | InProcess = Processes(jobs) if jobs > 1 else InProcess()
    stack.enter_context(local)
    return local, jobs, processes


def run_stats(run: StatsRun, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Solve the range as ``run`` says and print the summary; the exit code (130: stopped by Ctrl-C,
    2: a long range not started without ``yes``)."""
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    numbers = run.numbers
    tally = Tally(cards_left=run.cards_left)
    done = DoneDeals()
    if run.out is not None:
        done, said = resume(
            run.out, run.game.id, run.rules.key, numbers, tally.add, cards_left=run.cards_left
        )
        if said:
            print(said, file=err)
        if done.count:
            print(f"{run.out}: {done.count:,} of the {len(numbers):,} deals done already", file=err)
    left = len(numbers) - done.count
    failed: str | None = None
    interrupted = False
    with ExitStack() as stack:
        try:
            runner, workers, where = _runner(run, left, stack)
        except ClusterError as error:
            print(f"error: {error}", file=err)
            return 1
        todo = done.missing(numbers)
        sample: list[Line] = []
        if left > SAMPLE * 100:
            started = time.perf_counter()
            run.lines((next(todo) for _ in range(SAMPLE)), InProcess(), sample.append)
            each = (time.perf_counter() - started) / SAMPLE
            estimate = each * left / workers
            print(f"deals {numbers[0]:,}-{numbers[-1]:,} ({left:,}) on {where}: about {duration(estimate)} "
                  f"({each:.3f} s a deal, from the first {SAMPLE})", file=err)
            if estimate > LONG_WORK and not run.yes:
                print("error: that is long work: add --yes to start it, or ask for fewer deals", file=err)
                return 2
        writer = stack.enter_context(append_to(run.out)) if run.out is not None else None
        progress = Progress(len(numbers), done.count, err)

        def take(line: Line) -> None:
            if writer is not None:
                writer.write(json.dumps(line) + "\n")
            tally.add(line)
            progress.add()

        started = time.perf_counter()
        try:
            for line in sample:
                take(line)
            run.lines(todo, runner, take, progress.show)
        except KeyboardInterrupt:
            interrupted = True
        except ClusterError as error:
            failed = str(error)
        progress.end()
    wall = time.perf_counter() - started
    if failed:
        print(f"error: {failed}", file=err)
    if interrupted or failed:
        print(f"{'stopped' if failed else 'interrupted'}: {tally.deals:,} of {len(numbers):,} deals solved",
              file=err)
    print(f"{run.rules.describe()}; deals {numbers[0]}-{numbers[-1]}", file=out)
    print(tally.report(wall), file=out)
    return 130 if interrupted else 1 if failed else 0
