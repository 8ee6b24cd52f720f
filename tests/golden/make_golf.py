"""Write golf.json: Golf's numbered and daily deals, pinned forever, and the solver's answers on deals 1 to
12 of each rule set (results, winning lines, fewest moves, fewest cards left), for tests/test_golf_game.py
and tests/test_golf_solver.py. Run it once, from the repository's root, when Golf came (never again for the
deals: a deal number is the same deal forever)::

    PYTHONPATH=. python3 tests/golden/make_golf.py > tests/golden/golf.json
"""

from __future__ import annotations

import datetime as dt
import json

from tripeaks import GOLF, MAX_DEAL, Position, daily_seed, deal_from_seed, find_best, numbered_deal, solve

RULE_SETS = ("standard", "strict", "relaxed")


def main() -> None:
    out: dict[str, object] = {
        "about": " ".join((
            "Golf's numbered and daily deals from the SplitMix64 + Fisher-Yates generator",
            "(seed base 2**51), pinned forever: never regenerate those. 'results': won or lost",
            "from the deal's start, deals 1-12 under each rule set; 'lines': a winning line of a",
            "few won deals (checked by replay, so any winning line will do); 'fewest_moves': the",
            "LENGTH of a fewest-moves winning line; 'fewest_left': the fewest cards any line",
            "leaves, for lost deals. Written by tests/golden/make_golf.py.",
        )),
        "numbered": {str(n): numbered_deal(n, GOLF).code for n in (1, 2, 3, 1_000_000, MAX_DEAL)},
        "daily": [
            {"date": day, "attempt": attempt, "seed": daily_seed(dt.date.fromisoformat(day), attempt, GOLF),
             "code": deal_from_seed(daily_seed(dt.date.fromisoformat(day), attempt, GOLF), GOLF).code}
            for day, attempt in (("2026-12-04", 0), ("2026-12-04", 1), ("2030-02-28", 0))
        ],
    }
    results: dict[str, dict[str, str]] = {}
    lines: dict[str, dict[str, list[str]]] = {}
    fewest: dict[str, dict[str, int]] = {}
    left: dict[str, dict[str, int]] = {}
    for name in RULE_SETS:
        rules = GOLF.rules_named(name)
        results[name], lines[name], fewest[name], left[name] = {}, {}, {}, {}
        for number in range(1, 13):
            start = Position.start(numbered_deal(number, GOLF), rules)
            answer = solve(start, budget=None)
            results[name][str(number)] = answer.result.value
            if answer.won and len(lines[name]) < 2:
                lines[name][str(number)] = [move.notation for move in answer.moves]
            if answer.won and len(fewest[name]) < 3:
                fewest[name][str(number)] = len(solve(start, budget=None, shortest=True).moves)
            if not answer.won and len(left[name]) < 3:
                best = find_best(start)
                if best.nodes <= 70_000:  # the quick ones, for the tests
                    left[name][str(number)] = len(start.cards) - best.best.score
    out |= {"results": results, "lines": lines, "fewest_moves": fewest, "fewest_left": left}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
