"""The command line: print deals, draw them, play in the terminal, solve."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import time
from collections.abc import Callable, Sequence

from .cards import rank_label
from .deal import Deal
from .errors import IllegalMoveError, InvalidDealError
from .game import Game
from .numbered import daily_seed, deal_from_seed, numbered_deal
from .position import Status
from .rules import Rules
from .solver import DEFAULT_BUDGET, Result, solve
from .stats import solve_range
from .text import draw_table

__all__ = ["main"]


def _rules(args: argparse.Namespace) -> Rules:
    rules = Rules.named(args.rules, face_up=getattr(args, "face_up", False))
    passes = getattr(args, "passes", None)
    if passes is not None:
        rules = Rules(
            passes=None if passes == "unlimited" else int(passes),
            wrap=rules.wrap,
            face_up=rules.face_up,
        )
    if getattr(args, "no_wrap", False):
        rules = Rules(passes=rules.passes, wrap=False, face_up=rules.face_up)
    return rules


def _deal_arg(text: str) -> tuple[Deal, int | None]:
    """A deal number or a deal code."""
    if text.strip().isdigit():
        number = int(text)
        return numbered_deal(number), number
    return Deal.parse(text), None


def _add_rules(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="standard", choices=["easy", "standard", "strict"])
    parser.add_argument("--passes", choices=["1", "2", "3", "unlimited"])
    parser.add_argument("--no-wrap", action="store_true", help="king and ace are not adjacent")
    parser.add_argument("--face-up", action="store_true", help="deal every card face up")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tripeaks", description="TriPeaks solitaire")
    sub = parser.add_subparsers(dest="command", required=True)

    deal = sub.add_parser("deal", help="print the deal code of a numbered or daily deal")
    deal.add_argument("number", nargs="?", type=int)
    deal.add_argument("--daily", metavar="YYYY-MM-DD", type=dt.date.fromisoformat)

    show = sub.add_parser("show", help="draw a deal (a code or a number) as text")
    show.add_argument("deal")
    show.add_argument("--reveal", action="store_true", help="show face-down cards and the stock")
    show.add_argument("--face-up", action="store_true", help="deal every card face up")

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("deal", nargs="?", default="1", help="a deal number or code (default 1)")
    _add_rules(play)

    solve = sub.add_parser("solve", help="solve a deal: won with the moves, lost, or gave up")
    solve.add_argument("deal", help="a deal number or code")
    _add_rules(solve)
    solve.add_argument("--shortest", action="store_true", help="a winning line with the fewest moves")
    solve.add_argument("--json", action="store_true", help="print one JSON object")
    solve.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="states to examine at most")

    stats = sub.add_parser("stats", help="solve a range of deals and print the winnable share")
    stats.add_argument("--deals", default="1-1000", metavar="FIRST-LAST")
    _add_rules(stats)
    stats.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    stats.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    stats.add_argument("--shortest", action="store_true")
    return parser


def main(argv: Sequence[str] | None = None, *, read: Callable[[str], str] = input) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "deal":
            if (args.number is None) == (args.daily is None):
                parser.error("give a deal number or --daily YYYY-MM-DD")
            if args.daily is not None:
                print(deal_from_seed(daily_seed(args.daily)).code)
            else:
                print(numbered_deal(args.number).code)
            return 0
        if args.command == "show":
            deal, _ = _deal_arg(args.deal)
            game = Game(deal, Rules(face_up=args.face_up))
            print(draw_table(game.position, game.rules, reveal=args.reveal))
            return 0
        if args.command == "solve":
            return _solve(args)
        if args.command == "stats":
            return _stats(args)
        deal, number = _deal_arg(args.deal)
        return _play(Game(deal, _rules(args), number=number), read)
    except (InvalidDealError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


_HELP = """Type a card to play it (7h), or: draw (d), reset, undo (u), redo (r), quit (q)."""


def _report(game: Game) -> str:
    ranks = " or ".join(rank_label(r) for r in game.playable_ranks)
    status = {
        Status.PLAYING: f"you can play {ranks}",
        Status.WON: "won: the peaks are cleared!",
        Status.OUT_OF_MOVES: "out of moves (undo to try another way)",
    }[game.status]
    return (
        f"Score {game.score}  Run {game.run}  Moves {game.moves_made}  "
        f"Cleared {game.position.cleared}/28  ({status})"
    )


def _play(game: Game, read: Callable[[str], str]) -> int:
    title = f"deal {game.number}" if game.number else "this deal"
    print(f"TriPeaks, {title}. {game.rules.describe()}.\n{_HELP}\n")
    while True:
        print(draw_table(game.position, game.rules))
        print(_report(game))
        try:
            command = read("> ").strip().lower()
        except EOFError:
            print()
            return 0
        try:
            if command in ("q", "quit", "exit"):
                return 0
            elif command in ("u", "undo"):
                print(f"Undid {game.undo()}.")
            elif command in ("r", "redo"):
                print(f"Redid {game.redo()}.")
            elif command in ("d", "draw", ""):
                game.draw()
            elif command in ("?", "help"):
                print(_HELP)
            else:
                game.push(command)
        except IllegalMoveError as error:
            print(error)
        print()


def _solve(args: argparse.Namespace) -> int:
    deal, _ = _deal_arg(args.deal)
    rules = _rules(args)
    answer = solve(Game(deal, rules).position, rules, budget=args.budget, shortest=args.shortest)
    if args.json:
        print(json.dumps(answer.to_dict()))
        return 0
    said = {
        Result.WON: f"won in {len(answer.moves)} moves",
        Result.LOST: "lost: no line clears the layout",
        Result.GAVE_UP: "gave up: the budget ran out before an answer",
    }[answer.result]
    print(f"{said} ({answer.nodes:,} states, {answer.seconds:.3f} s)")
    if answer.moves:
        print(" ".join(m.notation for m in answer.moves))
    return 0


def _stats(args: argparse.Namespace) -> int:
    first, _, last = args.deals.partition("-")
    try:
        numbers = range(int(first), int(last or first) + 1)
        numbered_deal(numbers[0])
        numbered_deal(numbers[-1])
    except (ValueError, IndexError):
        raise ValueError(f"--deals takes FIRST-LAST deal numbers, not {args.deals!r}") from None
    rules = _rules(args)
    started = time.perf_counter()
    total = len(numbers)

    def progress(done: int) -> None:
        width = 30
        filled = width * done // total
        print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end="", file=sys.stderr)

    summary = solve_range(numbers, rules, jobs=args.jobs, budget=args.budget,
                          shortest=args.shortest, progress=progress)
    print(file=sys.stderr)
    print(f"{rules.describe()}; deals {numbers[0]}-{numbers[-1]}")
    print(summary.report(time.perf_counter() - started))
    return 0
