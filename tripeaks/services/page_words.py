"""Every sentence the page says around a game: the deal's title, what it is doing, what went wrong with a
link, a save or the storage, and what it offers. The page (web/) draws these and writes none of its own,
so the engine says everything a player reads, in one voice, for every game of the family.

>>> from tripeaks import Game, numbered_deal
>>> deal_title(Game(numbered_deal(12), number=12))
'Deal 12 · Standard'
>>> nothing_to("undo")
'Nothing to undo.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..base.generator import MAX_DEAL

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "AT_START",
    "BOOT_FRESH",
    "BOOT_SAVED",
    "CONFLICT",
    "CONFLICT_KEEP",
    "CONFLICT_LOAD",
    "EMBED_NOTICE",
    "FILE_UNREADABLE",
    "FINDING_TODAY",
    "LINK_FRESH",
    "LINK_OWN_RULES",
    "LOOKING_WINNABLE",
    "NEW_GAME_DEALT",
    "OPEN_FULL_GAME",
    "OTHER_TAB_UNREADABLE",
    "RESTARTED",
    "SCORING_LEGEND",
    "SETTINGS_SAVED",
    "STATS_AGAIN",
    "STATS_HEADINGS",
    "STATS_NOTE",
    "STILL_LOOKING",
    "STORAGE_DENIED",
    "STORAGE_FULL",
    "UNKNOWN_RULES",
    "USUAL_SETTINGS",
    "Keys",
    "back_to_game",
    "bad_deal_number",
    "deal_title",
    "fewest_moves_said",
    "finding_daily",
    "game_in_progress",
    "help_title",
    "keys_help",
    "link_problem",
    "link_rules_disagree",
    "loaded_newer",
    "new_rules",
    "nothing_to",
    "only_scoring",
    "other_rules_note",
    "still_on_deal",
    "stored_problem",
    "switched_back",
    "watch_over",
    "watch_step",
    "where",
]

AT_START = "This deal is already at its start."
RESTARTED = "Back to the start of this deal. Redo replays your moves."
SETTINGS_SAVED = "Settings saved."
STILL_LOOKING = "Wait a moment: the page is still looking for a deal."
LOOKING_WINNABLE = "Looking for a winnable deal…"
FINDING_TODAY = "Finding today's deal…"
BOOT_SAVED = "Something went wrong while starting. Your saved game is back on the table."
BOOT_FRESH = "Something went wrong while starting, so a fresh game is dealt. It is saved as you play."
CONFLICT = ("Your saved game was changed in another tab. Load the newer game, or keep this one (it will "
            "replace the other).")
CONFLICT_LOAD = "Load the newer game"
CONFLICT_KEEP = "Keep this one"
OTHER_TAB_UNREADABLE = "The other tab's game could not be loaded."
FILE_UNREADABLE = "This file could not be read: nothing was imported."
EMBED_NOTICE = "Progress is not saved in an embedded game."
OPEN_FULL_GAME = "Open the full game"
STORAGE_FULL = ("The browser's storage for this site is full, so your progress is not being saved. Play goes "
                "on; free some space to save again.")
STORAGE_DENIED = ("This browser does not let the game store anything here, so progress, settings and "
                  "statistics are not being saved. You can still play.")
STATS_HEADINGS = {
    "played": "Played", "won": "Won", "win_rate": "Win rate", "streak": "Streak",
    "best_streak": "Best streak", "longest_run": "Longest run", "best_score": "Best score",
    "fastest_win": "Fastest win", "fewest_moves": "Fewest moves", "fewest_left": "Fewest left",
}
"""The statistics' column headings, by the records' field names."""
STATS_NOTE = ("Personal bests (best score, fastest win, fewest moves) count only games won without a hint; "
              "the fewest cards left, any game played without a hint.")
SCORING_LEGEND = "Scoring"
"""The heading of the scoring choice beside the rules, in the settings."""
UNKNOWN_RULES = "Rules of another version"
"""A rule set a stored record names that this version cannot read."""

NEW_GAME_DEALT = "A new game is dealt."
USUAL_SETTINGS = "The usual settings are used."
STATS_AGAIN = "Statistics start again."
"""After what could not be read of the stored data: what the page does instead."""
LINK_FRESH = "Here is a fresh game instead."
LINK_OWN_RULES = "It is dealt with your own rules."
"""After what was wrong with a link: what the page did instead."""

_STORED = {"game": "Your saved game", "settings": "Your settings", "records": "Your statistics"}


def deal_title(game: Game) -> str:
    """The deal on the table and its rules: ``Deal 12 · Standard``, ``Daily deal 2026-12-04 · Strict``."""
    rules = game.rules.label
    if game.daily:
        return f"Daily deal {game.daily} · {rules}"
    if game.number is not None:
        return f"Deal {game.number:,} · {rules}"
    return f"Shared deal · {rules}"


def where(game: Game) -> str:
    """The deal on the table and what can be done: ``Deal 12 · Standard. The waste shows …``."""
    return f"{deal_title(game)}. {game.solitaire.words.prompt(game.position)}"


def nothing_to(what: str) -> str:
    """``what`` is "undo" or "redo"."""
    return f"Nothing to {what}."


def switched_back(game: Game) -> str:
    return f"{game.solitaire.name_under(game.rules)}: back to your game. {where(game)}"


def still_on_deal(game: Game) -> str:
    """A search for the next deal was cancelled, or the player played on: the deal on the table stays."""
    return f"Still on this deal. {where(game)}"


def back_to_game(game: Game) -> str:
    """The player keeps the game in progress rather than play a linked deal: it is back."""
    return f"Back to your game: {where(game)}"


def watch_over(game: Game) -> str:
    """Watching a line stopped: the player's own game is back."""
    return f"Back to your game. {where(game)}"


def loaded_newer(game: Game) -> str:
    """The game another tab saved replaces this one."""
    return f"Loaded the newer game: {where(game)}"


def finding_daily(day: str) -> str:
    return f"Finding the daily deal for {day}…"


def game_in_progress(game: Game) -> str:
    """Offered beside a linked deal: the saved game it would replace."""
    moves = game.moves_made
    progress = game.solitaire.words.progress(game.position)
    return (f"You have a game in progress: {deal_title(game)}, {moves} move{'' if moves == 1 else 's'} "
            f"({progress[0].lower()}{progress[1:]}). Playing this deal instead counts it as given up.")


def new_rules(rules: Any) -> str:
    """The question before other rules restart a game in play."""
    return (f"New rules start this deal again ({rules.describe()}). This game will count as given up. "
            f"Play it under the new rules?")


def other_rules_note(playing: Any) -> str:
    return f"The game on the table is played with other rules ({playing.label}): these apply to new deals."


def fewest_moves_said(moves: int, fewest: int | None, *, won: bool) -> str | None:
    """The fewest-moves best on the end sheet: ``fewest``, the player's fewest moves to a win under the
    rules played (``None`` before any), beside this game's ``moves`` when it was ``won``.

    >>> fewest_moves_said(41, 41, won=True)
    '41 moves: your fewest to a win with these rules.'
    >>> fewest_moves_said(60, 41, won=False)
    'Your fewest moves to a win with these rules: 41.'
    """
    if fewest is None:
        return None
    if won and moves <= fewest:
        return f"{moves} moves: your fewest to a win with these rules."
    return f"Your fewest moves to a win with these rules: {fewest}."


def only_scoring(name: str, scoring: str) -> str:
    """A game offering one scoring, said in the settings in place of the choice.

    >>> only_scoring("Golf", "Cards left")
    'Golf is scored by cards left only.'
    """
    return f"{name} is scored by {scoring[0].lower()}{scoring[1:]} only."


def bad_deal_number(text: str, most: int) -> str:
    return f"'{text[:30]}' is not a deal number: deals go from 1 to {most:,}."


def help_title(name: str) -> str:
    return f"How to play {name}"


def watch_step(step: int, steps: int) -> str:
    return f"Move {step} of {steps}"


def stored_problem(what: str, why: str, kept: str | None) -> str:
    """Stored data (``what``: "game", "settings", "records") that could not be read (``why``), and
    where a copy of it is kept (None when none could be kept)."""
    where_kept = (f" A copy is kept under '{kept}'." if kept else
                  " No copy of it could be kept (the browser's storage is full), so it will be replaced as "
                  "you play.")
    return f"{_STORED.get(what, 'Some saved data')} could not be read ({why}).{where_kept}"


def link_problem(part: str, detail: str) -> str:
    """What was wrong with a part of the page's address (``part``: "game", "code", "deal", "daily",
    "rules"), with the engine's own reason or the text that was given (``detail``)."""
    if part == "game":
        return f"The link's game could not be read: {detail}."
    if part == "code":
        return f"The link's deal code is not a deal: {detail}."
    if part == "deal":
        return (f"The link's deal '{detail}' is not a deal: a deal is a number from 1 to {MAX_DEAL:,} or a "
                f"deal code.")
    if part == "daily":
        return f"The link's date '{detail}' is not a date like 2026-11-30."
    if part == "rules":
        return f"The link's rules could not be read: {detail}."
    return detail


def link_rules_disagree(game: str, rules: str) -> str:
    """The link names a game by a name that implies its rules (``relaxed-pyramid``: ``rules``, the rules'
    label) and asks for other rules too."""
    shown = game if len(game) <= 40 else game[:40] + "…"
    return f"The link's game '{shown}' plays {rules}, and its rules ask for others."


Keys = tuple[tuple[str, str], ...]
"""A line of the keys' help: each key with the words that follow it (``(("Z", "undo,"), ("Y", "redo"))``)."""


def keys_help(pairs: bool, turn: str | None) -> tuple[Keys, ...]:
    """The keyboard's keys, a line each, for a game that removes ``pairs`` or not, whose stock turns over
    with the move named ``turn`` (a reset, a redeal) if any."""
    taking = "selects the card in focus (or takes it)" if pairs else "plays the card in focus"
    stock = "does what the stock does: draw" + (f" (or {turn} once it is empty)" if turn else "")
    lines: list[Keys] = [
        (("←", ""), ("→", ""), ("↑", ""), ("↓", "move between the cards you can take")),
        (("Enter", taking),),
        (("Space", "or"), ("D", stock)),
    ]
    if turn:
        lines.append((("R", turn),))
    lines.append((("Z", "undo,"), ("Y", "redo,"), ("H", "hint,"), ("N", "new deal")))
    return tuple(lines)
