"""Statistics and personal bests, per game and rule set: played, won, streaks, longest run, best score,
fastest win.

Each game's rule sets are kept apart by their key (:func:`records_key`): the rules' own key for the
default game, TriPeaks (``standard``, as before the family of games), and after the game's id for
every other (``triangle:standard``), as deal codes are prefixed.

Records are an immutable value; :meth:`Records.record` returns new records with one more game.
A personal best (highest score, fastest win) counts only for a game won without a hint.

The stored form is versioned JSON::

    {"format": "tripeaks-records", "version": 1,
     "rules": {"standard": {"played": 3, "won": 2, "streak": 1, "best_streak": 1,
                            "longest_run": 9, "best_score": 87, "fastest_win": 141.2}}}

>>> records = Records().record_result("standard", won=True, score=60, seconds=90.0, longest_run=7)
>>> records["standard"].won, records["standard"].best_score, records["strict"].played
(1, 60, 0)
>>> Records.from_json(records.to_json()) == records
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .position import Status
from .stored import check_header, read_json

if TYPE_CHECKING:
    from .game import Game
    from .solitaire import Solitaire

__all__ = ["FORMAT", "VERSION", "InvalidRecordsError", "Records", "Stats", "records_key"]

FORMAT = "tripeaks-records"
VERSION = 1
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


def records_key(solitaire: Solitaire, rules: Any) -> str:
    """The key a game's statistics under ``rules`` are kept by.

    >>> from tripeaks import STRICT, TRIANGLE, TRIPEAKS
    >>> records_key(TRIPEAKS, STRICT), records_key(TRIANGLE, TRIANGLE.default_rules)
    ('strict', 'triangle:standard')
    """
    from .registry import DEFAULT_GAME

    key: str = rules.key
    return key if solitaire is DEFAULT_GAME else f"{solitaire.id}:{key}"


def _game_of_key(key: str) -> tuple[str | None, str]:
    """A key's game id (``None`` for the default game's) and its rules' key."""
    head, colon, rest = key.partition(":")
    return (head, rest) if colon else (None, key)


@dataclass(frozen=True, slots=True)
class Records:
    """Statistics for every rule set played, by :attr:`Rules.key`.

    Behaves as a read-only mapping whose missing keys read as empty :class:`Stats`.
    """

    by_rules: tuple[tuple[str, Stats], ...] = ()
    """(rule-set key, statistics) pairs in key order: a canonical, hashable form."""

    def __post_init__(self) -> None:
        keys = [key for key, _ in self.by_rules]
        if keys != sorted(set(keys)):
            raise InvalidRecordsError("rule-set keys must be unique and in order")
        for key, stats in self.by_rules:
            _check_key(key)
            if not isinstance(stats, Stats):
                raise InvalidRecordsError(f"the statistics for {key!r} are not statistics")

    @staticmethod
    def of(mapping: Mapping[str, Stats]) -> Records:
        return Records(tuple(sorted(mapping.items())))

    def __getitem__(self, key: str) -> Stats:
        for k, stats in self.by_rules:
            if k == key:
                return stats
        return _EMPTY

    def __iter__(self) -> Iterator[str]:
        return (key for key, _ in self.by_rules)

    def __len__(self) -> int:
        return len(self.by_rules)

    def __contains__(self, key: object) -> bool:
        return any(k == key for k, _ in self.by_rules)

    def items(self) -> tuple[tuple[str, Stats], ...]:
        return self.by_rules

    def of_game(self, solitaire: Solitaire) -> tuple[tuple[str, Stats], ...]:
        """One game's statistics, as (its rules' key, statistics) in key order.

        >>> from tripeaks import TRIANGLE, TRIPEAKS
        >>> records = Records().record_result("triangle:standard", won=True, score=52, seconds=60,
        ...                                   longest_run=0).record_result("strict", won=False,
        ...                                   score=3, seconds=9, longest_run=2)
        >>> [key for key, _ in records.of_game(TRIANGLE)], [key for key, _ in records.of_game(TRIPEAKS)]
        (['standard'], ['strict'])
        """
        from .registry import DEFAULT_GAME

        wanted = None if solitaire is DEFAULT_GAME else solitaire.id
        found = []
        for key, stats in self.by_rules:
            game, rules = _game_of_key(key)
            if game == wanted:
                found.append((rules, stats))
        return tuple(found)

    @property
    def played(self) -> int:
        """Games played under every rule set together."""
        return sum(stats.played for _, stats in self.by_rules)

    @property
    def won(self) -> int:
        return sum(stats.won for _, stats in self.by_rules)

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
        """These records with one more game under the rule set ``key``."""
        _check_key(key)
        stats = self[key].after(
            won=won, score=score, seconds=seconds, longest_run=longest_run, hints=hints
        )
        mapping = dict(self.by_rules)
        mapping[key] = stats
        return Records.of(mapping)

    def record(self, game: Game) -> Records:
        """These records with ``game`` counted. A game still in play counts as given up:
        played, not won, and the winning streak ends."""
        return self.record_result(
            records_key(game.solitaire, game.rules),
            won=game.status is Status.WON,
            score=game.score,
            seconds=game.seconds,
            longest_run=game.longest_run,
            hints=game.hints,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": {key: stats.to_dict() for key, stats in self.by_rules},
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @staticmethod
    def from_dict(data: Any) -> Records:
        check_header(
            data, FORMAT, VERSION, InvalidRecordsError,
            what="The statistics file", not_ours="These are not TriPeaks statistics.",
        )
        extra = sorted(str(k) for k in set(data) - {"format", "version", "rules"})
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
                raise InvalidRecordsError(f"The statistics for {key!r} are invalid: {error}.") from None
        return Records.of(mapping)

    @staticmethod
    def from_json(text: str | bytes) -> Records:
        """Read records written by :meth:`to_json`; raises :class:`InvalidRecordsError`."""
        try:
            data = read_json(text)
        except (ValueError, TypeError, RecursionError):
            raise InvalidRecordsError("The statistics are damaged: not readable JSON.") from None
        return Records.from_dict(data)


def _check_key(key: Any) -> None:
    if not isinstance(key, str) or not key or len(key) > _MAX_KEY or not key.isascii():
        raise InvalidRecordsError(f"{key!r} is not a rule-set name")
