"""The rows of docs/winrates.md from the stats command's JSON-lines files.

    python scripts/winrates.py FILE.jsonl...
    python scripts/winrates.py --deals 1-10000 FILE.jsonl...   # only the deals of that range

Each file is what ``python -m tripeaks stats --out FILE`` wrote (one line a deal). The lines are grouped by
game and rule set (a deal counted once, whichever files hold it), and each group gives one Markdown row: the
deals and their range, the winnable share with its 95% Wilson interval, the no-peeking player's share with
its own, and the deals the solver gave up on (counted as not shown winnable). A file that is not such a file
is refused with the line that is not.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tripeaks import registry  # noqa: E402
from tripeaks.cli.options import deal_range  # noqa: E402
from tripeaks.registry import find_game  # noqa: E402
from tripeaks.services.lines_file import read_lines  # noqa: E402
from tripeaks.services.stats import Tally, share_with_interval  # noqa: E402
from tripeaks.services.sweep import DoneDeals  # noqa: E402

HEADER = (
    "| game | rules | deals | winnable (95% interval) | no-peeking player wins (95% interval) | gave up |\n"
    "| --- | --- | ---: | --- | --- | ---: |"
)


class Group:
    def __init__(self) -> None:
        self.tally = Tally()
        self.done = DoneDeals()

    def add(self, line: dict[str, object]) -> None:
        number = line["deal"]
        assert isinstance(number, int)
        if self.done.add(number):
            self.tally.add(line)


def share(wins: int, games: int) -> str:
    if not games:
        return "–"
    share, interval = share_with_interval(wins, games)
    return f"{share} ({interval})"


def _in_order(key: tuple[str, str]) -> tuple[int, int, str]:
    """The games as the registry lists them, each one's rule sets as it lists them (others after)."""
    game = find_game(key[0])
    named = [rules.key for rules in game.rule_sets.values()]
    return registry.GAMES.index(game), named.index(key[1]) if key[1] in named else len(named), key[1]


def rows(files: list[Path], deals: range | None = None) -> list[str]:
    groups: dict[tuple[str, str], Group] = {}
    for path in files:
        for _, line in read_lines(path):
            if deals is not None and line["deal"] not in deals:
                continue
            groups.setdefault((line["game"], line["rules"]), Group()).add(line)
    made = []
    for game_id, key in sorted(groups, key=_in_order):
        group = groups[game_id, key]
        game = find_game(game_id)
        rules = game.rules_from_key(key)
        tally = group.tally
        runs = group.done.runs
        span = ", ".join(f"{a:,}–{b:,}" if a != b else f"{a:,}" for a, b in runs[:3])
        span += " …" if len(runs) > 3 else ""
        made.append(
            f"| {game.name} | {rules.label} | {tally.deals:,} ({span}) "
            f"| {share(tally.results['won'], tally.deals)} "
            f"| {share(tally.fair_wins, tally.fair_games)} | {tally.results['gave_up']:,} |"
        )
    return made


def _deals(text: str) -> range:
    try:
        return deal_range(text)  # as stats --deals reads it
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error).removeprefix("--deals takes ")) from None


def main() -> int:
    parser = argparse.ArgumentParser(description="The rows of docs/winrates.md from stats --out files")
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument("--deals", metavar="FIRST-LAST", type=_deals,
                        help="count only the deals of this range")
    args = parser.parse_args()
    try:
        made = rows(args.files, args.deals)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(HEADER)
    print("\n".join(made))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
