"""The page: puts a Game of any game of the family on the table, turns taps, drags and keys into moves,
saves each game, and keeps the records.

It decides nothing about the rules: a tap plays the move the engine lists for that card (or selects
it as the first of a pair the engine lists), the stock does the position's ``stock_move()``, a refused
move says the engine's reason, and every sentence about the game is the game's words.

web/main.py, the page's script, only calls start(): PyScript compiles that script from source at every
boot, while this module, like the others, comes compiled in web/vendor/modules.zip (see
scripts/modules.mjs).
"""

import asyncio
import datetime as dt
import json
import random
import time
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import Any

import address
import embedding
import keys
import plots
import storage
from dom import closest, escape, nothing, on
from drag import Drag
from js import Object
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window
from settings import Settings, SettingsDialog
from sound import Sound
from table import TableView, clock, deal_title, stock_kinds, stock_shows, target_of

from tripeaks import (
    DRAW,
    GAMES,
    LOOKING,
    MAX_DEAL,
    MAX_IMPORT,
    WORKING_BEST,
    Best,
    BestSearch,
    Card,
    DailySearch,
    Deal,
    DifficultySearch,
    Game,
    GradeSearch,
    IllegalMoveError,
    InvalidMoveError,
    InvalidRecordsError,
    Move,
    MoveKind,
    Position,
    Records,
    Solitaire,
    Status,
    Watch,
    WatchSearch,
    WinnableSearch,
    back_words,
    best_watch,
    best_words,
    find_game,
    game_charts,
    import_records,
    looking_for_grade,
    numbered_deal,
    records_key,
    step_words,
    take_over_words,
)

SLICE_SECONDS = 0.08  # engine searches (hints, winnable and daily deals) work this long between frames
THINK_SECONDS = 0.03  # thinking ahead works this long at a time, in the page's idle moments
THINK_PAUSE = 0.05  # and then leaves the page alone this long (input waits at most a slice)
# The best-score search ends a slice within a few ms of its time, but the garbage collector after it can add
# 7 to 15 ms (benchmarks/best.py --slice): it gets short slices while the game is on, longer ones once over.
BEST_SECONDS = 0.012
BEST_OVER_SECONDS = 0.04

_STAT_HEADINGS = {
    "played": "Played", "won": "Won", "win_rate": "Win rate", "streak": "Streak",
    "best_streak": "Best streak", "longest_run": "Longest run", "best_score": "Best score",
    "fastest_win": "Fastest win",
}

Envelope = dict[str, Any]


class DealAhead:
    """The search for the next deal New deal gives, looked for while the player plays: a winnable
    one (the engine's WinnableSearch) or, with a difficulty chosen, one of that grade (GradeSearch)."""

    def __init__(self, solitaire: Solitaire, rules: Any, grade: str) -> None:
        self.solitaire, self.rules, self.grade = solitaire, rules, grade
        start = random.randint(1, MAX_DEAL - 10_000)
        self.search: WinnableSearch | GradeSearch = (
            GradeSearch(start, grade, rules, solitaire=solitaire) if grade else WinnableSearch(start, rules)
        )
        self.found: int | None = None

    def wanted(self, solitaire: Solitaire, rules: Any, grade: str) -> bool:
        return (solitaire, rules, grade) == (self.solitaire, self.rules, self.grade)

    def step(self, seconds: float | None) -> int | None:
        if self.found is None:
            self.found = self.search.step(seconds)
        return self.found


class Watching:
    """A line shown on the table: the game it is shown on (the line's moves to redo), and the game
    it came from, back on the table when watching stops."""

    def __init__(self, line: Watch, shown: Game, real: Game, real_id: str) -> None:
        self.line = line
        self.shown = shown
        self.real = real
        self.real_id = real_id
        self.playing = False

    @property
    def steps(self) -> int:
        return len(self.line.moves)

    @property
    def step(self) -> int:
        return self.shown.moves_made - self.line.start


def _new_id() -> str:
    # Tells games and tabs apart, nothing secret: `random` (seeded from the OS) is loaded already, and
    # `secrets` would add its imports to the boot.
    return f"{random.getrandbits(64):016x}"


async def _in_slices(step: Callable[[float], Any]) -> Any:
    """Run an engine search (WinnableSearch, DailySearch) a slice at a time, letting the browser paint
    and take input in between; its answer."""
    while (found := step(SLICE_SECONDS)) is None:
        await asyncio.sleep(0.01)
    return found


def _today() -> str:
    now = window.Date.new()
    return f"{now.getFullYear():04d}-{now.getMonth() + 1:02d}-{now.getDate():02d}"


def _zone() -> dt.tzinfo:
    """The player's time zone as the browser has it now (getTimezoneOffset: minutes behind UTC)."""
    return dt.timezone(-dt.timedelta(minutes=int(window.Date.new().getTimezoneOffset())))


def _stat(stats: Any, name: str) -> str:
    if name == "win_rate":
        return f"{stats.win_rate:.0%}" if stats.played else "–"
    value = getattr(stats, name)
    if value is None:
        return "–"
    return clock(value) if name == "fastest_win" else str(value)


class Notices:
    """Messages above the table (storage trouble, a bad link, another tab), each with choices."""

    def __init__(self) -> None:
        self.box = document.getElementById("notices")
        self.choices: dict[str, Callable[[], None] | None] = {}
        on(self.box, "click", self._click)

    def show(self, key: str, text: str, choices: tuple[tuple[str, Callable[[], None]], ...] = (), *,
             error: bool = False) -> None:
        self.hide(key)
        el = document.createElement("div")
        el.className = "notice error" if error else "notice"
        el.dataset.notice = key
        el.setAttribute("role", "alert" if error else "status")
        p = document.createElement("p")
        p.textContent = text
        el.appendChild(p)
        options: list[tuple[str, Callable[[], None] | None]] = [*choices, ("Dismiss", None)]
        for i, (label, action) in enumerate(options):
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

    def _click(self, event: Any) -> None:
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
        self.storage_shown: str | None = None
        """The storage problem the notices show, if any."""
        self.view = TableView()
        self.sound = Sound()
        self.notices = Notices()
        self.dialog = SettingsDialog(document)
        self.settings = Settings()
        self.records = Records()
        self.game: Game = Game(numbered_deal(1))
        self.game_id = _new_id()
        self.selected: Card | None = None
        """The first card of a pair, once tapped (games that remove pairs)."""
        self.hinted: frozenset[str] = frozenset()
        self.hint_control: str | None = None
        self.defer_save = False  # a linked deal is not saved over a game in progress until played
        self.replacing: Envelope | None = None
        """The saved game in progress that playing the linked deal on the table gives up."""
        self.conflict = False
        self.searching = False
        self.think_wake = asyncio.Event()  # set whenever the table is drawn: something new to think about
        self.ahead: DealAhead | None = None  # the next winnable deal, looked for as the player plays
        self.daily_deals: dict[tuple[str, str], Deal] = {}  # a game's deal of a day, once searched for
        self.wired = False
        self.drag: Drag | None = None
        self.tasks: set[asyncio.Future[Any]] = set()
        self.perf: list[float] = []
        self.engine_ms: list[float] = []
        self.last_tick = float(window.performance.now())
        self.on_yes: Callable[[], None] | None = None
        self.live_flip = False
        self.watching: Watching | None = None
        """The line shown on the table, while one is watched."""
        self.bests: dict[tuple[str, str, str], Best] = {}
        """Each deal's best possible scores under its rules, once worked out (by _best_key)."""
        self.best_search: tuple[tuple[str, str, str], BestSearch] | None = None
        """The best-score search under way, for the deal of that key."""
        self.grades: dict[tuple[str, str, str], str] = {}
        """Deals' grades once known (a deal of a chosen difficulty, the daily deal), by _best_key."""
        self.grade_search: tuple[tuple[str, str, str], DifficultySearch] | None = None
        self.drawn_best: tuple[str | None, bool] = (None, False)  # what _draw_best last drew
        self.key_of: tuple[Game | None, tuple[str, str, str]] = (None, ("", "", ""))
        self.drawn_grade: str | None = None

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
            # The day's deal is searched for in slices: the page paints and says what it is doing.
            self._spawn(self._boot_daily(asked, solitaire, rules, saved))
        else:
            self._settle(asked, solitaire, rules, saved, same)

    async def _boot_daily(self, asked: address.Asked, solitaire: Solitaire, rules: Any,
                          saved: Envelope | None) -> None:
        try:
            assert asked.daily is not None
            said = f"Finding the daily deal for {asked.daily}…"
            deal = await self._daily_deal(solitaire, asked.daily, said)
            self._settle(asked, solitaire, rules, saved, False, Game(deal, rules, daily=asked.daily))
        except Exception as error:
            self.boot_failed(error)

    def _settle(self, asked: address.Asked, solitaire: Solitaire, rules: Any, saved: Envelope | None,
                same: bool, daily: Game | None = None) -> None:
        """Put the game the address and the saved game call for on the table, and open for play."""
        if asked.kind:
            if same and saved is not None:
                self._put(saved["game"], saved["id"])
            else:
                self._put(daily or self._asked_game(asked, rules), _new_id())
                self._offer_continue(saved)
        elif saved is not None and not asked.problem:
            self._put(saved["game"], saved["id"])
        elif saved is not None:
            self._put(self._fresh_game(solitaire, rules), _new_id())  # a bad link gets a fresh game
            self._offer_continue(saved)
        else:
            self._put(self._fresh_game(solitaire, rules), _new_id())
        self._open()

    def _open(self) -> None:
        """The game is on the table: wire the controls, draw, and tell the page's watchers it is ready."""
        self._wire()
        self._apply_display_settings()
        self._storage_notice()
        embedding.start(self.game)
        self._enable_controls()
        self.view.forget()  # all of it drawn afresh, once (a boot that failed half-way may have drawn some)
        self.render()
        self.say(self._where_words(), announce=False)
        document.getElementById("table").setAttribute("aria-busy", "false")
        document.documentElement.dataset.ready = "1"
        self._spawn(self._think_ahead())

    def boot_failed(self, error: Exception) -> None:
        """Something unexpected stopped the boot: the saved game if it loads, else a fresh game under
        the game's default rules, saved as it is played; still fully playable."""
        window.console.error(f"TriPeaks could not start normally: {error!r}")
        self.searching = self.conflict = self.defer_save = False
        self.replacing = None
        self.notices.hide("continue")
        try:
            solitaire = self.settings.solitaire
            saved, _ = self.store.load_game(solitaire)
            if saved is not None:
                self._put(saved["game"], saved["id"])
                text = "Something went wrong while starting. Your saved game is back on the table."
            else:
                self._put(self._fresh_game(solitaire, solitaire.default_rules), _new_id())
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
        number = random.randint(1, MAX_DEAL)
        return Game(numbered_deal(number, solitaire), rules, number=number)

    def _unfinished(self, game: Game, game_id: str) -> bool:
        return game.moves_made > 0 and game.status is Status.PLAYING and (
            game_id not in self.store.finished_ids()
        )

    def _offer_continue(self, saved: Envelope | None) -> None:
        """The deal on the table replaces ``saved``, a game in progress, once it is played: offer it."""
        if saved is None or not self._unfinished(saved["game"], saved["id"]):
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
        self.say(f"Back to your game: {self._where_words()}")

    def _give_up_replaced(self) -> None:
        """The linked deal is played: the game in progress it replaces is given up, as New deal would."""
        saved, self.replacing = self.replacing, None
        if saved is not None and self._unfinished(saved["game"], saved["id"]):
            self._record(saved["game"], saved["id"])

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

    def _enable_controls(self) -> None:
        for id_ in ("new", "daily", "deal-go", "stats-open", "settings-open", "help-open"):
            document.getElementById(id_).disabled = False
        for el in document.querySelectorAll('#games input[name="game"]'):
            el.disabled = False

    def _build_switcher(self) -> None:
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
        self.drag = Drag(document, window, self.drop)
        on(document.getElementById("layout"), "click", self._card_click)
        on(document.getElementById("stock"), "click", self._stock_click)
        on(document.getElementById("waste-top"), "click", self._waste_click)
        on(document.body, "click", self._action_click)
        on(document.getElementById("games"), "change", self._game_change)
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
        on(document.getElementById("stats-export"), "click", lambda e: self._export_stats())
        on(document.getElementById("stats-import-open"), "click",
           lambda e: document.getElementById("stats-import").click())
        on(document.getElementById("stats-import"), "change", self._import_chosen)
        on(document.getElementById("help-close"), "click", lambda e: self._close("help"))
        on(document.getElementById("confirm-yes"), "click", self._confirm_yes)
        on(document.getElementById("confirm-no"), "click", lambda e: self._close("confirm"))
        media = window.matchMedia("(prefers-reduced-motion: reduce)")
        on(media, "change", lambda e: self._display_changed())
        window.tripeaksState = create_proxy(self.state_json)
        window.tripeaksPerf = create_proxy(self.perf_json)
        window.setInterval(create_proxy(self._tick), 1000)

    # Putting a game on the table

    def _put(self, game: Game, game_id: str) -> None:
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
        if self.watching is not None:
            self._end_watch()
        if give_up:
            self._give_up()
        self.notices.hide("continue")
        self.replacing = None
        self._put(game, game_id or _new_id())
        self.defer_save = False
        self.render()
        self.save()

    def _give_up(self) -> None:
        if self.defer_save:  # a linked deal not played yet: the saved game it replaces is given up
            self._give_up_replaced()
            return
        if self._unfinished(self.game, self.game_id):
            self._record(self.game, self.game_id)

    def _game_change(self, event: Any) -> None:
        el = closest(event, 'input[name="game"]')
        if el is not None:
            self._spawn(self.switch_game(find_game(str(el.value))))

    async def switch_game(self, solitaire: Solitaire) -> None:
        """Play another game of the family: its game in progress, if any, else a new deal. The game
        left is kept as it is, to be continued."""
        if solitaire is self.game.solitaire:
            return
        if self.watching is not None:
            self._end_watch()
        if self.searching:
            self._remember_game(self.game.solitaire)
            self.say("Wait a moment: the page is still looking for a deal.")
            return
        self._hidden_save()
        self._remember_game(solitaire)
        self.defer_save = False
        self.replacing = None
        self.notices.hide("continue")
        saved, problem = self.store.load_game(solitaire)
        if problem:
            self.notices.show("saved-game", problem + " A new game is dealt.", error=True)
        if saved is not None:
            self.start(saved["game"], saved["id"], give_up=False)
            self.say(f"{solitaire.name}: back to your game. {self._where_words()}")
        else:
            await self.new_deal(give_up=False)

    # Events

    def _focused(self) -> str | None:
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

    def _card_click(self, event: Any) -> None:
        el = closest(event, "[data-slot]")
        if el is None or self.watching is not None:
            return
        if self.drag is not None and self.drag.just_dragged:
            self.drag.just_dragged = False
            return
        self.tap(f"slot:{el.dataset.slot}")

    def _stock_click(self, event: Any) -> None:
        if self.watching is not None:
            return
        if self.drag is not None and self.drag.just_dragged:
            self.drag.just_dragged = False
            return
        if stock_shows(self.game.position):
            self.tap("stock")
        else:
            self.stock_action()

    def _waste_click(self, event: Any) -> None:
        if self.watching is not None:
            return
        if self.drag is not None and self.drag.just_dragged:
            self.drag.just_dragged = False
            return
        self.tap("waste")

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
        solitaire = self.game.solitaire
        self.start(Game(numbered_deal(number, solitaire), self.settings.rules_for(solitaire), number=number))
        self.say(self._where_words())

    def _key(self, event: Any) -> None:
        if not nothing(document.querySelector("dialog[open]")):
            return
        target = event.target
        tag = str(getattr(target, "tagName", "")).lower()
        choosing = tag == "input" and str(target.type) in ("radio", "checkbox")
        if tag in ("select", "textarea") or (tag == "input" and not choosing):
            return  # typing: the keys are the field's
        if self.watching is not None:
            self._watch_key(event, tag)
            return
        command = keys.command(event)
        if command is None or (choosing and command.startswith("move:")):
            return  # arrows on a radio button choose among its options
        on_card = self._focused() is not None
        if command == "stock" and event.key == " " and tag == "button" and not on_card:
            return  # Space on a control presses that control
        event.preventDefault()
        if command.startswith("move:"):
            self._move_focus(command[5:])
        elif command == "stock":
            self.stock_action()
        elif command == "turn":
            turns = [kind for kind in stock_kinds(self.game) if kind is not MoveKind.DRAW]
            if turns:
                self.act(str(turns[0]))
        else:
            self.act(command)

    def _places(self) -> dict[str, tuple[float, float]]:
        return {t: self.view.centre(t) for t in self.view.focusable(self.game)}

    def _move_focus(self, key: str) -> None:
        target = keys.next_target(self._focused(), self._places(), key)
        if target is not None:
            self.view.element(target).focus()

    def _storage_event(self, event: Any) -> None:
        if str(event.key) != self.key or self.conflict:
            return
        if self.store.changed_elsewhere(self.key):
            self._on_conflict()

    def _hidden_save(self) -> None:
        self.save()  # keeps the playing time when the tab is hidden or closed

    def _tick(self, *args: Any) -> None:
        now = float(window.performance.now())
        elapsed = min((now - self.last_tick) / 1000, 5.0)
        self.last_tick = now
        game = self.game
        if (
            str(document.visibilityState) == "visible"
            and self.watching is None
            and game.moves_made > 0
            and game.status is Status.PLAYING
        ):
            game.seconds += elapsed
            self.view.tick(game)
        if self.store.full and self.store.retry():  # space was freed: saving works again
            self.save()
        if self.store.problem != self.storage_shown:  # any write (a record, a save) may have fixed it
            self._storage_notice()

    # Moves: the engine's, found for what was tapped

    def _card_at(self, target: str) -> Card | None:
        """The card a player sees at ``target``, or None (face down, gone, an empty pile)."""
        position = self.game.position
        if target.startswith("slot:"):
            return self.game.card_at(int(target[5:]))
        if target == "stock":
            return position.stock[0] if stock_shows(position) else None
        return position.waste[-1] if position.waste else None

    def _explain(self, target: str, card: Card | None) -> str:
        if target.startswith("slot:"):
            return self.game.explain(int(target[5:]))
        if card is None:
            return self.game.solitaire.words.waste_label(self.game.position) + "."
        return self.game.explain(card)

    def _refusal(self, position: Position, move: Move) -> str:
        """Why the engine refuses ``move`` here, in its words."""
        try:
            position.after(move)
        except (IllegalMoveError, InvalidMoveError) as error:
            return str(error)
        return ""

    def _refuse(self, target: str | None, text: str) -> None:
        self.say(text)
        if target is not None:
            self.view.refuse(target)
        self.sound.play("refuse")

    def tap(self, target: str) -> None:
        """A tap (or Enter) on the card drawn at ``target``."""
        game = self.game
        position = game.position
        card = self._card_at(target)
        if card is None:
            self._refuse(target, self._explain(target, None))
            return
        legal = position.legal_moves()
        alone = Move.play(card)
        words = game.solitaire.words
        chosen = self.selected
        if chosen is not None:
            if card == chosen:
                self.selected = None
                self.render()
                self.say(words.deselected(position, card))
                return
            pair = Move.play(chosen, card)
            if pair in legal:
                self.make(pair)
            elif alone in legal:
                self.make(alone)
            else:
                self.selected = None
                self.render()
                self._refuse(target, self._refusal(position, pair))
            return
        if alone in legal:
            self.make(alone)
        elif game.solitaire.pairs and any(card in m.cards for m in legal if len(m.cards) == 2):
            self.selected = card
            self.render()
            self.say(words.selected(position, card))
            self.sound.play("select")
        else:
            self._refuse(target, self._explain(target, card))

    def drop(self, source: str, where: str | None) -> None:
        """A card dragged from ``source`` onto another card (``where``) or onto the waste pile."""
        game = self.game
        position = game.position
        card = self._card_at(source)
        if card is None or where is None or self.watching is not None:
            return
        legal = position.legal_moves()
        if where in ("waste-pile", "waste"):
            top = position.waste[-1] if position.waste else None
            tries = [Move.play(card, top)] if top is not None and top != card and game.solitaire.pairs else []
            tries.append(Move.play(card))
        else:
            other = self._card_at(where)
            if other is None or other == card:
                return
            tries = [Move.play(card, other)] if game.solitaire.pairs else []
        for move in tries:
            if move in legal:
                self.selected = None
                self.make(move, glide=False)
                return
        self._refuse(source, self._refusal(position, tries[0]) if tries else self._explain(source, card))

    def stock_action(self) -> None:
        """A tap on the stock (when it shows no card to take), Space or D: the position's stock move."""
        move = self.game.position.stock_move()
        if move is None:
            self._refuse(None, self._refusal(self.game.position, DRAW))
            return
        self.make(move)

    def _moving(self, position: Position, move: Move) -> tuple[Card, ...]:
        """The cards ``move`` takes from where they are drawn in ``position``."""
        if move.kind is MoveKind.PLAY:
            return move.cards
        if move.kind is MoveKind.DRAW and position.stock:
            return (position.stock[0],)
        return ()

    def make(self, move: Move, *, glide: bool = True) -> None:
        """Make ``move`` (the engine checks it) and show what it did."""
        started = float(window.performance.now())
        game = self.game
        before = game.position
        focused = self._focused()
        from_place = self.view.centre(focused) if focused is not None else None
        cards = self._moving(before, move)
        rects = self.view.before_move(before, cards) if glide else {}
        try:
            game.push(move)
        except (IllegalMoveError, InvalidMoveError) as error:
            self._refuse(None, str(error))
            return
        if move.kind is MoveKind.PLAY:
            self.engine_ms.append(float(window.performance.now()) - started)
        words = game.solitaire.words.said(before, move, game.position)
        noise = "play" if move.kind is MoveKind.PLAY else "draw"
        self._moved(cards, rects, words, noise, started)
        if focused is not None and from_place is not None and focused not in self.view.focusable(game):
            self._refocus(from_place)  # its card left: on to the nearest card that may be taken

    def _refocus(self, place: tuple[float, float]) -> None:
        target = keys.nearest_target(place, self._places())
        if target is not None:
            self.view.element(target).focus()

    def _undo(self) -> None:
        started = float(window.performance.now())
        game = self.game
        before = game.position
        if not game.can_undo:
            self.say("Nothing to undo.")
            return
        move = game.moves[-1]
        cards = move.cards if move.kind is MoveKind.PLAY else (
            (before.waste[-1],) if move.kind is MoveKind.DRAW and before.waste else ()
        )
        rects = self.view.before_move(before, cards)
        game.undo()
        words = game.solitaire.words.undone(before, move, game.position)
        self._moved(cards, rects, words, "undo", started)

    def _redo(self) -> None:
        started = float(window.performance.now())
        game = self.game
        before = game.position
        if not game.can_redo:
            self.say("Nothing to redo.")
            return
        move = game.redo_moves[0]
        cards = self._moving(before, move)
        rects = self.view.before_move(before, cards)
        game.redo()
        words = game.solitaire.words.redone(before, move, game.position)
        self._moved(cards, rects, words, "play" if move.kind is MoveKind.PLAY else "draw", started)

    def act(self, name: str) -> None:
        game = self.game
        if self.watching is not None and not name.startswith("watch"):
            return  # the table's controls are out of reach while a line is watched
        if name in (str(kind) for kind in stock_kinds(game)):
            move = Move(MoveKind(name))
            if move in game.legal_moves:
                self.make(move)
            else:
                self._refuse(None, self._refusal(game.position, move))
        elif name == "undo":
            self._undo()
        elif name == "redo":
            self._redo()
        elif name == "hint":
            self._spawn(self.hint())
        elif name == "new":
            self._spawn(self.new_deal())
        elif name == "restart":
            if not game.can_undo:
                self.say("This deal is already at its start.")
                return
            game.restart()
            self.selected = None
            self.hinted, self.hint_control = frozenset(), None
            self.render()
            self.save()
            self.say("Back to the start of this deal. Redo replays your moves.")
        elif name == "daily":
            self._spawn(self.daily())
        elif name == "settings":
            self.dialog.fill(self.settings, game.solitaire, game.rules)
            self.dialog.dialog.showModal()
        elif name == "stats":
            self._show_stats()
        elif name in ("watch", "watch-start"):
            self._spawn(self.watch(from_start=name == "watch-start"))
        elif name == "watch-best":
            known = self.bests.get(self._best_key(game))
            if known is not None and self.watching is None:
                self._show_line(best_watch(game.solitaire, known.best))
        elif name.startswith("watch-") and name != "watch-best" and self.watching is not None:
            self._watch_act(name[6:])
        elif name == "help":
            self._show_help()

    def _moved(self, cards: tuple[Card, ...], rects: dict[Card, Any], words: str, noise: str,
               started: float) -> None:
        self.selected = None
        self.hinted, self.hint_control = frozenset(), None
        if self.defer_save:
            self.defer_save = False
            self.notices.hide("continue")
            self._give_up_replaced()
        self.render()
        self.view.after_move(self.game.position, cards, rects)
        ended = float(window.performance.now())
        self.perf.append(ended - started)
        window.performance.measure(
            "tripeaks:move", to_js({"start": started, "end": ended}, dict_converter=Object.fromEntries)
        )
        game = self.game
        status = game.status
        if self.watching is not None:  # a line watched: its words say it all, nothing is saved
            self.sound.play("win" if status is Status.WON and noise != "undo" else noise)
            self.say(words)
            self._draw_watch()
            self._frame_next()
            return
        if status is not Status.PLAYING and noise != "undo":
            words += " " + game.solitaire.words.end(game.position)
            self.sound.play("win" if status is Status.WON else "lose")
        else:
            self.sound.play(noise)
        self.say(words)
        embedding.moved(game, "undo" if noise == "undo" else noise)
        self.save()
        if status is not Status.PLAYING and self.game_id not in self.store.finished_ids():
            self._record(game, self.game_id)

    # Hints, winnable deals and the daily deal

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
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
        position = game.position
        self.selected = None
        self.hinted, self.hint_control = frozenset(), None
        if answer.kind == "play" and answer.move is not None:
            self.hinted = frozenset(t for c in answer.move.cards if (t := target_of(position, c)))
        elif answer.kind in ("undo", *(str(kind) for kind in stock_kinds(game))):
            self.hint_control = answer.kind
        self.render()
        if self.hinted:
            self.view.element(sorted(self.hinted)[0]).focus()
        self.say(answer.text)
        self.save()

    async def _think_ahead(self) -> None:
        """While the player thinks, work out in short slices what the page will be asked for: first
        the hint for the position on the table (``Game.think``), so that asking for it answers at
        once (proving a deal lost can take a second or more in the browser); then the daily deal's
        grade; then, with winnable deals only, the next deal (``_deal_ahead``), so that a new deal
        is dealt at once, and the deal's best possible score (``_best_ahead``), so that the end of
        the game shows it at once. Once the game is over, the best score comes first, in longer
        slices: its panel waits for it."""
        thought = None  # the position whose hint is worked out
        while True:
            game = self.game
            here = (id(game), game.moves_made, game.position)
            over = game.status is not Status.PLAYING
            hinted = here == thought or over
            grading, best, ahead = self._grade_ahead(), self._best_ahead(), self._deal_ahead()
            if hinted and grading is None and best is None and ahead is None:
                self.think_wake.clear()
                await self.think_wake.wait()  # nothing to do until the table changes
                continue
            hurry = over and best is not None
            await asyncio.sleep(0.01 if hurry else THINK_PAUSE)
            if self.game is not game or self.searching or document.hidden or self.watching is not None:
                continue
            try:
                if not hinted:
                    if game.think(THINK_SECONDS):
                        thought = here
                elif grading is not None:
                    if grading.step(THINK_SECONDS) is not None:
                        self._grade_found()
                elif best is not None and (hurry or ahead is None):
                    if best.step(BEST_OVER_SECONDS if hurry else BEST_SECONDS) is not None:
                        self._best_found()
                elif ahead is not None and ahead.step(THINK_SECONDS) is not None:
                    document.documentElement.dataset.dealAhead = str(ahead.found)  # for the tests
            except Exception as error:  # thinking ahead is a nicety: never let it break the page
                window.console.warn(f"TriPeaks stopped thinking ahead: {error!r}")
                return

    def _best_key(self, game: Game) -> tuple[str, str, str]:
        """A deal and its rules, as the best scores and the grades are kept by (the last one asked
        for is kept: a deal's code takes a while to write, and every render asks)."""
        if self.key_of[0] is not game:
            self.key_of = (game, (game.solitaire.id, game.deal.code, game.rules.key))
        return self.key_of[1]

    def _best_ahead(self) -> BestSearch | None:
        """The search for the best possible scores of the deal on the table, while they are not known
        (worked out from the deal's start, so once for every game of that deal and rules)."""
        game = self.game
        key = self._best_key(game)
        if key in self.bests or game.solitaire.make_best is None:
            return None
        if self.best_search is None or self.best_search[0] != key:
            self.best_search = (key, BestSearch(game.start))
        return self.best_search[1]

    def _best_found(self) -> None:
        """The best-score search just ended: keep its answer, show it if the game is over, and put it
        in the record of a game of that deal already counted."""
        if self.best_search is None:
            return
        key, search = self.best_search
        found = search.step(0)
        if found is None:
            return
        self.bests[key] = found
        self.best_search = None
        document.documentElement.dataset.bestKnown = "1"  # for the tests and benchmarks/freeze.py
        if self._best_key(self.game) == key:
            self._draw_best()
            if self.game_id in self.store.finished_ids():
                records = self._stored_records().knowing_best(self.game_id, found.best.score)
                if records != self.records:
                    self.records = records
                    self.store.write(storage.RECORDS, records.to_json())

    def _draw_best(self) -> None:
        """The end-of-game panel's line on the best possible score, and the control to watch it
        (the page is touched only when they change: this runs at every render)."""
        game = self.game
        over = game.status is not Status.PLAYING and self.watching is None
        known = self.bests.get(self._best_key(game))
        text: str | None = None
        watchable = False
        if over and game.solitaire.make_best is not None:
            if known is None:
                text = WORKING_BEST
            else:
                text = best_words(game.solitaire, game.score, known)
                watchable = bool(known.best.moves)
        if (text, watchable) == self.drawn_best:
            return
        self.drawn_best = (text, watchable)
        line = document.getElementById("ending-best")
        line.hidden = text is None
        line.textContent = text or ""
        button = document.getElementById("watch-best")
        button.hidden = not watchable
        button.textContent = game.solitaire.words.watch(False)

    def _deal_ahead(self) -> DealAhead | None:
        """The search for the next winnable deal (of the chosen difficulty, if any) of the game on the
        table under the rules of the settings, while one is wanted and not yet found: started from a
        random deal number."""
        if not self.settings.winnable_only:
            return None
        solitaire = self.game.solitaire
        rules = self.settings.rules_for(solitaire)
        grade = self.settings.difficulty if solitaire.make_grader is not None else ""
        if self.ahead is None or not self.ahead.wanted(solitaire, rules, grade):
            self.ahead = DealAhead(solitaire, rules, grade)
            document.documentElement.dataset.dealAhead = ""
        return None if self.ahead.found is not None else self.ahead

    def _grade_ahead(self) -> DifficultySearch | None:
        """Working out the daily deal's grade, while it is on the table and not known."""
        game = self.game
        key = self._best_key(game)
        if game.daily is None or key in self.grades or game.solitaire.make_grader is None:
            return None
        if self.grade_search is None or self.grade_search[0] != key:
            self.grade_search = (key, DifficultySearch(game.deal, game.rules))
        return self.grade_search[1]

    def _grade_found(self) -> None:
        if self.grade_search is None:
            return
        key, search = self.grade_search
        found = search.step(0)
        if found is not None:
            self.grades[key] = str(found.grade)
            self.grade_search = None
            self._draw_grade()

    def _draw_grade(self) -> None:
        """The deal's difficulty beside the table, once known."""
        game = self.game
        grade = self.grades.get(self._best_key(game))
        text = None if grade is None else game.solitaire.words.grade(grade, daily=game.daily is not None)
        if text == self.drawn_grade:
            return
        self.drawn_grade = text
        el = document.getElementById("deal-grade")
        el.hidden = text is None
        el.textContent = text or ""

    async def new_deal(self, *, give_up: bool = True) -> None:
        if self.searching:
            return
        solitaire = self.settings.solitaire
        rules = self.settings.rules_for(solitaire)
        number = random.randint(1, MAX_DEAL)
        if self.settings.winnable_only:
            # the deal searched for while the player played (see _think_ahead), however far it got
            search = self._deal_ahead() or self.ahead
            assert search is not None
            self.ahead = None
            document.documentElement.dataset.dealAhead = ""
            if search.found is None:
                self.say(looking_for_grade(search.grade) if search.grade else "Looking for a winnable deal…")
            self.searching = True
            try:
                number = await _in_slices(search.step)
            finally:
                self.searching = False
            if search.grade:
                deal = numbered_deal(number, solitaire)
                self.grades[solitaire.id, deal.code, rules.key] = search.grade
        self.start(Game(numbered_deal(number, solitaire), rules, number=number), give_up=give_up)
        grade = self.grades.get(self._best_key(self.game))
        self.say(self._where_words() + (f" {solitaire.words.grade(grade)}" if grade else ""))

    async def daily(self) -> None:
        """Today's deal of the game on the table (the player's calendar day), searched for in slices
        like a winnable deal."""
        if self.searching:
            return
        day = _today()
        solitaire = self.game.solitaire
        self.searching = True
        try:
            deal = await self._daily_deal(solitaire, day, "Finding today's deal…")
        finally:
            self.searching = False
        self.start(Game(deal, self.settings.rules_for(solitaire), daily=day))
        self.say(self._where_words())

    async def _daily_deal(self, solitaire: Solitaire, day: str, words: str) -> Deal:
        """The deal for ``day`` (YYYY-MM-DD): the engine's DailySearch, a slice at a time."""
        deal = self.daily_deals.get((solitaire.id, day))
        if deal is None:
            self.say(words)
            await asyncio.sleep(0)  # let the words show, even when the first slice finds the deal
            search = DailySearch(dt.date.fromisoformat(day), solitaire=solitaire)
            deal = self.daily_deals[solitaire.id, day] = await _in_slices(search.step)
        return deal

    # Watching a line

    async def watch(self, *, from_start: bool = False) -> None:
        """Show a winning line on the table: from the latest position of this game that could still
        be won, or from the deal's start; searched for in slices, like a hint."""
        game = self.game
        if self.searching or self.watching is not None:
            return
        search = WatchSearch(game, from_start=from_start)
        self.searching = True
        try:
            found = search.step(SLICE_SECONDS)
            if found is None:
                self.say(LOOKING)
                found = await _in_slices(search.step)
        finally:
            self.searching = False
        if self.game is not game:
            return  # the player moved on meanwhile
        if not found.moves:
            self.say(found.text)
            return
        self._show_line(found)

    def _show_line(self, found: Watch) -> None:
        """Put ``found``'s line on the table to watch, at its start."""
        game = self.game
        self.watching = Watching(found, found.game(game), game, self.game_id)
        self.game = self.watching.shown
        self.selected = None
        self.hinted, self.hint_control = frozenset(), None
        self.view.forget()
        self._show_watch(True)
        self._frame_next()
        self.say(found.text)
        document.getElementById("watch-next").focus()

    def _show_watch(self, shown: bool) -> None:
        document.getElementById("watch").hidden = not shown
        if shown and self.watching is not None:
            document.getElementById("watch-title").textContent = self.watching.line.title
        controls = document.getElementById("controls")
        if shown:
            controls.setAttribute("inert", "")
            self._draw_watch()
        else:
            controls.removeAttribute("inert")

    def _draw_watch(self) -> None:
        watching = self.watching
        if watching is None:
            return
        step, steps = watching.step, watching.steps
        document.getElementById("watch-step").textContent = f"Move {step} of {steps}"
        document.getElementById("watch-back").disabled = step <= 0
        document.getElementById("watch-next").disabled = step >= steps
        play = document.getElementById("watch-play")
        play.textContent = "Pause" if watching.playing else "Play"
        play.setAttribute("aria-pressed", "true" if watching.playing else "false")
        play.disabled = step >= steps and not watching.playing

    def _frame_next(self) -> None:
        """Frame the cards (or the stock's control) of the line's next move, as a hint frames them."""
        watching = self.watching
        if watching is None:
            return
        game = watching.shown
        move = game.redo_moves[0] if game.can_redo else None
        position = game.position
        self.hinted, self.hint_control = frozenset(), None
        if move is not None and move.kind is MoveKind.PLAY:
            self.hinted = frozenset(t for c in move.cards if (t := target_of(position, c)))
        elif move is not None:
            self.hint_control = str(move.kind)
        self.render()

    def _watch_key(self, event: Any, tag: str) -> None:
        key = str(event.key)
        if tag in ("select", "input", "textarea"):
            return
        actions = {"ArrowRight": "next", "ArrowLeft": "back", "Escape": "stop", "p": "play", "P": "play"}
        if key in actions:
            event.preventDefault()
            self._watch_act(actions[key])

    def _watch_act(self, name: str) -> None:
        watching = self.watching
        if watching is None:
            return
        if name == "next":
            watching.playing = False
            self._watch_step(forward=True)
        elif name == "back":
            watching.playing = False
            self._watch_step(forward=False)
        elif name == "play":
            watching.playing = not watching.playing
            if watching.playing:
                if watching.step >= watching.steps:
                    watching.playing = False
                else:
                    self._spawn(self._watch_play(watching))
            self._draw_watch()
        elif name == "take":
            self._take_over()
        elif name == "stop":
            self._end_watch()
            self.render()
            self.say(f"Back to your game. {self._where_words()}")
            focus = document.getElementById("watch-latest")
            if not focus.hidden:
                focus.focus()

    def _watch_step(self, *, forward: bool) -> bool:
        """One move of the line forward (a redo) or back (an undo), announced; whether there was one."""
        watching = self.watching
        if watching is None:
            return False
        game = watching.shown
        step, steps = watching.step, watching.steps
        started = float(window.performance.now())
        before = game.position
        if forward:
            if step >= steps:
                return False
            move = game.redo_moves[0]
            cards = self._moving(before, move)
            rects = self.view.before_move(before, cards)
            game.redo()
            words = step_words(before, move, game.position, step + 1, steps)
            noise = "play" if move.kind is MoveKind.PLAY else "draw"
        else:
            if step <= 0:
                return False
            move = game.moves[-1]
            cards = move.cards if move.kind is MoveKind.PLAY else (
                (before.waste[-1],) if move.kind is MoveKind.DRAW and before.waste else ()
            )
            rects = self.view.before_move(before, cards)
            game.undo()
            words = back_words(before, move, game.position, step - 1, steps)
            noise = "undo"
        self._moved(cards, rects, words, noise, started)
        return True

    async def _watch_play(self, watching: Watching) -> None:
        """Play the line on at the chosen speed, until its end, a pause or the end of watching."""
        while self.watching is watching and watching.playing:
            try:
                seconds = float(str(document.getElementById("watch-speed").value))
            except ValueError:
                seconds = 0.8
            await asyncio.sleep(max(0.1, min(seconds, 5.0)))
            if self.watching is not watching or not watching.playing:
                return
            if not self._watch_step(forward=True) or watching.step >= watching.steps:
                watching.playing = False
                self._draw_watch()

    def _end_watch(self) -> None:
        """Put the game watched from back on the table."""
        watching, self.watching = self.watching, None
        if watching is None:
            return
        watching.playing = False
        self.game, self.game_id = watching.real, watching.real_id
        self.view.forget()
        self._show_watch(False)

    def _take_over(self) -> None:
        """The line's game, at the step shown, becomes the player's game: a new game, with a hint."""
        watching = self.watching
        if watching is None:
            return
        step, steps, shown = watching.step, watching.steps, watching.shown
        self._end_watch()
        self.start(shown, give_up=False)
        self.say(take_over_words(step, steps))
        target = next(iter(self.view.focusable(shown)), None)
        if target is not None:
            self.view.element(target).focus()

    # Records and saving

    def _stored_records(self) -> Records:
        """The records as stored now (another tab may have added to them), else those in memory."""
        records, _ = self.store.read_json(storage.RECORDS, Records.from_json)
        return records if isinstance(records, Records) else self.records

    def _record(self, game: Game, game_id: str) -> None:
        known = self.bests.get(self._best_key(game))
        self.records = self._stored_records().record(
            game, id=game_id, ended=int(time.time()), best=None if known is None else known.best.score
        )
        self.store.write(storage.RECORDS, self.records.to_json())
        self.store.mark_finished(game_id)
        self._storage_notice()

    def save(self) -> None:
        if self.defer_save or self.conflict or not self.store.available or self.watching is not None:
            return
        if self.store.changed_elsewhere(self.key):
            self._on_conflict()
            return
        self.store.save_game(self.key, self.game_id, self.game.to_json())
        self._storage_notice()

    def _storage_notice(self) -> None:
        self.storage_shown = self.store.problem
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
            (("Load the newer game", self._load_newer), ("Keep this one", self._keep_mine)),
        )

    def _load_newer(self) -> None:
        self.conflict = False
        saved, problem = self.store.load_game(self.game.solitaire)
        if saved is None:
            self.say(problem or "The other tab's game could not be loaded.")
            return
        self._put(saved["game"], saved["id"])
        self.render()
        self.say(f"Loaded the newer game: {self._where_words()}")

    def _keep_mine(self) -> None:
        self.conflict = False
        self.store.adopt(self.key)
        self.save()

    # Settings, statistics, dialogs

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
            self._storage_notice()
            self._apply_display_settings()
            self.render()
            if rules_changed:
                self._spawn(self.new_deal())
            else:
                self.say("Settings saved.")

        game = self.game
        if rules_changed and game.moves_made > 0 and game.status is Status.PLAYING:
            self.confirm(
                f"New rules start a new game ({rules.describe()}). This game will count as "
                f"given up. Start a new game?",
                commit,
            )
        else:
            commit()

    def _display_changed(self) -> None:
        """The system's reduced-motion preference changed."""
        self._apply_display_settings()
        self.render()

    def _apply_display_settings(self) -> None:
        """Sound and motion as the settings (and the system) say; the caller draws."""
        settings = self.settings
        self.sound.on = settings.sound
        system = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        reduce = settings.motion == "reduce" or (settings.motion == "auto" and system)
        document.documentElement.classList.toggle("reduce-motion", reduce)
        self.view.motion = not reduce

    def confirm(self, text: str, on_yes: Callable[[], None]) -> None:
        document.getElementById("confirm-text").textContent = text
        self.on_yes = on_yes
        document.getElementById("confirm").showModal()

    def _confirm_yes(self, event: Any) -> None:
        self._close("confirm")
        action, self.on_yes = self.on_yes, None
        if action is not None:
            action()

    def _close(self, id_: str) -> None:
        document.getElementById(id_).close()

    def _stats_table(self, solitaire: Solitaire, current: str | None) -> str:
        fields = solitaire.words.record_fields
        rows = dict(self.records.of_game(solitaire))
        if current is not None:
            rows.setdefault(current, self.records[records_key(solitaire, self.game.rules)])
        if not rows:
            return ""
        ordered = sorted(rows, key=lambda k: (k != current, k))
        body = []
        for key in ordered:
            stats = rows[key]
            try:
                label = solitaire.rules_from_key(key).label
            except ValueError:
                label = key
            cls = ' class="current"' if key == current else ""
            cells = "".join(
                f'<td data-label="{_STAT_HEADINGS[name]}">{_stat(stats, name)}</td>' for name in fields
            )
            body.append(f'<tr{cls}><th scope="row">{escape(label)}</th>{cells}</tr>')
        head = "".join(f'<th scope="col">{_STAT_HEADINGS[name]}</th>' for name in fields)
        name = escape(solitaire.name)
        return (
            f'<section class="stats-game" data-game="{escape(solitaire.id)}"><h3>{name}</h3>'
            f'<table class="stats-table"><caption class="sr-only">{name}: statistics by rule set</caption>'
            f'<thead><tr><th scope="col">Rules</th>{head}</tr></thead><tbody>{"".join(body)}</tbody>'
            "</table></section>"
        )

    def _stats_section(self, solitaire: Solitaire, current: str | None, today: dt.date,
                       zone: dt.tzinfo) -> str:
        """A game's table of figures and its charts (drawn by plots from the engine's Charts)."""
        table = self._stats_table(solitaire, current)
        if not table:
            return ""
        charts = game_charts(self.records, solitaire, today, zone=zone)
        figures = "".join(plots.figure(chart) for chart in charts)
        return table.replace("</section>", f'<div class="charts">{figures}</div></section>')

    def _show_stats(self) -> None:
        self._fill_stats()
        document.getElementById("stats-message").textContent = ""
        document.getElementById("stats").showModal()

    def _fill_stats(self) -> None:
        self.records = self._stored_records()
        here = self.game.solitaire
        today, zone = dt.date.fromisoformat(_today()), _zone()
        sections = [self._stats_section(here, self.game.rules.key, today, zone)]
        sections += [self._stats_section(game, None, today, zone) for game in GAMES if game is not here]
        body = "".join(sections) + (
            "<p><small>Personal bests (best score, fastest win) count only games won without a "
            "hint.</small></p>"
        )
        document.getElementById("stats-body").innerHTML = body

    def _export_stats(self) -> None:
        """Download every statistic and personal best as the engine writes them."""
        text = self._stored_records().to_json(indent=1)
        options = to_js({"type": "application/json"}, dict_converter=Object.fromEntries)
        blob = window.Blob.new(to_js([text]), options)
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"tripeaks-statistics-{_today()}.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 10_000)

    def _import_chosen(self, event: Any) -> None:
        field = document.getElementById("stats-import")
        files = field.files
        if nothing(files) or int(files.length) == 0:
            return
        chosen = files.item(0)
        field.value = ""  # choosing the same file again is a new choice
        self._spawn(self._import_stats(chosen))

    async def _import_stats(self, chosen: Any) -> None:
        """Merge a statistics file into the records: the engine checks and merges it and says what it
        did; a file it refuses changes nothing."""
        message = document.getElementById("stats-message")
        try:
            # One character past the most the engine takes, so that it refuses a file too large.
            text = str(await chosen.slice(0, MAX_IMPORT + 1).text())
            done = import_records(self._stored_records(), text)
        except InvalidRecordsError as error:
            message.textContent = str(error)
            return
        except Exception as error:  # the browser could not read the file
            window.console.warn(f"TriPeaks could not read the file: {error!r}")
            message.textContent = "This file could not be read: nothing was imported."
            return
        self.records = done.records
        self.store.write(storage.RECORDS, self.records.to_json())
        self._storage_notice()
        self._fill_stats()
        message.textContent = done.text

    def _show_help(self) -> None:
        game = self.game
        solitaire = game.solitaire
        turns = [kind for kind in stock_kinds(game) if kind is not MoveKind.DRAW]
        paragraphs = "".join(f"<p>{escape(text)}</p>" for text in solitaire.words.help)
        taking = "selects the card in focus (or takes it)" if solitaire.pairs else "plays the card in focus"
        turn = f"<li><kbd>R</kbd> {escape(turns[0].value)}</li>" if turns else ""
        document.getElementById("help-title").textContent = f"How to play {solitaire.name}"
        document.getElementById("help-rules").innerHTML = paragraphs
        document.getElementById("help-keys").innerHTML = (
            "<li><kbd>←</kbd> <kbd>→</kbd> <kbd>↑</kbd> <kbd>↓</kbd> move between the cards you can take</li>"
            f"<li><kbd>Enter</kbd> {taking}</li>"
            "<li><kbd>Space</kbd> or <kbd>D</kbd> does what the stock does: draw"
            + (f" (or {escape(turns[0].value)} once it is empty)" if turns else "") + "</li>"
            + turn
            + "<li><kbd>Z</kbd> undo, <kbd>Y</kbd> redo, <kbd>H</kbd> hint, <kbd>N</kbd> new deal</li>"
        )
        document.getElementById("help").showModal()

    # Drawing and speaking

    def render(self) -> None:
        self.think_wake.set()
        self.view.render(
            self.game,
            frames=self.settings.frames,
            hinted=self.hinted,
            hint_control=self.hint_control,
            selected=self.selected,
            watching=self.watching is not None,
        )
        self._draw_best()
        self._draw_grade()

    def say(self, text: str, *, announce: bool = True) -> None:
        document.getElementById("message").textContent = text
        if announce:
            # A trailing no-break space alternates so that the same words are announced again.
            self.live_flip = not self.live_flip
            document.getElementById("live").textContent = text + ("\u00a0" if self.live_flip else "")

    def _where_words(self) -> str:
        """The deal on the table and what can be done: ``Deal 12 · Standard. The waste shows …``."""
        game = self.game
        return f"{deal_title(game)}. {game.solitaire.words.prompt(game.position)}"

    # Test and measurement hooks

    def state_json(self) -> str:
        """The engine's state as the player can see it (never a face-down card)."""
        game = self.game
        position = game.position
        slots: list[dict[str, Any]] = []
        available = {card for card, _, _ in position.available()}
        for slot in range(len(position.cards)):
            card = game.card_at(slot)
            if position.cards[slot] is None:
                slots.append({"state": "gone"})
            elif card is None:
                slots.append({"state": "down"})
            else:
                slots.append({"state": "up", "card": card.code, "free": card in available})
        stock_move = position.stock_move()
        playing = game.status is Status.PLAYING
        return json.dumps({
            "game": game.solitaire.id, "number": game.number, "daily": game.daily, "rules": game.rules.key,
            "slots": slots, "waste": position.waste[-1].code if position.waste else None,
            "waste_size": len(position.waste), "stock": len(position.stock),
            "stock_top": position.stock[0].code if stock_shows(position) else None,
            "score": game.score, "run": game.run,
            "moves": [m.notation for m in game.moves], "redo": [m.notation for m in game.redo_moves],
            "status": str(game.status), "can_undo": game.can_undo, "can_redo": game.can_redo,
            "hints": game.hints, "seconds": game.seconds,
            "playable": sorted(c.code for c in position.playable()) if playing else [],
            "available": [c.code for c, _, _ in position.available()],
            "selected": self.selected.code if self.selected else None,
            "hinted": sorted(self.hinted), "hint_control": self.hint_control,
            "stock_move": stock_move.notation if stock_move else None,
            "game_id": self.game_id, "saving": self.store.available and not self.store.full,
            "best": None if (known := self.bests.get(self._best_key(game))) is None else known.to_dict(),
            "grade": self.grades.get(self._best_key(game)),
            "watching": None if self.watching is None else {
                "kind": self.watching.line.kind,
                "start": self.watching.line.start, "step": self.watching.step,
                "steps": self.watching.steps, "playing": self.watching.playing,
            },
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
        current._build_switcher()
        current.boot()
    except Exception as error:
        current.boot_failed(error)
    return current
