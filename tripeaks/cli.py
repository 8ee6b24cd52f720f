"""The command line: list the games, print deals, draw them, play in the terminal, solve one deal or many."""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import errno
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from . import registry
from .base.errors import IllegalMoveError, InvalidDealError, InvalidMoveError
from .base.generator import MAX_DEAL, check_number
from .kit.solving import solve
from .model.answers import DEFAULT_BUDGET, Result
from .model.deal import Deal
from .model.numbered import daily_seed, deal_from_seed, numbered_deal
from .model.position import Position
from .model.scoring import CARDS_LEFT, SCORINGS
from .model.solitaire import Solitaire
from .registry import DEFAULT_GAME, find_game_and_rules, split_code
from .services.game import Game
from .services.text import draw_table
from .services.winrates import LONG_WORK

__all__ = ["main"]

_NUMBER = f"a deal number is a whole number from 1 to {MAX_DEAL:,}"
SHORTEST_SECONDS = 10
"""How long ``solve --shortest`` searches unless told: proving a line the fewest can take far
longer than finding it (with unlimited passes above all), and the answer then says so."""


def _game(args: argparse.Namespace, code: str | None = None) -> Solitaire:
    """The game asked for: ``--game``, or the deal code's prefix; they must agree."""
    named = find_game_and_rules(args.game)[0] if getattr(args, "game", None) else None
    if code is not None and not _is_number(code):
        found, rest = split_code(code)
        if named is not None and found is not named:
            raise Deal.of_another_game(found, named, rest)
        return found
    return named or DEFAULT_GAME


def _is_number(text: str) -> bool:
    text = text.strip()
    return text.isascii() and text.isdigit()


def _rules(args: argparse.Namespace, game: Solitaire) -> Any:
    """The rules the options give, for ``game``: ``--rules``, or those the game's name implies
    (``--game relaxed-pyramid``); they must agree."""
    implied = find_game_and_rules(args.game)[1] if getattr(args, "game", None) else None
    asked = getattr(args, "rules", None)
    if implied is not None:
        if asked is not None and game.rules_named(asked) != implied:
            raise ValueError(f"--game {args.game} plays the rule set {implied.key}, not {asked}: "
                             f"give one of --game and --rules")
        args.rules = implied.key
    if game is not DEFAULT_GAME:
        tripeaks_only = [
            option for option, value in (
                ("--passes", getattr(args, "passes", None)),
                ("--no-wrap", getattr(args, "no_wrap", False)),
                ("--face-up", getattr(args, "face_up", False)),
                ("--empty-waste", getattr(args, "empty_waste", False)),
            ) if value
        ]
        if tripeaks_only:
            raise ValueError(f"{', '.join(tripeaks_only)}: {game.name} has no such option")
        return game.rules_named(getattr(args, "rules", None) or "standard")
    Rules = game.rules_type  # TriPeaks' own, which the options above are

    rules = Rules.named(
        getattr(args, "rules", None) or "standard",
        face_up=getattr(args, "face_up", False),
        empty_waste=getattr(args, "empty_waste", False),
    )
    passes = getattr(args, "passes", None)
    if passes is not None:
        rules = Rules(passes=None if passes == "unlimited" else int(passes), wrap=rules.wrap,
                      face_up=rules.face_up, empty_waste=rules.empty_waste)
    if getattr(args, "no_wrap", False):
        rules = Rules(passes=rules.passes, wrap=False, face_up=rules.face_up, empty_waste=rules.empty_waste)
    return rules


def _deal_arg(text: str, game: Solitaire) -> tuple[Deal, int | None]:
    """A deal number or a deal code, of ``game``."""
    stripped = text.strip()
    if _is_number(stripped):
        if len(stripped.lstrip("0")) > 10:
            raise ValueError(f"{_NUMBER}, not one of {len(stripped):,} digits")
        number = int(stripped)
        return numbered_deal(number, game), number
    if stripped and " " not in stripped and "/" not in stripped:
        shown = stripped if len(stripped) <= 20 else stripped[:20] + "…"
        raise ValueError(f"'{shown}' is neither a deal number nor a deal code: {_NUMBER}")
    return Deal.parse(text, game), None


def _positive(text: str) -> int:
    """An option's whole number of at least 1."""
    if not (_is_number(text) and len(text) <= 18) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text[:20]!r}")
    return int(text)


def _add_game(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game", metavar="GAME",
        help="the game: " + ", ".join(g.id for g in registry.GAMES) + " (or another of its names, such as "
        + ", ".join(name for g in registry.GAMES for name, _ in g.rule_set_names)
        + ", which names its rule set too; or a deal code's prefix); default tripeaks",
    )


def _rule_sets() -> list[str]:
    """Every game's rule sets' names, each once: the choices of ``--rules``."""
    return list(dict.fromkeys(name for game in registry.GAMES for name in game.rule_sets))


def _add_scoring(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--scoring", metavar="SCORING",
        help=f"how a game is scored: {' or '.join(SCORINGS)} (the layout cards left; fewer is better); "
        "default the game's first (classic, but for a game scored by cards left only)",
    )


def _scoring(args: argparse.Namespace, game: Solitaire) -> str:
    """The scoring asked for, if ``game`` offers it (``ValueError`` naming those it does)."""
    return game.check_scoring(getattr(args, "scoring", None))


def _add_rules(parser: argparse.ArgumentParser) -> None:
    _add_game(parser)
    per_game = "; ".join(f"{game.name}: {', '.join(game.rule_sets)}" for game in registry.GAMES)
    parser.add_argument("--rules", choices=_rule_sets(), help=f"the rule set ({per_game})")
    parser.add_argument("--passes", choices=["1", "2", "3", "unlimited"],
                        help="TriPeaks: passes through the stock")
    parser.add_argument("--no-wrap", action="store_true", help="TriPeaks: king and ace are not adjacent")
    parser.add_argument("--face-up", action="store_true", help="TriPeaks: deal every card face up")
    parser.add_argument("--empty-waste", action="store_true",
                        help="TriPeaks: the waste starts empty, any free card may go first")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m tripeaks", description="A family of solitaires: "
                                     + ", ".join(g.name for g in registry.GAMES))
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("games", help="list the games, their other names and rule sets")

    deal = sub.add_parser("deal", help="print the deal code of a numbered or daily deal")
    deal.add_argument("number", nargs="?")
    deal.add_argument("--daily", metavar="YYYY-MM-DD", type=dt.date.fromisoformat)
    _add_game(deal)
    deal.add_argument("--rules", choices=_rule_sets(), help="a rule set of the game (each deals the same)")

    show = sub.add_parser("show", help="draw a deal (a code or a number) as text")
    show.add_argument("deal")
    show.add_argument("--reveal", action="store_true", help="show face-down cards and the stock")
    show.add_argument("--face-up", action="store_true", help="TriPeaks: deal every card face up")
    show.add_argument("--empty-waste", action="store_true", help="TriPeaks: the waste starts empty")
    _add_game(show)
    show.add_argument("--rules", choices=_rule_sets(), help="the rule set")

    play = sub.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a game in the terminal. At the prompt type a move: a card (7h; in Triangle a king, "
        "or a pair as Qh+Ad or Qh Ad), draw (d), reset or redeal. An empty line draws. Also: undo (u), "
        "redo (r), hint (h), help (?), quit (q).",
    )
    play.add_argument("deal", nargs="?", default="1", help="a deal number or code (default 1)")
    _add_rules(play)
    _add_scoring(play)

    solve = sub.add_parser("solve", help="solve a deal: won with the moves, lost, or gave up")
    solve.add_argument("deal", help="a deal number or code")
    _add_rules(solve)
    solve.add_argument("--shortest", action="store_true", help="a winning line with the fewest moves")
    solve.add_argument("--json", action="store_true", help="print one JSON object")
    solve.add_argument("--budget", type=_positive, default=DEFAULT_BUDGET, help="states to examine at most")
    solve.add_argument("--seconds", type=_positive, default=None,
                       help=f"seconds to search at most (default none; {SHORTEST_SECONDS} with --shortest)")

    stats = sub.add_parser("stats", help="solve a range of deals and print the winnable share")
    stats.add_argument("--deals", default="1-1000", metavar="FIRST-LAST")
    _add_rules(stats)
    stats.add_argument("--jobs", type=_positive, default=os.cpu_count() or 1,
                       help="processes to solve on (at most one per deal and per core; with --cluster "
                       "local, its workers)")
    stats.add_argument("--cluster", metavar="local|tcp://HOST:PORT",
                       help="solve on Dask: a local cluster, or the scheduler at that address "
                       "(pip install 'tripeaks[cluster]')")
    stats.add_argument("--out", type=Path, metavar="FILE",
                       help="write one JSON line per deal as it is solved; run again to carry on")
    stats.add_argument("--grade", action="store_true", help="grade each deal's difficulty too")
    stats.add_argument("--budget", type=_positive, default=DEFAULT_BUDGET)
    stats.add_argument("--shortest", action="store_true")
    stats.add_argument("--yes", action="store_true",
                       help=f"start even when the range would take more than {LONG_WORK // 60} minutes")
    _add_scoring(stats)
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
    _add_rules(review)
    review.add_argument("--json", action="store_true", help="print one JSON object")
    review.add_argument("--budget", type=_positive, default=None,
                        help="states one position may take before it is left undecided")


def _add_best(sub: Any) -> None:
    best = sub.add_parser("best", help="the best score any line reaches, and the best of the winning lines "
                          "(with --scoring cards-left: the fewest layout cards any line leaves)")
    best.add_argument("deal", help="a deal number or code")
    _add_rules(best)
    _add_scoring(best)
    best.add_argument("--json", action="store_true", help="print one JSON object")
    grade = sub.add_parser("grade", help="a deal's difficulty: easy, medium, hard, very hard or can't be won")
    grade.add_argument("deal", help="a deal number or code")
    _add_rules(grade)
    grade.add_argument("--json", action="store_true", help="print one JSON object")


def _review(args: argparse.Namespace) -> int:
    from .services.review import REVIEW_BUDGET, ReviewSearch, replay
    from .services.review_words import table

    game = _game(args, args.deal)
    deal, _ = _deal_arg(args.deal, game)
    played = replay(deal, _rules(args, game), " ".join(args.moves).split())
    budget = args.budget or REVIEW_BUDGET
    found = ReviewSearch(played, budget=budget, total=max(budget * 8, budget)).step()
    assert found is not None
    if args.json:
        print(json.dumps(found.to_dict()))
        return 0
    print("\n".join(table(game, found, played.positions)))
    return 0


def _grade(args: argparse.Namespace) -> int:
    from .services.difficulty import difficulty

    game = _game(args, args.deal)
    deal, _ = _deal_arg(args.deal, game)
    found = difficulty(deal, _rules(args, game))
    if args.json:
        print(json.dumps(found.to_dict()))
        return 0
    print(game.words.grade(found.grade))
    if found.games:
        print(f"(the no-peeking player won {found.wins} of {found.games} games)")
    return 0


def _best(args: argparse.Namespace) -> int:
    from .services.best import find_best

    game = _game(args, args.deal)
    deal, _ = _deal_arg(args.deal, game)
    scoring = _scoring(args, game)
    found = find_best(Position.start(deal, _rules(args, game)), scoring)
    if args.json:
        print(json.dumps(found.to_dict()))
        return 0
    names = ("fewest cards left", "winning line") if scoring == CARDS_LEFT else ("best", "best winning")
    for name, line in zip(names, (found.best, found.best_clear), strict=True):
        if line is None:
            print(f"{name}: none, no line wins")
            continue
        # a game scored by the cards left (Golf) says them; the others their score
        own = game.layout.size - line.score if scoring == CARDS_LEFT else line.score  # the game's own score
        figure = str(line.score) if "classic" in game.scorings else game.words.scored(own)
        print(f"{name}: {figure} in {len(line.moves)} moves")
        print(" ".join(move.notation for move in line.moves))
    print(f"({found.nodes:,} states, {found.seconds:.3f} s)")
    return 0


def main(argv: Sequence[str] | None = None, *, read: Callable[[str], str] = input) -> int:
    """The command line: its exit code (0 done, 2 a wrong command, 130 stopped by Ctrl-C, 141 the
    reader of the output went away, 1 the output could not be written)."""
    try:
        code = _main(argv, read)
        sys.stdout.flush()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (``... | head -1``): nothing to say, to no one
        _drop_output()
        return 141
    except OSError as error:
        if error.errno not in (errno.ENOSPC, errno.EFBIG, errno.EIO, errno.EDQUOT):
            raise
        _drop_output()
        print(f"error: the output could not be written: {os.strerror(error.errno)}", file=sys.stderr)
        return 1
    return code


def _drop_output() -> None:
    """Send what is left in stdout's buffer nowhere, so that Python's own last flush does not fail
    again (and print a traceback on the way out)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # not a real file (a test's capture)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _main(argv: Sequence[str] | None, read: Callable[[str], str]) -> int:
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command == "review" and not any(text.startswith("-") for text in extra):
        args.moves += extra  # moves after an option: argparse takes a positional list in one piece
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        if args.command == "best":
            return _best(args)
        if args.command == "grade":
            return _grade(args)
        if args.command == "review":
            return _review(args)
        if args.command == "games":
            return _games()
        if args.command == "deal":
            if (args.number is None) == (args.daily is None):
                parser.error("give a deal number or --daily YYYY-MM-DD")
            game = _game(args)
            _rules(args, game)  # a rule set of the game, if one is named (each deals the same deals)
            if args.daily is not None:
                print(deal_from_seed(daily_seed(args.daily, 0, game), game).code)
            else:
                if not _is_number(args.number):
                    parser.error(f"argument number: {_NUMBER}, not {args.number[:20]!r}")
                print(_deal_arg(args.number, game)[0].code)
            return 0
        if args.command == "show":
            game = _game(args, args.deal)
            deal, _ = _deal_arg(args.deal, game)
            rules = _rules(args, game)
            print(draw_table(Position.start(deal, rules), reveal=args.reveal))
            return 0
        if args.command == "solve":
            return _solve(args)
        if args.command == "stats":
            return _stats(args)
        game = _game(args, args.deal)
        deal, number = _deal_arg(args.deal, game)
        scoring = _scoring(args, game)
        return _play(Game(deal, _rules(args, game), number=number), read, scoring)
    except (InvalidDealError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _games() -> int:
    for game in registry.GAMES:
        names = ", ".join(game.aliases)
        print(f"{game.id:10} {game.name} (also {names})")
        print(f"{'':10} {game.blurb}")
        called = {key: name for name, key in game.rule_set_names}
        rule_sets = ", ".join(f"{key} ({called[key]})" if key in called else key for key in game.rule_sets)
        prefix = "no prefix or " if game is DEFAULT_GAME else ""
        print(f"{'':10} rule sets: {rule_sets}; deal codes: {prefix}'{game.prefix}:…'; "
              f"scorings: {', '.join(game.scorings)}")
    return 0


def _read_line(read: Callable[[str], str]) -> str | None:
    """The next command, or ``None`` at the end of input (closed or gone standard input too)."""
    try:
        line = read("> ")
    except (EOFError, RuntimeError, OSError):
        return None
    return line.strip().lower()


def _play(game: Game, read: Callable[[str], str], scoring: str | None = None) -> int:
    words = game.solitaire.words
    scoring = game.solitaire.check_scoring(scoring)
    title = f"deal {game.number}" if game.number else "this deal"
    scored = "" if scoring == game.solitaire.default_scoring else f" Scoring: {words.scoring_name(scoring)}."
    print(f"{game.solitaire.name}, {title}. {game.rules.describe()}.{scored}\n{words.typing}\n")
    while True:
        print(draw_table(game.position))
        print(words.scored_report(game.position, game.moves_made, scoring))
        command = _read_line(read)
        if command is None:
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
            elif command in ("h", "hint"):
                print(game.hint().text)
            elif command in ("?", "help"):
                print(words.typing)
            else:
                # Two cards may be typed with a space between them (Qh Ad) as well as a +.
                game.push("+".join(command.split()) if len(command) <= 12 else command)
        except (IllegalMoveError, InvalidMoveError) as error:
            print(error)
        print()


def _solve(args: argparse.Namespace) -> int:
    game = _game(args, args.deal)
    deal, _ = _deal_arg(args.deal, game)
    position = Position.start(deal, _rules(args, game))
    seconds = args.seconds if args.seconds is not None else (SHORTEST_SECONDS if args.shortest else None)
    answer = solve(position, budget=args.budget, seconds=seconds, shortest=args.shortest)
    if args.json:
        print(json.dumps(answer.to_dict()))
        return 0
    said = {
        Result.WON: f"won in {len(answer.moves)} moves",
        Result.LOST: "lost: no line clears the layout",
        Result.GAVE_UP: "gave up: the budget ran out before an answer",
    }[answer.result]
    if answer.result is Result.GAVE_UP and answer.moves:
        said = (f"gave up proving the fewest moves: the shortest winning line found has "
                f"{len(answer.moves)} moves")
    print(f"{said} ({answer.nodes:,} states, {answer.seconds:.3f} s)")
    if answer.moves:
        print(" ".join(m.notation for m in answer.moves))
    return 0


def _stats(args: argparse.Namespace) -> int:
    from .services.winrates import StatsRun, run_stats

    first, _, last = args.deals.partition("-")
    try:
        if not (_is_number(first) and _is_number(last or first)) or len(first) > 10 or len(last) > 10:
            raise ValueError
        numbers = range(int(first), int(last or first) + 1)
        check_number(numbers[0])
        check_number(numbers[-1])
    except (ValueError, IndexError):
        raise ValueError(f"--deals takes FIRST-LAST deal numbers, not {args.deals[:40]!r}") from None
    game = _game(args)
    rules = _rules(args, game)
    return run_stats(StatsRun(
        numbers, game, rules, jobs=args.jobs, cluster=args.cluster, out=args.out, budget=args.budget,
        shortest=args.shortest, grade=args.grade, yes=args.yes, cards_left=_scoring(args, game) == CARDS_LEFT,
    ))
