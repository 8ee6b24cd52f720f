"""Every rule set's statistics and the games kept one by one: recorded, merged, stored as versioned JSON."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ...base.stored import check_header, read_json, shown
from ...model.position import Status
from ...registry import DEFAULT_GAME
from .played import Played
from .stats import InvalidRecordsError, Stats, check_key

if TYPE_CHECKING:
    from ...model.solitaire import Solitaire
    from ..game import Game

__all__ = ["FORMAT", "GAMES_KEPT", "VERSION", "Records", "game_id", "game_of_key", "records_key"]

FORMAT = "tripeaks-records"
VERSION = 3
GAMES_KEPT = 1000
"""How many games are kept one by one; an older one is folded into its rule set's earlier figures."""
_EMPTY = Stats()


def records_key(solitaire: Solitaire, rules: Any) -> str:
    """The key a game's statistics under ``rules`` are kept by.

    >>> from tripeaks import STRICT, TRIANGLE, TRIPEAKS
    >>> records_key(TRIPEAKS, STRICT), records_key(TRIANGLE, TRIANGLE.default_rules)
    ('strict', 'triangle:standard')
    """
    key: str = rules.key
    return key if solitaire is DEFAULT_GAME else f"{solitaire.id}:{key}"


def game_of_key(key: str) -> tuple[str | None, str]:
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
            check_key(key)
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
        wanted = game_id(solitaire)
        found = []
        for key, stats in self._totals:
            game, rules = game_of_key(key)
            if game == wanted:
                found.append((rules, stats))
        return tuple(found)

    def games_of(self, solitaire: Solitaire) -> tuple[Played, ...]:
        """One game's games kept, in the order they ended."""
        wanted = game_id(solitaire)
        return tuple(game for game in self.games if game_of_key(game.rules)[0] == wanted)

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
        moves: int | None = None,
        left: int | None = None,
    ) -> Records:
        """These records with one more game under the rule set ``key``, counted in its figures from
        before the games kept (a game with no id is not kept one by one: :meth:`record` with an id
        keeps it); ``moves`` and ``left`` (the layout cards left), when known."""
        check_key(key)
        stats = self[key].after(
            won=won, score=score, seconds=seconds, longest_run=longest_run, hints=hints, moves=moves,
            left=left,
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
                moves=game.moves_made,
                left=game.position.layout_left,
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
            left=game.position.layout_left,
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
    def from_dict(data: Any, solitaire: Solitaire | None = None) -> Records:
        """Read the stored form; ``solitaire``, the game being played (by default TriPeaks), is named
        when it is no statistics at all."""
        version = check_header(
            data, FORMAT, VERSION, InvalidRecordsError,
            what="The statistics file",
            not_ours=f"These are not {(solitaire or DEFAULT_GAME).name} statistics.",
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
                check_key(key)
                mapping[key] = Stats.from_dict(value, version)
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
                kept.append(Played.from_dict(value, version))
            except (InvalidRecordsError, TypeError) as error:
                raise InvalidRecordsError(f"Game {n} of the statistics is invalid: {error}.") from None
        try:
            return Records(tuple(sorted(mapping.items())), tuple(kept))
        except InvalidRecordsError as error:
            raise InvalidRecordsError(f"The statistics are invalid: {error}.") from None

    @staticmethod
    def from_json(text: str | bytes, solitaire: Solitaire | None = None) -> Records:
        """Read records written by :meth:`to_json`; raises :class:`InvalidRecordsError`."""
        try:
            data = read_json(text)
        except (ValueError, TypeError, RecursionError):
            raise InvalidRecordsError("The statistics are damaged: not readable JSON.") from None
        return Records.from_dict(data, solitaire)


def game_id(solitaire: Solitaire) -> str | None:
    return None if solitaire is DEFAULT_GAME else solitaire.id
