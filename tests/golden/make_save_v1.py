"""Write save-v1.json: saves in format 1, made by the engine from before the family of games
(commit e4d02a4), each with the position that engine replays it to.

Run it with that engine, from the repository's root::

    git worktree add /work/old-engine e4d02a4 --detach
    PYTHONPATH=/work/old-engine python3 tests/golden/make_save_v1.py

tests/test_save.py loads each save with today's engine and checks it reaches the same position.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import tripeaks
from tripeaks import STANDARD, Game, Rules, daily_deal, numbered_deal, solve

assert tripeaks.__version__.startswith("0.1"), f"run this with the old engine, not {tripeaks.__version__}"


def numbered_with_redo() -> Game:
    """Deal 1 under Standard: ten moves of a winning line, three of them undone."""
    game = Game(numbered_deal(1), STANDARD, number=1)
    for move in solve(game.position, STANDARD).moves[:10]:
        game.push(move)
    for _ in range(3):
        game.undo()
    game.seconds = 41.5
    return game


def code_with_a_reset() -> Game:
    """A deal by its code under custom rules (2 passes, no wrap, face up): plays first, else a
    draw, the stock drawn dry, a reset, six moves more, then one undone."""
    rules = Rules(passes=2, wrap=False, face_up=True)
    game = Game(numbered_deal(7).code, rules)
    after_reset = None
    while game.legal_moves and (after_reset is None or game.moves_made < after_reset + 6):
        moves = game.legal_moves
        plays = [m for m in moves if m.kind == "play"]
        move = plays[0] if plays else moves[-1]
        game.push(move)
        if move.kind == "reset":
            after_reset = game.moves_made
    assert after_reset is not None
    game.undo()
    game.seconds = 300.0
    return game


def daily_with_hints() -> Game:
    """The daily deal of 2026-11-30 under Standard: two hints followed, then a draw."""
    day = dt.date(2026, 11, 30)
    game = Game(daily_deal(day), STANDARD, daily=day.isoformat())
    for _ in range(2):
        advice = game.hint()
        assert advice.move is not None
        game.push(advice.move)
    game.draw()
    game.seconds = 95.125
    return game


def replayed_to(game: Game) -> dict[str, Any]:
    position = game.position
    return {
        "table": [None if c is None else c.code for c in position.cards],
        "layout_left": sum(c is not None for c in position.cards),
        "stock": [c.code for c in position.stock],
        "waste": [c.code for c in position.waste],
        "score": position.score,
        "run": position.run,
        "resets": position.resets,
        "status": position.status(game.rules).value,
        "moves": [m.notation for m in game.moves],
        "redo": [m.notation for m in game.redo_moves],
        "number": game.number,
        "daily": game.daily,
        "hints": game.hints,
        "seconds": game.seconds,
    }


def main() -> None:
    saves = []
    for name, make in [
        ("numbered-standard-redo", numbered_with_redo),
        ("code-custom-reset", code_with_a_reset),
        ("daily-hints-seconds", daily_with_hints),
    ]:
        game = make()
        text = game.to_json()
        assert json.loads(text)["version"] == 1
        loaded = Game.from_json(text)
        assert replayed_to(loaded) == replayed_to(game)
        saves.append({"name": name, "about": make.__doc__, "save": text, "position": replayed_to(game)})
    out = {
        "about": "Format-1 saves written by the engine of commit e4d02a4, and the position each replays "
        "to there; made by make_save_v1.py.",
        "saves": saves,
    }
    path = Path(__file__).with_name("save-v1.json")
    path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
