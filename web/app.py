"""The page: puts a Game on the table, turns taps, drags and keys into moves, saves, and keeps the records.

web/main.py, the page's script, only calls start(): PyScript compiles that script from source at every boot,
while this module, like the others, comes compiled from web/vendor/bytecode.zip (see scripts/bytecode.mjs).
"""

import asyncio
import datetime as dt
import json
import random

import address
import embedding
import keys
import storage
from dom import closest, nothing, on
from drag import Drag
from js import Object
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window
from settings import Settings, SettingsDialog
from sound import Sound
from table import TableView, clock

from tripeaks import (
    MAX_DEAL,
    STANDARD,
    TRIPEAKS,
    DailySearch,
    Deal,
    Game,
    IllegalMoveError,
    Records,
    Status,
    WinnableSearch,
    numbered_deal,
    rank_label,
)

SLICE_SECONDS = 0.08  # engine searches (hints, winnable and daily deals) work this long between frames
THINK_SECONDS = 0.03  # thinking ahead works this long at a time, in the page's idle moments
THINK_PAUSE = 0.05  # and then leaves the page alone this long (input waits at most a slice)


def _new_id() -> str:
    # Tells games and tabs apart, nothing secret: `random` (seeded from the OS) is loaded already, and
    # `secrets` would add its imports to the boot.
    return f"{random.getrandbits(64):016x}"


async def _in_slices(search):
    """Run an engine search (WinnableSearch, DailySearch) a slice at a time, letting the browser paint
    and take input in between; its answer."""
    while (found := search.step(SLICE_SECONDS)) is None:
        await asyncio.sleep(0.01)
    return found


def _today() -> str:
    now = window.Date.new()
    return f"{now.getFullYear():04d}-{now.getMonth() + 1:02d}-{now.getDate():02d}"


def rules_label(key: str) -> str:
    """A rule-set key in words: "Standard", "Custom: 2 passes, no wrap, face up"."""
    try:
        rules = address.rules_from_key(key)
    except ValueError:
        return key
    name = rules.name.capitalize()
    if rules.name == "custom":
        passes = "unlimited passes" if rules.passes is None else (
            f"{rules.passes} pass{'es' if rules.passes > 1 else ''}"
        )
        name += f": {passes}, {'K–A wrap' if rules.wrap else 'no wrap'}"
    return name + (", face up" if rules.face_up else "")


class Notices:
    """Messages above the table (storage trouble, a bad link, another tab), each with choices."""

    def __init__(self) -> None:
        self.box = document.getElementById("notices")
        self.choices: dict[str, object] = {}
        on(self.box, "click", self._click)

    def show(self, key: str, text: str, choices=(), *, error: bool = False) -> None:
        self.hide(key)
        el = document.createElement("div")
        el.className = "notice error" if error else "notice"
        el.dataset.notice = key
        el.setAttribute("role", "alert" if error else "status")
        p = document.createElement("p")
        p.textContent = text
        el.appendChild(p)
        for i, (label, action) in enumerate((*choices, ("Dismiss", None))):
            button = document.createElement("button")
            button.type = "button"
            button.textContent = label
            button.dataset.choice = f"{key}:{i}"
            self.choices[f"{key}:{i}"] = action
            el.appendChild(button)
        self.box.appendChild(el)

    def hide(self, key: str) -> None:
        for el in self.box.querySelectorAll(f'[data-notice="{key}"]'):
            el.remove()
        for choice in [c for c in self.choices if c.startswith(key + ":")]:
            del self.choices[choice]

    def shown(self, key: str) -> bool:
        return not nothing(self.box.querySelector(f'[data-notice="{key}"]'))

    def _click(self, event) -> None:
        button = closest(event, "[data-choice]")
        if button is None:
            return
        choice = str(button.dataset.choice)
        action = self.choices.get(choice)
        self.hide(choice.rsplit(":", 1)[0])
        if action is not None:
            action()


class App:
    def __init__(self) -> None:
        self.tab = _new_id()
        self.store = storage.Store(self.tab)
        self.view = TableView()
        self.sound = Sound()
        self.notices = Notices()
        self.dialog = SettingsDialog(document)
        self.settings = Settings()
        self.records = Records()
        self.game: Game = Game(numbered_deal(1))
        self.game_id = _new_id()
        self.hint_slot: int | None = None
        self.hint_control: str | None = None
        self.focus_slot: int | None = None
        self.defer_save = False  # a linked deal is not saved over a game in progress until played
        self.conflict = False
        self.searching = False
        self.think_wake = asyncio.Event()  # set whenever the table is drawn: something new to think about
        self.ahead: WinnableSearch | None = None  # the next winnable deal, looked for as the player plays
        self.daily_deals: dict[str, Deal] = {}  # a day's deal, once searched for
        self.wired = False
        self.tasks: set = set()
        self.perf: list[float] = []
        self.engine_ms: list[float] = []
        self.last_tick = window.performance.now()
        self.on_yes = None
        self.live_flip = False

    # Booting

    def boot(self) -> None:
        self._load_settings()
        self._load_records()
        asked = address.read(str(window.location.search))
        if asked.problem:
            self.notices.show("link", asked.problem, error=True)
        saved, problem = self.store.load_game(Game.from_json)
        if problem:
            self.notices.show("saved-game", problem + " A new game is dealt.", error=True)
        rules = asked.rules or self.settings.rules
        same = saved is not None and address.same_deal(saved["game"], asked)
        if asked.kind == "daily" and not same:
            # The day's deal is searched for in slices: the page paints and says what it is doing.
            self._spawn(self._boot_daily(asked, rules, saved))
        else:
            self._settle(asked, rules, saved, same)

    async def _boot_daily(self, asked: address.Asked, rules, saved: dict | None) -> None:
        try:
            deal = await self._daily_deal(asked.daily, f"Finding the daily deal for {asked.daily}…")
            self._settle(asked, rules, saved, False, Game(deal, rules, daily=asked.daily))
        except Exception as error:
            self.boot_failed(error)

    def _settle(self, asked: address.Asked, rules, saved: dict | None, same: bool,
                daily: Game | None = None) -> None:
        """Put the game the address and the saved game call for on the table, and open for play."""
        if asked.kind:
            if same:
                self._put(saved["game"], saved["id"])
            else:
                self._put(daily or self._asked_game(asked, rules), _new_id())
                if saved is not None and self._unfinished(saved["game"], saved["id"]):
                    self.defer_save = True
                    self._offer_continue(saved)
        elif saved is not None and not asked.problem:
            self._put(saved["game"], saved["id"])
        elif saved is not None:
            self._put(self._fresh_game(rules), _new_id())  # a bad link gets a fresh game
            if self._unfinished(saved["game"], saved["id"]):
                self.defer_save = True
                self._offer_continue(saved)
        else:
            self._put(self._fresh_game(self.settings.rules), _new_id())
        self._open()

    def _open(self) -> None:
        """The game is on the table: wire the controls, draw, and tell the page's watchers it is ready."""
        self._wire()
        self._apply_display_settings()
        self._storage_notice()
        embedding.start(self.game)
        self.render()
        self.say(f"{self._deal_words()}. {self._status_words()}", announce=False)
        self._enable_controls()
        document.getElementById("table").setAttribute("aria-busy", "false")
        document.documentElement.dataset.ready = "1"
        self._spawn(self._think_ahead())

    def boot_failed(self, error: Exception) -> None:
        """Something unexpected stopped the boot: a fresh game under Standard rules, still fully playable."""
        window.console.error(f"TriPeaks could not start normally: {error!r}")
        self.notices.show("boot", f"Something went wrong while starting: {error}. A fresh game is dealt.",
                          error=True)
        self.searching = False
        try:
            self._put(self._fresh_game(STANDARD), _new_id())
            self._open()
        except Exception as again:
            window.console.error(f"TriPeaks could not deal a fresh game either: {again!r}")
            document.documentElement.dataset.ready = "1"  # what there is is on the page: stop waiting

    def _asked_game(self, asked: address.Asked, rules) -> Game:
        if asked.kind == "deal":
            return Game(numbered_deal(asked.number), rules, number=asked.number)
        return Game(asked.deal, rules)

    def _fresh_game(self, rules) -> Game:
        number = random.randint(1, MAX_DEAL)
        return Game(numbered_deal(number), rules, number=number)

    def _unfinished(self, game: Game, game_id: str) -> bool:
        return game.moves_made > 0 and game.status is Status.PLAYING and (
            game_id not in self.store.finished_ids()
        )

    def _offer_continue(self, saved: dict) -> None:
        game = saved["game"]
        from table import deal_title

        text = (
            f"You have a game in progress: {deal_title(game)}, {game.moves_made} "
            f"move{'' if game.moves_made == 1 else 's'}, score {game.score}."
        )
        self.notices.show("continue", text, [("Continue", lambda: self._continue(saved))])

    def _continue(self, saved: dict) -> None:
        self.defer_save = False
        self.start(saved["game"], saved["id"], give_up=False)
        self.say(f"Back to your game: {self._deal_words()}. {self._status_words()}")

    def _load_settings(self) -> None:
        settings, problem = self.store.read_json(storage.SETTINGS, Settings.from_json)
        if problem:
            self.notices.show("settings", problem + " The usual settings are used.", error=True)
        if settings is not None:
            self.settings = settings
        self.sound.on = self.settings.sound

    def _load_records(self) -> None:
        records, problem = self.store.read_json(storage.RECORDS, Records.from_json)
        if problem:
            self.notices.show("records", problem + " Statistics start again.", error=True)
        if records is not None:
            self.records = records

    def _enable_controls(self) -> None:
        for id_ in ("new", "daily", "deal-go", "stats-open", "settings-open", "help-open"):
            document.getElementById(id_).disabled = False
        self.view.forget()
        self.render()

    def _wire(self) -> None:
        if self.wired:  # a boot that failed after wiring must not wire twice (each tap would count twice)
            return
        self.wired = True
        self.drag = Drag(document, window, self.play_slot)
        on(document.getElementById("peaks"), "click", self._card_click)
        on(document.getElementById("stock"), "click", lambda e: self.act("turn"))
        on(document.body, "click", self._action_click)
        on(document.getElementById("deal-form"), "submit", self._deal_form)
        on(document, "keydown", self._key)
        on(window, "storage", self._storage_event)
        on(document, "visibilitychange", lambda e: self._hidden_save())
        on(window, "pagehide", lambda e: self._hidden_save())
        form = document.getElementById("settings-form")
        on(form, "change", lambda e: self.dialog.sync())
        on(form, "submit", self._settings_submit)
        on(document.getElementById("settings-cancel"), "click", lambda e: self.dialog.dialog.close())
        on(document.getElementById("stats-close"), "click", lambda e: self._close("stats"))
        on(document.getElementById("help-close"), "click", lambda e: self._close("help"))
        on(document.getElementById("confirm-yes"), "click", self._confirm_yes)
        on(document.getElementById("confirm-no"), "click", lambda e: self._close("confirm"))
        media = window.matchMedia("(prefers-reduced-motion: reduce)")
        on(media, "change", lambda e: self._apply_display_settings())
        window.tripeaksState = create_proxy(self.state_json)
        window.tripeaksPerf = create_proxy(self.perf_json)
        window.setInterval(create_proxy(self._tick), 1000)

    # Putting a game on the table

    def _put(self, game: Game, game_id: str) -> None:
        self.game = game
        self.game_id = game_id
        self.hint_slot = self.hint_control = None
        self.view.forget()
        window.history.replaceState(None, "", str(window.location.pathname) + address.query(game))

    def start(self, game: Game, game_id: str | None = None, *, give_up: bool = True) -> None:
        """Put ``game`` on the table; the game it replaces counts as given up if it was in play."""
        if give_up:
            self._give_up()
        self.notices.hide("continue")
        self._put(game, game_id or _new_id())
        self.defer_save = False
        self.render()
        self.save()
        self.focus_slot = None

    def _give_up(self) -> None:
        if self._unfinished(self.game, self.game_id):
            self._record(self.game)

    # Events

    def _card_click(self, event) -> None:
        el = closest(event, "[data-slot]")
        if el is None:
            return
        if self.drag.just_dragged:
            self.drag.just_dragged = False
            return
        self.play_slot(int(el.dataset.slot))

    def _action_click(self, event) -> None:
        el = closest(event, "[data-action]")
        if el is None or el.disabled:
            return
        self.act(str(el.dataset.action))

    def _deal_form(self, event) -> None:
        event.preventDefault()
        field = document.getElementById("deal-number")
        text = str(field.value).strip().replace(",", "").replace(" ", "")
        if not text.isdigit() or not 1 <= int(text) <= MAX_DEAL:
            self.say(f"'{text[:30]}' is not a deal number: deals go from 1 to {MAX_DEAL:,}.")
            field.focus()
            return
        number = int(text)
        field.value = ""
        self.start(Game(numbered_deal(number), self.settings.rules, number=number))
        self.say(f"{self._deal_words()}. {self._status_words()}")

    def _key(self, event) -> None:
        if not nothing(document.querySelector("dialog[open]")):
            return
        target = event.target
        tag = str(getattr(target, "tagName", "")).lower()
        if tag in ("input", "select", "textarea"):
            return
        command = keys.command(event)
        if command is None:
            return
        on_card = tag == "button" and not nothing(target.closest("#peaks"))
        if command == "draw" and event.key == " " and tag == "button" and not on_card:
            return  # Space on a control presses that control
        event.preventDefault()
        if command.startswith("move:"):
            self._move_focus(command[5:])
        elif command == "draw":
            self.act("turn")
        else:
            self.act(command)

    def _move_focus(self, key: str) -> None:
        free = self.view.free_slots(self.game)
        active = document.activeElement
        current = None
        if not nothing(active) and not nothing(active.closest("#peaks")) and active.dataset.slot:
            current = int(active.dataset.slot)
        slot = keys.next_slot(current, free, key)
        if slot is not None:
            self.view.slots[slot].focus()

    def _storage_event(self, event) -> None:
        if str(event.key) != storage.GAME or self.conflict:
            return
        if self.store.changed_elsewhere():
            self._on_conflict()

    def _hidden_save(self) -> None:
        self.save()  # keeps the playing time when the tab is hidden or closed

    def _tick(self, *args) -> None:
        now = window.performance.now()
        elapsed = min((now - self.last_tick) / 1000, 5.0)
        self.last_tick = now
        game = self.game
        if (
            str(document.visibilityState) == "visible"
            and game.moves_made > 0
            and game.status is Status.PLAYING
        ):
            game.seconds += elapsed
            self.view.tick(game)

    # Moves

    def play_slot(self, slot: int, *, glide: bool = True) -> None:
        started = window.performance.now()
        game = self.game
        card = game.card_at(slot)
        if card is None or game.is_over or not game.position.can_play(card):
            self.say(game.explain(slot))
            self.view.refuse(slot)
            self.sound.play("refuse")
            return
        had_focus = document.activeElement == self.view.slots[slot]
        game.play(card)
        self.engine_ms.append(window.performance.now() - started)
        self._moved(("to_waste", slot) if glide else None, f"Played the {card.name}, run of {game.run}.",
                    "play", started)
        if had_focus:
            self._refocus(slot)

    def _refocus(self, slot: int) -> None:
        free = self.view.free_slots(self.game)
        nearest = keys.nearest_slot(TRIPEAKS.layout.places[slot], free)
        if nearest is not None:
            self.view.slots[nearest].focus()

    def act(self, name: str) -> None:
        started = window.performance.now()
        game = self.game
        try:
            if name == "turn":
                name = "draw" if game.can_draw or not game.can_reset else "reset"
            if name == "draw":
                if not game.can_draw:
                    self.say(self._why_no_draw())
                    return
                game.draw()
                top, left = game.position.top.name, len(game.position.stock)
                words = f"Drew the {top}. {left} left in the stock."
                self._moved(("from_stock", None), words, "draw", started)
            elif name == "reset":
                if not game.can_reset:
                    self.say(self._why_no_draw())
                    return
                game.reset()
                self._moved(("from_stock", None),
                            f"Turned the waste over. Drew the {game.position.top.name}; "
                            f"{len(game.position.stock)} left in the stock.", "draw", started)
            elif name == "undo":
                before = game.position
                move = game.undo()
                motion = None
                if move.card is not None:
                    motion = ("to_slot", game.position.slot_of(move.card))
                    words = f"Undid playing the {move.card.name}."
                else:
                    words = "Undid a draw." if move.kind == "draw" else "Undid turning the stock over."
                del before
                self._moved(motion, f"{words} Waste: {game.position.top.name}.", "undo", started)
            elif name == "redo":
                move = game.redo()
                if move.card is not None:
                    slot = game.positions[-2].slot_of(move.card)
                    self._moved(("to_waste", slot), f"Redid playing the {move.card.name}.", "play", started)
                else:
                    self._moved(("from_stock", None), f"Redid: drew the {game.position.top.name}.",
                                "draw", started)
            elif name == "hint":
                self._spawn(self.hint())
            elif name == "new":
                self._spawn(self.new_deal())
            elif name == "restart":
                if not game.can_undo:
                    self.say("This deal is already at its start.")
                    return
                game.restart()
                self.hint_slot = self.hint_control = None
                self.render()
                self.save()
                self.say("Back to the start of this deal. Redo replays your moves.")
            elif name == "daily":
                self._spawn(self.daily())
            elif name == "settings":
                self.dialog.fill(self.settings)
                self.dialog.dialog.showModal()
            elif name == "stats":
                self._show_stats()
            elif name == "help":
                document.getElementById("help").showModal()
        except IllegalMoveError as error:
            self.say(str(error))

    def _why_no_draw(self) -> str:
        game = self.game
        if game.is_over:
            return game.explain(0) if game.status is Status.WON else "No more moves: this game is over."
        if game.position.stock:
            return "You can't draw now."
        return "The stock is empty and no passes remain."

    def _moved(self, motion, words: str, noise: str, started: float) -> None:
        self.hint_slot = self.hint_control = None
        if self.defer_save:
            self.defer_save = False
            self.notices.hide("continue")
        self.render(motion)
        ended = window.performance.now()
        self.perf.append(ended - started)
        window.performance.measure(
            "tripeaks:move", to_js({"start": started, "end": ended}, dict_converter=Object.fromEntries)
        )
        status = self.game.status
        if status is Status.WON:
            words += f" You cleared the peaks! Score {self.game.score}."
            self.sound.play("win")
        elif status is Status.OUT_OF_MOVES:
            words += " No more moves. You can undo, ask for a hint, or restart."
            self.sound.play("lose")
        else:
            self.sound.play(noise)
        self.say(words)
        embedding.moved(self.game, noise)
        self.save()
        if status is not Status.PLAYING and self.game_id not in self.store.finished_ids():
            self._record(self.game)

    # Hints, winnable deals and the daily deal

    def _spawn(self, work) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)  # a task nobody holds may be collected before it ends
        task.add_done_callback(self.tasks.discard)

    async def hint(self) -> None:
        """Ask the engine for a hint in slices of time, so the page never freezes for long."""
        game = self.game
        if self.searching:
            return
        made = game.moves_made
        self.searching = True
        try:
            answer = game.hint(seconds=SLICE_SECONDS)
            while answer.kind == "thinking":
                self.say(answer.text)
                await asyncio.sleep(0.01)  # let the browser paint and take input
                if self.game is not game or game.moves_made != made:
                    return  # the player moved on: this hint is stale
                answer = game.hint(seconds=SLICE_SECONDS)
        finally:
            self.searching = False
        kind = answer.kind
        self.hint_slot = self.hint_control = None
        if kind == "play" and answer.slot is not None:
            self.hint_slot = int(answer.slot)
        elif kind in ("draw", "reset", "undo"):
            self.hint_control = kind
        self.render()
        if self.hint_slot is not None:
            self.view.slots[self.hint_slot].focus()
        self.say(answer.text)
        self.save()

    async def _think_ahead(self) -> None:
        """While the player thinks, work out the hint for the position on the table in short
        slices (``Game.think``), so that asking for it answers at once: proving a deal lost can
        take a second or more in the browser. Then, with winnable deals only, the next deal
        (``_deal_ahead``), so that a new deal is dealt at once."""
        thought = None  # the position whose hint is worked out
        while True:
            game = self.game
            here = (id(game), game.moves_made, game.position)
            hinted = here == thought or game.status is not Status.PLAYING
            if hinted and self._deal_ahead() is None:
                self.think_wake.clear()
                await self.think_wake.wait()  # nothing to do until the table changes
                continue
            await asyncio.sleep(THINK_PAUSE)
            if self.game is not game or self.searching or document.hidden:
                continue
            try:
                if not hinted:
                    if game.think(THINK_SECONDS):
                        thought = here
                elif (search := self._deal_ahead()) is not None and search.step(THINK_SECONDS):
                    document.documentElement.dataset.dealAhead = str(search.number)  # for the tests
            except Exception as error:  # thinking ahead is a nicety: never let it break the page
                window.console.warn(f"TriPeaks stopped thinking ahead: {error!r}")
                return

    def _deal_ahead(self) -> WinnableSearch | None:
        """The search for the next winnable deal under the present rules, while one is wanted and
        not yet found: started from a random deal number when there is none."""
        if not self.settings.winnable_only:
            return None
        rules = self.settings.rules
        if self.ahead is None or self.ahead.rules != rules:
            self.ahead = WinnableSearch(random.randint(1, MAX_DEAL - 10_000), rules)
            document.documentElement.dataset.dealAhead = ""
        return None if self.ahead.found else self.ahead

    async def new_deal(self) -> None:
        if self.searching:
            return
        rules = self.settings.rules
        number = random.randint(1, MAX_DEAL)
        if self.settings.winnable_only:
            # the deal searched for while the player played (see _think_ahead), however far it got
            search = self._deal_ahead() or self.ahead
            self.ahead = None
            document.documentElement.dataset.dealAhead = ""
            if not search.found:
                self.say("Looking for a winnable deal…")
            self.searching = True
            try:
                number = await _in_slices(search)
            finally:
                self.searching = False
        self.start(Game(numbered_deal(number), rules, number=number))
        self.say(f"{self._deal_words()}. {self._status_words()}")

    async def daily(self) -> None:
        """Today's deal (the player's calendar day), searched for in slices like a winnable deal."""
        if self.searching:
            return
        day = _today()
        self.searching = True
        try:
            deal = await self._daily_deal(day, "Finding today's deal…")
        finally:
            self.searching = False
        self.start(Game(deal, self.settings.rules, daily=day))
        self.say(f"{self._deal_words()}. {self._status_words()}")

    async def _daily_deal(self, day: str, words: str) -> Deal:
        """The deal for ``day`` (YYYY-MM-DD): the engine's DailySearch, a slice at a time."""
        deal = self.daily_deals.get(day)
        if deal is None:
            self.say(words)
            deal = self.daily_deals[day] = await _in_slices(DailySearch(dt.date.fromisoformat(day)))
        return deal

    # Records and saving

    def _record(self, game: Game) -> None:
        records, _ = self.store.read_json(storage.RECORDS, Records.from_json)
        base = records if isinstance(records, Records) else self.records
        self.records = base.record(game)
        self.store.write(storage.RECORDS, self.records.to_json())
        self.store.mark_finished(self.game_id)
        self._storage_notice()

    def save(self) -> None:
        if self.defer_save or self.conflict or not self.store.available:
            return
        if self.store.changed_elsewhere():
            self._on_conflict()
            return
        self.store.save_game(self.game_id, self.game.to_json())
        self._storage_notice()

    def _storage_notice(self) -> None:
        if self.store.problem:
            self.notices.show("storage", self.store.problem)
        else:
            self.notices.hide("storage")

    def _on_conflict(self) -> None:
        self.conflict = True
        self.notices.show(
            "conflict",
            "Your saved game was changed in another tab. Load the newer game, or keep this one "
            "(it will replace the other).",
            [("Load the newer game", self._load_newer), ("Keep this one", self._keep_mine)],
        )

    def _load_newer(self) -> None:
        self.conflict = False
        saved, problem = self.store.load_game(Game.from_json)
        if saved is None:
            self.say(problem or "The other tab's game could not be loaded.")
            return
        self._put(saved["game"], saved["id"])
        self.render()
        self.say(f"Loaded the newer game: {self._deal_words()}. {self._status_words()}")

    def _keep_mine(self) -> None:
        self.conflict = False
        rev, _ = self.store.peek_rev()
        self.store.rev = rev or self.store.rev
        self.save()

    # Settings, statistics, dialogs

    def _settings_submit(self, event) -> None:
        event.preventDefault()
        new = self.dialog.read(self.settings)
        self.dialog.dialog.close()
        rules_changed = new.rules != self.game.rules

        def commit() -> None:
            self.settings = new
            self.store.write(storage.SETTINGS, new.to_json())
            self._storage_notice()
            self._apply_display_settings()
            if rules_changed:
                self._spawn(self.new_deal())
            else:
                self.render()
                self.say("Settings saved.")

        if rules_changed and self.game.moves_made > 0 and self.game.status is Status.PLAYING:
            self.confirm(
                f"New rules start a new game ({new.rules.describe()}). This game will count as "
                f"given up. Start a new game?",
                commit,
            )
        else:
            commit()

    def _apply_display_settings(self) -> None:
        settings = self.settings
        self.sound.on = settings.sound
        system = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        reduce = settings.motion == "reduce" or (settings.motion == "auto" and system)
        document.documentElement.classList.toggle("reduce-motion", reduce)
        self.view.motion = not reduce
        self.render()

    def confirm(self, text: str, on_yes) -> None:
        document.getElementById("confirm-text").textContent = text
        self.on_yes = on_yes
        document.getElementById("confirm").showModal()

    def _confirm_yes(self, event) -> None:
        self._close("confirm")
        action, self.on_yes = self.on_yes, None
        if action is not None:
            action()

    def _close(self, id_: str) -> None:
        document.getElementById(id_).close()

    def _show_stats(self) -> None:
        records, _ = self.store.read_json(storage.RECORDS, Records.from_json)
        if isinstance(records, Records):
            self.records = records
        current = self.game.rules.key
        rows = []
        keys_ = sorted(set(self.records) | {current}, key=lambda k: (k != current, k))
        for key in keys_:
            s = self.records[key]
            rate = f"{s.win_rate:.0%}" if s.played else "–"
            best = str(s.best_score) if s.best_score is not None else "–"
            fastest = clock(s.fastest_win) if s.fastest_win is not None else "–"
            cls = ' class="current"' if key == current else ""
            rows.append(
                f"<tr{cls}><th scope=\"row\">{rules_label(key)}</th><td>{s.played}</td><td>{s.won}</td>"
                f"<td>{rate}</td><td>{s.streak}</td><td>{s.best_streak}</td><td>{s.longest_run}</td>"
                f"<td>{best}</td><td>{fastest}</td></tr>"
            )
        body = (
            '<table class="stats-table"><caption class="sr-only">Statistics by rule set</caption>'
            "<thead><tr><th scope=\"col\">Rules</th><th scope=\"col\">Played</th>"
            "<th scope=\"col\">Won</th><th scope=\"col\">Win rate</th><th scope=\"col\">Streak</th>"
            "<th scope=\"col\">Best streak</th><th scope=\"col\">Longest run</th>"
            "<th scope=\"col\">Best score</th><th scope=\"col\">Fastest win</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
            "<p><small>Best score and fastest win count only games won without a hint.</small></p>"
        )
        document.getElementById("stats-body").innerHTML = body
        document.getElementById("stats").showModal()

    # Drawing and speaking

    def render(self, motion=None) -> None:
        self.think_wake.set()
        self.view.render(
            self.game,
            frames=self.settings.frames,
            hint_slot=self.hint_slot,
            hint_control=self.hint_control,
            motion=motion,
        )

    def say(self, text: str, *, announce: bool = True) -> None:
        document.getElementById("message").textContent = text
        if announce:
            # A trailing no-break space alternates so that the same words are announced again.
            self.live_flip = not self.live_flip
            document.getElementById("live").textContent = text + ("\u00a0" if self.live_flip else "")

    def _deal_words(self) -> str:
        from table import deal_title

        return deal_title(self.game)

    def _status_words(self) -> str:
        game = self.game
        if game.status is Status.WON:
            return "This game is won."
        if game.status is Status.OUT_OF_MOVES:
            return "No more moves: undo, ask for a hint, or restart."
        ranks = " or ".join(rank_label(r) for r in game.position.playable_ranks())
        return f"The waste shows the {game.position.top.name}: play {ranks}."

    # Test and measurement hooks

    def state_json(self) -> str:
        """The engine's state as the player can see it (never a face-down card)."""
        game = self.game
        position = game.position
        slots = []
        for slot in range(TRIPEAKS.layout.size):
            card = game.card_at(slot)
            if position.cards[slot] is None:
                slots.append({"state": "gone"})
            elif card is None:
                slots.append({"state": "down"})
            else:
                slots.append({"state": "up", "card": card.code,
                              "free": position.layout.is_free(position.remaining, slot)})
        return json.dumps({
            "number": game.number, "daily": game.daily, "rules": game.rules.key,
            "slots": slots, "waste": position.top.code, "waste_size": len(position.waste),
            "stock": len(position.stock), "score": game.score, "run": game.run,
            "moves": [m.notation for m in game.moves], "redo": [m.notation for m in game.redo_moves],
            "status": str(game.status), "can_undo": game.can_undo, "can_redo": game.can_redo,
            "hints": game.hints, "seconds": game.seconds,
            "playable_ranks": list(game.position.playable_ranks()),
            "hint_slot": self.hint_slot, "hint_control": self.hint_control,
            "game_id": self.game_id, "saving": self.store.available and not self.store.full,
        })

    def perf_json(self) -> str:
        def median(values: list[float]) -> float | None:
            ordered = sorted(values)
            return ordered[len(ordered) // 2] if ordered else None

        return json.dumps({
            "count": len(self.perf), "median_ms": median(self.perf),
            "engine_median_ms": median(self.engine_ms), "samples_ms": self.perf[-200:],
            "engine_samples_ms": self.engine_ms[-200:],
        })


current: App | None = None  # the page's one App once started, kept alive here


def start() -> App:
    """Put the game on the table; anything unexpected on the way still ends in a playable fresh game."""
    global current
    current = App()
    try:
        current.boot()
    except Exception as error:
        current.boot_failed(error)
    return current
