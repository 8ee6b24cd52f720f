"""docs/adding-a-game.md kept true: its example game (Mound), built from the document's own code blocks,
passes the family's shared behaviour.

The blocks fenced ```python whose first line is ``# example: <file>`` are written to a package in a
temporary folder, file by file; the block whose first line is ``# example`` alone is then run, and
registers the game. The registration is undone after each test (the registry's list and names put back,
the package's modules forgotten), as tests/test_registry.py does.

The solver is checked against a brute force written here, which walks every legal move of the positions
themselves (``legal_moves`` and ``after``) and shares nothing with the example's solver.
"""

from __future__ import annotations

import importlib.util
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tripeaks
import tripeaks.cli  # loaded before the example game is registered, as a program's command line would be
from tripeaks import Deal, Game, Position, Solitaire, Status, numbered_deal, registry

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "adding-a-game.md"
BLOCK = re.compile(r"^```python\n(# example(?::[ \t]*(\S+))?[ \t]*\n.*?)^```", re.MULTILINE | re.DOTALL)

pytestmark = pytest.mark.skipif(not DOC.exists(), reason="the documents are not beside tests/ here")


def example_blocks(text: str) -> tuple[dict[str, str], list[str]]:
    """The document's example: its files by path, and the blocks to run, in order."""
    files: dict[str, str] = {}
    scripts: list[str] = []
    for match in BLOCK.finditer(text):
        code, path = match.group(1), match.group(2)
        if path is None:
            scripts.append(code)
        else:
            assert path not in files, f"{path} is given twice"
            files[path] = code
    return files, scripts


def test_the_document_has_an_example_game() -> None:
    files, scripts = example_blocks(DOC.read_text(encoding="utf-8"))
    assert {"mound/__init__.py", "mound/layout.py", "mound/rules.py", "mound/play.py", "mound/words.py",
            "mound/solver.py"} <= set(files)
    assert len(scripts) == 1


def write_files(files: dict[str, str], folder: Path) -> None:
    for name, code in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(code, encoding="utf-8")


def test_the_line_to_add_to_the_registry_is_the_registrys_own() -> None:
    """The one block not run (a line of tripeaks/registry.py) is that line, with the new game added."""
    text = DOC.read_text(encoding="utf-8")
    lines = [line for line in re.findall(r"^```python\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
             if not line.startswith("# example")]
    assert len(lines) == 1 and lines[0].startswith("GAMES")
    listed = lines[0].strip()
    assert listed.endswith(", MOUND)")
    source = (ROOT / "tripeaks" / "registry.py").read_text(encoding="utf-8")
    assert "\n" + listed.removesuffix(", MOUND)") + ")\n" in source


@pytest.mark.skipif(not all(importlib.util.find_spec(tool) for tool in ("mypy", "ruff")),
                    reason="mypy and ruff are not installed here")
def test_the_example_passes_the_checks_a_game_folder_does(tmp_path: Path) -> None:
    """The example's files as strict as tripeaks/ itself (``make lint``'s mypy and ruff, with the
    project's settings), so that a folder copied from the page passes them."""
    files, _ = example_blocks(DOC.read_text(encoding="utf-8"))
    write_files(files, tmp_path)
    packages = sorted({name.split("/")[0] for name in files})
    config = str(ROOT / "pyproject.toml")
    ruff = subprocess.run([sys.executable, "-m", "ruff", "check", "--config", config, *packages],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert ruff.returncode == 0, ruff.stdout + ruff.stderr
    mypy = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", config, "--cache-dir", str(tmp_path / ".mypy"),
         *[arg for package in packages for arg in ("-p", package)]],
        cwd=tmp_path, capture_output=True, text=True, check=False,
        env={**os.environ, "MYPYPATH": str(ROOT)},
    )
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr


@pytest.fixture
def mound(tmp_path: Path) -> Iterator[Solitaire]:
    """The document's game, built and registered as it says; unregistered after the test."""
    files, scripts = example_blocks(DOC.read_text(encoding="utf-8"))
    write_files(files, tmp_path)
    packages = {name.split("/")[0] for name in files}
    games, names = registry.GAMES, dict(registry._BY_NAME)
    sys.path.insert(0, str(tmp_path))
    try:
        for script in scripts:
            exec(compile(script, str(DOC), "exec"), {"__name__": "adding_a_game"})
        added = [game for game in registry.GAMES if game not in games]
        assert len(added) == 1, "the document's example registers one game"
        yield added[0]
    finally:
        registry.GAMES = games
        registry._BY_NAME.clear()
        registry._BY_NAME.update(names)
        sys.path.remove(str(tmp_path))
        for module in [m for m in sys.modules if m.split(".")[0] in packages]:
            del sys.modules[module]


def test_the_registry_finds_it_and_forgets_it_after(mound: Solitaire) -> None:
    for name in (mound.id, *mound.names, mound.name.upper()):
        assert tripeaks.find_game(name) is mound
    assert registry.GAMES[-1] is mound and registry.GAMES[0] is registry.DEFAULT_GAME
    assert mound.seed_base not in {game.seed_base for game in registry.GAMES if game is not mound}
    assert registry.game_of_rules(mound.default_rules) is mound


def test_forgotten_after() -> None:
    assert all(game.id != "mound" for game in registry.GAMES)
    with pytest.raises(ValueError, match="there is no game"):
        tripeaks.find_game("mound")


def test_a_layout_from_its_covering_rule(mound: Solitaire) -> None:
    layout = mound.layout
    assert 6 <= layout.size <= 10 and len(layout.places) == layout.size
    # At the deal only the bottom row is free, and the top card lies on the two below it
    assert layout.free(layout.full) == sum(1 << s for s in range(layout.size - layout.rows[-1], layout.size))
    assert layout.covered_by[0] == 0b110


@pytest.mark.parametrize("number", [1, 2, 3, 500])
def test_numbered_deals_round_trip_through_their_codes(mound: Solitaire, number: int) -> None:
    deal = numbered_deal(number, mound)
    assert deal.solitaire is mound and deal == numbered_deal(number, mound)
    assert deal.code.startswith(f"{mound.prefix}:")
    assert Deal.parse(deal.code) == deal and Deal.parse(deal.code, mound) == deal
    assert registry.game_of(deal.code) is mound
    assert deal != numbered_deal(number, registry.TRIANGLE)  # its own deals, by its seed_base
    with pytest.raises(tripeaks.InvalidDealError):
        Deal.parse(deal.code, registry.TRIANGLE)


def play_to_the_end(game: Game, rng: random.Random) -> None:
    """Random legal moves to the end, undoing and redoing now and then: each puts the position back."""
    while game.status is Status.PLAYING:
        moves = game.legal_moves
        assert moves and game.stock_move in (*moves, None)
        before = game.position
        game.push(rng.choice(moves))
        after = game.position
        assert after != before and game.score >= 0
        if rng.random() < 0.3:
            game.undo()
            assert game.position == before
            game.redo()
            assert game.position == after
    assert game.legal_moves == [] and game.stock_move is None


@pytest.mark.parametrize("number", range(1, 9))
def test_a_game_plays_to_the_end_and_its_save_round_trips(mound: Solitaire, number: int) -> None:
    rng = random.Random(number)
    game = Game(numbered_deal(number, mound), number=number)
    assert game.solitaire is mound and game.rules is mound.default_rules
    assert isinstance(game.explain(0), str) and mound.words.prompt(game.position)
    play_to_the_end(game, rng)
    assert game.status in (Status.WON, Status.OUT_OF_MOVES)
    assert (game.status is Status.WON) == (game.position.remaining == 0)
    for _ in range(rng.randrange(len(game.moves) + 1)):
        game.undo()
    loaded = Game.from_json(game.to_json())
    assert loaded.solitaire is mound and loaded.deal == game.deal and loaded.number == number
    assert loaded.moves == game.moves and loaded.redo_moves == game.redo_moves
    assert loaded.positions == game.positions and loaded.rules == game.rules
    with pytest.raises(tripeaks.InvalidSaveError):
        Game.from_json(game.to_json(), registry.TRIANGLE)
    # The words the terminal prints, for a position of each kind
    for position in game.positions:
        assert mound.words.report(position, 0) and mound.words.piles(position)


def test_an_illegal_move_is_refused_and_changes_nothing(mound: Solitaire) -> None:
    game = Game(numbered_deal(1, mound))
    covered = game.position.cards[0]
    assert covered is not None
    with pytest.raises(tripeaks.IllegalMoveError):
        game.play(covered)
    with pytest.raises(tripeaks.InvalidMoveError):
        game.push("reset")  # Mound has no such move
    assert game.moves == () and game.position == game.start


# The brute force


def state(position: Any) -> tuple[object, ...]:
    return (position.cards, position.stock, position.waste)


def brute_won(start: Position) -> bool:
    """Every legal move from every position reached, each position once: can the game be won?"""
    seen = {state(start)}
    todo = [start]
    while todo:
        here = todo.pop()
        if here.status() is Status.WON:
            return True
        for move in here.legal_moves():
            there = here.after(move)
            if state(there) not in seen:
                seen.add(state(there))
                todo.append(there)
    return False


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
def test_the_solver_agrees_with_a_brute_force(mound: Solitaire) -> None:
    answers = []
    for number in range(1, 41):
        start = Position.start(numbered_deal(number, mound))
        solution = tripeaks.solve(start)
        won = brute_won(start)
        assert solution.result is (tripeaks.Result.WON if won else tripeaks.Result.LOST), number
        if won:
            replay = Game.from_moves(start_deal := numbered_deal(number, mound), None, solution.moves)
            assert replay.status is Status.WON and replay.deal == start_deal
        else:
            assert solution.moves == ()
        answers.append(won)
    assert any(answers) and not all(answers), "some deals won and some lost, to check both answers"


@pytest.mark.no_cover
@pytest.mark.parametrize("number", range(1, 11))
def test_one_solver_answers_for_every_position_of_its_deal(mound: Solitaire, number: int) -> None:
    """A solver is made once for a deal and asked about its later positions, as hints ask it."""
    rng = random.Random(number)
    game = Game(numbered_deal(number, mound))
    solver = mound.solver(game.start)
    while True:
        solution = solver.solve(game.position)
        assert solution.won == brute_won(game.position), (number, game.moves)
        if solution.won:
            replay = Game.from_moves(game.deal, None, (*game.moves, *solution.moves))
            assert replay.status is Status.WON
        if game.status is not Status.PLAYING:
            break
        game.push(rng.choice(game.legal_moves))


def test_hints_come_from_its_solver(mound: Solitaire) -> None:
    number = next(n for n in range(1, 41) if brute_won(Position.start(numbered_deal(n, mound))))
    game = Game(numbered_deal(number, mound))
    while game.status is Status.PLAYING:
        hint = game.hint()
        assert hint.move is not None
        game.push(hint.move)
    assert game.status is Status.WON


def test_the_command_line_plays_and_solves_it(mound: Solitaire, capsys: pytest.CaptureFixture[str]) -> None:
    from tripeaks.cli import main

    code = numbered_deal(7, mound).code
    assert main(["show", code]) == 0
    assert "Stock: 45 left" in capsys.readouterr().out  # the piles in its words
    assert main(["solve", "7", "--game", mound.name]) == 0
    assert capsys.readouterr().out.startswith(("won", "lost"))
    lines = iter(["d", "u", "q"])
    assert main(["play", code], read=lambda prompt: next(lines)) == 0
    assert mound.name in capsys.readouterr().out
    assert main(["games"]) == 0  # listed with the others, though registered after the command line loaded
    assert mound.name in capsys.readouterr().out
    assert main(["best", code]) == 2  # an optional hook left out is said so
    assert "no best-score search" in capsys.readouterr().err
