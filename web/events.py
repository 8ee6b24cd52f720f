"""The page's input: clicks and taps on the cards, the piles and the controls, the deal number form, the
keyboard, another tab's storage, and the clock's tick, each turned into the call that handles it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import keys
from dom import closest, nothing
from pyscript import document, window
from scene import stock_kinds, stock_shows

from tripeaks import MAX_DEAL, Game, MoveKind, Status, numbered_deal
from tripeaks import page_words as say

if TYPE_CHECKING:
    from page import Page


class Events:
    def __init__(self, app: Page) -> None:
        self.app = app

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
        if self.app.drag is not None and self.app.drag.just_dragged:
            self.app.drag.just_dragged = False
            return True
        return False

    def card_click(self, event: Any) -> None:
        el = closest(event, "[data-slot]")
        if el is None or self.app.watcher.watching is not None or self._dragged():
            return
        self.app.play.tap(f"slot:{el.dataset.slot}")

    def stock_click(self, event: Any) -> None:
        if self.app.watcher.watching is not None or self._dragged():
            return
        if stock_shows(self.app.game.position):
            self.app.play.tap("stock")
        else:
            self.app.play.stock_action()

    def waste_click(self, event: Any) -> None:
        if self.app.watcher.watching is not None or self._dragged():
            return
        self.app.play.tap("waste")

    def action_click(self, event: Any) -> None:
        el = closest(event, "[data-action]")
        if el is None or el.disabled:
            return
        self.app.act(str(el.dataset.action))

    def deal_form(self, event: Any) -> None:
        event.preventDefault()
        field = document.getElementById("deal-number")
        text = str(field.value).strip().replace(",", "").replace(" ", "")
        if not (text.isascii() and text.isdigit() and len(text) <= 10 and 1 <= int(text) <= MAX_DEAL):
            self.app.say(say.bad_deal_number(text, MAX_DEAL))
            field.focus()
            return
        number = int(text)
        field.value = ""
        self.app.sheets.close("menu")
        solitaire = self.app.game.solitaire
        rules = self.app.settings.rules_for(solitaire)
        self.app.start(Game(numbered_deal(number, solitaire), rules, number=number))
        self.app.say(self.app.where_words())

    def key(self, event: Any) -> None:
        if not nothing(document.querySelector("dialog[open]")):
            return
        target = event.target
        tag = str(getattr(target, "tagName", "")).lower()
        choosing = tag == "input" and str(target.type) in ("radio", "checkbox")
        if tag in ("select", "textarea") or (tag == "input" and not choosing):
            return  # typing: the keys are the field's
        if self.app.watcher.watching is not None:
            self.app.watcher.key(event, tag)
            return
        if str(event.key) == "Escape" and self.app.reviewer.open:
            self.app.reviewer.close()
            return
        if str(event.key) == "Escape" and not document.getElementById("ending").hidden:
            self.app.sheets.close_ending()
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
                self.app.view.element(target).focus()
        elif command == "stock":
            self.app.play.stock_action()
        elif command == "turn":
            turns = [kind for kind in stock_kinds(self.app.game) if kind is not MoveKind.DRAW]
            if turns:
                self.app.act(str(turns[0]))
        else:
            self.app.act(command)

    def places(self) -> dict[str, tuple[float, float]]:
        if self.app.scene is None:
            return {}
        return {t: self.app.view.centre(t) for t in self.app.view.focusable(self.app.scene)}

    def storage_event(self, event: Any) -> None:
        if str(event.key) != self.app.key or self.app.keeper.conflict:
            return
        if self.app.store.changed_elsewhere(self.app.key):
            self.app.keeper.on_conflict()

    def tick(self, *args: Any) -> None:
        now = float(window.performance.now())
        elapsed = min((now - self.app.last_tick) / 1000, 5.0)
        self.app.last_tick = now
        game = self.app.game
        if (str(document.visibilityState) == "visible" and self.app.watcher.watching is None
                and game.moves_made > 0 and game.status is Status.PLAYING):
            game.seconds += elapsed
            self.app.view.tick(game)
        if self.app.store.full and self.app.store.retry():  # space was freed: saving works again
            self.app.keeper.save()
        if self.app.store.problem != self.app.keeper.shown:  # any write (a record, a save) may have fixed it
            self.app.keeper.notice()
