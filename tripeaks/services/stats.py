"""Solving many deals: the winnable share of a range of deals, and how long solving takes; scored by cards
left, also the fewest cards each deal's best line leaves."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..kit.solving import solve
from ..model.answers import DEFAULT_BUDGET, Result
from ..model.numbered import numbered_deal
from ..model.position import Position
from ..model.scoring import CARDS_LEFT, CLASSIC
from ..model.solitaire import Solitaire
from ..registry import find_game, game_of_rules

__all__ = ["RangeSummary", "percentile", "solve_range"]


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` fall (nearest rank)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


@dataclass
class RangeSummary:
    results: dict[int, str] = field(default_factory=dict)
    seconds: dict[int, float] = field(default_factory=dict)
    nodes: dict[int, int] = field(default_factory=dict)
    lengths: dict[int, int] = field(default_factory=dict)
    left: dict[int, int] = field(default_factory=dict)
    """Scored by cards left: the fewest layout cards a line leaves, by deal (a deal given up has none)."""
    interrupted: bool = False
    """Whether the work was stopped (Ctrl-C) before every deal was solved: the figures are of those
    that were."""

    def count(self, result: Result) -> int:
        return sum(r == result.value for r in self.results.values())

    def report(self, wall: float) -> str:
        total = len(self.results)
        if not total:
            return f"deals: 0 (none was finished)\nwall time: {wall:.2f} s"
        won, lost, gave_up = (self.count(r) for r in Result)
        times = list(self.seconds.values())
        nodes = [float(n) for n in self.nodes.values()]
        lines = [
            f"deals: {total}   won: {won} ({100 * won / total:.1f}%)   lost: {lost} "
            f"({100 * lost / total:.1f}%)   gave up: {gave_up}",
            f"seconds per deal: median {percentile(times, 0.5):.4f}   p95 {percentile(times, 0.95):.4f}"
            f"   p99 {percentile(times, 0.99):.4f}   max {max(times):.4f}   total {sum(times):.2f}",
            f"states per deal: median {percentile(nodes, 0.5):,.0f}   p95 {percentile(nodes, 0.95):,.0f}"
            f"   max {max(nodes):,.0f}",
            f"wall time: {wall:.2f} s",
        ]
        if self.lengths:
            lengths = [float(v) for v in self.lengths.values()]
            lines.append(
                f"moves in winning lines: median {percentile(lengths, 0.5):.0f}   max {max(lengths):.0f}"
            )
        if self.left:
            lines.append(self.left_report())
        return "\n".join(lines)

    def left_report(self) -> str:
        """The fewest cards left of the deals, in a line: how many deals leave 0, 1, 2, 3 or more.

        >>> RangeSummary(left={1: 0, 2: 0, 3: 2, 4: 7}).left_report()
        'fewest cards left: 0 on 2 deals, 1 on 0, 2 on 1, 3 or more on 1   mean 2.25   max 7'
        """
        values = list(self.left.values())
        counts = [sum(v == n for v in values) for n in range(3)] + [sum(v >= 3 for v in values)]
        shares = ", ".join(f"{label} on {count}" for label, count in zip(("1", "2", "3 or more"), counts[1:],
                                                                         strict=True))
        return (f"fewest cards left: 0 on {counts[0]} deal{'' if counts[0] == 1 else 's'}, {shares}   "
                f"mean {sum(values) / len(values):.2f}   max {max(values)}")


Job = tuple[str, int, Any, int, bool, str]
Done = tuple[int, str, float, int, int, int | None]


def _solve_one(job: Job) -> Done:
    game, number, rules, budget, shortest, scoring = job
    position = Position.start(numbered_deal(number, find_game(game)), rules)
    answer = solve(position, budget=budget, shortest=shortest)
    left = None
    if scoring == CARDS_LEFT and answer.result is not Result.GAVE_UP:
        from .best import find_best

        left = 0 if answer.won else find_best(position, CARDS_LEFT).best.score
    return number, answer.result.value, answer.seconds, answer.nodes, len(answer.moves), left


def solve_range(
    numbers: Iterable[int],
    rules: Any = None,
    *,
    solitaire: Solitaire | None = None,
    jobs: int = 1,
    budget: int = DEFAULT_BUDGET,
    shortest: bool = False,
    progress: Callable[[int], None] | None = None,
    scoring: str = CLASSIC,
) -> RangeSummary:
    """Solve every numbered deal of a game in ``numbers``, on ``jobs`` processes.

    The work is handed out as it goes (``numbers`` may be a long range): nothing is made for
    deals not yet reached, and ``progress`` is told after each deal. Ctrl-C (``KeyboardInterrupt``)
    stops it at once, the worker processes ended: the summary then holds the deals solved so far
    and says it was ``interrupted``. Scored by cards left (``scoring``), each deal's fewest cards left
    is worked out too (those the solver proves lost take the search for it: far longer).
    """
    game = solitaire if solitaire is not None else game_of_rules(rules)
    rules = game.check_rules(rules)
    scoring = game.check_scoring(scoring)
    work = ((game.id, n, rules, budget, shortest, scoring) for n in numbers)
    summary = RangeSummary()

    def take(results: Iterable[Done]) -> None:
        for done, (number, result, seconds, nodes, length, left) in enumerate(results, 1):
            summary.results[number] = result
            summary.seconds[number] = seconds
            summary.nodes[number] = nodes
            if result == Result.WON.value:
                summary.lengths[number] = length
            if left is not None:
                summary.left[number] = left
            if progress is not None:
                progress(done)

    try:
        if jobs > 1:
            _on_processes(work, jobs, take)
        else:
            take(map(_solve_one, work))
    except KeyboardInterrupt:
        summary.interrupted = True
    return summary


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the process that started it, which ends the workers."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _on_processes(work: Iterable[Job], jobs: int, take: Callable[[Iterable[Done]], None]) -> None:
    import multiprocessing
    import threading

    # The pool's feeder takes jobs only as results come back: a few per process in flight,
    # whatever the length of the range. It looks every tenth of a second whether to stop, so that
    # the pool, which waits for its feeder when it ends, can end at once.
    room = threading.BoundedSemaphore(8 * jobs)
    stop = threading.Event()

    def feed() -> Iterable[Job]:
        for job in work:
            while not room.acquire(timeout=0.1):
                if stop.is_set():
                    return
            if stop.is_set():
                return
            yield job

    def results(pool: Any) -> Iterable[Done]:
        for result in pool.imap_unordered(_solve_one, feed(), chunksize=4):
            room.release()
            yield result

    pool = multiprocessing.Pool(jobs, initializer=_ignore_interrupts)
    try:
        take(results(pool))
        pool.close()
    finally:
        stop.set()
        pool.terminate()
        pool.join()
