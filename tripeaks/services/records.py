"""Statistics and personal bests, per game and rule set: played, won, streaks, longest run, best score,
fastest win; the games behind them (for charts), and merging statistics from another device.

Each game's rule sets are kept apart by their key (:func:`records_key`): the rules' own key for the
default game, TriPeaks (``standard``, as before the family of games), and after the game's id for
every other (``triangle:standard``), as deal codes are prefixed.

Records are an immutable value; :meth:`Records.record` returns new records with one more game.
A personal best (highest score, fastest win) counts only for a game won without a hint.

A game recorded with an id (the page gives each game one) is kept as a :class:`Played` entry, the
latest :data:`GAMES_KEPT` of them; the statistics are those of the rule set before the first entry
kept (``rules`` in the stored form: everything, for records written before entries were kept) followed
by the entries, in the order they ended. So two records merge (:meth:`Records.merge`) without counting
a game twice: the entries are joined by id, and the figures from before any entry (which have no ids)
keep the larger of each. The stored form, and the file a player exports, is versioned JSON::

    {"format": "tripeaks-records", "version": 2,
     "rules": {"standard": {"played": 3, "won": 2, "streak": 1, "best_streak": 1,
                            "longest_run": 9, "best_score": 87, "fastest_win": 141.2}},
     "games": [{"id": "9f0c…", "rules": "standard", "ended": 1764600000, "won": true, "score": 60,
                "moves": 41, "seconds": 90.0, "longest_run": 7, "hints": 0, "number": 123,
                "daily": null, "best": 75}]}

Version 1 (no ``games``) still loads.

>>> records = Records().record_result("standard", won=True, score=60, seconds=90.0, longest_run=7)
>>> records["standard"].won, records["standard"].best_score, records["strict"].played
(1, 60, 0)
>>> Records.from_json(records.to_json()) == records
True
"""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..base.generator import MAX_DEAL
from ..base.stored import check_header, read_json, shown
from ..model.position import Status

if TYPE_CHECKING:
    from ..model.solitaire import Solitaire
    from .game import Game

__all__ = [
    "FORMAT", "GAMES_KEPT", "MAX_IMPORT", "VERSION", "Imported", "InvalidRecordsError", "Played",
    "Records", "Stats", "import_records", "records_key",
]

FORMAT = "tripeaks-records"
VERSION = 2
GAMES_KEPT = 1000
"""How many games are kept one by one; an older one is folded into its rule set's earlier figures."""
MAX_IMPORT = 2_000_000
"""The most characters a statistics file may have (a thousand games take about 200,000)."""
_STATS_FIELDS = (
    "played", "won", "streak", "best_streak", "longest_run", "best_score", "fastest_win"
)
_MAX_KEY = 64


class InvalidRecordsError(ValueError):
    """Stored records that are corrupt, forged or from a newer version of the game."""


@dataclass(frozen=True, slots=True)
class Stats:
    """One rule set's statistics. ``best_score`` and ``fastest_win`` (seconds) are ``None``
    until a game is won without a hint."""

    played: int = 0
    won: int = 0
    streak: int = 0
    """Games won in a row, up to the last game played."""
    best_streak: int = 0
    longest_run: int = 0
    """The most cards played in one run, in any game."""
    best_score: int | None = None
    fastest_win: float | None = None

    def __post_init__(self) -> None:
        for name in ("played", "won", "streak", "best_streak", "longest_run"):
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise InvalidRecordsError(f"{name} must be a whole number of at least 0, not {value!r}")
        if self.won > self.played:
            raise InvalidRecordsError(f"{self.won} games won out of {self.played} played")
        if self.streak > self.best_streak or self.best_streak > self.won:
            raise InvalidRecordsError(
                f"a streak of {self.streak} with a best of {self.best_streak} and {self.won} won "
                f"is impossible"
            )
        if self.best_score is not None and type(self.best_score) is not int:
            raise InvalidRecordsError(f"the best score must be a whole number, not {self.best_score!r}")
        if self.fastest_win is not None and (
            type(self.fastest_win) not in (int, float)
            or not math.isfinite(self.fastest_win)
            or self.fastest_win < 0
        ):
            raise InvalidRecordsError(
                f"the fastest win must be a number of seconds, not {self.fastest_win!r}"
            )
        if (self.best_score is None) != (self.fastest_win is None) or (
            self.best_score is not None and self.won == 0
        ):
            raise InvalidRecordsError("a personal best needs both a score and a time, and a win")

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_rate(self) -> float:
        """Games won as a fraction of games played; 0.0 before the first game."""
        return self.won / self.played if self.played else 0.0

    def after(
        self, *, won: bool, score: int, seconds: float, longest_run: int, hints: int = 0
    ) -> Stats:
        """These statistics with one more game played."""
        seconds = float(seconds)
        if not math.isfinite(seconds) or seconds < 0:
            raise ValueError(f"playing time must be a number of seconds, not {seconds!r}")
        streak = self.streak + 1 if won else 0
        best_score, fastest = self.best_score, self.fastest_win
        if won and hints == 0:
            best_score = score if best_score is None else max(best_score, score)
            fastest = seconds if fastest is None else min(fastest, seconds)
        return Stats(
            played=self.played + 1,
            won=self.won + int(won),
            streak=streak,
            best_streak=max(self.best_streak, streak),
            longest_run=max(self.longest_run, longest_run),
            best_score=best_score,
            fastest_win=fastest,
        )

    def played_on(self, game: Played) -> Stats:
        """These statistics with ``game`` played after them."""
        return self.after(
            won=game.won, score=game.score, seconds=game.seconds, longest_run=game.longest_run,
            hints=game.hints,
        )

    def merged(self, other: Stats) -> Stats:
        """The larger of each figure (the faster win): two devices' figures from before any game was
        kept one by one, which may count the same games, so that none is counted twice."""
        best_score, fastest = self.best_score, self.fastest_win
        if other.best_score is not None and other.fastest_win is not None:
            best_score = other.best_score if best_score is None else max(best_score, other.best_score)
            fastest = other.fastest_win if fastest is None else min(fastest, other.fastest_win)
        best_streak = max(self.best_streak, other.best_streak)
        return Stats(
            played=max(self.played, other.played),
            won=max(self.won, other.won),
            streak=min(max(self.streak, other.streak), best_streak),
            best_streak=best_streak,
            longest_run=max(self.longest_run, other.longest_run),
            best_score=best_score,
            fastest_win=fastest,
        )

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _STATS_FIELDS}

    @staticmethod
    def from_dict(data: Any) -> Stats:
        if not isinstance(data, dict):
            raise InvalidRecordsError("each rule set's statistics must be an object")
        missing = [f for f in _STATS_FIELDS if f not in data]
        if missing:
            raise InvalidRecordsError(f"statistics missing {', '.join(missing)}")
        extra = sorted(str(k) for k in set(data) - set(_STATS_FIELDS))
        if extra:
            raise InvalidRecordsError(f"statistics with unknown fields: {', '.join(extra)}")
        fastest = data["fastest_win"]
        if type(fastest) is int:
            fastest = float(fastest)
        return Stats(
            played=data["played"],
            won=data["won"],
            streak=data["streak"],
            best_streak=data["best_streak"],
            longest_run=data["longest_run"],
            best_score=data["best_score"],
            fastest_win=fastest,
        )


_EMPTY = Stats()
_PLAYED_FIELDS = (
    "id", "rules", "ended", "won", "score", "moves", "seconds", "longest_run", "hints", "number",
    "daily", "best",
)
_MAX_SCORE = 10**6
_MAX_TIME = 2**40


@dataclass(frozen=True, slots=True)
class Played:
    """One game recorded: which (``id``, unique), under which rule set (a :func:`records_key`), when it
    ended (``ended``, seconds since 1970 UTC) and how it went. ``number`` and ``daily`` say which deal
    it was, when a number or a day gives it; ``best`` is the best score the deal allowed, when known.
    """

    id: str
    rules: str
    ended: int
    won: bool
    score: int
    moves: int = 0
    seconds: float = 0.0
    longest_run: int = 0
    hints: int = 0
    number: int | None = None
    daily: str | None = None
    best: int | None = None

    def __post_init__(self) -> None:
        _check_key(self.id, "a game's id")
        _check_key(self.rules)
        if type(self.ended) is not int or not 0 <= self.ended < _MAX_TIME:
            raise InvalidRecordsError(f"a game's end must be a time, not {shown(self.ended)}")
        if type(self.won) is not bool:
            raise InvalidRecordsError(f"whether a game was won must be true or false, not {shown(self.won)}")
        for name in ("score", "best"):
            value = getattr(self, name)
            if (value is not None or name == "score") and (
                type(value) is not int or abs(value) > _MAX_SCORE
            ):
                raise InvalidRecordsError(f"a game's {name} must be a whole number, not {shown(value)}")
        for name in ("moves", "longest_run", "hints"):
            value = getattr(self, name)
            if type(value) is not int or not 0 <= value <= _MAX_SCORE:
                raise InvalidRecordsError(f"a game's {name} must be a whole number of at least 0, "
                                          f"not {shown(value)}")
        if type(self.seconds) not in (int, float) or not (
            math.isfinite(self.seconds) and 0 <= self.seconds < _MAX_TIME
        ):
            raise InvalidRecordsError(f"a game's playing time must be seconds, not {shown(self.seconds)}")
        if self.number is not None and (type(self.number) is not int or not 1 <= self.number <= MAX_DEAL):
            raise InvalidRecordsError(
                f"a game's deal number must be 1 to {MAX_DEAL}, not {shown(self.number)}"
            )
        if self.daily is not None:
            try:
                if not isinstance(self.daily, str) or len(self.daily) != 10:
                    raise ValueError
                dt.date.fromisoformat(self.daily)
            except ValueError:
                raise InvalidRecordsError(
                    f"a daily deal's day must be a date, not {shown(self.daily)}"
                ) from None

    @property
    def order(self) -> tuple[int, str]:
        """Games are kept in the order they ended (and by id, for two that ended the same second)."""
        return self.ended, self.id

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _PLAYED_FIELDS}

    @staticmethod
    def from_dict(data: Any) -> Played:
        if not isinstance(data, dict):
            raise InvalidRecordsError("each game must be an object")
        missing = [f for f in ("id", "rules", "ended", "won", "score") if f not in data]
        if missing:
            raise InvalidRecordsError(f"a game is missing {', '.join(missing)}")
        extra = sorted(str(k) for k in set(data) - set(_PLAYED_FIELDS))
        if extra:
            raise InvalidRecordsError(f"a game has unknown fields: {', '.join(extra)}")
        values = dict(data)
        if type(values.get("seconds")) is int:
            values["seconds"] = float(values["seconds"])
        return Played(**values)


def records_key(solitaire: Solitaire, rules: Any) -> str:
    """The key a game's statistics under ``rules`` are kept by.

    >>> from tripeaks import STRICT, TRIANGLE, TRIPEAKS
    >>> records_key(TRIPEAKS, STRICT), records_key(TRIANGLE, TRIANGLE.default_rules)
    ('strict', 'triangle:standard')
    """
    from ..registry import DEFAULT_GAME

    key: str = rules.key
    return key if solitaire is DEFAULT_GAME else f"{solitaire.id}:{key}"


def _game_of_key(key: str) -> tuple[str | None, str]:
    """A key's game id (``None`` for the default game's) and its rules' key."""
    head, colon, rest = key.partition(":")
    return (head, rest) if colon else (None, key)


@dataclass(frozen=True, slots=True)
class Records:
    """Statistics for every rule set played, by :func:`records_key`, and the games kept one by one.

    Behaves as a read-only mapping of every rule set's statistics (its figures from before the first
    game kept, then those games), whose missing keys read as empty :class:`Stats`.
    """

    by_rules: tuple[tuple[str, Stats], ...] = ()
    """(rule-set key, statistics from before the first game kept) pairs in key order: a canonical,
    hashable form."""
    games: tuple[Played, ...] = ()
    """The games kept, in the order they ended, at most :data:`GAMES_KEPT`."""
    _totals: tuple[tuple[str, Stats], ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        keys = [key for key, _ in self.by_rules]
        if keys != sorted(set(keys)):
            raise InvalidRecordsError("rule-set keys must be unique and in order")
        for key, stats in self.by_rules:
            _check_key(key)
            if not isinstance(stats, Stats):
                raise InvalidRecordsError(f"the statistics for {key!r} are not statistics")
        totals = dict(self.by_rules)
        ids: set[str] = set()
        last: tuple[int, str] | None = None
        for game in self.games:
            if not isinstance(game, Played):
                raise InvalidRecordsError("a game kept is not a game")
            if game.id in ids:
                raise InvalidRecordsError(f"the game {game.id!r} is kept twice")
            if last is not None and game.order < last:
                raise InvalidRecordsError("the games must be kept in the order they ended")
            ids.add(game.id)
            last = game.order
            totals[game.rules] = totals.get(game.rules, _EMPTY).played_on(game)
        if len(self.games) > GAMES_KEPT:
            raise InvalidRecordsError(f"{len(self.games)} games kept, more than {GAMES_KEPT}")
        object.__setattr__(self, "_totals", tuple(sorted(totals.items())))

    @staticmethod
    def of(mapping: Mapping[str, Stats], games: Iterable[Played] = ()) -> Records:
        """Records from rule sets' earlier figures and games in any order; the oldest games beyond
        :data:`GAMES_KEPT` are folded into their rule sets' figures."""
        ordered = sorted(games, key=lambda game: game.order)
        earlier = dict(mapping)
        spill = len(ordered) - GAMES_KEPT
        for game in ordered[:max(spill, 0)]:
            earlier[game.rules] = earlier.get(game.rules, _EMPTY).played_on(game)
        return Records(tuple(sorted(earlier.items())), tuple(ordered[max(spill, 0):]))

    def __getitem__(self, key: str) -> Stats:
        for k, stats in self._totals:
            if k == key:
                return stats
        return _EMPTY

    def __iter__(self) -> Iterator[str]:
        return (key for key, _ in self._totals)

    def __len__(self) -> int:
        return len(self._totals)

    def __contains__(self, key: object) -> bool:
        return any(k == key for k, _ in self._totals)

    def items(self) -> tuple[tuple[str, Stats], ...]:
        return self._totals

    def of_game(self, solitaire: Solitaire) -> tuple[tuple[str, Stats], ...]:
        """One game's statistics, as (its rules' key, statistics) in key order.

        >>> from tripeaks import TRIANGLE, TRIPEAKS
        >>> records = Records().record_result("triangle:standard", won=True, score=52, seconds=60,
        ...                                   longest_run=0).record_result("strict", won=False,
        ...                                   score=3, seconds=9, longest_run=2)
        >>> [key for key, _ in records.of_game(TRIANGLE)], [key for key, _ in records.of_game(TRIPEAKS)]
        (['standard'], ['strict'])
        """
        wanted = _game_id(solitaire)
        found = []
        for key, stats in self._totals:
            game, rules = _game_of_key(key)
            if game == wanted:
                found.append((rules, stats))
        return tuple(found)

    def games_of(self, solitaire: Solitaire) -> tuple[Played, ...]:
        """One game's games kept, in the order they ended."""
        wanted = _game_id(solitaire)
        return tuple(game for game in self.games if _game_of_key(game.rules)[0] == wanted)

    @property
    def played(self) -> int:
        """Games played under every rule set together."""
        return sum(stats.played for _, stats in self._totals)

    @property
    def won(self) -> int:
        return sum(stats.won for _, stats in self._totals)

    def record_result(
        self,
        key: str,
        *,
        won: bool,
        score: int,
        seconds: float,
        longest_run: int,
        hints: int = 0,
    ) -> Records:
        """These records with one more game under the rule set ``key``, counted in its figures from
        before the games kept (a game with no id is not kept one by one: :meth:`record` with an id
        keeps it)."""
        _check_key(key)
        stats = self[key].after(
            won=won, score=score, seconds=seconds, longest_run=longest_run, hints=hints
        )
        mapping = dict(self.by_rules)
        mapping[key] = stats
        return Records(tuple(sorted(mapping.items())), self.games)

    def record(
        self, game: Game, *, id: str | None = None, ended: int | None = None, best: int | None = None
    ) -> Records:
        """These records with ``game`` counted. A game still in play counts as given up:
        played, not won, and the winning streak ends.

        With an ``id`` the game is kept one by one (``ended``, seconds since 1970, says when; ``best``
        is the deal's best possible score, when known), and a game already recorded under that id
        is not counted again.
        """
        key = records_key(game.solitaire, game.rules)
        if id is None:
            return self.record_result(
                key,
                won=game.status is Status.WON,
                score=game.score,
                seconds=game.seconds,
                longest_run=game.longest_run,
                hints=game.hints,
            )
        if any(kept.id == id for kept in self.games):
            return self
        played = Played(
            id=id,
            rules=key,
            ended=int(dt.datetime.now(dt.UTC).timestamp()) if ended is None else ended,
            won=game.status is Status.WON,
            score=game.score,
            moves=game.moves_made,
            seconds=float(game.seconds),
            longest_run=game.longest_run,
            hints=game.hints,
            number=game.number,
            daily=game.daily,
            best=best,
        )
        return self.with_games((played,))

    def knowing_best(self, id: str, best: int) -> Records:
        """These records with the game kept under ``id`` knowing its deal's best possible score
        (worked out after the game was recorded); the same records if no game has that id.

        >>> records = Records().with_games([Played(id="a", rules="standard", ended=1, won=False, score=9)])
        >>> records.knowing_best("a", 61).games[0].best
        61
        """
        games = tuple(replace(game, best=best) if game.id == id else game for game in self.games)
        return self if games == self.games else Records(self.by_rules, games)

    def with_games(self, games: Iterable[Played]) -> Records:
        """These records with ``games`` counted too, but for those whose ids are here already."""
        ids = {game.id for game in self.games}
        new = [game for game in games if game.id not in ids]
        return Records.of(dict(self.by_rules), (*self.games, *new)) if new else self

    def merge(self, other: Records) -> Records:
        """These records and ``other``'s (from another device, or a file exported earlier), each game
        counted once: games are joined by id (these records' copy kept), and each rule set's figures
        from before its first game kept take the larger of each figure of the two (:meth:`Stats.merged`).

        >>> a = Records().record_result("standard", won=True, score=10, seconds=5.0, longest_run=3)
        >>> a.merge(a) == a
        True
        """
        earlier = dict(self.by_rules)
        for key, stats in other.by_rules:
            earlier[key] = earlier[key].merged(stats) if key in earlier else stats
        return Records.of(earlier, self.games).with_games(other.games)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": {key: stats.to_dict() for key, stats in self.by_rules},
            "games": [game.to_dict() for game in self.games],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The stored form; with ``indent``, laid out for reading (the file a player exports)."""
        if indent is not None:
            return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @staticmethod
    def from_dict(data: Any) -> Records:
        version = check_header(
            data, FORMAT, VERSION, InvalidRecordsError,
            what="The statistics file", not_ours="These are not TriPeaks statistics.",
        )
        fields = {"format", "version", "rules"} | ({"games"} if version >= 2 else set())
        extra = sorted(str(k) for k in set(data) - fields)
        if extra:
            raise InvalidRecordsError(f"The statistics have unknown fields: {', '.join(extra)}.")
        rules = data.get("rules")
        if not isinstance(rules, dict):
            raise InvalidRecordsError("The statistics are missing their rule sets.")
        mapping: dict[str, Stats] = {}
        for key, value in rules.items():
            try:
                _check_key(key)
                mapping[key] = Stats.from_dict(value)
            except InvalidRecordsError as error:
                raise InvalidRecordsError(f"The statistics for {shown(key)} are invalid: {error}.") from None
        games = data.get("games", [])
        if not isinstance(games, list):
            raise InvalidRecordsError("The statistics' games must be a list.")
        if len(games) > GAMES_KEPT:
            raise InvalidRecordsError(f"The statistics hold {len(games)} games, more than {GAMES_KEPT}.")
        kept = []
        for n, value in enumerate(games, 1):
            try:
                kept.append(Played.from_dict(value))
            except (InvalidRecordsError, TypeError) as error:
                raise InvalidRecordsError(f"Game {n} of the statistics is invalid: {error}.") from None
        try:
            return Records(tuple(sorted(mapping.items())), tuple(kept))
        except InvalidRecordsError as error:
            raise InvalidRecordsError(f"The statistics are invalid: {error}.") from None

    @staticmethod
    def from_json(text: str | bytes) -> Records:
        """Read records written by :meth:`to_json`; raises :class:`InvalidRecordsError`."""
        try:
            data = read_json(text)
        except (ValueError, TypeError, RecursionError):
            raise InvalidRecordsError("The statistics are damaged: not readable JSON.") from None
        return Records.from_dict(data)


@dataclass(frozen=True, slots=True)
class Imported:
    """What importing a statistics file did: the records after it, and what to tell the player."""

    records: Records
    added: int
    """Games that were not recorded here before."""
    known: int
    """Games of the file that were recorded here already, so not counted again."""
    text: str


def import_records(records: Records, text: str | bytes, solitaires: Iterable[Solitaire] | None = None
                   ) -> Imported:
    """``records`` merged with the statistics file ``text`` (see :meth:`Records.merge`); raises
    :class:`InvalidRecordsError`, with a message fit for the player, for a file that is not one, is from
    a newer version, or holds statistics of a game not among ``solitaires`` (by default the registry's),
    so that nothing is overwritten.

    >>> mine = Records().record_result("strict", won=False, score=3, seconds=9, longest_run=2)
    >>> import_records(Records(), mine.to_json(indent=2)).text
    'Statistics imported: 1 game recorded in all.'
    >>> import_records(mine, "{}").text  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    InvalidRecordsError: This file holds no TriPeaks statistics: nothing was imported.
    """
    from ..registry import GAMES

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
        raise InvalidRecordsError("This file holds no TriPeaks statistics: nothing was imported.")
    try:
        other = Records.from_dict(data)
    except InvalidRecordsError as error:
        raise InvalidRecordsError(f"{_first(str(error))} Nothing was imported.") from None
    known_games = {_game_id(game) for game in (GAMES if solitaires is None else solitaires)}
    strangers = sorted({
        game or "TriPeaks" for key in (*(k for k, _ in other.by_rules), *(g.rules for g in other.games))
        if (game := _game_of_key(key)[0]) not in known_games
    })
    if strangers:
        raise InvalidRecordsError(_refused(
            f"it holds statistics of {_listed(strangers)}, which this page does not play"
        ))
    merged = records.merge(other)
    ids = {game.id for game in records.games}
    known = sum(game.id in ids for game in other.games)
    added = len(other.games) - known
    return Imported(merged, added, known, _import_text(merged, other, added, known))


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


def _game_id(solitaire: Solitaire) -> str | None:
    from ..registry import DEFAULT_GAME

    return None if solitaire is DEFAULT_GAME else solitaire.id


def _check_key(key: Any, what: str = "a rule-set name") -> None:
    if not isinstance(key, str) or not key or len(key) > _MAX_KEY or not key.isascii():
        raise InvalidRecordsError(f"{shown(key)} is not {what}")
