"""Booting: the game the address and the saved game call for put on the table (a linked deal beside a game
in progress offers to continue it), the settings and records read, and a boot that fails still ending in a
playable game."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import address
import embedding
import storage
from pyscript import document, window
from searches import random_deal
from settings import Settings

from tripeaks import Game, Records, Solitaire, numbered_deal
from tripeaks import page_words as say

if TYPE_CHECKING:
    from page import Page

Envelope = dict[str, Any]


def new_id() -> str:
    # Tells games and tabs apart, nothing secret: `random` (seeded from the OS) is loaded already.
    return f"{random.getrandbits(64):016x}"


class Boot:
    def __init__(self, app: Page) -> None:
        self.app = app

    def boot(self) -> None:
        self._load_settings()
        self._load_records()
        asked = address.read(str(window.location.search), self.app.settings.solitaire)
        if asked.problem:
            self.app.notices.show("link", asked.problem, error=True)
        solitaire = asked.game or self.app.settings.solitaire
        self.remember_game(solitaire)
        saved, problem = self.app.store.load_game(solitaire)
        if problem:
            self.app.notices.show("saved-game", f"{problem} {say.NEW_GAME_DEALT}", error=True)
        rules = asked.rules or self.app.settings.rules_for(solitaire)
        same = saved is not None and address.same_deal(saved["game"], asked)
        if asked.kind == "daily" and not same:
            self.app.spawn(self._boot_daily(asked, solitaire, rules, saved))
        else:
            self._settle(asked, solitaire, rules, saved, same)

    async def _boot_daily(self, asked: address.Asked, solitaire: Solitaire, rules: Any,
                          saved: Envelope | None) -> None:
        try:
            assert asked.daily is not None
            deal_ = await self.app.searches.daily_deal(solitaire, asked.daily,
                                                   say.finding_daily(asked.daily))
            daily = None if deal_ is None else Game(deal_, rules, daily=asked.daily)
            asked = asked if daily is not None else replace(asked, kind="")  # cancelled: no daily deal
            self._settle(asked, solitaire, rules, saved, False, daily)
        except Exception as error:
            self.boot_failed(error)

    def _settle(self, asked: address.Asked, solitaire: Solitaire, rules: Any, saved: Envelope | None,
                same: bool, daily: Game | None = None) -> None:
        """Put the game the address and the saved game call for on the table, and open for play."""
        if asked.kind:
            if same and saved is not None:
                self.app.put(saved["game"], saved["id"])
            else:
                self.app.put(daily or self._asked_game(asked, rules), new_id())
                self._offer_continue(saved)
        elif saved is not None and not asked.problem:
            self.app.put(saved["game"], saved["id"])
        elif saved is not None:
            self.app.put(self.fresh_game(solitaire, rules), new_id())  # a bad link gets a fresh game
            self._offer_continue(saved)
        else:
            self.app.put(self.fresh_game(solitaire, rules), new_id())
        self._open()

    def _open(self) -> None:
        """The game is on the table: wire the controls, draw, and tell the page's watchers it is ready."""
        self.app.wire()
        self.app.apply_display_settings()
        self.app.keeper.notice()
        embedding.start(self.app.game)
        for id_ in ("menu-open", "new", "daily", "deal-go", "stats-open", "settings-open", "help-open"):
            document.getElementById(id_).disabled = False
        for el in document.querySelectorAll('#games input[name="game"]'):
            el.disabled = False
        self.app.view.forget()  # all drawn afresh, once (a boot that failed half-way may have drawn some)
        self.app.render()
        self.app.say(self.app.where_words(), announce=False)
        document.getElementById("table").setAttribute("aria-busy", "false")
        document.documentElement.dataset.ready = "1"
        self.app.spawn(self.app.searches.think_ahead())

    def boot_failed(self, error: Exception) -> None:
        """Something unexpected stopped the boot: the saved game if it loads, else a fresh game under
        the game's default rules, saved as it is played; still fully playable."""
        window.console.error(f"TriPeaks could not start normally: {error!r}")
        self.app.keeper.conflict = self.app.defer_save = False
        self.app.replacing = None
        self.app.notices.hide("continue")
        try:
            solitaire = self.app.settings.solitaire
            saved, _ = self.app.store.load_game(solitaire)
            if saved is not None:
                self.app.put(saved["game"], saved["id"])
                text = say.BOOT_SAVED
            else:
                self.app.put(self.fresh_game(solitaire, solitaire.default_rules), new_id())
                self.app.store.adopt(self.app.key)
                text = say.BOOT_FRESH
            self.app.notices.show("boot", text, error=True)
            self._open()
        except Exception as again:
            window.console.error(f"TriPeaks could not deal a fresh game either: {again!r}")
            document.documentElement.dataset.ready = "1"  # what there is is on the page: stop waiting

    def _asked_game(self, asked: address.Asked, rules: Any) -> Game:
        if asked.kind == "deal":
            assert asked.game is not None and asked.number is not None
            return Game(numbered_deal(asked.number, asked.game), rules, number=asked.number)
        assert asked.deal is not None
        return Game(asked.deal, rules)

    def fresh_game(self, solitaire: Solitaire, rules: Any) -> Game:
        number = random_deal()
        return Game(numbered_deal(number, solitaire), rules, number=number)

    def _offer_continue(self, saved: Envelope | None) -> None:
        """The deal on the table replaces ``saved``, a game in progress, once it is played: offer it."""
        if saved is None or not self.app.keeper.unfinished(saved["game"], saved["id"]):
            return
        self.app.defer_save = True
        self.app.replacing = saved
        text = say.game_in_progress(saved["game"])
        self.app.notices.show("continue", text, (("Continue", lambda: self._continue(saved)),))

    def _continue(self, saved: Envelope) -> None:
        self.app.defer_save = False
        self.app.replacing = None
        self.app.start(saved["game"], saved["id"], give_up=False)
        self.app.say(say.back_to_game(self.app.game))

    def give_up_replaced(self) -> None:
        """The linked deal is played: the game in progress it replaces is given up, as New deal would."""
        saved, self.app.replacing = self.app.replacing, None
        if saved is not None and self.app.keeper.unfinished(saved["game"], saved["id"]):
            self.app.keeper.record(saved["game"], saved["id"])

    def _load_settings(self) -> None:
        settings, problem = self.app.store.read_json(storage.SETTINGS, Settings.from_json)
        if problem:
            self.app.notices.show("settings", f"{problem} {say.USUAL_SETTINGS}", error=True)
        if settings is not None:
            self.app.settings = settings
        self.app.sound.on = self.app.settings.sound

    def remember_game(self, solitaire: Solitaire) -> None:
        """The game on the table is the one a bare address opens next time."""
        if self.app.settings.game != solitaire.id:
            self.app.settings = replace(self.app.settings, game=solitaire.id)
            self.app.store.write(storage.SETTINGS, self.app.settings.to_json())
        for el in document.querySelectorAll('#games input[name="game"]'):
            el.checked = str(el.value) == solitaire.id

    def _load_records(self) -> None:
        solitaire = self.app.settings.solitaire  # the game messages name
        records, problem = self.app.store.read_json(storage.RECORDS,
                                                    lambda text: Records.from_json(text, solitaire))
        if problem:
            self.app.notices.show("records", f"{problem} {say.STATS_AGAIN}", error=True)
        if records is not None:
            self.app.records = records
