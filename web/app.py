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
from collections.abc import Coroutine
from typing import Any

import address
import hooks
import storage
import tapping
from background import Slices
from booting import Boot, new_id
from cardface import sprite
from dom import closest, escape, on
from drag import Drag
from effects import Effects
from events import Events
from motion import deal
from notices import Notices
from persist import Keeper
from playing import Play
from pyodide.ffi import create_proxy
from pyscript import document, window
from reviewing import Reviewer
from scene import Marks, Scene, scene, stock_kinds
from searches import Searches
from settings import Settings, SettingsDialog
from sheets import Sheets
from sound import Sound
from table import TableView
from watching import Watcher

from tripeaks import (
    GAMES,
    Game,
    Move,
    MoveKind,
    Records,
    Solitaire,
    Status,
    find_game,
    numbered_deal,
)
from tripeaks import page_words as say

Envelope = dict[str, Any]


class App:
    def __init__(self) -> None:
        self.tab = new_id()
        self.store = storage.Store(self.tab)
        self.view = TableView()
        self.effects = Effects(self.view)
        self.sound = Sound()
        self.notices = Notices()
        self.dialog = SettingsDialog(document)
        self.settings = Settings()
        self.records = Records()
        self.game: Game = Game(numbered_deal(1))
        self.game_id = new_id()
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
        self.reviewer = Reviewer(self)
        self.keeper = Keeper(self)
        self.play = Play(self)
        self.sheets = Sheets(self)
        self.boot = Boot(self)
        self.events = Events(self)

    @property
    def key(self) -> str:
        """Where the game on the table is saved."""
        return storage.game_key(self.game.solitaire)

    @property
    def scoring(self) -> str:
        """How the game on the table is scored (the settings' choice for its game)."""
        return self.settings.scoring_for(self.game.solitaire)

    def build_switcher(self) -> None:
        document.body.insertAdjacentHTML("afterbegin", sprite())
        box = document.getElementById("games")
        box.innerHTML = "<legend class=\"sr-only\">Game</legend>" + "".join(
            f'<label><input type="radio" name="game" value="{escape(game.id)}" disabled>'
            f"<span>{escape(game.name)}</span></label>"
            for game in GAMES
        )

    def wire(self) -> None:
        if self.wired:  # a boot that failed after wiring must not wire twice (each tap would count twice)
            return
        self.wired = True
        self.drag = Drag(document, window, self.play.drop)
        get = document.getElementById
        on(get("layout"), "click", self.events.card_click)
        on(get("stock"), "click", self.events.stock_click)
        on(get("waste-top"), "click", self.events.waste_click)
        on(document.body, "click", self.events.action_click)
        on(get("games"), "change", self._game_change)
        on(get("deal-form"), "submit", self.events.deal_form)
        on(document, "keydown", self.events.key)
        on(window, "storage", self.events.storage_event)
        on(window, "resize", lambda e: self._resized())
        on(document, "visibilitychange", lambda e: self.keeper.save())
        on(window, "pagehide", lambda e: self.keeper.save())
        form = get("settings-form")
        on(form, "change", lambda e: self.dialog.sync())
        on(form, "submit", self._settings_submit)
        on(get("settings-cancel"), "click", lambda e: self.dialog.dialog.close())
        self.sheets.wire()
        self.reviewer.wire()
        media = window.matchMedia("(prefers-reduced-motion: reduce)")
        on(media, "change", lambda e: self._display_changed())
        observer = window.ResizeObserver.new(create_proxy(lambda *_: self._resized()))
        observer.observe(get("table"))
        window.tripeaksState = create_proxy(self.state_json)
        window.tripeaksPerf = create_proxy(self.perf_json)
        window.setInterval(create_proxy(self.events.tick), 1000)

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
        if game.notice:  # the engine says what it made of a save (a number that is not the deal's)
            self.notices.show("deal", game.notice)
        else:
            self.notices.hide("deal")
        name = game.solitaire.name_under(game.rules)
        document.title = name
        document.getElementById("game-title").textContent = name
        self.boot.remember_game(game.solitaire)
        window.history.replaceState(None, "", str(window.location.pathname) + address.query(game))

    def start(self, game: Game, game_id: str | None = None, *, give_up: bool = True) -> None:
        """Put ``game`` on the table; the game it replaces counts as given up if it was in play."""
        if self.watcher.watching is not None:
            self.watcher.end()
        if give_up:
            self.reviewer.leaving(self.game)
            self._give_up()
        self.notices.hide("continue")
        self.replacing = None
        self.put(game, game_id or new_id())
        self.defer_save = False
        self.render()
        if self.view.geometry is not None and self.scene is not None and game.moves_made == 0:
            self.effects.play(deal(self.scene, self.view.geometry))
        self.keeper.save()

    def _give_up(self) -> None:
        if self.defer_save:  # a linked deal not played yet: the saved game it replaces is given up
            self.boot.give_up_replaced()
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
            self.boot.remember_game(self.game.solitaire)
            self.say(say.STILL_LOOKING)
            return
        self.keeper.save()
        self.boot.remember_game(solitaire)
        self.defer_save = False
        self.replacing = None
        self.notices.hide("continue")
        saved, problem = self.store.load_game(solitaire)
        if problem:
            self.notices.show("saved-game", f"{problem} {say.NEW_GAME_DEALT}", error=True)
        if saved is not None:
            self.start(saved["game"], saved["id"], give_up=False)
            self.say(say.switched_back(self.game))
        else:
            await self.searches.new_deal(give_up=False)

    # Events

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
                self.say(say.AT_START)
                return
            game.restart()
            self.selected = None
            self.hinted, self.hint_control = frozenset(), None
            self.render()
            self.keeper.save()
            self.say(say.RESTARTED)
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
        elif name == "review":
            self.spawn(self.reviewer.start())
        elif name == "review-watch":
            self.spawn(self.reviewer.watch())
        elif name == "review-take":
            self.reviewer.take()

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
            self.apply_display_settings()
            self.render()
            if rules_changed and solitaire is self.game.solitaire:
                self._replay_under(rules)
            else:
                self.say(say.SETTINGS_SAVED)

        game = self.game
        if rules_changed and game.moves_made > 0 and game.status is Status.PLAYING:
            self.sheets.confirm(say.new_rules(rules), commit)
        else:
            commit()

    def _replay_under(self, rules: Any) -> None:
        """The same deal again from its start, under other rules."""
        game = self.game
        self.start(Game(game.deal, rules, number=game.number, daily=game.daily))
        self.say(self.where_words())

    def _display_changed(self) -> None:
        self.apply_display_settings()
        self.render()

    def apply_display_settings(self) -> None:
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
        self.scene = scene(self.game, marks, watching=watching, scoring=self.scoring)
        self.view.render(self.game, self.scene)
        self.view.draw_deal(self.game, self.searches.grade(self.game))
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
        return say.where(game)

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
        current.boot.boot()
    except Exception as error:
        current.boot.boot_failed(error)
    return current
