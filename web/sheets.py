"""What opens over the table: the end sheet (the table stays in sight above it), the menu, the settings,
the statistics, how to play, and a question to confirm. Focus goes into each and back to the table."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import statsview
import storage
from dom import escape, nothing, on
from js import Object
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window
from scene import Ending, offers_watch, stock_kinds
from searches import today, zone

from tripeaks import (
    CARDS_LEFT,
    MAX_IMPORT,
    InvalidRecordsError,
    MoveKind,
    best_words,
    has_best,
    import_records,
    records_key,
    score_in,
    working_best,
)
from tripeaks import page_words as say

if TYPE_CHECKING:
    from page import Page


class Sheets:
    def __init__(self, app: Page) -> None:
        self.app = app
        self.on_yes: Callable[[], None] | None = None
        self.drawn: tuple[object, ...] | None = None
        self.closed_for: object = None
        """The end sheet closed by the player for this game state: not shown again until it changes."""

    def wire(self) -> None:
        get = document.getElementById
        on(get("menu-close"), "click", lambda e: self.close("menu"))
        on(get("menu"), "click", self._menu_click)
        on(get("ending-close"), "click", lambda e: self.close_ending())
        on(get("stats-close"), "click", lambda e: self.close("stats"))
        on(get("stats-export"), "click", lambda e: self.export_stats())
        on(get("stats-import-open"), "click", lambda e: get("stats-import").click())
        on(get("stats-import"), "change", self._import_chosen)
        on(get("help-close"), "click", lambda e: self.close("help"))
        on(get("confirm-yes"), "click", self._confirm_yes)
        on(get("confirm-no"), "click", lambda e: self.close("confirm"))

    # The menu

    def open_menu(self) -> None:
        self.app.reviewer.draw_menu()
        document.getElementById("menu").showModal()

    def _menu_click(self, event: Any) -> None:
        """A choice in the menu closes it; clicking the backdrop (the dialog itself) too."""
        target = event.target
        if target == document.getElementById("menu"):
            self.close("menu")
            return
        button = target.closest("[data-action]") if hasattr(target, "closest") else None
        if button is not None and not nothing(button):
            self.close("menu")

    # The end of a game

    def draw_ending(self, ending: Ending | None) -> None:
        """The end sheet, once a game is over: its words, the best possible score, and Watch only when the
        deal could have been won."""
        app = self.app
        game = app.game
        get = document.getElementById
        sheet = get("ending")
        if ending is None or app.watcher.watching is not None or app.reviewer.open:
            self.drawn = None
            if not sheet.hidden:
                sheet.hidden = True
            return
        could_win = app.searches.could_win(game) if not ending.won else None
        known = app.searches.best(game)
        scoring = app.scoring
        best_text: str | None = None
        watch_best = False
        if has_best(game.solitaire, scoring):
            if known is None:
                best_text = working_best(scoring)
            else:
                best_text = best_words(game.solitaire, score_in(game.position, scoring), known, scoring)
                watch_best = bool(known.best.moves)
        stats = app.records[records_key(game.solitaire, game.rules)]
        fewest = say.fewest_moves_said(game.moves_made, stats.fewest_moves,
                                       won=ending.won and game.hints == 0)
        state = (id(game), game.moves_made, ending, could_win, best_text, watch_best, fewest)
        if state == self.drawn:
            return
        first = self.drawn is None or self.drawn[:2] != state[:2]
        self.drawn = state
        sheet.className = "sheet ending won" if ending.won else "sheet ending lost"
        get("ending-title").textContent = ending.title
        get("ending-text").textContent = ending.text
        get("ending-undo").hidden = not ending.undo
        get("ending-hint").hidden = not ending.hint
        get("watch-latest").hidden = not offers_watch(ending, could_win)
        get("watch-start").hidden = not offers_watch(ending, could_win)
        line = get("ending-best")
        line.hidden = best_text is None
        line.textContent = best_text or ""
        line = get("ending-fewest")
        line.hidden = fewest is None
        line.textContent = fewest or ""
        button = get("watch-best")
        button.hidden = not watch_best
        words = game.solitaire.words
        button.textContent = words.watch_fewest if scoring == CARDS_LEFT else words.watch(False)
        if self.closed_for == state[:2]:
            return
        if sheet.hidden:
            sheet.hidden = False
        if first:
            get("ending-title").focus()

    def close_ending(self) -> None:
        """Close the end sheet to look at the table; focus goes back to the table: a card that may be
        taken, else the table itself."""
        if self.drawn is not None:
            self.closed_for = self.drawn[:2]
        document.getElementById("ending").hidden = True
        app = self.app
        targets = app.view.focusable(app.scene) if app.scene is not None else []
        (app.view.element(targets[0]) if targets else document.getElementById("table")).focus()

    # Dialogs

    def close(self, id_: str) -> None:
        el = document.getElementById(id_)
        if el.open:
            el.close()

    def confirm(self, text: str, on_yes: Callable[[], None]) -> None:
        document.getElementById("confirm-text").textContent = text
        self.on_yes = on_yes
        document.getElementById("confirm").showModal()

    def _confirm_yes(self, event: Any) -> None:
        self.close("confirm")
        action, self.on_yes = self.on_yes, None
        if action is not None:
            action()

    def show_stats(self) -> None:
        self.fill_stats()
        document.getElementById("stats-message").textContent = ""
        document.getElementById("stats").showModal()

    def fill_stats(self) -> None:
        app = self.app
        app.records = app.keeper.stored_records()
        day = dt.date.fromisoformat(today())
        document.getElementById("stats-body").innerHTML = statsview.body(
            app.records, app.game.solitaire, app.game.rules, day, zone(), scoring=app.settings.scoring_for)

    def export_stats(self) -> None:
        """Download every statistic and personal best as the engine writes them."""
        text = self.app.keeper.stored_records().to_json(indent=1)
        options = to_js({"type": "application/json"}, dict_converter=Object.fromEntries)
        blob = window.Blob.new(to_js([text]), options)
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"tripeaks-statistics-{today()}.json"
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
        self.app.spawn(self._import_stats(chosen))

    async def _import_stats(self, chosen: Any) -> None:
        """Merge a statistics file into the records: the engine checks and merges it and says what it
        did; a file it refuses changes nothing."""
        app = self.app
        message = document.getElementById("stats-message")
        try:
            # One character past the most the engine takes, so that it refuses a file too large.
            text = str(await chosen.slice(0, MAX_IMPORT + 1).text())
            done = import_records(app.keeper.stored_records(), text, solitaire=app.game.solitaire)
        except InvalidRecordsError as error:
            message.textContent = str(error)
            return
        except Exception as error:  # the browser could not read the file
            window.console.warn(f"TriPeaks could not read the file: {error!r}")
            message.textContent = say.FILE_UNREADABLE
            return
        app.records = done.records
        app.store.write(storage.RECORDS, app.records.to_json())
        app.keeper.notice()
        self.fill_stats()
        message.textContent = done.text

    def show_help(self) -> None:
        game = self.app.game
        solitaire = game.solitaire
        turns = [kind for kind in stock_kinds(game) if kind is not MoveKind.DRAW]
        paragraphs = "".join(f"<p>{escape(text)}</p>" for text in solitaire.words.help)
        lines = say.keys_help(solitaire.pairs, turns[0].value if turns else None)
        document.getElementById("help-title").textContent = say.help_title(solitaire.name)
        document.getElementById("help-rules").innerHTML = paragraphs
        document.getElementById("help-keys").innerHTML = "".join(
            "<li>" + " ".join(f"<kbd>{escape(key)}</kbd>" + (f" {escape(words)}" if words else "")
                              for key, words in line) + "</li>"
            for line in lines
        )
        document.getElementById("help").showModal()
