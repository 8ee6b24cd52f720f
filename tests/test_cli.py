"""The command line, run in-process: deal, show and play with scripted input."""

from __future__ import annotations

import datetime as dt
import errno
import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import build_deal, chain_deal, clear_order, stuck_deal, up_chain

from tripeaks import GAMES, TRIANGLE, Game, Position, Rules, daily_seed, deal_from_seed, numbered_deal, solve
from tripeaks.cli import main
from tripeaks.services.text import draw_table

GOLDEN = json.loads((Path(__file__).parent / "golden" / "deals.json").read_text(encoding="utf-8"))


def script(*lines: str) -> Callable[[str], str]:
    """A ``read`` that answers each prompt with the next line, then signals end of input."""
    answers = iter(lines)

    def read(prompt: str) -> str:
        assert prompt == "> "
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return read


def run(capsys: pytest.CaptureFixture[str], *argv: str, lines: tuple[str, ...] = ()) -> tuple[int, str, str]:
    code = main(list(argv), read=script(*lines))
    out, err = capsys.readouterr()
    return code, out, err


# deal


@pytest.mark.parametrize("number", ["1", "2", "3", "1000000"])
def test_deal_number_prints_its_code(capsys: pytest.CaptureFixture[str], number: str) -> None:
    assert run(capsys, "deal", number) == (0, GOLDEN["numbered"][number] + "\n", "")


def test_deal_daily_prints_one_of_the_days_deals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "--daily", "2026-11-30")
    assert (code, err) == (0, "")
    day = dt.date(2026, 11, 30)
    assert out.strip() in {deal_from_seed(daily_seed(day, a)).code for a in range(256)}
    code, other, _ = run(capsys, "deal", "--daily", "2026-12-01")
    assert other != out


@pytest.mark.parametrize("argv", [["deal"], ["deal", "1", "--daily", "2026-11-30"]])
def test_deal_needs_a_number_or_a_date(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert "give a deal number or --daily YYYY-MM-DD" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["deal", "--daily", "2026-02-30"], ["deal", "x"], [], ["solitaire"]])
def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert "usage:" in capsys.readouterr().err


@pytest.mark.parametrize("number", ["0", str(2**31)])
def test_deal_number_out_of_range(capsys: pytest.CaptureFixture[str], number: str) -> None:
    code, out, err = run(capsys, "deal", number)
    assert (code, out) == (2, "")
    assert err.startswith("error: deal numbers go from 1 to 2,147,483,647")


# show


def test_show_a_numbered_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "1")
    assert code == 0
    assert out == draw_table(Position.start(numbered_deal(1), Rules())) + "\n"
    assert out.count("##") == 18 and "Stock: 23 cards" in out


def test_show_reveal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "1", "--reveal")
    assert code == 0
    assert "##" not in out
    assert "jD" in out  # a face-down card, marked by its case
    assert " ".join(c.code for c in numbered_deal(1).stock) in out


def test_show_a_code_face_up(capsys: pytest.CaptureFixture[str]) -> None:
    deal = numbered_deal(7)
    code, out, _ = run(capsys, "show", deal.code, "--face-up")
    assert code == 0
    assert out == draw_table(Position.start(deal, Rules(face_up=True))) + "\n"
    assert "##" not in out


def test_show_a_bad_code_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    bad = numbered_deal(1).code.replace("8h8d5s", "8h8dZx")
    code, out, err = run(capsys, "show", bad)
    assert (code, out) == (2, "")
    assert err == "error: card 3 of row 2 is 'Zx', not a card\n"


# play


def test_play_header_and_quit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", lines=("q",))
    assert code == 0
    assert out.startswith("TriPeaks, deal 1. Standard: one pass through the stock, K–A wrap.\n")
    assert "Type a card to play it (7h), or: draw (d), reset, undo (u), redo (r), quit (q)." in out
    assert "Score 0  Run 0  Moves 0  Cleared 0/28  (you can play J or K)" in out


def test_play_ends_on_end_of_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "2")
    assert code == 0
    assert out.startswith("TriPeaks, deal 2.")
    assert out.endswith("\n\n")


def test_play_rules_options(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "play", "--rules", "easy", "--face-up", lines=("quit",))
    assert "Easy: unlimited passes through the stock, K–A wrap, all cards face up." in out
    assert "##" not in out
    _, out, _ = run(capsys, "play", "5", "--passes", "2", "--no-wrap", lines=("exit",))
    assert "TriPeaks, deal 5. Custom: two passes through the stock, no K–A wrap." in out
    _, out, _ = run(capsys, "play", "--rules", "strict", "--passes", "unlimited", lines=("q",))
    assert "Custom: unlimited passes through the stock, no K–A wrap." in out


def test_play_moves_undo_redo_draw_and_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    deal = build_deal({18: "6c", 19: "9c"}, "5h", ["Kd", "Qd"])
    lines = ("6c", "u", "r", "d", "", "u", "u", "9c", "zz", "?", "reset", "u", "u", "u", "r", "q")
    code, out, _ = run(capsys, "play", deal.code, lines=lines)
    assert code == 0
    assert out.startswith("TriPeaks, this deal.")
    assert "Score 1  Run 1  Moves 1  Cleared 1/28  (you can play 5 or 7)" in out
    assert "Undid 6c." in out and "Redid 6c." in out
    assert "Score -4  Run 0  Moves 2" in out  # the draw (d)
    assert "Score -9  Run 0  Moves 3" in out  # the draw (empty line)
    assert "Undid draw." in out
    assert "A 9 can't go on a 6. You can play a 5 or a 7." in out
    assert "'zz' is not a move: write a card such as 7h, or draw, or reset" in out
    assert out.count("Type a card to play it") == 2  # the header and '?'
    assert "The stock can only be reset once it is empty." in out
    assert "Nothing to undo." in out
    assert "Redid 6c." in out


def test_play_to_a_win(capsys: pytest.CaptureFixture[str]) -> None:
    deal = chain_deal(up_chain(1, 29))
    moves = tuple(deal.layout_cards[s].code for s in clear_order())
    code, out, _ = run(capsys, "play", deal.code, lines=(*moves, "d", "q"))
    assert code == 0
    assert "Cleared 28/28  (won: the peaks are cleared!)" in out
    assert f"Score {sum(range(1, 29)) + 60}  Run 28  Moves 28" in out
    assert "The peaks are cleared: this game is won." in out  # the draw after winning
    assert "(row 1 cleared)" in out


def test_play_out_of_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", stuck_deal().code, "--rules", "easy", lines=("d",))
    assert code == 0
    assert "(out of moves (undo to try another way))" in out
    assert "No more moves: this game is over." in out


@pytest.mark.parametrize("deal", ["0", "nonsense", "2147483648"])
def test_play_bad_deal_exits_2(capsys: pytest.CaptureFixture[str], deal: str) -> None:
    code, out, err = run(capsys, "play", deal)
    assert (code, out) == (2, "")
    assert err.startswith("error: ")


# solve


def test_solve_a_number(capsys: pytest.CaptureFixture[str]) -> None:
    from tripeaks import Game, solve

    code, out, err = run(capsys, "solve", "2")
    assert (code, err) == (0, "")
    said, moves = out.splitlines()
    expected = solve(Position.start(numbered_deal(2), Rules()))
    assert said.startswith(f"won in {len(expected.moves)} moves (")
    assert said.endswith(" s)") and " states, " in said
    game = Game(numbered_deal(2))
    for token in moves.split():
        game.push(token)
    assert game.status.value == "won"


def test_solve_json_and_a_code(capsys: pytest.CaptureFixture[str]) -> None:
    from tripeaks import Game

    code, out, _ = run(capsys, "solve", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"result", "moves", "nodes", "seconds"}
    assert data["result"] == "won" and data["nodes"] > 0 and data["seconds"] >= 0
    game = Game(numbered_deal(2))
    for token in data["moves"]:
        game.push(token)
    assert game.status.value == "won"
    code, by_code, _ = run(capsys, "solve", numbered_deal(2).code, "--json")
    assert code == 0 and json.loads(by_code)["moves"] == data["moves"]


def test_solve_lost_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "8", "--rules", "strict")
    assert code == 0
    assert out.startswith("lost: no line clears the layout (") and out.count("\n") == 1
    code, out, _ = run(capsys, "solve", "8", "--rules", "strict", "--json")
    data = json.loads(out)
    assert (data["result"], data["moves"]) == ("lost", [])
    # Standard wins deal 8; --no-wrap makes it Strict again.
    assert json.loads(run(capsys, "solve", "8", "--json")[1])["result"] == "won"
    assert json.loads(run(capsys, "solve", "8", "--no-wrap", "--json")[1])["result"] == "lost"


@pytest.mark.parametrize(
    "options",
    [
        ["--passes", "2", "--no-wrap"],
        ["--passes", "unlimited"],
        ["--rules", "easy", "--face-up"],
        ["--passes", "3"],
    ],
)
def test_solve_custom_rules(capsys: pytest.CaptureFixture[str], options: list[str]) -> None:
    from tripeaks import Game

    code, out, _ = run(capsys, "solve", "2", "--json", *options)
    assert code == 0
    data = json.loads(out)
    assert data["result"] == "won"
    passes = {"2": 2, "3": 3, "unlimited": None}.get(options[1], None if "easy" in options else 1)
    game = Game(numbered_deal(2), Rules(passes=passes, wrap="--no-wrap" not in options))
    for token in data["moves"]:
        game.push(token)
    assert game.status.value == "won"


def test_solve_shortest(capsys: pytest.CaptureFixture[str]) -> None:
    golden = json.loads((Path(__file__).parent / "golden" / "solutions.json").read_text(encoding="utf-8"))
    code, out, _ = run(capsys, "solve", "2", "--shortest")
    assert code == 0
    assert out.startswith(f"won in {golden['fewest_moves']['standard']['2']['moves']} moves (")


def test_solve_gave_up(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "15", "--budget", "1")
    assert code == 0
    assert out.startswith("gave up: the budget ran out before an answer (")
    assert out.count("\n") == 1
    data = json.loads(run(capsys, "solve", "15", "--budget", "1", "--json")[1])
    assert (data["result"], data["moves"]) == ("gave_up", [])


@pytest.mark.parametrize("deal", ["0", "nonsense", "2147483648"])
def test_solve_bad_deal_exits_2(capsys: pytest.CaptureFixture[str], deal: str) -> None:
    code, out, err = run(capsys, "solve", deal)
    assert (code, out) == (2, "")
    assert err.startswith("error: ")


@pytest.mark.parametrize(
    "argv",
    [["solve"], ["solve", "1", "--passes", "4"], ["solve", "1", "--rules", "hard"], ["stats", "--jobs", "x"]],
)
def test_solve_and_stats_bad_options_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert "usage:" in capsys.readouterr().err


# stats


def test_stats_prints_the_winnable_share(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)  # the progress line is for a terminal
    code, out, err = run(capsys, "stats", "--deals", "1-5", "--jobs", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Standard: one pass through the stock, K–A wrap; deals 1-5"
    assert lines[1] == "deals: 5   won: 5 (100.0%)   lost: 0 (0.0%)   gave up: 0"
    assert lines[2].startswith("seconds per deal: median ")
    assert lines[3].startswith("states per deal: median ")
    assert lines[4].startswith("wall time: ")
    assert lines[5].startswith("moves in winning lines: median ")
    assert "[##############################] 5/5" in err and "1/5" in err
    assert " deals/s  left 0:00:00" in err
    assert lines[6].startswith("winnable: 100.0% (95% interval 56.6–100.0%)   the no-peeking player wins: ")
    code, out, err = run(capsys, "stats", "--deals", "1-5", "--jobs", "1", "--rules", "strict")
    monkeypatch.undo()
    code, out, quiet = run(capsys, "stats", "--deals", "1-5", "--jobs", "1")
    assert (code, quiet) == (0, "")  # no progress line but on a terminal


def test_stats_rules_and_one_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stats", "--deals", "8", "--jobs", "1", "--rules", "strict")
    assert code == 0
    assert out.splitlines()[:2] == [
        "Strict: one pass through the stock, no K–A wrap; deals 8-8",
        "deals: 1   won: 0 (0.0%)   lost: 1 (100.0%)   gave up: 0",
    ]
    code, out, _ = run(capsys, "stats", "--deals", "15-16", "--jobs", "1", "--budget", "1")
    assert code == 0 and "gave up: 2" in out.splitlines()[1]
    code, out, _ = run(capsys, "stats", "--deals", "2-2", "--jobs", "1", "--shortest")
    (moves,) = (line for line in out.splitlines() if line.startswith("moves in winning lines"))
    assert code == 0 and moves.startswith("moves in winning lines: median 34 ")


@pytest.mark.parametrize("deals", ["x", "5-1", "0-3", "1-2147483648", "-"])
def test_stats_bad_range_exits_2(capsys: pytest.CaptureFixture[str], deals: str) -> None:
    code, out, err = run(capsys, "stats", "--deals", deals, "--jobs", "1")
    assert (code, out) == (2, "")
    assert err == f"error: --deals takes FIRST-LAST deal numbers, not {deals!r}\n"


# The family of games


def test_games_lists_both_games_with_their_other_names(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "games")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "tripeaks   TriPeaks (also Tri Peaks, Three Peaks, Triple Peaks, Tri Towers)"
    assert lines[3] == "triangle   Triangle (also Yield, Funnel)"
    assert "rule sets: standard, easy, strict; deal codes: no prefix or 'tripeaks:…'" in lines[2]
    assert "rule sets: standard; deal codes: 'triangle:…'" in lines[5]
    for game in GAMES:
        assert game.blurb in out
        assert all(alias in out for alias in game.aliases)


@pytest.mark.parametrize("name", ["triangle", "Triangle", "yield", "FUNNEL"])
def test_deal_with_game_triangle(capsys: pytest.CaptureFixture[str], name: str) -> None:
    assert run(capsys, "deal", "1", "--game", name) == (0, GOLDEN["triangle_numbered"]["1"] + "\n", "")
    code, out, _ = run(capsys, "deal", "--daily", "2026-11-30", "--game", name)
    assert code == 0 and out.startswith("triangle:")
    assert out.strip() == deal_from_seed(daily_seed(dt.date(2026, 11, 30), 0, TRIANGLE), TRIANGLE).code
    assert out != run(capsys, "deal", "--daily", "2026-11-30")[1]


def test_show_with_game_triangle(capsys: pytest.CaptureFixture[str]) -> None:
    deal = numbered_deal(1, TRIANGLE)
    code, out, _ = run(capsys, "show", "1", "--game", "triangle")
    assert code == 0 and out == draw_table(Position.start(deal)) + "\n"
    assert len(out.splitlines()) == 9 and "##" not in out  # seven rows, all face up
    assert run(capsys, "show", deal.code) == (0, out, "")  # the prefix names the game
    assert run(capsys, "show", deal.code, "--game", "triangle") == (0, out, "")


def test_solve_with_game_triangle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "1", "--game", "triangle", "--json")
    assert code == 0
    data = json.loads(out)
    expected = solve(Position.start(numbered_deal(1, TRIANGLE)))
    assert data["result"] == expected.result.value
    game = Game(numbered_deal(1, TRIANGLE))
    for token in data["moves"]:
        game.push(token)
    assert game.status.value == data["result"] == "won"
    code, by_code, _ = run(capsys, "solve", numbered_deal(1, TRIANGLE).code, "--json")
    assert code == 0 and json.loads(by_code)["moves"] == data["moves"]
    code, said, _ = run(capsys, "solve", "1", "--game", "triangle")
    assert code == 0 and said.startswith(f"won in {len(data['moves'])} moves (")


def test_play_with_game_triangle(capsys: pytest.CaptureFixture[str]) -> None:
    lines = ("9s 4c", "u", "Qh+Ad", "redeal", "q")
    code, out, _ = run(capsys, "play", "1", "--game", "triangle", lines=lines)
    assert code == 0
    assert out.startswith("Triangle, deal 1. Standard: two redeals, so the stock is seen three times.\n")
    assert "Removed 2/52  Moves 1" in out  # the pair typed with a space
    assert "Undid " in out
    assert "TriPeaks" not in out


@pytest.mark.parametrize("command", ["show", "solve", "play"])
def test_a_code_of_another_game_exits_2(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, err = run(capsys, command, numbered_deal(1, TRIANGLE).code, "--game", "tripeaks")
    assert (code, out) == (2, "")
    assert err == "error: this is a Triangle deal code, not a TriPeaks one\n"
    code, out, err = run(capsys, command, numbered_deal(1).code, "--game", "triangle")
    assert (code, out) == (2, "")
    assert err == "error: this is a TriPeaks deal code, not a Triangle one\n"


def test_an_unknown_game_or_option_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "1", "--game", "spider")
    assert (code, out) == (2, "")
    assert err == (
        "error: there is no game called 'spider': the games are tripeaks (TriPeaks), triangle (Triangle), "
        "pyramid (Pyramid), golf (Golf)\n"
    )
    code, _, err = run(capsys, "solve", "1", "--game", "triangle", "--no-wrap")
    assert code == 2 and err == "error: --no-wrap: Triangle has no such option\n"
    code, _, err = run(capsys, "play", "1", "--game", "triangle", "--rules", "strict")
    assert code == 2 and err.startswith("error: unknown rule set 'strict': Triangle has one, standard")
    code, _, err = run(capsys, "show", "spider:" + numbered_deal(1).code)
    assert code == 2 and err.startswith("error: unknown game 'spider' in the deal code: the games are ")


def test_empty_waste(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "1", "--empty-waste")
    assert code == 0 and out == draw_table(Position.start(numbered_deal(1), Rules(empty_waste=True))) + "\n"
    assert "Waste: (empty)    Stock: 24 cards" in out
    code, out, _ = run(capsys, "play", "1", "--empty-waste", "--passes", "2", lines=("8s", "q"))
    assert code == 0
    assert "Custom: two passes through the stock, K–A wrap, the waste starts empty." in out
    assert "(you can play any free card)" in out
    assert "Score 1  Run 1  Moves 1" in out  # the 8s, no neighbour of the deal's Qc, goes first
    code, out, _ = run(capsys, "solve", "1", "--empty-waste", "--json")
    data = json.loads(out)
    game = Game(numbered_deal(1), Rules(empty_waste=True))
    for token in data["moves"]:
        game.push(token)
    assert data["result"] == game.status.value == "won"
    code, out, _ = run(capsys, "stats", "--deals", "1-2", "--jobs", "1", "--empty-waste")
    assert code == 0
    assert out.startswith("Standard: one pass through the stock, K–A wrap, the waste starts empty;")


# Playing: hints, the end of input, bad lines


def test_play_hint(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "1", lines=("h", "hint", "q"))
    assert code == 0
    advice = Game(numbered_deal(1)).hint()
    assert out.count(advice.text + "\n") == 2
    code, out, _ = run(capsys, "play", "1", "--game", "triangle", lines=("h", "q"))
    assert Game(numbered_deal(1, TRIANGLE)).hint().text in out


@pytest.mark.parametrize(
    "gone",
    [EOFError(), RuntimeError("input(): lost sys.stdin"), OSError("Bad file descriptor")],
)
def test_play_ends_cleanly_when_the_input_is_gone(
    capsys: pytest.CaptureFixture[str], gone: BaseException
) -> None:
    lines = iter(["d"])

    def read(prompt: str) -> str:
        for line in lines:
            return line
        raise gone

    code = main(["play", "1"], read=read)
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert "Moves 1" in out and out.endswith("\n\n")
    assert "Traceback" not in out and "sys.stdin" not in out


@pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in the browser")
@pytest.mark.parametrize("given", [None, "d\n"], ids=["closed", "one-line"])
def test_play_with_standard_input_closed(given: str | None) -> None:  # pragma: no cover - not in Pyodide
    done = subprocess.run(
        [sys.executable, "-m", "tripeaks", "play", "1"],
        input=given,
        stdin=subprocess.DEVNULL if given is None else None,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("TriPeaks, deal 1.") and done.stdout.endswith("\n> \n")
    assert ("Moves 1" in done.stdout) == (given is not None)


def test_a_huge_garbage_line_is_not_echoed_back(capsys: pytest.CaptureFixture[str]) -> None:
    garbage = "zq" * 50_000
    spaced = " ".join(["zz"] * 30_000)
    code, out, _ = run(capsys, "play", "1", lines=(garbage, spaced, "q"))
    assert code == 0
    assert "zq" * 100 not in out and " zz" * 100 not in out
    said = [line for line in out.splitlines() if "is not a move" in line]
    assert len(said) == 2 and all(len(line) < 200 for line in said)
    assert len(out) < 10_000


def test_the_help_says_an_empty_line_draws(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--help"])
    assert exit_.value.code == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert "An empty line draws." in help_text and "hint (h)" in help_text
    for game in ("tripeaks", "triangle"):
        code, out, _ = run(capsys, "play", "--game", game, lines=("?", "q"))
        assert code == 0 and out.count("An empty line draws too") == 2  # the header and '?'


# Bad numbers and options


@pytest.mark.parametrize(
    "argv",
    [["stats", "--jobs", "0"], ["stats", "--jobs", "-1"], ["stats", "--budget", "0"],
     ["solve", "1", "--budget", "0"], ["stats", "--budget", "9" * 5_000], ["solve", "1", "--budget", "-5"]],
)
def test_numbers_of_at_least_1_exit_2_with_usage(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage:") and "must be a whole number of at least 1" in err
    assert len(err) < 1_000


@pytest.mark.parametrize("command", ["solve", "show", "play"])
@pytest.mark.parametrize("number", ["²", "9" * 5_000, "１２", "-3", "1.5", "12x"])
def test_a_deal_that_is_no_number_says_what_a_deal_number_is(
    capsys: pytest.CaptureFixture[str], command: str, number: str
) -> None:
    code, out, err = run(capsys, command, number)
    assert (code, out) == (2, "")
    assert err.startswith("error: ") and "a deal number is a whole number from 1 to 2,147,483,647" in err
    assert len(err) < 300
    assert "Traceback" not in err and "Exceeds the limit" not in err and "int()" not in err


@pytest.mark.parametrize("number", ["²", "9" * 5_000])
def test_deal_says_what_a_deal_number_is(capsys: pytest.CaptureFixture[str], number: str) -> None:
    try:
        code = main(["deal", number])
    except SystemExit as exit_:  # a usage error (argparse's)
        code = exit_.code  # type: ignore[assignment]
    assert code == 2
    out, err = capsys.readouterr()
    assert out == "" and "a deal number is a whole number from 1 to 2,147,483,647" in err
    assert len(err) < 1_000 and "Traceback" not in err


def test_stats_with_game_triangle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stats", "--deals", "1", "--jobs", "1", "--game", "triangle")
    assert code == 0
    assert out.splitlines()[:2] == [
        "Standard: two redeals, so the stock is seen three times; deals 1-1",
        "deals: 1   won: 1 (100.0%)   lost: 0 (0.0%)   gave up: 0",
    ]


def test_shortest_with_unlimited_passes_gives_up_quickly_with_the_best_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Proving a line the fewest with unlimited passes can take far longer than finding one: the
    # search stops when told (10 s unless --seconds says otherwise) and gives the best it found.
    from tripeaks import EASY, Game

    code, out, _ = run(capsys, "solve", "123", "--rules", "easy", "--shortest", "--seconds", "1")
    assert code == 0
    said, line = out.splitlines()
    assert said.startswith("gave up proving the fewest moves: the shortest winning line found has ")
    game = Game(numbered_deal(123), EASY)
    for token in line.split():
        game.push(token)
    assert game.status.value == "won"
    assert said.split(" has ")[1].startswith(f"{game.moves_made} moves (")


def test_a_whole_triangle_game_in_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    # The test of done: deal 1 played to the end in the terminal, with an undo, a redo
    # and a hint on the way (the hint's move is the one typed next).
    from tripeaks import Position, solve

    line = [m.notation for m in solve(Position.start(numbered_deal(1, TRIANGLE))).moves]
    typed = [line[0], "u", "r", "h", *line[1:], "q"]
    code, out, _ = run(capsys, "play", "1", "--game", "triangle", lines=tuple(typed))
    assert code == 0
    assert "Undid " in out and "Redid " in out
    assert out.count("Removed 52/52") == 1 and "(won: every card is gone!)" in out
    after_redo = out.split("Redid ")[1].split("\n\n")[2]  # the table, then the hint's words
    assert after_redo.splitlines()[-1].startswith(("Remove ", "Draw ", "Turn ")), after_redo


def test_junk_of_another_game_says_which_game_it_was_read_as(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", "triangle:junk", "--game", "tripeaks")
    assert (code, out) == (2, "")
    assert err.startswith("error: this is not a TriPeaks deal code: it was read as a Triangle code")
    code, out, err = run(capsys, "show", "junk/junk a b", "--game", "triangle")
    assert (code, out) == (2, "")
    assert err.startswith("error: this is not a Triangle deal code: no game's prefix starts it")


class _Closed(io.StringIO):
    """A stdout whose reader went away (``| head -1``), or whose disk is full."""

    def __init__(self, error: OSError) -> None:
        super().__init__()
        self.error = error

    def write(self, text: str) -> int:
        raise self.error


@pytest.mark.parametrize(
    ("error", "code", "said"),
    [
        (BrokenPipeError(errno.EPIPE, "Broken pipe"), 141, ""),
        (OSError(errno.ENOSPC, "No space left on device"),
         1, "error: the output could not be written: No space left on device\n"),
    ],
)
def test_closed_or_full_output_exits_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: OSError, code: int, said: str
) -> None:
    """Issue 35, part 5: no traceback when stdout is closed or full, and the usual exit code."""
    monkeypatch.setattr(sys, "stdout", _Closed(error))
    assert main(["games"]) == code
    assert capsys.readouterr().err == said


def test_ctrl_c_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    import tripeaks.cli

    def interrupted(argv: object, read: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(tripeaks.cli, "_main", interrupted)
    assert main(["games"]) == 130


def test_stats_says_how_long_a_long_range_takes_and_asks_for_yes(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 35, part 5: weeks of work are not started without a word."""
    code, out, err = run(capsys, "stats", "--deals", "1-999999999", "--jobs", "1")
    assert (code, out) == (2, "")
    assert err.startswith("deals 1-999,999,999 (999,999,999) on 1 process: about ")
    assert "from the first 8)" in err
    assert err.endswith("error: that is long work: add --yes to start it, or ask for fewer deals\n")


# --scoring: classic or cards-left


@pytest.mark.no_cover
def test_best_by_cards_left_prints_the_fewest_and_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "best", "8", "--rules", "strict", "--scoring", "cards-left", "--json")
    assert (code, err) == (0, "")
    found = json.loads(out)
    assert found["best"]["score"] == 2 and found["best_clear"] is None  # deal 8 can't be won under Strict
    game = Game.from_moves(numbered_deal(8), Rules.named("strict"), found["best"]["moves"])
    assert game.position.layout_left == 2
    code, out, _ = run(capsys, "best", "8", "--rules", "strict", "--scoring", "cards-left")
    assert code == 0 and out.startswith("fewest cards left: 2 in ") and "winning line: none" in out


@pytest.mark.parametrize("command", ["play", "best", "stats"])
def test_a_scoring_that_is_none_is_refused(capsys: pytest.CaptureFixture[str], command: str) -> None:
    argv = [command, "1"] if command != "stats" else [command, "--deals", "1-2"]
    code, out, err = run(capsys, *argv, "--scoring", "fewest")
    assert code == 2 and out == ""
    assert err == "error: 'fewest' is not a scoring of TriPeaks: choose classic or cards-left\n"


def test_a_game_scored_by_cards_left_only_refuses_classic() -> None:
    from dataclasses import replace

    from tripeaks import TRIPEAKS

    golf_like = replace(TRIPEAKS, scorings=("cards-left",))
    assert golf_like.check_scoring(None) == "cards-left"
    with pytest.raises(ValueError, match="TriPeaks has no classic scoring: it is scored by cards-left only"):
        golf_like.check_scoring("classic")


def test_play_by_cards_left_shows_the_cards_left(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "1", "--scoring", "cards-left", lines=("kc", "q"))
    assert code == 0 and "Scoring: Cards left." in out
    assert "Cards left 28  Moves 0" in out and "Cards left 27  Moves 1" in out


@pytest.mark.no_cover
def test_stats_by_cards_left_counts_the_fewest(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stats", "--deals", "6-8", "--rules", "strict", "--jobs", "1",
                       "--scoring", "cards-left")
    assert code == 0
    assert "fewest cards left: 0 on 2 deals, 1 on 0, 2 on 1, 3 or more on 0   mean 0.67   max 2" in out
