"""The command line: list the games, print deals, draw them, play in the terminal, solve one deal or many.

Its parts: :mod:`.options` (what the options mean), :mod:`.parser` (the commands and their options),
:mod:`.commands` (the commands that answer about deals) and :mod:`.terminal` (a game played at the prompt).
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Callable, Sequence

from ..base.errors import InvalidDealError
from ..model.numbered import daily_seed, deal_from_seed
from ..model.position import Position
from ..services.game import Game
from ..services.text import draw_table
from .commands import best, games, grade, review, solve_deal, stats
from .options import NUMBER, chosen_game, chosen_rules, chosen_scoring, deal_of, is_number
from .parser import make_parser
from .terminal import play

__all__ = ["main"]


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
    parser = make_parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command == "review" and not any(text.startswith("-") for text in extra):
        args.moves += extra  # moves after an option: argparse takes a positional list in one piece
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        if args.command == "best":
            return best(args)
        if args.command == "grade":
            return grade(args)
        if args.command == "review":
            return review(args)
        if args.command == "games":
            return games()
        if args.command == "deal":
            if (args.number is None) == (args.daily is None):
                parser.error("give a deal number or --daily YYYY-MM-DD")
            game = chosen_game(args)
            chosen_rules(args, game)  # a rule set of the game, if one is named (each deals the same deals)
            if args.daily is not None:
                print(deal_from_seed(daily_seed(args.daily, 0, game), game).code)
            else:
                if not is_number(args.number):
                    parser.error(f"argument number: {NUMBER}, not {args.number[:20]!r}")
                print(deal_of(args.number, game)[0].code)
            return 0
        if args.command == "show":
            game = chosen_game(args, args.deal)
            deal, _ = deal_of(args.deal, game)
            rules = chosen_rules(args, game)
            print(draw_table(Position.start(deal, rules), reveal=args.reveal))
            return 0
        if args.command == "solve":
            return solve_deal(args)
        if args.command == "stats":
            return stats(args)
        game = chosen_game(args, args.deal)
        deal, number = deal_of(args.deal, game)
        scoring = chosen_scoring(args, game)
        return play(Game(deal, chosen_rules(args, game), number=number), read, scoring)
    except (InvalidDealError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
