"""Solving ranges of deals: counts of won, lost and gave up, and the report."""

from __future__ import annotations

import sys

import pytest

from tripeaks import STANDARD, STRICT, Game, Result, Rules, numbered_deal, solve
from tripeaks.services.stats import RangeSummary, percentile, solve_range


def test_percentile_nearest_rank() -> None:
    assert percentile([], 0.5) == 0.0
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.5) == 50.0
    assert percentile(values, 0.95) == 95.0
    assert percentile(values, 0.99) == 99.0
    assert percentile(list(reversed(values)), 0.0) == 1.0
    assert percentile(values, 1.0) == 100.0
    assert percentile([3.0], 0.5) == 3.0
    assert percentile([2.0, 1.0], 0.5) == 1.0


def test_solve_range_counts_won_and_lost() -> None:
    seen: list[int] = []
    summary = solve_range(range(6, 10), STRICT, jobs=1, progress=seen.append)
    assert seen == [1, 2, 3, 4]
    assert summary.results == {6: "won", 7: "won", 8: "lost", 9: "won"}
    assert (summary.count(Result.WON), summary.count(Result.LOST), summary.count(Result.GAVE_UP)) == (3, 1, 0)
    assert set(summary.seconds) == set(summary.nodes) == {6, 7, 8, 9}
    assert set(summary.lengths) == {6, 7, 9}  # only won deals have a winning line
    for number, length in summary.lengths.items():
        answer = solve(Game(numbered_deal(number), STRICT).position)
        assert length == len(answer.moves)
        assert summary.nodes[number] == answer.nodes
    assert all(n > 0 for n in summary.nodes.values())


def test_solve_range_counts_gave_up() -> None:
    summary = solve_range([15, 2], STANDARD, budget=1)
    expected = {
        n: solve(Game(numbered_deal(n), STANDARD).position, budget=1).result.value for n in (15, 2)
    }
    assert summary.results == expected
    assert summary.results[15] == "gave_up"
    assert summary.count(Result.GAVE_UP) == 1
    assert 15 not in summary.lengths


def test_solve_range_shortest() -> None:
    summary = solve_range([2], STANDARD, shortest=True)
    fewest = solve(Game(numbered_deal(2), STANDARD).position, shortest=True)
    assert summary.lengths == {2: len(fewest.moves)}
    assert "moves in winning lines" in summary.report(1.0)


def test_solve_range_empty_and_no_progress() -> None:
    assert solve_range([], STANDARD).results == {}
    assert solve_range([2], Rules(passes=None)).results == {2: "won"}


def test_report_text() -> None:
    summary = RangeSummary(
        results={1: "won", 2: "won", 3: "lost", 4: "gave_up"},
        seconds={1: 0.5, 2: 1.5, 3: 0.25, 4: 2.0},
        nodes={1: 1000, 2: 3000, 3: 200, 4: 5_000_000},
        lengths={1: 40, 2: 50},
    )
    assert summary.report(3.25).splitlines() == [
        "deals: 4   won: 2 (50.0%)   lost: 1 (25.0%)   gave up: 1",
        "seconds per deal: median 0.5000   p95 2.0000   p99 2.0000   max 2.0000   total 4.25",
        "states per deal: median 1,000   p95 5,000,000   max 5,000,000",
        "wall time: 3.25 s",
        "moves in winning lines: median 40   max 50",
    ]
    summary.lengths.clear()
    assert "moves in winning lines" not in summary.report(1.0)
    assert len(summary.report(1.0).splitlines()) == 4


@pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in the browser")
def test_solve_range_on_several_processes() -> None:  # pragma: no cover - not in Pyodide
    seen: list[int] = []
    summary = solve_range(range(1, 4), STANDARD, jobs=2, progress=seen.append)
    assert summary.results == {1: "won", 2: "won", 3: "won"}
    assert seen == [1, 2, 3]
    assert summary.lengths == solve_range(range(1, 4), STANDARD, jobs=1).lengths


def test_ctrl_c_stops_at_once_with_what_was_done() -> None:
    """Issue 35, part 5: a KeyboardInterrupt stops the range, keeping the deals solved so far."""

    def stop_after_two(done: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    summary = solve_range(range(1, 50), STANDARD, jobs=1, progress=stop_after_two)
    assert summary.interrupted and sorted(summary.results) == [1, 2]
    assert summary.report(0.5).startswith("deals: 2   won: 2")
    assert RangeSummary(interrupted=True).report(0.0).startswith("deals: 0 (none was finished)")


@pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in the browser")
def test_ctrl_c_on_processes_leaves_no_process_behind() -> None:
    import multiprocessing
    import time

    def stop_after_three(done: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    started = time.perf_counter()
    summary = solve_range(range(1, 100_000), STANDARD, jobs=2, progress=stop_after_three)
    assert summary.interrupted and len(summary.results) == 3
    assert time.perf_counter() - started < 10
    assert multiprocessing.active_children() == []
