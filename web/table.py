"""The DOM of the table: draws a Scene (web/scene.py) where a Geometry (web/geometry.py) puts it, touching
only what changed since the last drawing. It decides nothing: what to show is the scene's, where the
geometry's, and motion is web/motion.py's, played after the drawing."""

from typing import Any

from cardface import face_html
from dom import escape
from geometry import Geometry, arrange
from pyscript import document
from scene import Control, Scene, Shown, clock

from tripeaks import Game, Layout
from tripeaks import page_words as say

Rect = tuple[float, float]

_BAR = ("draw", "reset", "redeal", "undo", "redo", "hint")
_RUN_FULL = 10
"""The run that fills the run meter."""


class TableView:
    """Keeps the DOM in step with the scenes it is given."""

    def __init__(self) -> None:
        self.felt = document.getElementById("table")
        self.cards = document.getElementById("layout")
        self.layout: Layout | None = None
        self.slots: list[Any] = []
        self.stock = document.getElementById("stock")
        self.waste = document.getElementById("waste")
        self.waste_top = document.getElementById("waste-top")
        self.waste_under = document.getElementById("waste-under")
        self._els: dict[str, Any] = {}
        self._drawn_slots: list[Shown | None] = []
        self._drawn: dict[tuple[str, str], object] = {}
        self.geometry: Geometry | None = None
        self.scene: Scene | None = None
        self.fit_content = False

    def el(self, id_: str) -> Any:
        el = self._els.get(id_)
        if el is None:
            el = self._els[id_] = document.getElementById(id_)
        return el

    def element(self, target: str) -> Any:
        """The element of a target (``slot:<n>``, ``stock``, ``waste``)."""
        if target.startswith("slot:"):
            return self.slots[int(target[5:])]
        return self.stock if target == "stock" else self.waste_top

    def _set(self, id_: str, what: str, value: object) -> bool:
        """A DOM write only when the value changes."""
        key = (id_, what)
        if self._drawn.get(key, ...) == value:
            return False
        self._drawn[key] = value
        el = self.el(id_)
        if what == "text":
            el.textContent = value
        elif what == "html":
            el.innerHTML = value
        elif what == "class":
            el.className = value
        elif what == "disabled":
            el.disabled = value
        elif what == "hidden":
            el.hidden = value
        elif what == "tabindex":
            el.tabIndex = value
        elif what == "style":
            el.style.cssText = value
        else:
            el.setAttribute(what, value)
        return True

    def forget(self) -> None:
        """Draw everything afresh next time (after another game is put on the table)."""
        self._drawn_slots = [None] * len(self.slots)
        self._drawn.clear()
        self.scene = None

    def build(self, layout: Layout, name: str) -> None:
        """One element per slot of ``layout``; placed by :meth:`place`."""
        if layout is self.layout:
            return
        self.layout = layout
        self.cards.innerHTML = ""
        self.slots = []
        for slot in range(layout.size):
            el = document.createElement("button")
            el.type = "button"
            el.className = "card back"
            el.dataset.slot = str(slot)
            el.setAttribute("aria-label", "Face-down card")
            el.tabIndex = -1
            self.cards.appendChild(el)
            self.slots.append(el)
        self.cards.setAttribute("aria-label", f"The cards of {name}")
        self._drawn_slots = [None] * len(self.slots)
        self.geometry = None

    def place(self, *, force: bool = False) -> bool:
        """Put every card where the geometry of the felt's size says; whether anything moved."""
        layout = self.layout
        if layout is None:
            return False
        fit = str(document.documentElement.getAttribute("data-fit")) == "content"
        force = force or fit != self.fit_content
        self.fit_content = fit
        rect = self.felt.getBoundingClientRect()
        width, height = float(rect.width), float(rect.height)
        if (not force and self.geometry is not None and abs(self.geometry.width - width) < 0.5
                and (self.fit_content or abs(self.geometry.height - height) < 0.5)):
            return False
        geometry = arrange(width, height, layout.places, fit_width_only=self.fit_content)
        min_x = min(x for x, _ in layout.places)
        self.geometry = geometry
        self.felt.style.cssText = geometry.style() + (
            f"height:{geometry.height:.0f}px" if self.fit_content else "")
        for slot, (el, box, (x, y)) in enumerate(zip(self.slots, geometry.slots, layout.places, strict=True)):
            # --x and --y: the engine's place for the slot (in card widths and rows), which the box is.
            el.style.cssText = f"{box.css()};z-index:{slot + 1};--x:{x - min_x:g};--y:{y:g}"
        self.stock.style.cssText = geometry.stock.css()
        self.waste.style.cssText = geometry.waste.css()
        self.el("message").style.cssText = geometry.message.css()
        meter = geometry.meter
        self.el("run-meter").style.cssText = meter.css()
        document.documentElement.dataset.arrangement = geometry.arrangement
        return True

    # Drawing

    def render(self, game: Game, scene: Scene) -> None:
        self.build(game.position.layout, game.solitaire.name)
        if self.geometry is None:
            self.place(force=True)
        for slot, shown in enumerate(scene.slots):
            before = self._drawn_slots[slot]
            if shown != before:
                self._draw_slot(slot, shown, before)
                self._drawn_slots[slot] = shown
        self._draw_stock(scene)
        self._draw_waste(scene)
        self._draw_figures(game, scene)
        self._draw_controls(scene.controls)
        self.scene = scene

    def frames(self, on: bool) -> None:
        self.felt.classList.toggle("frames", on)

    def _draw_slot(self, slot: int, shown: Shown, before: Shown | None) -> None:
        el = self.slots[slot]
        if shown.state == "gone":
            el.className = "card gone"
            el.innerHTML = ""
            el.removeAttribute("aria-label")
            el.setAttribute("aria-hidden", "true")
            el.tabIndex = -1
            return
        el.removeAttribute("aria-hidden")
        if shown.state == "down":
            el.className = "card back"
            el.innerHTML = ""
            el.setAttribute("aria-label", shown.label)
            el.tabIndex = -1
            return
        el.className = shown.classes
        if before is None or before.card != shown.card or before.state != "up":
            assert shown.card is not None
            el.innerHTML = face_html(shown.card)
        el.setAttribute("aria-label", shown.label)
        el.tabIndex = 0 if shown.takes else -1

    def _draw_stock(self, scene: Scene) -> None:
        shown, count = scene.stock, scene.stock_count
        badge = f'<span class="count" id="stock-count" aria-hidden="true">{count}</span>'
        depth = min(count, 24)
        if shown.state == "up" and shown.card is not None:
            self._set("stock", "class", f"{shown.classes} stock")
            self._set("stock", "html", face_html(shown.card) + badge)
        elif shown.state == "down":
            self._set("stock", "class", f"card back stock {shown.classes}".strip())
            self._set("stock", "html", badge)
        elif scene.stock_turns:
            self._set("stock", "class", f"card stock empty can-turn {shown.classes}".strip())
            self._set("stock", "html", '<span class="count" id="stock-count" aria-hidden="true">↻</span>')
        else:
            self._set("stock", "class", "card stock empty")
            self._set("stock", "html", '<span class="count" id="stock-count" aria-hidden="true"></span>')
        self._set("stock", "tabindex", 0 if shown.takes or scene.stock_turns else -1)
        self._set("stock", "aria-label", shown.label)
        self.stock.style.setProperty("--depth", str(depth))

    def _draw_waste(self, scene: Scene) -> None:
        shown = scene.waste
        if shown.state == "up" and shown.card is not None:
            self._set("waste-top", "class", shown.classes)
            self._set("waste-top", "html", face_html(shown.card))
            self._set("waste-top", "tabindex", 0 if shown.takes else -1)
        else:
            self._set("waste-top", "class", "card empty-pile marked" if shown.mark else "card empty-pile")
            mark = f'<span class="mark" aria-hidden="true">{escape(shown.mark)}</span>'
            self._set("waste-top", "html", mark)
            self._set("waste-top", "tabindex", -1)
        self._set("waste-top", "aria-label", shown.label)
        under = scene.under
        if under.state == "up" and under.card is not None:
            self._set("waste-under", "class", under.classes)
            self._set("waste-under", "html", face_html(under.card))
        else:
            self._set("waste-under", "class", "card gone")
            self._set("waste-under", "html", "")

    def _draw_figures(self, game: Game, scene: Scene) -> None:
        tallies = "".join(
            f'<div class="tally"><dt>{escape(label)}</dt>'
            f'<dd data-tally="{escape(key)}">{escape(value)}</dd></div>'
            for key, label, value in scene.figures if key not in ("moves", "time")
        )
        if self._drawn.get(("line", "tallies")) != tallies:  # the game's own figures, first in the line
            self._drawn["line", "tallies"] = tallies
            line = self.el("line")
            for el in line.querySelectorAll(".tally"):
                el.remove()
            line.insertAdjacentHTML("afterbegin", tallies)
        self._set("moves", "text", str(game.moves_made))
        self._set("left", "text", str(scene.left))
        self._set("left-figure", "hidden", not scene.left_shown)
        self.tick(game)
        runs = any(key == "run" for key, _, _ in scene.figures)
        self._set("run-meter", "class", "run-meter on" if runs else "run-meter")
        if runs:
            self._set("run-count", "text", str(scene.run) if scene.run else "")
            self.el("run-meter").style.setProperty("--run", f"{min(scene.run, _RUN_FULL) / _RUN_FULL:.2f}")

    def draw_deal(self, game: Game, grade: str | None) -> None:
        """The deal's name (over the felt and in the menu), its panel and its grade once known."""
        title = say.deal_title(game)
        self._set("deal-name", "text", title)
        self._set("menu-deal-name", "text", title)
        self._set("deal-name", "title", game.rules.describe())
        rows = "".join(
            f'<div class="panel-row"><span class="panel-label">{escape(name)}</span> '
            f'<span class="panel-value">{escape(value)}</span></div>'
            for name, value in game.solitaire.words.panel(game.position)
        )
        self._set("panel-rows", "html", rows)
        text = None if grade is None else game.solitaire.words.grade(grade, daily=game.daily is not None)
        self._set("deal-grade", "hidden", text is None)
        self._set("deal-grade", "text", text or "")

    def tick(self, game: Game) -> None:
        self._set("time", "text", clock(game.seconds))

    def _draw_controls(self, controls: dict[str, Control]) -> None:
        for id_ in _BAR:
            control = controls.get(id_)
            if control is None:
                continue
            # A stock button out of sight still says what it would do (hidden while the other one shows).
            self._set(id_, "hidden", control.hidden)
            self._set(id_, "disabled", control.disabled)
            self._set(id_, "class", "hinted" if control.hinted else "")
            if id_ in ("draw", "reset", "redeal") and control.label:
                self._set(id_, "aria-label", control.label)
                self._set(f"{id_}-text", "text", control.label)
        restart = controls.get("restart")
        if restart is not None:
            self._set("restart", "disabled", restart.disabled)
        undo = controls.get("undo")
        if undo is not None:
            self._set("ending-undo", "class", "hinted" if undo.hinted else "")

    # Places, for the keyboard and for motion

    def focusable(self, scene: Scene) -> list[str]:
        """The targets a player can move the focus over: where each card that may be taken is."""
        found = [f"slot:{slot}" for slot, shown in enumerate(scene.slots) if shown.takes]
        if scene.stock.state == "up" and scene.stock.takes:
            found.append("stock")
        if scene.waste.takes:
            found.append("waste")
        return found

    def centre(self, target: str) -> Rect:
        rect = self.element(target).getBoundingClientRect()
        return float(rect.left) + float(rect.width) / 2, float(rect.top) + float(rect.height) / 2
