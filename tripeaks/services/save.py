"""The save format: versioned JSON holding the game, the deal, the rules and the moves, nothing derived.

Version 2 is an object with exactly these fields::

    {"format": "tripeaks-save", "version": 2, "game": "tripeaks" | "triangle" | …,
     "deal": "<deal code>" | null, "number": 123 | null, "daily": "2026-11-30" | null,
     "rules": {...the game's rules...}, "moves": ["draw", "7h", ...], "redo": ["5c", ...],
     "hints": 0, "seconds": 12.5}

``deal`` is null for a numbered deal (its number gives it; a save then shows no face-down card
or stock order) and for a daily deal, which then has one more field, ``"attempt": 0`` to ``255``:
which of the day's candidates (``daily_seed``) it is; else the deal code. ``moves`` are replayed
from the deal and ``redo`` (next first) must follow them; ``number`` and ``daily`` name the deal,
``hints`` counts hints asked for, ``seconds`` is playing time. Version 1 (before the family of
games) had no ``game`` (it is TriPeaks), always a deal code, and TriPeaks rules without
``empty_waste``; it still loads.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Protocol

from ..base.errors import InvalidDealError, InvalidMoveError, InvalidSaveError
from ..base.generator import MAX_DEAL
from ..base.moves import Move
from ..base.schema import check, spec
from ..base.stored import check_header, read_json, shown
from ..model.deal import Deal
from ..model.numbered import daily_seed, deal_from_seed, numbered_deal
from ..registry import DEFAULT_GAME, find_game

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..model.solitaire import Solitaire

__all__ = ["FORMAT", "VERSION", "Saved", "dump", "parse", "read", "to_dict"]

FORMAT = "tripeaks-save"
VERSION = 2
_MOST = 2**31 - 1
"""The most hints, or seconds of play (68 years), a save may hold: more is a forged save."""
_FIELDS_1 = ("format", "version", "deal", "rules", "moves", "redo", "number", "daily", "hints",
             "seconds")
_FIELDS = ("format", "version", "game", "deal", "number", "daily", "rules", "moves", "redo", "hints",
           "seconds")


@dataclass(frozen=True, slots=True)
class _Plain:
    """A save's fields that are plain values, as the schema reads them (the deal, rules and moves are
    read by the game); ``attempt`` is there only for a daily deal."""

    number: int | None = spec("whole", said="the deal number", low=1, high=MAX_DEAL, optional=True,
                              sentence="The save's deal number is invalid.")
    daily: str | None = spec("day", said="the daily date", optional=True,
                             sentence="The save's daily date is invalid.")
    hints: int = spec("whole", said="the hint count", high=_MOST,
                      sentence="The save's hint count is invalid.")
    seconds: float = spec("seconds", said="the playing time", high=_MOST + 1,
                          sentence="The save's playing time is invalid.")
    attempt: int | None = spec("whole", said="the daily attempt", high=255, optional=True, default=None,
                               sentence="The save's daily attempt is invalid.")

    def __post_init__(self) -> None:
        check(self, InvalidSaveError)


_PLAIN = tuple(item.name for item in fields(_Plain))


class Saving(Protocol):
    """What a save holds of a game (a :class:`~tripeaks.services.game.Game` is one)."""

    @property
    def solitaire(self) -> Solitaire: ...

    @property
    def moves(self) -> Sequence[Move]: ...

    @property
    def redo_moves(self) -> Sequence[Move]: ...

    deal: Deal
    rules: Any
    number: int | None
    daily: str | None
    hints: int
    seconds: float


@dataclass(frozen=True, slots=True)
class Saved:
    """What a save holds, read and checked: the game is its deal under its rules with its moves
    replayed (:func:`tripeaks.services.game.from_dict` does that)."""

    deal: Deal
    rules: Any
    moves: list[Move]
    redo: list[Move]
    number: int | None
    daily: str | None
    hints: int
    seconds: float


def to_dict(game: Saving) -> dict[str, Any]:
    numbered = game.number is not None and numbered_deal(game.number, game.solitaire) == game.deal
    attempt = None if numbered or game.daily is None else _attempt(game.solitaire, game.daily, game.deal)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.solitaire.id,
        "deal": None if numbered or attempt is not None else game.deal.code,
        "number": game.number,
        "daily": game.daily,
        "rules": game.rules.to_dict(),
        "moves": [m.notation for m in game.moves],
        "redo": [m.notation for m in game.redo_moves],
        "hints": game.hints,
        "seconds": round(game.seconds, 3),
    }
    if attempt is not None:
        data["attempt"] = attempt
    return data


@functools.lru_cache(maxsize=16)
def _attempt(solitaire: Solitaire, daily: str, deal: Deal) -> int | None:
    """Which of ``daily``'s candidate deals ``deal`` is, or None (a game labelled daily whose deal
    came from elsewhere keeps its code). Asked at every save, so remembered."""
    try:
        date = dt.date.fromisoformat(daily)
    except ValueError:
        return None
    for attempt in range(256):
        if deal_from_seed(daily_seed(date, attempt, solitaire), solitaire) == deal:
            return attempt
    return None


def dump(game: Saving) -> str:
    return json.dumps(to_dict(game), separators=(",", ":"))


def parse(text: str | bytes) -> Any:
    """A save's JSON, read; :class:`InvalidSaveError` if it is not JSON at all."""
    try:
        return read_json(text)
    except (ValueError, TypeError, RecursionError):
        raise InvalidSaveError("The save is damaged: it is not readable JSON.") from None


def read(data: Any, solitaire: Solitaire | None = None) -> Saved:
    """What a save holds, every field checked (its moves are replayed by whoever builds the game).
    Given ``solitaire``, a save of another game is refused."""
    version = check_header(
        data, FORMAT, VERSION, InvalidSaveError, what="The save",
        not_ours=f"This is not a {(solitaire or DEFAULT_GAME).name} save."
    )
    names = _FIELDS_1 if version == 1 else _FIELDS
    missing = [f for f in names if f not in data]
    if missing:
        raise InvalidSaveError(f"The save is missing {', '.join(missing)}.")
    extra = sorted(set(data) - set(names) - ({"attempt"} if version > 1 else set()))
    if extra:
        raise InvalidSaveError(f"The save has unknown fields: {', '.join(map(str, extra))[:200]}.")
    game = DEFAULT_GAME
    if version > 1:
        try:
            game = find_game(data["game"])
        except ValueError:
            raise InvalidSaveError(
                f"The save is of a game this version doesn't know: {shown(data['game'])}."
            ) from None
        if data["game"] != game.id:
            raise InvalidSaveError("The save's game is invalid.")
    if solitaire is not None and game is not solitaire:
        raise InvalidSaveError(f"This is a {game.name} save, not a {solitaire.name} one.")
    plain = _Plain(**{name: data[name] for name in _PLAIN if name in data})
    number, attempt = plain.number, plain.attempt
    if attempt is not None and (data["deal"] is not None or number is not None):
        raise InvalidSaveError("The save's daily attempt is invalid.")
    if version > 1 and data["deal"] is None:
        if attempt is not None and number is None:
            deal = _daily_deal(data["daily"], attempt, game)
        elif number is None:
            raise InvalidSaveError("The save has neither a deal nor a deal number.")
        else:
            deal = numbered_deal(number, game)
    else:
        try:
            deal = Deal.parse(data["deal"], game)
        except InvalidDealError as error:
            raise InvalidSaveError(f"The save's deal is invalid: {error}.") from None
    try:
        rules = game.rules_from_dict(data["rules"])
    except ValueError as error:
        raise InvalidSaveError(f"The save's rules are invalid: {error}.") from None
    moves = _moves(game, data["moves"], "moves")
    redo = _moves(game, data["redo"], "redo")
    return Saved(deal, rules, moves, redo, number, plain.daily, plain.hints, float(plain.seconds))


def _daily_deal(daily: Any, attempt: int, game: Solitaire) -> Deal:
    try:
        date = dt.date.fromisoformat(daily)
    except (TypeError, ValueError):
        raise InvalidSaveError("The save's daily date is invalid.") from None
    return deal_from_seed(daily_seed(date, attempt, game), game)


def _moves(game: Solitaire, value: Any, field: str) -> list[Move]:
    if not isinstance(value, list) or len(value) > 10_000:
        raise InvalidSaveError(f"The save's {field} must be a list of moves.")
    moves = []
    for i, token in enumerate(value, 1):
        try:
            moves.append(game.parse_move(token))
        except InvalidMoveError:
            said = f"Entry {i} of the save's {field} is {shown(token)}, not a move."
            raise InvalidSaveError(said) from None
    return moves
