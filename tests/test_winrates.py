"""Win rates of a range of deals: each deal's line (the solver's answer, the no-peeking player's game, the
grade), the JSON-lines file the stats command writes and resumes, the bounded spread of figures, the
Wilson interval and the summary."""

from __future__ import annotations

import io
import itertools
import json
import math
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tripeaks import GAMES, STRICT, TRIANGLE, numbered_deal, solve
from tripeaks.cli import main
from tripeaks.model.position import Position
from tripeaks.model.scoring import CARDS_LEFT
from tripeaks.registry import DEFAULT_GAME
from tripeaks.services.best import find_best
from tripeaks.services.difficulty import difficulty, fair_player_wins
from tripeaks.services.lines_file import read_lines, resume
from tripeaks.services.stats import Spread, Tally, percentile, wilson
from tripeaks.services.sweep import DoneDeals, InProcess, deal_line, solve_chunk, sweep


def lines_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]


def by_deal(lines: list[dict[str, Any]], *, timings: bool = False) -> dict[int, dict[str, Any]]:
    """Lines by deal number, without the time each took unless asked."""
    return {line["deal"]: {k: v for k, v in line.items() if timings or k != "seconds"} for line in lines}


# A deal's line


@pytest.mark.no_cover
@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_a_deals_line_is_the_solvers_answer_and_the_fair_players_game(game: Any) -> None:
    for rules in game.rule_sets.values():
        for number in (1, 2, 3):
            deal = numbered_deal(number, game)
            line = deal_line(game, number, rules, grade=number == 1)
            answer = solve(Position.start(deal, rules))
            assert line["deal"] == number and line["game"] == game.id and line["rules"] == rules.key
            assert line["code"] == deal.code
            assert line["result"] == answer.result.value and line["nodes"] == answer.nodes
            won = answer.result.value == "won"
            assert line["moves"] == (len(answer.moves) if won else None)
            assert line["cards_left"] == (0 if won else None)  # the hook for a search by cards left
            assert line["fair"] == fair_player_wins(deal, rules)
            if number == 1:
                assert line["grade"] == difficulty(deal, rules).grade.value
            if not won:
                assert line["fair"] is False  # a deal no line wins, no player wins


@pytest.mark.no_cover
def test_the_fair_player_never_wins_a_lost_deal_and_is_its_graders_first_game() -> None:
    lines = [deal_line(DEFAULT_GAME, number, STRICT, grade=number == 8) for number in range(1, 16)]
    lost = [line for line in lines if line["result"] == "lost"]
    assert lost and not any(line["fair"] for line in lost)
    assert lines[7]["result"] == "lost" and lines[7]["grade"] == "can't be won"  # deal 8 under Strict rules
    graded = difficulty(numbered_deal(2))
    assert fair_player_wins(numbered_deal(2)) and graded.wins >= 1


def test_a_line_that_gave_up_has_no_grade_and_a_game_without_a_player_has_no_fair_result() -> None:
    line = deal_line(DEFAULT_GAME, 15, DEFAULT_GAME.default_rules, budget=1, grade=True)
    assert line["result"] == "gave_up" and line["grade"] is None and line["moves"] is None
    assert "grade" not in deal_line(DEFAULT_GAME, 2, DEFAULT_GAME.default_rules)
    lines = solve_chunk((TRIANGLE.id, "standard", (1, 2), 1_000_000, False, False, False))
    assert [line["deal"] for line in lines] == [1, 2] and {line["game"] for line in lines} == {"triangle"}


@pytest.mark.no_cover
def test_a_line_scored_by_cards_left_has_a_lost_deals_fewest_cards_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 37: a deal's line carries the moves to win or the fewest cards left; ``stats --scoring
    cards-left`` searches them for the deals proved lost, and counts them in its summary."""
    position = Position.start(numbered_deal(8), STRICT)
    lost = deal_line(DEFAULT_GAME, 8, STRICT, cards_left=True)
    assert lost["result"] == "lost" and lost["cards_left"] == find_best(position, CARDS_LEFT).best.score == 2
    assert deal_line(DEFAULT_GAME, 8, STRICT)["cards_left"] is None  # not searched unless asked
    gave_up = deal_line(DEFAULT_GAME, 15, DEFAULT_GAME.default_rules, budget=1, cards_left=True)
    assert gave_up["result"] == "gave_up" and gave_up["cards_left"] is None
    out = tmp_path / "left.jsonl"
    argv = ["stats", "--deals", "6-8", "--rules", "strict", "--jobs", "1", "--scoring", "cards-left"]
    said = "fewest cards left: 0 on 2 deals, 1 on 0, 2 on 1, 3 or more on 0   mean 0.67   max 2"
    assert main([*argv, "--out", str(out)]) == 0
    assert said in capsys.readouterr().out
    assert {n: line["cards_left"] for n, line in by_deal(lines_of(out)).items()} == {6: 0, 7: 0, 8: 2}
    assert main([*argv, "--out", str(out)]) == 0  # carried on: every figure from the file
    captured = capsys.readouterr()
    assert said in captured.out and "3 of the 3 deals done already" in captured.err
    # A file written scored classic has no cards left for its lost deals: a run by cards left refuses it.
    classic = tmp_path / "classic.jsonl"
    assert main([*argv[:-2], "--out", str(classic)]) == 0
    assert "fewest cards left" not in capsys.readouterr().out
    assert main([*argv, "--out", str(classic)]) == 2
    assert capsys.readouterr().err == (
        f"error: {classic}, line 3: deal 8 was written without its fewest cards left (a run scored classic): "
        "give another file for a run scored by cards left\n"
    )


def test_sweep_hands_out_every_deal_once_in_chunks() -> None:
    seen: list[int] = []
    ticks: list[None] = []
    sweep(range(5, 12), DEFAULT_GAME, STRICT, InProcess(), lambda line: seen.append(line["deal"]),
          tick=lambda: ticks.append(None))
    assert sorted(seen) == list(range(5, 12)) and ticks


# The set of deals done, as runs


@given(st.lists(st.integers(1, 60), max_size=80), st.integers(1, 40), st.integers(0, 40))
def test_done_deals_is_a_set_and_missing_is_the_rest(numbers: list[int], start: int, length: int) -> None:
    done = DoneDeals()
    kept: set[int] = set()
    for number in numbers:
        assert done.add(number) == (number not in kept)
        kept.add(number)
    assert done.count == len(kept)
    assert all((n in done) == (n in kept) for n in range(0, 62))
    assert "1" not in done
    runs = done.runs
    assert all(a <= b and b + 1 < c for (a, b), (c, _) in itertools.pairwise(runs))
    window = range(start, start + length)
    assert list(done.missing(window)) == [n for n in window if n not in kept]


# The figures


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    # The textbook's Wilson intervals (z = 1.96).
    [(0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (5, 10, 0.2366, 0.7634), (450, 1000, 0.4194, 0.4810)],
)
def test_wilson_interval(wins: int, games: int, low: float, high: float) -> None:
    found = wilson(wins, games)
    assert found == pytest.approx((low, high), abs=5e-5)
    assert wilson(0, 0) == (0.0, 1.0)


@given(st.lists(st.floats(0, 1e6, allow_nan=False), min_size=1, max_size=400), st.floats(0, 1))
def test_spread_percentiles_are_exact_then_within_one_percent(values: list[float], share: float) -> None:
    exact, binned = Spread(), Spread()
    binned.EXACT = 3
    for value in values:
        exact.add(value)
        binned.add(value)
    truth = percentile(values, share)
    assert exact.percentile(share) == truth
    assert binned.percentile(share) == pytest.approx(truth, rel=0.011)
    assert binned.most == exact.most == max(values) and binned.count == len(values)
    assert math.isclose(binned.total, sum(values))


def test_tally_report_gives_both_shares_and_the_grades() -> None:
    tally = Tally()
    rows = [("won", True, "easy"), ("won", False, "hard"), ("lost", False, "can't be won"),
            ("gave_up", None, None)]
    for n, (result, fair, grade) in enumerate(rows, 1):
        tally.add({"deal": n, "result": result, "fair": fair, "grade": grade, "nodes": 10 * n, "seconds": 0.5,
                   "moves": 40 if result == "won" else None})
    report = tally.report(2.0).splitlines()
    assert report[0] == "deals: 4   won: 2 (50.0%)   lost: 1 (25.0%)   gave up: 1"
    assert report[-2] == ("winnable: 50.0% (95% interval 15.0–85.0%)   the no-peeking player wins: 33.3% "
                          "(95% interval 6.1–79.2%)")
    assert report[-1] == "grades: easy 1, hard 1, can't be won 1"
    assert Tally().report(1.0) == "deals: 0 (none was finished)\nwall time: 1.00 s"


# The file: written as deals are solved, read back to resume


def test_stats_out_writes_a_line_a_deal_and_resumes_where_it_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "deals.jsonl"
    assert main(["stats", "--deals", "1-6", "--jobs", "1", "--out", str(out), "--rules", "strict"]) == 0
    whole = lines_of(out)
    assert sorted(line["deal"] for line in whole) == [1, 2, 3, 4, 5, 6]
    assert by_deal(whole, timings=True) == {
        n: deal_line(DEFAULT_GAME, n, STRICT) | {"seconds": by_deal(whole, timings=True)[n]["seconds"]}
        for n in range(1, 7)
    }
    summary = capsys.readouterr().out
    # A run stopped after deal 3, the fourth line cut short as it was written: run again, the file is whole.
    text = out.read_text(encoding="utf-8").splitlines(keepends=True)
    out.write_text("".join(text[:3]) + text[3][:25], encoding="utf-8")
    assert main(["stats", "--deals", "1-6", "--jobs", "1", "--out", str(out), "--rules", "strict"]) == 0
    captured = capsys.readouterr()
    assert "its last line was cut short" in captured.err and "3 of the 6 deals done already" in captured.err
    assert captured.out.splitlines()[1:2] == summary.splitlines()[1:2]  # the figures of all six deals
    assert by_deal(lines_of(out)) == by_deal(whole)
    # Everything done: a run adds nothing; a wider range adds only the new deals.
    assert main(["stats", "--deals", "2-5", "--jobs", "1", "--out", str(out), "--rules", "strict"]) == 0
    assert len(lines_of(out)) == 6
    assert main(["stats", "--deals", "1-8", "--jobs", "1", "--out", str(out), "--rules", "strict"]) == 0
    assert sorted(line["deal"] for line in lines_of(out)) == list(range(1, 9))


def test_a_whole_last_line_without_its_newline_is_kept(tmp_path: Path) -> None:
    out = tmp_path / "deals.jsonl"
    out.write_text(json.dumps(deal_line(DEFAULT_GAME, 1, STRICT)), encoding="utf-8")
    taken: list[dict[str, Any]] = []
    done, said = resume(out, "tripeaks", "strict", range(1, 5), taken.append)
    assert (done.count, said, [line["deal"] for line in taken]) == (1, None, [1])
    assert out.read_text(encoding="utf-8").endswith("}\n")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"deal": 1}\nnot json\n', "line 1: not a deal's line of the stats command: '{\"deal\": 1}'"),
        ("\n[1, 2]\n", "line 2: not a deal's line"),
        (json.dumps(deal_line(DEFAULT_GAME, 8, STRICT) | {"cards_left": "two"}) + "\n",
         "line 1: not a deal's line"),
        (json.dumps(deal_line(TRIANGLE, 1, TRIANGLE.default_rules)) + "\n",
         "line 1: a deal of triangle (standard), not of tripeaks (strict): give another file"),
    ],
)
def test_a_file_of_something_else_is_refused_and_left_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, said: str
) -> None:
    out = tmp_path / "other.jsonl"
    out.write_text(text, encoding="utf-8")
    code = main(["stats", "--deals", "1-2", "--jobs", "1", "--out", str(out), "--rules", "strict"])
    captured = capsys.readouterr()
    assert (code, captured.out) == (2, "")
    assert captured.err.startswith(f"error: {out}, {said}") and "Traceback" not in captured.err
    assert out.read_text(encoding="utf-8") == text


def test_a_file_that_cannot_be_read_or_written_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["stats", "--deals", "1", "--jobs", "1", "--out", str(tmp_path)])
    assert code == 2 and capsys.readouterr().err.startswith(f"error: {tmp_path}: cannot be read (")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\xff\xfe\n")
    with pytest.raises(ValueError, match="not UTF-8 text"):
        list(read_lines(binary))
    code = main(["stats", "--deals", "1", "--jobs", "1", "--out", str(tmp_path / "no" / "such" / "folder")])
    assert code == 2 and "cannot be written (" in capsys.readouterr().err


@pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in the browser")
def test_processes_write_the_same_lines_as_one_process(tmp_path: Path) -> None:  # pragma: no cover
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert main(["stats", "--deals", "1-8", "--jobs", "1", "--out", str(one)]) == 0
    assert main(["stats", "--deals", "1-8", "--jobs", "2", "--out", str(two)]) == 0
    assert by_deal(lines_of(one)) == by_deal(lines_of(two))


# Stopping, and failing, on the way


def test_ctrl_c_keeps_every_line_written_and_says_what_was_done(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "deals.jsonl"
    added = Tally.add

    def stop_at_the_fourth(tally: Tally, line: dict[str, Any]) -> None:
        if tally.deals == 3:
            raise KeyboardInterrupt
        added(tally, line)

    monkeypatch.setattr(Tally, "add", stop_at_the_fourth)
    assert main(["stats", "--deals", "1-50", "--jobs", "1", "--out", str(out)]) == 130
    captured = capsys.readouterr()
    assert captured.err == "interrupted: 3 of 50 deals solved\n"
    assert captured.out.splitlines()[1].startswith("deals: 3   won: 3 ")
    assert [line["deal"] for line in lines_of(out)] == [1, 2, 3, 4]  # the 4th written, then stopped


def test_every_deal_number_streams_from_a_file_that_has_some(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37: a range of 2³¹ deals is never held in memory; it starts at once, carrying on from a file."""
    out = tmp_path / "all.jsonl"
    had = [json.dumps(deal_line(DEFAULT_GAME, n, STRICT)) + "\n" for n in (1, 2, 4)]
    out.write_text("".join(had), encoding="utf-8")
    added = Tally.add

    def stop_at_twelve(tally: Tally, line: dict[str, Any]) -> None:
        if tally.deals == 12:
            raise KeyboardInterrupt
        added(tally, line)

    monkeypatch.setattr(Tally, "add", stop_at_twelve)
    argv = ["stats", "--deals", "1-2147483647", "--rules", "strict", "--jobs", "1", "--out", str(out)]
    assert main([*argv, "--yes"]) == 130
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"{out}: 3 of the 2,147,483,647 deals done already"
    assert err[1].startswith("deals 1-2,147,483,647 (2,147,483,644) on 1 process: about ")
    assert err[2] == "interrupted: 12 of 2,147,483,647 deals solved"
    # 3 + 9 deals counted, and the 10th new one written before the count stopped
    assert [line["deal"] for line in lines_of(out)] == [1, 2, 4, 3, *range(5, 14)]


def test_a_runner_that_fails_stops_the_run_with_its_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tripeaks.services import winrates
    from tripeaks.services.cluster import ClusterError

    class Gone(InProcess):
        def finished(self, timeout: float) -> list[list[dict[str, Any]]]:
            done = super().finished(timeout)
            if done and done[0][0]["deal"] == 3:
                raise ClusterError("the scheduler at tcp://gone:8786 dropped the work (did it stop?)")
            return done

    monkeypatch.setattr(winrates, "_runner", lambda run, left, stack: (Gone(), 1, "1 worker of a test"))
    assert main(["stats", "--deals", "1-9", "--out", str(tmp_path / "deals.jsonl")]) == 1
    captured = capsys.readouterr()
    assert captured.err == ("error: the scheduler at tcp://gone:8786 dropped the work (did it stop?)\n"
                            "stopped: 2 of 9 deals solved\n")
    assert len(lines_of(tmp_path / "deals.jsonl")) == 2


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_line_says_the_rate_and_the_time_left() -> None:
    from tripeaks.services.winrates import Progress

    stream = Terminal()
    progress = Progress(10**15, 5, stream)
    progress.add()
    progress.end()
    shown = stream.getvalue()
    assert shown.startswith("\r[..............................] 5/1,000,000,000,000,000\x1b[K\r[")
    assert " 6/1,000,000,000,000,000  " in shown and " deals/s  left " in shown and "years" in shown
    assert shown.endswith("\x1b[K\n")
    quiet = io.StringIO()
    Progress(10, 0, quiet).add()
    assert quiet.getvalue() == ""


@pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in the browser")
def test_a_chunk_that_fails_in_a_process_fails_the_sweep() -> None:  # pragma: no cover - not Pyodide
    from tripeaks.services.sweep import Processes

    with Processes(1) as runner:
        runner.submit(("no such game", "standard", (1,), 1, False, False, False))
        with pytest.raises(ValueError, match="there is no game called 'no such game'"):
            for _ in range(300):
                runner.finished(0.2)


SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "winrates.py"


@pytest.mark.skipif(not SCRIPT.exists(), reason="scripts/ is not beside tests/ here")
def test_the_tables_rows_come_from_the_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    import runpy

    strict, triangle = tmp_path / "strict.jsonl", tmp_path / "triangle.jsonl"
    assert main(["stats", "--deals", "5-12", "--jobs", "1", "--rules", "strict", "--out", str(strict)]) == 0
    assert main(["stats", "--deals", "1-3", "--jobs", "1", "--game", "triangle", "--out", str(triangle)]) == 0
    copy = tmp_path / "again.jsonl"
    copy.write_text(strict.read_text(encoding="utf-8"), encoding="utf-8")  # the same deals twice count once
    capsys.readouterr()
    monkeypatch.setattr(sys, "argv", ["winrates.py", str(triangle), str(strict), str(copy)])
    with pytest.raises(SystemExit) as done:
        runpy.run_path(str(SCRIPT), run_name="__main__")
    assert done.value.code == 0
    table = capsys.readouterr().out.splitlines()
    lines = by_deal(lines_of(strict))
    won = sum(line["result"] == "won" for line in lines.values())
    assert len(table) == 4 and table[2].startswith(f"| TriPeaks | Strict | 8 (5–12) | {100 * won / 8:.1f}% (")
    assert table[3].startswith("| Triangle | Standard | 3 (1–3) | ")
    # Issue 36: the share of a part of a longer run (deals 1–10,000 of 1–20,000): only its deals count
    monkeypatch.setattr(sys, "argv", ["winrates.py", "--deals", "9-10", str(strict), str(triangle)])
    with pytest.raises(SystemExit) as done:
        runpy.run_path(str(SCRIPT), run_name="__main__")
    assert done.value.code == 0
    won = sum(lines[n]["result"] == "won" for n in (9, 10))
    table = capsys.readouterr().out.splitlines()
    assert len(table) == 3 and table[2].startswith(f"| TriPeaks | Strict | 2 (9–10) | {100 * won / 2:.1f}% (")
