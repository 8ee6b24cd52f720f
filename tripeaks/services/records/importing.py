"""Importing a statistics file: merged into the records here, or refused with a reason and nothing changed."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ... import registry
from ...base.stored import read_json, shown
from ...registry import DEFAULT_GAME
from .book import FORMAT, Records, game_id, game_of_key
from .stats import InvalidRecordsError

if TYPE_CHECKING:
    from ...model.solitaire import Solitaire

__all__ = ["MAX_IMPORT", "Imported", "import_records"]

MAX_IMPORT = 2_000_000
"""The most characters a statistics file may have (a thousand games take about 200,000)."""


@dataclass(frozen=True, slots=True)
class Imported:
    """What importing a statistics file did: the records after it, and what to tell the player."""

    records: Records
    added: int
    """Games that were not recorded here before."""
    known: int
    """Games of the file that were recorded here already, so not counted again."""
    text: str


def import_records(
    records: Records,
    text: str | bytes,
    solitaires: Iterable[Solitaire] | None = None,
    *,
    solitaire: Solitaire | None = None,
) -> Imported:
    """``records`` merged with the statistics file ``text`` (see :meth:`Records.merge`); raises
    :class:`InvalidRecordsError`, with a message fit for the player, for a file that is not one, is from
    a newer version, or holds statistics of a game not among ``solitaires`` (by default the registry's),
    so that nothing is overwritten. ``solitaire`` is the game being played (by default TriPeaks), named
    when the file holds no statistics at all.

    >>> mine = Records().record_result("strict", won=False, score=3, seconds=9, longest_run=2)
    >>> import_records(Records(), mine.to_json(indent=2)).text
    'Statistics imported: 1 game recorded in all.'
    >>> import_records(mine, "{}").text  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    InvalidRecordsError: This file holds no TriPeaks statistics: nothing was imported.
    """
    if len(text) > MAX_IMPORT:
        raise InvalidRecordsError(_refused("it is far too large to be statistics"))
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidRecordsError(_refused("it is not a text file")) from None
    try:
        data = read_json(text)
    except (ValueError, TypeError, RecursionError):
        raise InvalidRecordsError(_refused("it is not a statistics file (not JSON)")) from None
    if isinstance(data, dict) and data.get("format") == "tripeaks-save":
        raise InvalidRecordsError(_refused("it is a saved game, not statistics"))
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        name = (solitaire or DEFAULT_GAME).name
        raise InvalidRecordsError(f"This file holds no {name} statistics: nothing was imported.")
    try:
        other = Records.from_dict(data, solitaire)
    except InvalidRecordsError as error:
        raise InvalidRecordsError(f"{_first(str(error))} Nothing was imported.") from None
    games = {game_id(game): game for game in (registry.GAMES if solitaires is None else solitaires)}
    known_games = set(games)
    keys = (*(key for key, _ in other.by_rules), *(game.rules for game in other.games))
    strangers = sorted({
        game or DEFAULT_GAME.name for key in keys if (game := game_of_key(key)[0]) not in known_games
    })
    if strangers:
        raise InvalidRecordsError(_refused(
            f"it holds statistics of {_listed(strangers)}, which this page does not play"
        ))
    impossible = _impossible(other, games, keys)
    if impossible:
        raise InvalidRecordsError(_refused(impossible))
    merged = records.merge(other)
    ids = {game.id for game in records.games}
    known = sum(game.id in ids for game in other.games)
    added = len(other.games) - known
    return Imported(merged, added, known, _import_text(merged, other, added, known))


def _impossible(other: Records, games: dict[str | None, Solitaire], keys: Iterable[str]) -> str | None:
    """What no game could have recorded, in a file whose every figure is well formed: rules its game
    does not have, a score above the best its deal allows."""
    for key in sorted(set(keys)):
        game, rules = game_of_key(key)
        try:
            games[game].rules_from_key(rules)
        except ValueError:
            return f"it holds statistics of rules {games[game].name} does not have ({shown(key)})"
    for n, played in enumerate(other.games, 1):
        if played.best is not None and played.score > played.best:
            return (f"its game {n} scored {played.score:,}, more than the best its deal allows "
                    f"({played.best:,})")
    return None


def _import_text(merged: Records, other: Records, added: int, known: int) -> str:
    total = merged.played
    said = f"{total} game{'' if total == 1 else 's'} recorded in all"
    if not other.games:
        return f"Statistics imported: {said}."
    parts = [f"{added} new game{'' if added == 1 else 's'}"]
    if known:
        parts.append(f"{known} already recorded here, not counted again")
    return f"Statistics imported ({', '.join(parts)}): {said}."


def _refused(why: str) -> str:
    return f"This file was not imported: {why}. Nothing was changed."


def _first(text: str) -> str:
    text = text.strip()
    return text if text.endswith(".") else text + "."


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
