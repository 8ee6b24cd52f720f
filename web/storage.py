"""localStorage for the game in progress, settings and records: versioned, namespaced, and never fatal.

Unreadable data is kept under a backup key instead of being deleted; a full or forbidden storage
leaves play going with a notice; a revision counter tells when another tab changed the saved game.
"""

import contextlib
import json
import time

from pyscript import window

PREFIX = "tripeaks:v1:"
GAME = PREFIX + "game"
SETTINGS = PREFIX + "settings"
RECORDS = PREFIX + "records"
FINISHED = PREFIX + "finished"
SCHEMA = 1
_FINISHED_KEPT = 200


def _is_null(value: object) -> bool:
    # JS null reaches Python as jsnull, which `is None` misses.
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined") or str(value) == "null"


class Store:
    """One tab's view of localStorage. ``problem`` says why progress is not being saved, if so."""

    def __init__(self, tab: str) -> None:
        self.tab = tab
        self.problem: str | None = None
        self.failing: set[str] = set()
        """Keys whose last write failed (storage full)."""
        self.rev = 0
        """The revision of the saved game this tab last wrote or loaded."""
        try:
            storage = window.localStorage
            storage.getItem(GAME)  # some browsers only refuse on first use
            self.storage = storage
        except Exception:  # a SecurityError (e.g. a cross-site iframe), whatever its Python class
            self.storage = None
            self.problem = (
                "This browser does not let the game store anything here, so progress, settings "
                "and statistics are not being saved. You can still play."
            )

    @property
    def available(self) -> bool:
        return self.storage is not None

    # Plain reads and writes

    def read(self, key: str) -> str | None:
        if self.storage is None:
            return None
        try:
            value = self.storage.getItem(key)
        except Exception:
            return None
        return None if _is_null(value) else str(value)

    def write(self, key: str, text: str) -> bool:
        """Store ``text``; on failure (storage full) set ``problem`` and return False."""
        if self.storage is None:
            return False
        try:
            self.storage.setItem(key, text)
        except Exception:  # QuotaExceededError, or storage withdrawn since
            self.failing.add(key)
            self.problem = (
                "The browser's storage for this site is full, so your progress is not being "
                "saved. Play goes on; free some space to save again."
            )
            return False
        self.failing.discard(key)
        if not self.failing and self.storage is not None:
            self.problem = None  # a small write may fit where a big one did not: wait for all
        return True

    @property
    def full(self) -> bool:
        return bool(self.failing)

    def backup(self, key: str, raw: str) -> str | None:
        """Keep unreadable data under a backup key; returns that key, or None if it can't be kept."""
        name = key.removeprefix(PREFIX)
        backup_key = f"{PREFIX}backup:{name}:{int(time.time() * 1000)}"
        if self.storage is None:
            return None
        try:
            self.storage.setItem(backup_key, raw)
        except Exception:
            return None
        return backup_key

    def read_json(self, key: str, check) -> tuple[object | None, str | None]:
        """Read ``key`` and pass its text to ``check`` (which raises ValueError when unreadable).

        Returns (value, problem). Unreadable data is backed up and removed from ``key`` so the
        next write starts clean; the problem says so in the player's words.
        """
        raw = self.read(key)
        if raw is None:
            return None, None
        try:
            return check(raw), None
        except (ValueError, TypeError, KeyError) as error:
            kept = self.backup(key, raw)
            where = f" A copy is kept under '{kept}'." if kept else ""
            if kept:
                with contextlib.suppress(Exception):
                    self.storage.removeItem(key)
            return None, f"{_what(key)} could not be read ({_first_sentence(error)}).{where}"

    # The game in progress: an envelope with a revision counter

    def load_game(self, check) -> tuple[dict | None, str | None]:
        """The saved envelope ``{"schema", "rev", "tab", "id", "save", "time"}`` with ``save``
        turned into a game by ``check``; or (None, problem)."""

        def unwrap(raw: str) -> dict:
            data = json.loads(raw)
            if not isinstance(data, dict) or "schema" not in data:
                raise ValueError("it is not a saved TriPeaks game")
            schema = data["schema"]
            if type(schema) is not int or schema < 1:
                raise ValueError("it has no valid version number")
            if schema > SCHEMA:
                raise ValueError(f"it was saved by a newer version of the game (format {schema})")
            if type(data.get("rev")) is not int or not isinstance(data.get("id"), str):
                raise ValueError("its revision or game id is missing")
            envelope = dict(data)
            envelope["game"] = check(data.get("save"))
            return envelope

        envelope, problem = self.read_json(GAME, unwrap)
        if envelope is not None:
            self.rev = envelope["rev"]
        return envelope, problem

    def peek_rev(self) -> tuple[int | None, str | None]:
        """The saved game's revision and the tab that wrote it, without loading it."""
        raw = self.read(GAME)
        if raw is None:
            return None, None
        try:
            data = json.loads(raw)
            return int(data["rev"]), str(data.get("tab"))
        except (ValueError, TypeError, KeyError):
            return None, None

    def changed_elsewhere(self) -> bool:
        """Whether another tab saved a game since this tab last saved or loaded one."""
        rev, tab = self.peek_rev()
        return rev is not None and rev != self.rev and tab != self.tab

    def save_game(self, game_id: str, save: str) -> bool:
        rev, _ = self.peek_rev()
        self.rev = max(self.rev, rev or 0) + 1
        envelope = {
            "schema": SCHEMA, "rev": self.rev, "tab": self.tab, "id": game_id,
            "time": int(time.time()), "save": save,
        }
        return self.write(GAME, json.dumps(envelope, separators=(",", ":")))

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
    return {
        GAME: "Your saved game",
        SETTINGS: "Your settings",
        RECORDS: "Your statistics",
    }.get(key, "Some saved data")


def _first_sentence(error: Exception) -> str:
    text = str(error).strip().rstrip(".")
    return text[0].lower() + text[1:] if text else "unknown problem"
