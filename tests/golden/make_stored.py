"""Write stored-<engine>.json: the saves and statistics files an earlier engine wrote, each with what that
engine read back from it (the position a save replays to, every rule set's figures), for
tests/test_stored_golden.py to load with today's engine.

Run it with each earlier engine on the path, from the repository's root::

    git worktree add --detach /tmp/engine-0.1 e4d02a4    # saves 1, statistics 1 (TriPeaks alone)
    git worktree add --detach /tmp/engine-0.2a 839bb1e   # saves 2 (a daily deal by its code), statistics 1
    git worktree add --detach /tmp/engine-0.2b baee4b7   # saves 2 (a daily deal by its attempt), statistics 2
    PYTHONPATH=/tmp/engine-0.1 python3 tests/golden/make_stored.py 0.1
    PYTHONPATH=/tmp/engine-0.2a python3 tests/golden/make_stored.py 0.2a
    PYTHONPATH=/tmp/engine-0.2b python3 tests/golden/make_stored.py 0.2b
    PYTHONPATH=. python3 tests/golden/make_stored.py 0.2c   # (the scoring branch) statistics 3: moves, left
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path
from typing import Any

import tripeaks
from tripeaks import Game, Records, Rules, numbered_deal

FAMILY = hasattr(tripeaks, "GAMES")


def status(game: Game) -> str:
    position = game.position
    return (position.status() if FAMILY else position.status(game.rules)).value


def replayed_to(game: Game) -> dict[str, Any]:
    position = game.position
    return {
        "game": game.solitaire.id if FAMILY else "tripeaks",
        "table": [None if c is None else c.code for c in position.cards],
        "stock": [c.code for c in position.stock],
        "waste": [c.code for c in position.waste],
        "score": position.score,
        "status": status(game),
        "moves": [m.notation for m in game.moves],
        "redo": [m.notation for m in game.redo_moves],
        "number": game.number,
        "daily": game.daily,
        "hints": game.hints,
        "seconds": game.seconds,
    }


def play(game: Game, moves: int) -> Game:
    """``moves`` moves of the first legal kind: a play when there is one, else the last move."""
    for _ in range(moves):
        legal = game.legal_moves
        if not legal:
            break
        plays = [m for m in legal if m.kind == "play"]
        game.push(plays[0] if plays else legal[-1])
    return game


def saves() -> list[tuple[str, Game]]:
    made = []
    game = play(Game(numbered_deal(3), Rules.named("standard"), number=3), 12)
    for _ in range(2):
        game.undo()
    game.seconds = 61.25
    made.append(("tripeaks-numbered-redo", game))
    game = play(Game(numbered_deal(11).code, Rules(passes=None, wrap=False)), 30)
    game.seconds = 12.0
    made.append(("tripeaks-code-unlimited", game))
    if FAMILY:
        from tripeaks import TRIANGLE, daily_deal

        day = dt.date(2026, 11, 30)
        game = play(Game(daily_deal(day), daily=day.isoformat()), 5)
        game.hints = 1
        made.append(("tripeaks-daily", game))
        game = play(Game(numbered_deal(2, TRIANGLE), number=2), 9)
        game.undo()
        made.append(("triangle-numbered-redo", game))
        game = play(Game(numbered_deal(5, TRIANGLE).code), 7)
        made.append(("triangle-code", game))
    return made


def records() -> list[tuple[str, Records, str]]:
    found = []
    book = Records()
    for key, won, score, seconds, run in [
        ("standard", True, 88, 140.5, 11), ("standard", False, 12, 60.0, 4), ("strict", True, 70, 99.0, 8),
    ]:
        book = book.record_result(key, won=won, score=score, seconds=seconds, longest_run=run)
    if FAMILY:
        book = book.record_result("triangle:standard", won=False, score=40, seconds=300.0, longest_run=0)
    found.append(("by-rule-set", book, book.to_json()))
    if hasattr(Records, "with_games"):
        game = play(Game(numbered_deal(4), number=4), 20)
        game.seconds = 33.5
        kept = book.record(game, id="game-4", ended=1_764_600_000, best=90)
        found.append(("with-games-export", kept, kept.to_json(indent=2)))
    if "fewest_moves" in Records().record_result("standard", won=False, score=0, seconds=0,
                                                 longest_run=0)["standard"].to_dict():
        from tripeaks import STRICT, solve

        won = Game.from_moves(numbered_deal(1), None, solve(Game(numbered_deal(1)).start).moves)
        won.seconds = 71.0
        lost = play(Game(numbered_deal(8), STRICT, number=8), 40)
        lost.seconds = 20.0
        kept = book.record(won, id="won-1", ended=1_765_000_000, best=88)
        kept = kept.record(lost, id="lost-8", ended=1_765_000_100)
        kept = kept.record_result("easy", won=True, score=150, seconds=50.0, longest_run=12, moves=44, left=0)
        found.append(("fewest-moves-and-cards-left", kept, kept.to_json(indent=2)))
    return found


def figures(book: Records) -> dict[str, Any]:
    return {key: book[key].to_dict() for key in sorted(book)}


def main() -> None:
    engine = sys.argv[1]
    out: dict[str, Any] = {
        "about": f"Saves and statistics written by the engine {engine} (tripeaks {tripeaks.__version__}), "
        "with what it read back from each; made by make_stored.py.",
        "saves": [],
        "records": [],
    }
    for name, game in saves():
        text = game.to_json()
        assert replayed_to(Game.from_json(text)) == replayed_to(game)
        out["saves"].append({"name": name, "save": text, "position": replayed_to(game)})
    for name, book, text in records():
        assert figures(Records.from_json(text)) == figures(book)
        out["records"].append({"name": name, "file": text, "figures": figures(book)})
    path = Path(__file__).with_name(f"stored-{engine}.json")
    path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
