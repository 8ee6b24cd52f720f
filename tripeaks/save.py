"""The save format: versioned JSON holding the deal, the rules and the moves, nothing derived.

Version 1 is an object with exactly these fields::

    {"format": "tripeaks-save", "version": 1,
     "deal": "<deal code>", "rules": {"passes": 1, "wrap": true, "face_up": false},
     "moves": ["draw", "7h", ...], "redo": ["5c", ...],
     "number": 123 | null, "daily": "2026-11-30" | null,
     "hints": 0, "seconds": 12.5}

``moves`` are replayed from the deal and ``redo`` (next first) must follow them; ``number``
and ``daily`` name the deal, ``hints`` counts hints asked for, ``seconds`` is playing time.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from typing import Any

from .deal import Deal
from .errors import IllegalMoveError, InvalidCardError, InvalidDealError, InvalidSaveError
from .game import Game
from .moves import Move
from .numbered import MAX_DEAL
from .rules import Rules
from .stored import check_header

__all__ = ["FORMAT", "VERSION", "dump", "load"]

FORMAT = "tripeaks-save"
VERSION = 1
_FIELDS = ("format", "version", "deal", "rules", "moves", "redo", "number", "daily", "hints",
           "seconds")


def to_dict(game: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "deal": game.deal.code,
        "rules": game.rules.to_dict(),
        "moves": [m.notation for m in game.moves],
        "redo": [m.notation for m in game.redo_moves],
        "number": game.number,
        "daily": game.daily,
        "hints": game.hints,
        "seconds": round(game.seconds, 3),
    }


def dump(game: Game) -> str:
    return json.dumps(to_dict(game), separators=(",", ":"))


def load(text: str | bytes) -> Game:
    """Rebuild a game from its save. Never returns a half-loaded game."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError):
        raise InvalidSaveError("The save is damaged: it is not readable JSON.") from None
    return from_dict(data)


def from_dict(data: Any) -> Game:
    check_header(
        data, FORMAT, VERSION, InvalidSaveError, what="The save", not_ours="This is not a TriPeaks save."
    )
    missing = [f for f in _FIELDS if f not in data]
    if missing:
        raise InvalidSaveError(f"The save is missing {', '.join(missing)}.")
    extra = sorted(set(data) - set(_FIELDS))
    if extra:
        raise InvalidSaveError(f"The save has unknown fields: {', '.join(map(str, extra))}.")
    try:
        deal = Deal.parse(data["deal"])
    except InvalidDealError as error:
        raise InvalidSaveError(f"The save's deal is invalid: {error}.") from None
    try:
        rules = Rules.from_dict(data["rules"])
    except ValueError as error:
        raise InvalidSaveError(f"The save's rules are invalid: {error}.") from None
    number, daily, hints, seconds = data["number"], data["daily"], data["hints"], data["seconds"]
    if number is not None and (type(number) is not int or not 1 <= number <= MAX_DEAL):
        raise InvalidSaveError("The save's deal number is invalid.")
    if daily is not None:
        try:
            dt.date.fromisoformat(daily)
        except (TypeError, ValueError):
            raise InvalidSaveError("The save's daily date is invalid.") from None
    if type(hints) is not int or hints < 0:
        raise InvalidSaveError("The save's hint count is invalid.")
    if type(seconds) not in (int, float) or not math.isfinite(seconds) or seconds < 0:
        raise InvalidSaveError("The save's playing time is invalid.")
    moves = _moves(data["moves"], "moves")
    redo = _moves(data["redo"], "redo")

    game = Game(deal, rules, number=number, daily=daily)
    for i, move in enumerate(moves, 1):
        try:
            game.push(move)
        except IllegalMoveError as error:
            raise InvalidSaveError(f"Move {i} of the save ({move}) can't be made: {error}") from None
    position = game.position
    for i, move in enumerate(redo, 1):
        try:
            position = position.after(move, rules)
        except IllegalMoveError as error:
            raise InvalidSaveError(f"Redo move {i} of the save ({move}) can't be made: {error}") from None
    game._redo = list(reversed(redo))
    game.hints = hints
    game.seconds = float(seconds)
    return game


def _moves(value: Any, field: str) -> list[Move]:
    if not isinstance(value, list) or len(value) > 10_000:
        raise InvalidSaveError(f"The save's {field} must be a list of moves.")
    moves = []
    for i, token in enumerate(value, 1):
        try:
            moves.append(Move.parse(token))
        except InvalidCardError:
            raise InvalidSaveError(f"Entry {i} of the save's {field} is {token!r}, not a move.") from None
    return moves
