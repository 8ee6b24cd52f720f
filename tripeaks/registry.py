"""The games of the family, found by id, name or alias, or by a deal code's prefix."""

from __future__ import annotations

from typing import Any

from .base.errors import InvalidDealError
from .games.golf import GOLF
from .games.pyramid import PYRAMID
from .games.triangle import TRIANGLE
from .games.tripeaks import TRIPEAKS
from .model.deal import read_codes_with
from .model.solitaire import Solitaire, name_key

__all__ = [
    "DEFAULT_GAME", "GAMES", "GOLF", "PYRAMID", "TRIANGLE", "TRIPEAKS", "find_game", "find_game_and_rules",
    "game_of", "game_of_rules", "register", "split_code",
]

GAMES: tuple[Solitaire, ...] = (TRIPEAKS, TRIANGLE, PYRAMID, GOLF)
"""Every game, the default first."""

DEFAULT_GAME = GAMES[0]
"""The game of a deal code with no prefix, and of anything that names no game."""

_BY_NAME = {name_key(name): game for game in GAMES for name in (game.id, *game.names)}


def _listed() -> str:
    return ", ".join(f"{game.id} ({game.name})" for game in GAMES)


def find_game(name: str) -> Solitaire:
    """The game with this id, name or alias, in any case and spacing: ``Tri Peaks``, ``yield``.

    >>> find_game("Three Peaks").name, find_game("FUNNEL").name, find_game("Yield").name
    ('TriPeaks', 'Triangle', 'Triangle')
    >>> find_game("golf solitaire") is GOLF
    True
    """
    game = _BY_NAME.get(name_key(name)) if isinstance(name, str) else None
    if game is None:
        called = f" called '{name}'" if isinstance(name, str) and len(name) <= 40 else " of that name"
        raise ValueError(f"there is no game{called}: the games are {_listed()}")
    return game


def find_game_and_rules(name: str) -> tuple[Solitaire, Any]:
    """The game a name finds (as :func:`find_game`), and the rules it implies when it names the game
    under one of its rule sets (``None`` when it names the game alone).

    >>> find_game_and_rules("Relaxed Pyramid")[1].key, find_game_and_rules("pyramid")[1]
    ('relaxed', None)
    """
    game = find_game(name)
    return game, game.rules_called(name)


def split_code(code: str) -> tuple[Solitaire, str]:
    """The game of a deal code (by its prefix; none is the default game) and the code without it."""
    text = code.strip()
    head, colon, rest = text.partition(":")
    if not colon:
        return DEFAULT_GAME, text
    for game in GAMES:
        if head.strip().lower() == game.prefix:
            return game, rest.strip()
    shown = head if len(head) <= 20 else head[:20] + "…"
    raise InvalidDealError(f"unknown game '{shown}' in the deal code: the games are {_listed()}")


def game_of(code: str) -> Solitaire:
    """The game a deal code belongs to, by its prefix (``triangle:…``); no prefix is TriPeaks.

    >>> game_of("triangle:...").id
    'triangle'
    """
    return split_code(code)[0]


def game_of_rules(rules: object) -> Solitaire:
    """The game whose rules type ``rules`` are (the default game's for ``None``)."""
    if rules is None:
        return DEFAULT_GAME
    for game in GAMES:
        if isinstance(rules, game.rules_type):
            return game
    raise ValueError(f"{rules!r:.60} are not the rules of any game")


def register(game: Solitaire) -> Solitaire:
    """Add a game to the family (after the others), found by its id, names and prefix from then on;
    ``ValueError`` if one of its names is another game's. Returns the game.

    The games here are registered as the module loads; this is for a game made elsewhere (the
    tests register a third one, to show the page plays any game of the family).
    """
    global GAMES
    names = {name_key(name) for name in (game.id, *game.names)}
    taken = [name for name in names if name in _BY_NAME and _BY_NAME[name] is not game]
    if taken:
        raise ValueError(f"the names {', '.join(sorted(taken))} are another game's")
    if game not in GAMES:
        GAMES = (*GAMES, game)
        _BY_NAME.update(dict.fromkeys(names, game))
    return game


read_codes_with(DEFAULT_GAME, split_code)
