"""The command line's parser: its commands and their options."""

from __future__ import annotations

import argparse
import datetime as dt
import os
from pathlib import Path
from typing import Any

from .. import registry
from ..model.answers import DEFAULT_BUDGET
from ..services.winrates import LONG_WORK
from .commands import SHORTEST_SECONDS
from .options import add_game, add_rules, add_scoring, positive, rule_sets


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tripeaks", description="A family of solitaires: "
                                     + ", ".join(g.name for g in registry.GAMES))
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("games", help="list the games, their other names and rule sets")

    deal = sub.add_parser("deal", help="print the deal code of a numbered or daily deal")
    deal.add_argument("number", nargs="?")
    deal.add_argument("--daily", metavar="YYYY-MM-DD", type=dt.date.fromisoformat)
    add_game(deal)
    deal.add_argument("--rules", choices=rule_sets(), help="a rule set of the game (each deals the same)")

    show = sub.add_parser("show", help="draw a deal (a code or a number) as text")
    show.add_argument("deal")
    show.add_argument("--reveal", action="store_true", help="show face-down cards and the stock")
    show.add_argument("--face-up", action="store_true", help="TriPeaks: deal every card face up")
    show.add_argument("--empty-waste", action="store_true", help="TriPeaks: the waste starts empty")
    add_game(show)
    show.add_argument("--rules", choices=rule_sets(), help="the rule set")

    play = sub.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a game in the terminal. At the prompt type a move: a card (7h; in Triangle a king, "
        "or a pair as Qh+Ad or Qh Ad), draw (d), reset or redeal. An empty line draws. Also: undo (u), "
        "redo (r), hint (h), help (?), quit (q).",
    )
    play.add_argument("deal", nargs="?", default="1", help="a deal number or code (default 1)")
    add_rules(play)
    add_scoring(play)

    solve = sub.add_parser("solve", help="solve a deal: won with the moves, lost, or gave up")
    solve.add_argument("deal", help="a deal number or code")
    add_rules(solve)
    solve.add_argument("--shortest", action="store_true", help="a winning line with the fewest moves")
    solve.add_argument("--json", action="store_true", help="print one JSON object")
    solve.add_argument("--budget", type=positive, default=DEFAULT_BUDGET, help="states to examine at most")
    solve.add_argument("--seconds", type=positive, default=None,
                       help=f"seconds to search at most (default none; {SHORTEST_SECONDS} with --shortest)")

    stats = sub.add_parser("stats", help="solve a range of deals and print the winnable share")
    stats.add_argument("--deals", default="1-1000", metavar="FIRST-LAST")
    add_rules(stats)
    stats.add_argument("--jobs", type=positive, default=os.cpu_count() or 1,
                       help="processes to solve on (at most one per deal and per core; with --cluster "
                       "local, its workers)")
    stats.add_argument("--cluster", metavar="local|tcp://HOST:PORT",
                       help="solve on Dask: a local cluster, or the scheduler at that address "
                       "(pip install 'tripeaks[cluster]')")
    stats.add_argument("--out", type=Path, metavar="FILE",
                       help="write one JSON line per deal as it is solved; run again to carry on")
    stats.add_argument("--grade", action="store_true", help="grade each deal's difficulty too")
    stats.add_argument("--budget", type=positive, default=DEFAULT_BUDGET)
    stats.add_argument("--shortest", action="store_true")
    stats.add_argument("--yes", action="store_true",
                       help=f"start even when the range would take more than {LONG_WORK // 60} minutes")
    add_scoring(stats)
    _add_best(sub)
    _add_review(sub)
    return parser


def _add_review(sub: Any) -> None:
    review = sub.add_parser(
        "review", help="review a game played: after which move the deal could no longer be won",
        description="Review the moves played from a deal: whether the deal could still be won after each "
        "move, the turning point (the first move after which it could not) and what would have kept it "
        "winnable there.",
    )
    review.add_argument("deal", help="a deal number or code")
    review.add_argument("moves", nargs="*", metavar="MOVE", help="the moves played, first first: 7h draw ...")
    add_rules(review)
    review.add_argument("--json", action="store_true", help="print one JSON object")
    review.add_argument("--budget", type=positive, default=None,
                        help="states one position may take before it is left undecided")


def _add_best(sub: Any) -> None:
    best = sub.add_parser("best", help="the best score any line reaches, and the best of the winning lines "
                          "(with --scoring cards-left: the fewest layout cards any line leaves)")
    best.add_argument("deal", help="a deal number or code")
    add_rules(best)
    add_scoring(best)
    best.add_argument("--json", action="store_true", help="print one JSON object")
    grade = sub.add_parser("grade", help="a deal's difficulty: easy, medium, hard, very hard or can't be won")
    grade.add_argument("deal", help="a deal number or code")
    add_rules(grade)
    grade.add_argument("--json", action="store_true", help="print one JSON object")
