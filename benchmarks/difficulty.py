"""Difficulty benchmark: the grades of the committed 1,000 deals of each game, and whether they mean anything.

    python benchmarks/difficulty.py                   # every game (Pyramid twice), 1,000 deals each
    python benchmarks/difficulty.py --game pyramid relaxed   # Pyramid and Relaxed Pyramid
    python benchmarks/difficulty.py --limit 100       # the first 100 deals only
    python benchmarks/difficulty.py --pyodide --limit 200   # then the same in Pyodide (timings)
    node benchmarks/pyodide.mjs benchmarks/difficulty.py --limit 100   # Pyodide alone

Prints, per game (Standard rules for TriPeaks; ``pyramid`` is Pyramid's standard rules, ``relaxed`` Relaxed
Pyramid, both on deals 1 to 1,000):

* the share of deals of each grade;
* the no-peeking player's share of games won per grade (the deal and its re-deals, what the
  grade is made from: that it falls from easy to very hard is by construction);
* an independent measure: a *different* player, which plays a random legal removal or play when
  there is one and else the stock (seeded, ``RANDOM_GAMES`` games per deal), on the deal itself
  (not on re-deals): its share of games won per grade;
* the time to grade a deal (median, p95, max, from ``time.perf_counter``, the solver's proof
  included), which the page pays once per deal.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from elsewhere import in_pyodide, runtime  # this folder's, see its docstring

from tripeaks import Deal, MoveKind, Position, Status, find_game
from tripeaks.base.generator import SplitMix64
from tripeaks.model.answers import Grade
from tripeaks.services.difficulty import difficulty
from tripeaks.services.stats import percentile

DEALS = {"tripeaks": Path(__file__).with_name("deals-1000.txt"),
         "triangle": Path(__file__).with_name("triangle-deals-1000.txt"),
         "pyramid": Path(__file__).with_name("pyramid-deals-1000.txt"),
         "relaxed": Path(__file__).with_name("pyramid-deals-1000.txt")}
RULES = {"relaxed": ("pyramid", "relaxed")}
"""The runs that are a game under rules of its own: (the game, its rule set)."""
RANDOM_GAMES = 16
ORDER = (Grade.EASY, Grade.MEDIUM, Grade.HARD, Grade.VERY_HARD, Grade.UNWINNABLE)


def rules_of(game: str) -> Any:
    """The rules of the run ``game`` (None: its game's default)."""
    if game not in RULES:
        return None
    name, key = RULES[game]
    return find_game(name).rules_from_key(key)


def load_deals(game: str, limit: int | None) -> list[tuple[int, Deal]]:
    solitaire = find_game(RULES[game][0] if game in RULES else game)
    deals = []
    for line in DEALS[game].read_text().splitlines():
        if line and not line.startswith("#"):
            number, code = line.split(" ", 1)
            deals.append((int(number), Deal.parse(code, solitaire)))
    return deals[:limit]


def random_wins(deal: Deal, seed: int, games: int, rules: Any = None) -> int:
    """Games won by a player who plays a random legal play when there is one, else the stock."""
    rng = SplitMix64(seed)
    won = 0
    for _ in range(games):
        p = Position.start(deal, rules)
        while p.status() is Status.PLAYING:
            moves = p.legal_moves()
            plays = [m for m in moves if m.kind is MoveKind.PLAY] or moves
            p = p.after(plays[rng.randbelow(len(plays))])
        won += p.status() is Status.WON
    return won


def run(game: str, deals: list[tuple[int, Deal]], games: int) -> dict[str, object]:
    count = dict.fromkeys(ORDER, 0)
    blind = {g: [0, 0] for g in ORDER}
    chance = {g: [0, 0] for g in ORDER}
    seconds = []
    rules = rules_of(game)
    for number, deal in deals:
        started = time.perf_counter()
        found = difficulty(deal, rules)
        seconds.append(time.perf_counter() - started)
        grade = found.grade
        count[grade] += 1
        blind[grade][0] += found.wins
        blind[grade][1] += found.games
        if games:
            chance[grade][0] += random_wins(deal, number, games, rules)
            chance[grade][1] += games
    total = len(deals)
    figures: dict[str, object] = {
        "game": game, "deals": total,
        "grades": {g.value: count[g] for g in ORDER},
        "no_peeking_won": {g.value: round(w / n, 4) if n else None for g, (w, n) in blind.items()},
        "random_won": {g.value: round(w / n, 4) if n else None for g, (w, n) in chance.items()},
        "median_s": round(percentile(seconds, 0.5), 4),
        "p95_s": round(percentile(seconds, 0.95), 4),
        "max_s": round(max(seconds), 4),
    }
    print(f"{game}: {total} deals, grading median {figures['median_s']:.3f} s, p95 {figures['p95_s']:.3f} s, "
          f"max {figures['max_s']:.3f} s per deal", flush=True)
    print(f"  {'grade':13} {'deals':>11} {'no-peeking won':>15} {'random player won':>18}")
    for g in ORDER:
        w, n = blind[g]
        rw, rn = chance[g]
        print(f"  {g.value:13} {count[g]:5} ({count[g] / total:5.1%}) "
              f"{(f'{w / n:.1%}' if n else '-'):>15} {(f'{rw / rn:.1%}' if rn else '-'):>18}", flush=True)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, help="only the first N deals of each game")
    parser.add_argument("--game", choices=sorted(DEALS), nargs="*", help="the runs (default all)")
    parser.add_argument("--random-games", type=int, default=RANDOM_GAMES,
                        help=f"games of the random player per deal (default {RANDOM_GAMES}; 0: none)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--pyodide", action="store_true", help="then the same in Pyodide (its timings)")
    args = parser.parse_args(argv)
    print(runtime(), flush=True)
    games = args.game or ["tripeaks", "triangle", "pyramid", "relaxed"]
    figures = [run(game, load_deals(game, args.limit), args.random_games) for game in games]
    if args.pyodide:
        again = ["--game", *games, "--random-games", "0"]
        if args.limit is not None:
            again += ["--limit", str(args.limit)]
        for ours, theirs in zip(figures, in_pyodide(Path(__file__), again), strict=True):
            ratios = {key: round(float(theirs[key]) / float(ours[key]), 2)  # type: ignore[arg-type]
                      for key in ("median_s", "p95_s", "max_s") if ours[key]}
            print(f"{ours['game']}: Pyodide/CPython {ratios}", flush=True)
            ours["pyodide"] = theirs
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
