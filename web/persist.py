"""Keeping the player's game and records: saving the game on the table, counting a finished (or given up)
game in the records, another tab's changes, and storage trouble, said over the table."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import storage

from tripeaks import CLASSIC, Game, Records, Status
from tripeaks import page_words as say

if TYPE_CHECKING:
    from page import Page


class Keeper:
    def __init__(self, app: Page) -> None:
        self.app = app
        self.shown: str | None = None
        """The storage problem the notices show, if any."""
        self.conflict = False

    @property
    def store(self) -> storage.Store:
        return self.app.store

    def stored_records(self) -> Records:
        """The records as stored now (another tab may have added to them), else those in memory."""
        solitaire = self.app.game.solitaire
        records, _ = self.store.read_json(storage.RECORDS, lambda text: Records.from_json(text, solitaire))
        return records if isinstance(records, Records) else self.app.records

    def unfinished(self, game: Game, game_id: str) -> bool:
        return game.moves_made > 0 and game.status is Status.PLAYING and (
            game_id not in self.store.finished_ids()
        )

    def record(self, game: Game, game_id: str) -> None:
        app = self.app
        known = app.searches.bests.get((*app.searches.key(game), CLASSIC))  # the deal's best classic score
        app.records = self.stored_records().record(
            game, id=game_id, ended=int(time.time()), best=None if known is None else known.best.score
        )
        self.store.write(storage.RECORDS, app.records.to_json())
        self.store.mark_finished(game_id)
        self.notice()
        if app.scene is not None:  # the end sheet says the fewest moves to a win, this game counted
            app.sheets.draw_ending(app.scene.ending)

    def knowing_best(self, score: int) -> None:
        """The deal's best score is known now: put it in the record of the game on the table, if counted."""
        app = self.app
        if app.game_id in self.store.finished_ids():
            records = self.stored_records().knowing_best(app.game_id, score)
            if records != app.records:
                app.records = records
                self.store.write(storage.RECORDS, records.to_json())

    def save(self) -> None:
        app = self.app
        if app.defer_save or self.conflict or not self.store.available or app.watcher.watching is not None:
            return
        if self.store.changed_elsewhere(app.key):
            self.on_conflict()
            return
        self.store.save_game(app.key, app.game_id, app.game.to_json())
        self.notice()

    def notice(self) -> None:
        """Say the storage problem there is, if any (or take the notice down)."""
        self.shown = self.store.problem
        if self.store.problem:
            self.app.notices.show("storage", self.store.problem)
        else:
            self.app.notices.hide("storage")

    def on_conflict(self) -> None:
        self.conflict = True
        choices = ((say.CONFLICT_LOAD, self.load_newer), (say.CONFLICT_KEEP, self.keep_mine))
        self.app.notices.show("conflict", say.CONFLICT, choices)

    def load_newer(self) -> None:
        self.conflict = False
        app = self.app
        saved, problem = self.store.load_game(app.game.solitaire)
        if saved is None:
            app.say(problem or say.OTHER_TAB_UNREADABLE)
            return
        app.put(saved["game"], saved["id"])
        app.render()
        app.say(say.loaded_newer(app.game))

    def keep_mine(self) -> None:
        self.conflict = False
        self.store.adopt(self.app.key)
        self.save()
