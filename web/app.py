"""The page's composition: boots a game onto the table, wires the page's events to the rooms that handle
them (web/playing.py the moves, web/searches.py the searches, web/watching.py a watched line,
web/persist.py saving, web/sheets.py what opens over the table), and draws the table from a Scene.

It decides nothing about the rules: a tap plays the move the engine lists for that card, a refused move
says the engine's reason, and every sentence about the game is the game's words. web/main.py, the page's
script, only calls start().
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Coroutine
from dataclasses import replace
from typing import Any

import address
import embedding
import hooks
import keys
import storage
import tapping
from background import Slices
from cardface import sprite
from dom import closest, escape, nothing, on
from drag import Drag
from effects import Effects
from motion import deal
from notices import Notices
from persist import Keeper
from playing import Play
from pyodide.ffi import create_proxy
from pyscript import document, window
from scene import Marks, Scene, deal_title, scene, stock_kinds, stock_shows
from searches import Searches, random_deal
from settings import Settings, SettingsDialog
from sheets import Sheets
from sound import Sound
from table import TableView
from watching import Watcher

from tripeaks import (
    GAMES,
    MAX_DEAL,
    Game,
    Move,
    MoveKind,
    Records,
    Solitaire,
    Status,
    find_game,
    numbered_deal,
)

Envelope = dict[str, Any]


def _new_id() -> str:
    # Tells games and tabs apart, nothing secret: `random` (seeded from the OS) is loaded already.
    return f"{random.getrandbits(64):016x}"


class App:
    def __init__(self) -> None:
        self.tab = _new_id()
        self.store = storage.Store(self.tab)
        self.view = TableView()
        self.effects = Effects(self.view)
        self.sound = Sound()
        self.notices = Notices()
        self.dialog = SettingsDialog(document)
        self.settings = Settings()
        self.records = Records()
        self.game: Game = Game(numbered_deal(1))
        self.game_id = _new_id()
        self.scene: Scene | None = None
        self.selected: Any = None
        """The first card of a pair, once tapped (games that remove pairs)."""
        self.hinted: frozenset[str] = frozenset()
        self.hint_control: str | None = None
        self.defer_save = False  # a linked deal is not saved over a game in progress until played
        self.replacing: Envelope | None = None
        """The saved game in progress that playing the linked deal on the table gives up."""
        self.wired = False
        self.drag: Drag | None = None
        self.tasks: set[asyncio.Future[Any]] = set()
        self.last_tick = float(window.performance.now())
        self.live_flip = False
        self.slices = Slices(document, on)
        self.searches = Searches(self)
        self.watcher = Watcher(self)
        self.keeper = Keeper(self)
        self.play = Play(self)
        self.sheets = Sheets(self)

    @property
    def key(self) -> str:
        """Where the game on the table is saved."""
        return storage.game_key(self.game.solitaire)

    # Booting

    def boot(self) -> None:
        self._load_settings()
        self._load_records()
        asked = address.read(str(window.location.search), self.settings.solitaire)
        if asked.problem:
            self.notices.show("link", asked.problem, error=True)
        solitaire = asked.game or self.settings.solitaire
        self._remember_game(solitaire)
        saved, problem = self.store.load_game(solitaire)
        if problem:
            self.notices.show("saved-game", problem + " A new game is dealt.", error=True)
        rules = asked.rules or self.settings.rules_for(solitaire)
        same = saved is not None and address.same_deal(saved["game"], asked)
        if asked.kind == "daily" and not same:
            self.spawn(self._boot_daily(asked, solitaire, rules, saved))
        else:
            self._settle(asked, solitaire, rules, saved, same)

    async def _boot_daily(self, asked: address.Asked, solitaire: Solitaire, rules: Any,
                          saved: Envelope | None) -> None:
        try:
            assert asked.daily is not None
            deal_ = await self.searches.daily_deal(solitaire, asked.daily,
                                                   f"Finding the daily deal for {asked.daily}…")
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
                self.put(saved["game"], saved["id"])
            else:
                self.put(daily or self._asked_game(asked, rules), _new_id())
                self._offer_continue(saved)
        elif saved is not None and not asked.problem:
            self.put(saved["game"], saved["id"])
        elif saved is not None:
            self.put(self._fresh_game(solitaire, rules), _new_id())  # a bad link gets a fresh game
            self._offer_continue(saved)
        else:
            self.put(self._fresh_game(solitaire, rules), _new_id())
        self._open()

    def _open(self) -> None:
        """The game is on the table: wire the controls, draw, and tell the page's watchers it is ready."""
        self._wire()
        self._apply_display_settings()
        self.keeper.notice()
        embedding.start(self.game)
        for id_ in ("menu-open", "new", "daily", "deal-go", "stats-open", "settings-open", "help-open"):
            document.getElementById(id_).disabled = False
        for el in document.querySelectorAll('#games input[name="game"]'):
            el.disabled = False
        self.view.forget()  # all of it drawn afresh, once (a boot that failed half-way may have drawn some)
        self.render()
        self.say(self.where_words(), announce=False)
        document.getElementById("table").setAttribute("aria-busy", "false")
        document.documentElement.dataset.ready = "1"
        self.spawn(self.searches.think_ahead())

    def boot_failed(self, error: Exception) -> None:
        """Something unexpected stopped the boot: the saved game if it loads, else a fresh game under
        the game's default rules, saved as it is played; still fully playable."""
        window.console.error(f"TriPeaks could not start normally: {error!r}")
        self.keeper.conflict = self.defer_save = False
        self.replacing = None
        self.notices.hide("continue")
        try:
            solitaire = self.settings.solitaire
            saved, _ = self.store.load_game(solitaire)
            if saved is not None:
                self.put(saved["game"], saved["id"])
                text = "Something went wrong while starting. Your saved game is back on the table."
            else:
                self.put(self._fresh_game(solitaire, solitaire.default_rules), _new_id())
                self.store.adopt(self.key)
                text = ("Something went wrong while starting, so a fresh game is dealt. It is saved as "
                        "you play.")
            self.notices.show("boot", text, error=True)
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

    def _fresh_game(self, solitaire: Solitaire, rules: Any) -> Game:
        number = random_deal()
        return Game(numbered_deal(number, solitaire), rules, number=number)

    def _offer_continue(self, saved: Envelope | None) -> None:
        """The deal on the table replaces ``saved``, a game in progress, once it is played: offer it."""
        if saved is None or not self.keeper.unfinished(saved["game"], saved["id"]):
            return
        self.defer_save = True
        self.replacing = saved
        game = saved["game"]
        moves = game.moves_made
        progress = game.solitaire.words.progress(game.position)
        text = (
            f"You have a game in progress: {deal_title(game)}, {moves} move{'' if moves == 1 else 's'} "
            f"({progress[0].lower()}{progress[1:]}). Playing this deal instead counts it as given up."
        )
        self.notices.show("continue", text, (("Continue", lambda: self._continue(saved)),))

    def _continue(self, saved: Envelope) -> None:
        self.defer_save = False
        self.replacing = None
        self.start(saved["game"], saved["id"], give_up=False)
        self.say(f"Back to your game: {self.where_words()}")

    def give_up_replaced(self) -> None:
        """The linked deal is played: the game in progress it replaces is given up, as New deal would."""
        saved, self.replacing = self.replacing, None
        if saved is not None and self.keeper.unfinished(saved["game"], saved["id"]):
            self.keeper.record(saved["game"], saved["id"])

    def _load_settings(self) -> None:
        settings, problem = self.store.read_json(storage.SETTINGS, Settings.from_json)
        if problem:
            self.notices.show("settings", problem + " The usual settings are used.", error=True)
        if settings is not None:
            self.settings = settings
        self.sound.on = self.settings.sound

    def _remember_game(self, solitaire: Solitaire) -> None:
        """The game on the table is the one a bare address opens next time."""
        if self.settings.game != solitaire.id:
            self.settings = replace(self.settings, game=solitaire.id)
            self.store.write(storage.SETTINGS, self.settings.to_json())
        for el in document.querySelectorAll('#games input[name="game"]'):
            el.checked = str(el.value) == solitaire.id

    def _load_records(self) -> None:
        records, problem = self.store.read_json(storage.RECORDS, Records.from_json)
        if problem:
            self.notices.show("records", problem + " Statistics start again.", error=True)
        if records is not None:
            self.records = records

    def build_switcher(self) -> None:
        document.body.insertAdjacentHTML("afterbegin", sprite())
        box = document.getElementById("games")
        box.innerHTML = "<legend class=\"sr-only\">Game</legend>" + "".join(
            f'<label><input type="radio" name="game" value="{escape(game.id)}" disabled>'
            f"<span>{escape(game.name)}</span></label>"
            for game in GAMES
        )

    def _wire(self) -> None:
        if self.wired:  # a boot that failed after wiring must not wire twice (each tap would count twice)
            return
        self.wired = True
        self.drag = Drag(document, window, self.play.drop)
        get = document.getElementById
        on(get("layout"), "click", self._card_click)
        on(get("stock"), "click", self._stock_click)
        on(get("waste-top"), "click", self._waste_click)
        on(document.body, "click", self._action_click)
        on(get("games"), "change", self._game_change)
        on(get("deal-form"), "submit", self._deal_form)
        on(document, "keydown", self._key)
        on(window, "storage", self._storage_event)
        on(window, "resize", lambda e: self._resized())
        on(document, "visibilitychange", lambda e: self.keeper.save())
        on(window, "pagehide", lambda e: self.keeper.save())
        form = get("settings-form")
        on(form, "change", lambda e: self.dialog.sync())
        on(form, "submit", self._settings_submit)
        on(get("settings-cancel"), "click", lambda e: self.dialog.dialog.close())
        self.sheets.wire()
        media = window.matchMedia("(prefers-reduced-motion: reduce)")
        on(media, "change", lambda e: self._display_changed())
        observer = window.ResizeObserver.new(create_proxy(lambda *_: self._resized()))
        observer.observe(get("table"))
        window.tripeaksState = create_proxy(self.state_json)
        window.tripeaksPerf = create_proxy(self.perf_json)
        window.setInterval(create_proxy(self._tick), 1000)

    def _resized(self) -> None:
        if self.view.place():
            self.effects.skip()

    # Putting a game on the table

    def put(self, game: Game, game_id: str) -> None:
        self.game = game
        self.game_id = game_id
        self.selected = None
        self.hinted, self.hint_control = frozenset(), None
        self.view.forget()
        name = game.solitaire.name
        document.title = name
        document.getElementById("game-title").textContent = name
        self._remember_game(game.solitaire)
        window.history.replaceState(None, "", str(window.location.pathname) + address.query(game))

    def start(self, game: Game, game_id: str | None = None, *, give_up: bool = True) -> None:
        """Put ``game`` on the table; the game it replaces counts as given up if it was in play."""
        if self.watcher.watching is not None:
            self.watcher.end()
        if give_up:
            self._give_up()
        self.notices.hide("continue")
        self.replacing = None
        self.put(game, game_id or _new_id())
        self.defer_save = False
        self.render()
        if self.view.geometry is not None and self.scene is not None and game.moves_made == 0:
            self.effects.play(deal(self.scene, self.view.geometry))
        self.keeper.save()

    def _give_up(self) -> None:
        if self.defer_save:  # a linked deal not played yet: the saved game it replaces is given up
            self.give_up_replaced()
            return
        if self.keeper.unfinished(self.game, self.game_id):
            self.keeper.record(self.game, self.game_id)

    def _game_change(self, event: Any) -> None:
        el = closest(event, 'input[name="game"]')
        if el is not None:
            self.sheets.close("menu")
            self.spawn(self.switch_game(find_game(str(el.value))))

    async def switch_game(self, solitaire: Solitaire) -> None:
        """Play another game of the family: its game in progress, if any, else a new deal. The game
        left is kept as it is, to be continued."""
        if solitaire is self.game.solitaire:
            return
        if self.watcher.watching is not None:
            self.watcher.end()
        if self.slices.busy:
            self._remember_game(self.game.solitaire)
            self.say("Wait a moment: the page is still looking for a deal.")
            return
        self.keeper.save()
        self._remember_game(solitaire)
        self.defer_save = False
        self.replacing = None
        self.notices.hide("continue")
        saved, problem = self.store.load_game(solitaire)
        if problem:
            self.notices.show("saved-game", problem + " A new game is dealt.", error=True)
        if saved is not None:
            self.start(saved["game"], saved["id"], give_up=False)
            self.say(f"{solitaire.name}: back to your game. {self.where_words()}")
        else:
            await self.searches.new_deal(give_up=False)

    # Events

    def focused(self) -> str | None:
        active = document.activeElement
        if nothing(active):
            return None
        if str(active.id) == "stock":
            return "stock"
        if str(active.id) == "waste-top":
            return "waste"
        if not nothing(active.closest("#layout")) and active.dataset.slot:
            return f"slot:{active.dataset.slot}"
        return None

    def _dragged(self) -> bool:
        if self.drag is not None and self.drag.just_dragged:
            self.drag.just_dragged = False
            return True
        return False

    def _card_click(self, event: Any) -> None:
        el = closest(event, "[data-slot]")
        if el is None or self.watcher.watching is not None or self._dragged():
            return
        self.play.tap(f"slot:{el.dataset.slot}")

    def _stock_click(self, event: Any) -> None:
        if self.watcher.watching is not None or self._dragged():
            return
        if stock_shows(self.game.position):
            self.play.tap("stock")
        else:
            self.play.stock_action()

    def _waste_click(self, event: Any) -> None:
        if self.watcher.watching is not None or self._dragged():
            return
        self.play.tap("waste")

    def _action_click(self, event: Any) -> None:
        el = closest(event, "[data-action]")
        if el is None or el.disabled:
            return
        self.act(str(el.dataset.action))

    def _deal_form(self, event: Any) -> None:
        event.preventDefault()
        field = document.getElementById("deal-number")
        text = str(field.value).strip().replace(",", "").replace(" ", "")
        if not (text.isascii() and text.isdigit() and len(text) <= 10 and 1 <= int(text) <= MAX_DEAL):
            self.say(f"'{text[:30]}' is not a deal number: deals go from 1 to {MAX_DEAL:,}.")
            field.focus()
            return
        number = int(text)
        field.value = ""
        self.sheets.close("menu")
        solitaire = self.game.solitaire
        self.start(Game(numbered_deal(number, solitaire), self.settings.rules_for(solitaire), number=number))
        self.say(self.where_words())

    def _key(self, event: Any) -> None:
        if not nothing(document.querySelector("dialog[open]")):
            return
        target = event.target
        tag = str(getattr(target, "tagName", "")).lower()
        choosing = tag == "input" and str(target.type) in ("radio", "checkbox")
        if tag in ("select", "textarea") or (tag == "input" and not choosing):
            return  # typing: the keys are the field's
        if self.watcher.watching is not None:
            self.watcher.key(event, tag)
            return
        if str(event.key) == "Escape" and not document.getElementById("ending").hidden:
            self.sheets.close_ending()
            return
        command = keys.command(event)
        if command is None or (choosing and command.startswith("move:")):
            return  # arrows on a radio button choose among its options
        on_card = self.focused() is not None
        if command == "stock" and event.key == " " and tag == "button" and not on_card:
            return  # Space on a control presses that control
        event.preventDefault()
        if command.startswith("move:"):
            target = keys.next_target(self.focused(), self.places(), command[5:])
            if target is not None:
                self.view.element(target).focus()
        elif command == "stock":
            self.play.stock_action()
        elif command == "turn":
            turns = [kind for kind in stock_kinds(self.game) if kind is not MoveKind.DRAW]
            if turns:
                self.act(str(turns[0]))
        else:
            self.act(command)

    def places(self) -> dict[str, tuple[float, float]]:
        if self.scene is None:
            return {}
        return {t: self.view.centre(t) for t in self.view.focusable(self.scene)}

    def _storage_event(self, event: Any) -> None:
        if str(event.key) != self.key or self.keeper.conflict:
            return
        if self.store.changed_elsewhere(self.key):
            self.keeper.on_conflict()

    def _tick(self, *args: Any) -> None:
        now = float(window.performance.now())
        elapsed = min((now - self.last_tick) / 1000, 5.0)
        self.last_tick = now
        game = self.game
        if (str(document.visibilityState) == "visible" and self.watcher.watching is None
                and game.moves_made > 0 and game.status is Status.PLAYING):
            game.seconds += elapsed
            self.view.tick(game)
        if self.store.full and self.store.retry():  # space was freed: saving works again
            self.keeper.save()
        if self.store.problem != self.keeper.shown:  # any write (a record, a save) may have fixed it
            self.keeper.notice()

    def act(self, name: str) -> None:
        game = self.game
        if self.watcher.watching is not None and not name.startswith("watch"):
            return  # the table's controls are out of reach while a line is watched
        if name in (str(kind) for kind in stock_kinds(game)):
            move = Move(MoveKind(name))
            if move in game.legal_moves:
                self.play.make(move)
            else:
                self.play.refuse(None, tapping.refusal(game.position, move))
        elif name == "undo":
            self.play.undo()
        elif name == "redo":
            self.play.redo()
        elif name == "hint":
            self.spawn(self.searches.hint())
        elif name == "new":
            self.spawn(self.searches.new_deal())
        elif name == "restart":
            if not game.can_undo:
                self.say("This deal is already at its start.")
                return
            game.restart()
            self.selected = None
            self.hinted, self.hint_control = frozenset(), None
            self.render()
            self.keeper.save()
            self.say("Back to the start of this deal. Redo replays your moves.")
        elif name == "daily":
            self.spawn(self.searches.daily())
        elif name == "menu":
            self.sheets.open_menu()
        elif name == "settings":
            self.dialog.fill(self.settings, game.solitaire, game.rules)
            self.dialog.dialog.showModal()
        elif name == "stats":
            self.sheets.show_stats()
        elif name in ("watch", "watch-start"):
            self.spawn(self.watcher.watch(from_start=name == "watch-start"))
        elif name == "watch-best":
            self.watcher.watch_best()
        elif name.startswith("watch-") and self.watcher.watching is not None:
            self.watcher.act(name[6:])
        elif name == "help":
            self.sheets.show_help()

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)  # a task nobody holds may be collected before it ends
        task.add_done_callback(self.tasks.discard)

    # Settings

    def _settings_submit(self, event: Any) -> None:
        event.preventDefault()
        new = self.dialog.read(self.settings)
        self.dialog.dialog.close()
        solitaire = self.dialog.solitaire
        rules = new.rules_for(solitaire)
        rules_changed = rules != self.settings.rules_for(solitaire)

        def commit() -> None:
            self.settings = new
            self.store.write(storage.SETTINGS, new.to_json())
            self.keeper.notice()
            self._apply_display_settings()
            self.render()
            if rules_changed and solitaire is self.game.solitaire:
                self._replay_under(rules)
            else:
                self.say("Settings saved.")

        game = self.game
        if rules_changed and game.moves_made > 0 and game.status is Status.PLAYING:
            self.sheets.confirm(
                f"New rules start this deal again ({rules.describe()}). This game will count as "
                f"given up. Play it under the new rules?",
                commit,
            )
        else:
            commit()

    def _replay_under(self, rules: Any) -> None:
        """The same deal again from its start, under other rules."""
        game = self.game
        self.start(Game(game.deal, rules, number=game.number, daily=game.daily))
        self.say(self.where_words())

    def _display_changed(self) -> None:
        self._apply_display_settings()
        self.render()

    def _apply_display_settings(self) -> None:
        """Sound, motion and the cards as the settings (and the system) say; the caller draws."""
        settings = self.settings
        self.sound.on = settings.sound
        system = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        reduce = settings.motion == "reduce" or (settings.motion == "auto" and system)
        root = document.documentElement
        root.classList.toggle("reduce-motion", reduce)
        root.classList.toggle("four-colour", settings.four_colour)
        root.dataset.back = settings.back
        self.effects.on = not reduce
        self.view.frames(settings.frames)

    # Drawing and speaking

    def render(self) -> None:
        self.searches.wake.set()
        marks = Marks(self.selected, self.hinted, self.hint_control, self.settings.frames)
        watching = self.watcher.watching is not None
        self.scene = scene(self.game, marks, watching=watching)
        self.view.render(self.game, self.scene)
        game = self.game
        title = deal_title(game)
        self.view._set("deal-name", "text", title)
        self.view._set("menu-deal-name", "text", title)
        self.view._set("deal-name", "title", game.rules.describe())
        rows = "".join(
            f'<div class="panel-row"><span class="panel-label">{escape(name)}</span> '
            f'<span class="panel-value">{escape(value)}</span></div>'
            for name, value in game.solitaire.words.panel(game.position)
        )
        self.view._set("panel-rows", "html", rows)
        grade = self.searches.grade(game)
        text = None if grade is None else game.solitaire.words.grade(grade, daily=game.daily is not None)
        self.view._set("deal-grade", "hidden", text is None)
        self.view._set("deal-grade", "text", text or "")
        self.sheets.draw_ending(self.scene.ending)

    def say(self, text: str, *, announce: bool = True) -> None:
        document.getElementById("message").textContent = text
        if announce:
            # A trailing no-break space alternates so that the same words are announced again.
            self.live_flip = not self.live_flip
            document.getElementById("live").textContent = text + ("\u00a0" if self.live_flip else "")

    def where_words(self) -> str:
        """The deal on the table and what can be done: ``Deal 12 · Standard. The waste shows …``."""
        game = self.game
        return f"{deal_title(game)}. {game.solitaire.words.prompt(game.position)}"

    # Test and measurement hooks

    def state_json(self) -> str:
        """The game as the player can see it: never a face-down card, nor a line through them."""
        return json.dumps(hooks.state(self))

    def perf_json(self) -> str:
        def median(values: list[float]) -> float | None:
            ordered = sorted(values)
            return ordered[len(ordered) // 2] if ordered else None

        perf, engine = self.play.perf, self.play.engine_ms
        return json.dumps({
            "count": len(perf), "median_ms": median(perf), "engine_median_ms": median(engine),
            "samples_ms": perf[-200:], "engine_samples_ms": engine[-200:],
        })


current: App | None = None  # the page's one App once started, kept alive here


def start() -> App:
    """Put the game on the table; anything unexpected on the way still ends in a playable fresh game."""
    global current
    current = App()
    try:
        current.build_switcher()
        current.boot()
    except Exception as error:
        current.boot_failed(error)
    return current
