"""What the command line's options mean: the game and rule set asked for, a deal number or code, the
scoring, and the options every command of a deal shares."""

from __future__ import annotations

import argparse
from typing import Any

from .. import registry
from ..base.generator import MAX_DEAL, check_number
from ..model.deal import Deal
from ..model.numbered import numbered_deal
from ..model.scoring import SCORINGS
from ..model.solitaire import Solitaire
from ..registry import DEFAULT_GAME, find_game_and_rules, split_code

NUMBER = f"a deal number is a whole number from 1 to {MAX_DEAL:,}"


def chosen_game(args: argparse.Namespace, code: str | None = None) -> Solitaire:
    """The game asked for: ``--game``, or the deal code's prefix; they must agree."""
    named = find_game_and_rules(args.game)[0] if getattr(args, "game", None) else None
    if code is not None and not is_number(code):
        found, rest = split_code(code)
        if named is not None and found is not named:
            raise Deal.of_another_game(found, named, rest)
        return found
    return named or DEFAULT_GAME


def is_number(text: str) -> bool:
    text = text.strip()
    return text.isascii() and text.isdigit()


def deal_range(text: str) -> range:
    """``FIRST-LAST`` (or one number) as the deal numbers from FIRST to LAST; ValueError when it is not.

    >>> deal_range("1-3"), deal_range("7")
    (range(1, 4), range(7, 8))
    """
    first, _, last = text.partition("-")
    try:
        if not (is_number(first) and is_number(last or first)) or len(first) > 10 or len(last) > 10:
            raise ValueError
        numbers = range(int(first), int(last or first) + 1)
        check_number(numbers[0])
        check_number(numbers[-1])
    except (ValueError, IndexError):
        raise ValueError(f"--deals takes FIRST-LAST deal numbers, not {text[:40]!r}") from None
    return numbers


def chosen_rules(args: argparse.Namespace, game: Solitaire) -> Any:
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


def deal_of(text: str, game: Solitaire) -> tuple[Deal, int | None]:
    """A deal number or a deal code, of ``game``."""
    stripped = text.strip()
    if is_number(stripped):
        if len(stripped.lstrip("0")) > 10:
            raise ValueError(f"{NUMBER}, not one of {len(stripped):,} digits")
        number = int(stripped)
        return numbered_deal(number, game), number
    if stripped and " " not in stripped and "/" not in stripped:
        shown = stripped if len(stripped) <= 20 else stripped[:20] + "…"
        raise ValueError(f"'{shown}' is neither a deal number nor a deal code: {NUMBER}")
    return Deal.parse(text, game), None


def positive(text: str) -> int:
    """An option's whole number of at least 1."""
    if not (is_number(text) and len(text) <= 18) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text[:20]!r}")
    return int(text)


def add_game(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game", metavar="GAME",
        help="the game: " + ", ".join(g.id for g in registry.GAMES) + " (or another of its names, such as "
        + ", ".join(name for g in registry.GAMES for name, _ in g.rule_set_names)
        + ", which names its rule set too; or a deal code's prefix); default tripeaks",
    )


def rule_sets() -> list[str]:
    """Every game's rule sets' names, each once: the choices of ``--rules``."""
    return list(dict.fromkeys(name for game in registry.GAMES for name in game.rule_sets))


def add_scoring(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--scoring", metavar="SCORING",
        help=f"how a game is scored: {' or '.join(SCORINGS)} (the layout cards left; fewer is better); "
        "default the game's first (classic, but for a game scored by cards left only)",
    )


def chosen_scoring(args: argparse.Namespace, game: Solitaire) -> str:
    """The scoring asked for, if ``game`` offers it (``ValueError`` naming those it does)."""
    return game.check_scoring(getattr(args, "scoring", None))


def add_rules(parser: argparse.ArgumentParser) -> None:
    add_game(parser)
    per_game = "; ".join(f"{game.name}: {', '.join(game.rule_sets)}" for game in registry.GAMES)
    parser.add_argument("--rules", choices=rule_sets(), help=f"the rule set ({per_game})")
    parser.add_argument("--passes", choices=["1", "2", "3", "unlimited"],
                        help="TriPeaks: passes through the stock")
    parser.add_argument("--no-wrap", action="store_true", help="TriPeaks: king and ace are not adjacent")
    parser.add_argument("--face-up", action="store_true", help="TriPeaks: deal every card face up")
    parser.add_argument("--empty-waste", action="store_true",
                        help="TriPeaks: the waste starts empty, any free card may go first")
