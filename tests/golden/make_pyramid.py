"""Write pyramid.json: Pyramid's numbered and daily deals, pinned forever, and the solver's answers for
numbered deals under both rule sets (results, winning lines, fewest moves), for tests/test_pyramid_golden.py.

The deals must never change; the answers may only change if a rule changed (then say why in the commit).
Run it from the repository's root::

    python3 tests/golden/make_pyramid.py
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from tripeaks import MAX_DEAL, PYRAMID, Position, daily_seed, deal_from_seed, numbered_deal, solve

RESULTS = range(1, 41)
LINES = {"standard": (1, 2, 8), "relaxed": (1, 2, 425, 570)}
"""Deals whose winning line is pinned: under Relaxed Pyramid, 425 and 570 are won only there."""
FEWEST = {"standard": (5, 40, 59), "relaxed": (17, 47, 54)}
"""Deals whose fewest moves are pinned: some found within a fraction of a second (Relaxed Pyramid's,
where every move counts, take seconds on most deals: benchmarks/solver.py --shortest --rules relaxed)."""


def main() -> None:
    data: dict[str, object] = {
        "about": (
            "Pyramid's numbered deals (never regenerate these) and the solver's answers from each deal's "
            "start under both rule sets: results of deals 1-40, winning lines (replayed by the tests), and "
            "the length of a fewest-moves line. Written by tests/golden/make_pyramid.py."
        ),
        "numbered": {str(n): numbered_deal(n, PYRAMID).code for n in (1, 2, 3, 1_000_000, MAX_DEAL)},
        "daily": {
            day: deal_from_seed(daily_seed(dt.date.fromisoformat(day), 0, PYRAMID), PYRAMID).code
            for day in ("2026-01-01", "2026-11-30")
        },
    }
    results: dict[str, dict[str, str]] = {}
    lines: dict[str, dict[str, list[str]]] = {}
    fewest: dict[str, dict[str, int]] = {}
    for key, rules in PYRAMID.rule_sets.items():
        results[key] = {
            str(n): solve(Position.start(numbered_deal(n, PYRAMID), rules)).result.value for n in RESULTS
        }
        lines[key] = {}
        for n in LINES[key]:
            answer = solve(Position.start(numbered_deal(n, PYRAMID), rules))
            lines[key][str(n)] = [move.notation for move in answer.moves]
        fewest[key] = {
            str(n): len(solve(Position.start(numbered_deal(n, PYRAMID), rules), shortest=True).moves)
            for n in FEWEST[key]
        }
    data.update(results=results, lines=lines, fewest_moves=fewest)
    path = Path(__file__).with_name("pyramid.json")
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
