"""localStorage for each game in progress, settings and records: versioned, namespaced, and never fatal.

Unreadable data is kept under a backup key instead of being deleted (and when even that is impossible,
the player is told it will be replaced); a full or forbidden storage leaves play going with a notice,
and what could not be written is written again as soon as there is room; a revision counter per saved
game tells when another tab changed it. Each game of the family has its own saved game, so that one
never loads as another: the default game's under the key it has always had, the others' after it.
"""

import contextlib
import json
import time
from collections.abc import Callable
from typing import Any, TypeVar

from pyscript import window

from tripeaks import DEFAULT_GAME, Game, Solitaire
from tripeaks import page_words as say

PREFIX = "tripeaks:v1:"
GAME = PREFIX + "game"
SETTINGS = PREFIX + "settings"
RECORDS = PREFIX + "records"
FINISHED = PREFIX + "finished"
SCHEMA = 1
_FINISHED_KEPT = 200

FULL = say.STORAGE_FULL
DENIED = say.STORAGE_DENIED

T = TypeVar("T")


def game_key(solitaire: Solitaire) -> str:
    """Where a game's game in progress is kept: ``tripeaks:v1:game`` for the default game,
    ``tripeaks:v1:game:<id>`` for another."""
    return GAME if solitaire is DEFAULT_GAME else f"{GAME}:{solitaire.id}"


def _is_null(value: object) -> bool:
    # JS null reaches Python as jsnull, which `is None` misses.
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined") or str(value) == "null"


class Store:
    """One tab's view of localStorage. ``problem`` says why progress is not being saved, if so."""

    def __init__(self, tab: str) -> None:
        self.tab = tab
        self.problem: str | None = None
        self.pending: dict[str, str] = {}
        """What could not be written (storage full), by key: written again at the next chance."""
        self.revs: dict[str, int] = {}
        """The revision of each saved game this tab last wrote or loaded, by key."""
        self.storage: Any = None
        try:
            storage = window.localStorage
            storage.getItem(GAME)  # some browsers only refuse on first use
            self.storage = storage
        except Exception:  # a SecurityError (e.g. a cross-site iframe), whatever its Python class
            self.problem = DENIED

    @property
    def available(self) -> bool:
        return self.storage is not None

    @property
    def full(self) -> bool:
        return bool(self.pending)

    # Plain reads and writes

    def read(self, key: str) -> str | None:
        """What ``key`` holds: what this tab is waiting to write there, if anything, is the latest."""
        if key in self.pending:
            return self.pending[key]
        if self.storage is None:
            return None
        try:
            value = self.storage.getItem(key)
        except Exception:
            return None
        return None if _is_null(value) else str(value)

    def _set(self, key: str, text: str) -> bool:
        try:
            self.storage.setItem(key, text)
        except Exception:  # QuotaExceededError, or storage withdrawn since
            return False
        return True

    def write(self, key: str, text: str) -> bool:
        """Store ``text``, after whatever is still waiting to be written; on failure (storage full)
        keep it waiting and set ``problem``. Whether ``text`` was written."""
        if self.storage is None:
            return False
        self.pending.pop(key, None)
        self.retry()
        if self._set(key, text):
            return True
        self.pending[key] = text
        self.problem = FULL
        return False

    def retry(self) -> bool:
        """Write what is waiting (space may have been freed); whether nothing is left waiting."""
        for key, text in list(self.pending.items()):
            if self._set(key, text):
                del self.pending[key]
        if not self.pending and self.problem == FULL:
            self.problem = None
        return not self.pending

    def backup(self, key: str, raw: str) -> str | None:
        """Keep unreadable data under a backup key; returns that key, or None if it can't be kept."""
        name = key.removeprefix(PREFIX)
        backup_key = f"{PREFIX}backup:{name}:{int(time.time() * 1000)}"
        if self.storage is None or not self._set(backup_key, raw):
            return None
        return backup_key

    def read_json(self, key: str, check: Callable[[str], T]) -> tuple[T | None, str | None]:
        """Read ``key`` and hand its text to ``check`` (which raises ValueError when unreadable).

        Returns (value, problem). Unreadable data is backed up and removed from ``key`` so the
        next write starts clean; the problem says so in the player's words, and says when no copy
        could be kept.
        """
        raw = self.read(key)
        if raw is None:
            return None, None
        try:
            return check(raw), None
        except (ValueError, TypeError, KeyError) as error:
            kept = self.backup(key, raw)
            if kept:
                with contextlib.suppress(Exception):
                    self.storage.removeItem(key)
            return None, say.stored_problem(_what(key), _first_sentence(error), kept)

    # A game in progress: an envelope with a revision counter

    def load_game(self, solitaire: Solitaire) -> tuple[dict[str, Any] | None, str | None]:
        """The saved envelope ``{"schema", "rev", "tab", "id", "save", "time"}`` of ``solitaire``'s
        game, with ``game`` the Game its ``save`` holds (a save of another game is refused); or
        (None, problem)."""
        key = game_key(solitaire)

        def unwrap(raw: str) -> dict[str, Any]:
            data = json.loads(raw)
            if not isinstance(data, dict) or "schema" not in data:
                raise ValueError(f"it is not a saved {solitaire.name} game")
            schema = data["schema"]
            if type(schema) is not int or schema < 1:
                raise ValueError("it has no valid version number")
            if schema > SCHEMA:
                raise ValueError(f"it was saved by a newer version of the game (format {schema})")
            if type(data.get("rev")) is not int or not isinstance(data.get("id"), str):
                raise ValueError("its revision or game id is missing")
            save = data.get("save")
            if not isinstance(save, str):
                raise ValueError("it holds no saved game")
            envelope = dict(data)
            envelope["game"] = Game.from_json(save, solitaire)
            return envelope

        envelope, problem = self.read_json(key, unwrap)
        if envelope is not None:
            self.revs[key] = envelope["rev"]
        return envelope, problem

    def peek_rev(self, key: str) -> tuple[int | None, str | None]:
        """A saved game's revision and the tab that wrote it, without loading it."""
        raw = self.read(key)
        if raw is None:
            return None, None
        try:
            data = json.loads(raw)
            return int(data["rev"]), str(data.get("tab"))
        except (ValueError, TypeError, KeyError):
            return None, None

    def adopt(self, key: str) -> None:
        """Take the saved game's present revision as this tab's (to write over it knowingly)."""
        rev, _ = self.peek_rev(key)
        self.revs[key] = rev or self.revs.get(key, 0)

    def changed_elsewhere(self, key: str) -> bool:
        """Whether another tab saved that game since this tab last saved or loaded it."""
        rev, tab = self.peek_rev(key)
        return rev is not None and rev != self.revs.get(key, 0) and tab != self.tab

    def _readable_save(self, raw: str) -> bool:
        """Whether ``raw`` is a saved game this version can read (its envelope, at least)."""
        try:
            data = json.loads(raw)
        except ValueError:
            return False
        return (isinstance(data, dict) and type(data.get("schema")) is int and 1 <= data["schema"] <= SCHEMA
                and type(data.get("rev")) is int and isinstance(data.get("save"), str))

    def save_game(self, key: str, game_id: str, save: str) -> bool:
        """Save over ``key``; a save there that this version cannot read (another version's, written
        while this tab was open) is backed up first, and kept as it is if it cannot be."""
        raw = self.read(key)
        if raw is not None and not self._readable_save(raw) and self.backup(key, raw) is None:
            self.problem = self.problem or FULL
            return False
        rev, _ = self.peek_rev(key)
        self.revs[key] = max(self.revs.get(key, 0), rev or 0) + 1
        envelope = {
            "schema": SCHEMA, "rev": self.revs[key], "tab": self.tab, "id": game_id,
            "time": int(time.time()), "save": save,
        }
        return self.write(key, json.dumps(envelope, separators=(",", ":")))

    # Finished games, so that two tabs count a game once

    def finished_ids(self) -> list[str]:
        raw = self.read(FINISHED)
        if raw is None:
            return []
        try:
            ids = json.loads(raw)
        except ValueError:
            ids = None
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            self.backup(FINISHED, raw)
            return []
        return ids

    def mark_finished(self, game_id: str) -> None:
        ids = [i for i in self.finished_ids() if i != game_id]
        ids.append(game_id)
        self.write(FINISHED, json.dumps(ids[-_FINISHED_KEPT:]))


def _what(key: str) -> str:
    """What a key holds, as page_words.stored_problem names it."""
    if key.startswith(GAME):
        return "game"
    return {SETTINGS: "settings", RECORDS: "records"}.get(key, "")


def _first_sentence(error: Exception) -> str:
    text = str(error).strip().rstrip(".")
    return text[0].lower() + text[1:] if text else "unknown problem"
