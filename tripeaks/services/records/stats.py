"""One rule set's statistics (played, won, streaks, longest run, personal bests), declared as a schema."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

from ...base.schema import check, read, spec
from ...base.stored import shown

__all__ = [
    "LONGEST_RUN", "MAX_LEFT", "MAX_SCORE", "MAX_TIME", "MOST", "NEW_IN_3", "InvalidRecordsError", "Outcome",
    "Stats", "check_key",
]

MOST = 2**31 - 1
"""The most games a figure may count: more is a forged file."""
MAX_SCORE = 10**6
"""The highest score, or the lowest below zero, a game may record."""
MAX_TIME = 2**40
"""The most seconds a time may hold (and the latest end of a game, in seconds since 1970)."""
LONGEST_RUN = 52
"""The longest run a game may record: no run plays more cards than a deck holds."""
MAX_LEFT = 52
"""The most layout cards a game may leave: no layout holds more cards than a deck."""
_STATS_FIELDS = (
    "played", "won", "streak", "best_streak", "longest_run", "best_score", "fastest_win", "fewest_moves",
    "fewest_left",
)
NEW_IN_3 = ("fewest_moves", "fewest_left")
"""The figures statistics of version 3 added (version 1 and 2 files have none of them)."""
_MAX_KEY = 64


class Outcome(Protocol):
    """How a game went, as the figures count it (a :class:`~tripeaks.services.records.Played` is one)."""

    @property
    def won(self) -> bool: ...

    @property
    def score(self) -> int: ...

    @property
    def seconds(self) -> float: ...

    @property
    def longest_run(self) -> int: ...

    @property
    def hints(self) -> int: ...

    @property
    def moves(self) -> int: ...

    @property
    def left(self) -> int | None:
        """The layout cards left when it ended (``None`` when not known: kept before version 3)."""
        ...


class InvalidRecordsError(ValueError):
    """Stored records that are corrupt, forged or from a newer version of the game."""


def check_key(key: Any, what: str = "a rule-set name") -> None:
    if not isinstance(key, str) or not key or len(key) > _MAX_KEY or not key.isascii():
        raise InvalidRecordsError(f"{shown(key)} is not {what}")


@dataclass(frozen=True, slots=True)
class Stats:
    """One rule set's statistics. ``best_score``, ``fastest_win`` (seconds) and ``fewest_moves`` are
    ``None`` until a game is won without a hint (``fewest_moves`` also for figures from before version
    3, which kept no moves); ``fewest_left`` (the fewest layout cards a game left: the best by cards
    left) until a game is played without a hint."""

    played: int = spec("whole", said="played", high=MOST, default=0)
    won: int = spec("whole", said="won", high=MOST, default=0)
    streak: int = spec("whole", said="streak", high=MOST, default=0)
    """Games won in a row, up to the last game played."""
    best_streak: int = spec("whole", said="best_streak", high=MOST, default=0)
    longest_run: int = spec("whole", said="longest_run", high=LONGEST_RUN, default=0)
    """The most cards played in one run, in any game."""
    best_score: int | None = spec(
        "whole", said="the best score", low=-MAX_SCORE, high=MAX_SCORE, optional=True, default=None
    )
    fastest_win: float | None = spec("seconds", said="the fastest win", high=MAX_TIME, optional=True,
                                     default=None)
    fewest_moves: int | None = spec("whole", said="the fewest moves", low=1, high=MAX_SCORE, optional=True,
                                    default=None)
    """The fewest moves of a game won without a hint."""
    fewest_left: int | None = spec("whole", said="the fewest cards left", high=MAX_LEFT, optional=True,
                                   default=None)
    """The fewest layout cards a game played without a hint left (0: a win)."""

    def __post_init__(self) -> None:
        check(self, InvalidRecordsError)
        if self.fewest_moves is not None and self.best_score is None:
            raise InvalidRecordsError("the fewest moves need a win without a hint")
        # (None left is not always a win: Triangle and Pyramid ask for the stock and the waste too.)
        if self.fewest_left is not None and self.played == 0:
            raise InvalidRecordsError("the fewest cards left need a game played")
        if self.won > self.played:
            raise InvalidRecordsError(f"{self.won} games won out of {self.played} played")
        if self.streak > self.best_streak or self.best_streak > self.won:
            raise InvalidRecordsError(
                f"a streak of {self.streak} with a best of {self.best_streak} and {self.won} won "
                f"is impossible"
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
        self, *, won: bool, score: int, seconds: float, longest_run: int, hints: int = 0,
        moves: int | None = None, left: int | None = None,
    ) -> Stats:
        """These statistics with one more game played (of ``moves`` moves, leaving ``left`` layout
        cards, when known)."""
        seconds = float(seconds)
        if not math.isfinite(seconds) or seconds < 0:
            raise ValueError(f"playing time must be a number of seconds, not {seconds!r}")
        streak = self.streak + 1 if won else 0
        best_score, fastest = self.best_score, self.fastest_win
        fewest_moves, fewest_left = self.fewest_moves, self.fewest_left
        if won and hints == 0:
            best_score = score if best_score is None else max(best_score, score)
            fastest = seconds if fastest is None else min(fastest, seconds)
            if moves:  # (a game kept before version 3 may say 0: not known)
                fewest_moves = moves if fewest_moves is None else min(fewest_moves, moves)
            left = 0
        if hints == 0 and left is not None:
            fewest_left = left if fewest_left is None else min(fewest_left, left)
        return Stats(
            played=self.played + 1,
            won=self.won + int(won),
            streak=streak,
            best_streak=max(self.best_streak, streak),
            longest_run=max(self.longest_run, longest_run),
            best_score=best_score,
            fastest_win=fastest,
            fewest_moves=fewest_moves,
            fewest_left=fewest_left,
        )

    def played_on(self, game: Outcome) -> Stats:
        """These statistics with ``game`` played after them."""
        return self.after(
            won=game.won, score=game.score, seconds=game.seconds, longest_run=game.longest_run,
            hints=game.hints, moves=game.moves, left=game.left,
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
            fewest_moves=_least(self.fewest_moves, other.fewest_moves),
            fewest_left=_least(self.fewest_left, other.fewest_left),
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
    def from_dict(data: Any, version: int = 3) -> Stats:
        """One rule set's stored figures, every field there (of a file of ``version``: before 3, none
        of :data:`NEW_IN_3`)."""
        if version < 3 and isinstance(data, dict):
            later = [name for name in NEW_IN_3 if name in data]
            if later:
                raise InvalidRecordsError(f"statistics have unknown fields: {', '.join(later)}")
            data = {**data, **dict.fromkeys(NEW_IN_3)}
        return read(Stats, data, InvalidRecordsError, what="statistics", every=True, plural=True)


def _least(a: int | None, b: int | None) -> int | None:
    """The smaller of two figures either of which may be unknown (``None``)."""
    if a is None or b is None:
        return b if a is None else a
    return min(a, b)
