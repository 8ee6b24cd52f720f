"""Pyramid on the command line, under both rule sets: ``--game pyramid --rules relaxed`` and its other name,
``--game relaxed-pyramid``, in every command (games, deal, show, play, solve, best, grade, stats)."""

from __future__ import annotations

import json

import pytest
from test_cli import run

from tripeaks import PYRAMID, Game, Position, numbered_deal, solve
from tripeaks.games.pyramid.rules import RELAXED, STANDARD

RELAXED_WAYS = (["--game", "pyramid", "--rules", "relaxed"], ["--game", "relaxed-pyramid"],
                ["--game", "Relaxed Pyramid"])


def test_games_lists_pyramid_with_both_rule_sets(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "games")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[6] == "pyramid    Pyramid (also Pyramid Solitaire)"
    assert lines[8].strip() == ("rule sets: standard, relaxed (Relaxed Pyramid); deal codes: 'pyramid:…'; "
                                "scorings: classic, cards-left")
    assert [line.split()[0] for line in lines[::3]] == ["tripeaks", "triangle", "pyramid", "golf"]


@pytest.mark.parametrize("how", RELAXED_WAYS, ids=["rules", "alias", "name"])
def test_every_command_plays_relaxed_pyramid(capsys: pytest.CaptureFixture[str], how: list[str]) -> None:
    deal = numbered_deal(425, PYRAMID)  # won only under Relaxed Pyramid
    assert run(capsys, "deal", "425", *how) == (0, deal.code + "\n", "")
    code, out, _ = run(capsys, "show", "425", *how)
    assert code == 0 and out.splitlines()[0].strip() == deal.layout_cards[0].code
    code, out, _ = run(capsys, "solve", "425", *how, "--json")
    answer = json.loads(out)
    assert code == 0 and answer["result"] == "won"
    game = Game(deal, RELAXED)
    for token in answer["moves"]:
        game.push(token)
    assert game.status.value == "won"
    code, out, _ = run(capsys, "play", "425", *how, lines=("q",))
    assert code == 0 and out.startswith("Pyramid, deal 425. Relaxed Pyramid: clear the pyramid;")
    code, out, _ = run(capsys, "stats", "--deals", "425", "--jobs", "1", *how)
    assert code == 0 and out.splitlines()[:2] == [
        "Relaxed Pyramid: clear the pyramid; cards may stay in the stock and waste; two redeals; "
        "deals 425-425",
        "deals: 1   won: 1 (100.0%)   lost: 0 (0.0%)   gave up: 0",
    ]


def test_pyramid_plays_its_standard_rules_unless_told(capsys: pytest.CaptureFixture[str]) -> None:
    for how in (["--game", "pyramid"], ["--game", "pyramid", "--rules", "standard"]):
        code, out, _ = run(capsys, "solve", "425", *how)
        assert code == 0 and out.startswith("lost: no line clears the layout (")
    code, out, _ = run(capsys, "solve", numbered_deal(425, PYRAMID).code)  # the prefix names the game
    assert code == 0 and out.startswith("lost: ")
    code, out, _ = run(capsys, "solve", numbered_deal(425, PYRAMID).code, "--game", "relaxed-pyramid")
    assert code == 0 and out.startswith("won in ")


def test_a_rule_set_that_disagrees_with_the_name_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "1", "--game", "relaxed-pyramid", "--rules", "standard")
    assert (code, out) == (2, "")
    assert err == (
        "error: --game relaxed-pyramid plays the rule set relaxed, not standard: give one of --game and "
        "--rules\n"
    )
    code, _, err = run(capsys, "solve", "1", "--game", "pyramid", "--rules", "strict")
    assert code == 2 and err == "error: unknown rule set 'strict': Pyramid has two, standard and relaxed\n"
    code, _, err = run(capsys, "solve", "1", "--game", "pyramid", "--passes", "2")
    assert code == 2 and err == "error: --passes: Pyramid has no such option\n"


def test_best_and_grade_under_both_rule_sets(capsys: pytest.CaptureFixture[str]) -> None:
    for rules, how in ((STANDARD, ["--game", "pyramid"]), (RELAXED, ["--game", "relaxed-pyramid"])):
        code, out, _ = run(capsys, "best", "1", *how, "--json")
        found = json.loads(out)
        assert code == 0 and found["best"]["score"] == 52 and found["best_clear"]["score"] == 52
        game = Game.from_moves(numbered_deal(1, PYRAMID), rules, found["best_clear"]["moves"])
        assert game.status.value == "won" and game.score == 52
        code, out, _ = run(capsys, "grade", "4", *how)
        assert (code, out) == (0, "This deal can't be won.\n")
        code, out, _ = run(capsys, "grade", "1", *how, "--json")
        assert code == 0 and json.loads(out)["games"] == 512
    assert not solve(Position.start(numbered_deal(4, PYRAMID), RELAXED)).won


def test_a_whole_game_of_relaxed_pyramid_in_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    line = [m.notation for m in solve(Position.start(numbered_deal(425, PYRAMID), RELAXED)).moves]
    typed = [line[0], "u", "r", "h", *line[1:], "q"]
    code, out, _ = run(capsys, "play", "425", "--game", "relaxed-pyramid", lines=tuple(typed))
    assert code == 0 and "Undid " in out and "Redid " in out
    assert "Cleared 28/28" in out and "(won: the pyramid is clear!)" in out
