"""One game recorded, kept one by one for charts and for merging records without counting a game twice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...base.generator import MAX_DEAL
from ...base.schema import check, read, spec
from .stats import LONGEST_RUN, MAX_LEFT, MAX_SCORE, MAX_TIME, InvalidRecordsError, check_key

__all__ = ["PLAYED_FIELDS", "Played"]

PLAYED_FIELDS = (
    "id", "rules", "ended", "won", "score", "moves", "seconds", "longest_run", "hints", "number",
    "daily", "best", "left",
)
_NEW_IN_3 = ("left",)
"""The fields games kept in files of version 3 added."""


@dataclass(frozen=True, slots=True)
class Played:
    """One game recorded: which (``id``, unique), under which rule set (a :func:`records_key`), when it
    ended (``ended``, seconds since 1970 UTC) and how it went. ``number`` and ``daily`` say which deal
    it was, when a number or a day gives it; ``best`` is the best score the deal allowed, when known;
    ``left`` the layout cards it left (0 for a win; ``None`` for a game kept before version 3).
    """

    id: str = spec("text", said="a game's id", high=64)
    rules: str = spec("text", said="a rule-set name", high=64)
    ended: int = spec("whole", said="a game's end", high=MAX_TIME - 1, wrong="a game's end must be a time")
    won: bool = spec("flag", said="whether a game was won")
    score: int = spec("whole", said="a game's score", low=-MAX_SCORE, high=MAX_SCORE,
                      wrong="a game's score must be a whole number")
    moves: int = spec("whole", said="a game's moves", high=MAX_SCORE, default=0)
    seconds: float = spec("seconds", said="a game's playing time", high=MAX_TIME, default=0.0,
                          wrong="a game's playing time must be seconds")
    longest_run: int = spec("whole", said="a game's longest_run", high=LONGEST_RUN, default=0)
    hints: int = spec("whole", said="a game's hints", high=MAX_SCORE, default=0)
    number: int | None = spec("whole", said="a game's deal number", low=1, high=MAX_DEAL, optional=True,
                              default=None, wrong=f"a game's deal number must be 1 to {MAX_DEAL}")
    daily: str | None = spec("day", said="a daily deal's day", optional=True, default=None)
    best: int | None = spec("whole", said="a game's best", low=-MAX_SCORE, high=MAX_SCORE, optional=True,
                            default=None, wrong="a game's best must be a whole number")
    left: int | None = spec("whole", said="a game's cards left", high=MAX_LEFT, optional=True, default=None)

    def __post_init__(self) -> None:
        check_key(self.id, "a game's id")
        check_key(self.rules)
        check(self, InvalidRecordsError)
        if self.won and self.left not in (None, 0):
            raise InvalidRecordsError(f"a game won with {self.left} cards left")

    @property
    def order(self) -> tuple[int, str]:
        """Games are kept in the order they ended (and by id, for two that ended the same second)."""
        return self.ended, self.id

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in PLAYED_FIELDS}

    @staticmethod
    def from_dict(data: Any, version: int = 3) -> Played:
        """A game kept, from a file of ``version`` (before 3, with no ``left``)."""
        if version < 3 and isinstance(data, dict) and any(name in data for name in _NEW_IN_3):
            raise InvalidRecordsError(f"a game has unknown fields: {', '.join(_NEW_IN_3)}")
        return read(Played, data, InvalidRecordsError, what="a game")
