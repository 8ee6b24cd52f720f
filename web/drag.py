"""Dragging a card that may be taken onto the waste or onto another card (pointer events: mouse, pen
and touch alike). What the drop does is the app's question (it asks the engine): this module only
says which card went where."""

import contextlib
from collections.abc import Callable
from typing import Any

from dom import closest, nothing, on

_THRESHOLD = 8  # pixels the pointer moves before a press becomes a drag
_DRAGGABLE = "#layout .card.free, #stock.face.free, #waste-top.face.free"


def target_of_element(el: Any) -> str:
    """The app's name for a card's element: ``slot:<n>``, ``stock`` or ``waste``."""
    if str(el.id) == "stock":
        return "stock"
    if str(el.id) == "waste-top":
        return "waste"
    return f"slot:{el.dataset.slot}"


class Drag:
    def __init__(self, document: Any, window: Any, drop: Callable[[str, str | None], None]) -> None:
        self.document = document
        self.waste = document.getElementById("waste")
        self.drop = drop
        self.start: tuple[Any, float, float, Any] | None = None  # (pointer id, x, y, element)
        self.dragging = False
        self.just_dragged = False
        self.over: Any = None
        for id_ in ("layout", "stock", "waste"):
            on(document.getElementById(id_), "pointerdown", self.down)
        on(window, "pointermove", self.move)
        on(window, "pointerup", self.up)
        on(window, "pointercancel", self.cancel)

    def down(self, event: Any) -> None:
        self.just_dragged = False
        if event.button != 0:
            return
        el = closest(event, _DRAGGABLE)
        if el is None:
            return
        self.start = (event.pointerId, float(event.clientX), float(event.clientY), el)
        self.dragging = False

    def _target_under(self, event: Any) -> Any:
        """The card element or the waste under the pointer (not the card dragged), or None."""
        assert self.start is not None
        dragged = self.start[3]
        for el in self.document.elementsFromPoint(event.clientX, event.clientY):
            if el == dragged or not hasattr(el, "closest"):
                continue
            card = el.closest(_DRAGGABLE)
            if not nothing(card) and card != dragged:
                return card
            pile = el.closest("#waste")
            if not nothing(pile):
                return pile
        rect = self.waste.getBoundingClientRect()
        margin = float(rect.width) * 0.5
        if (rect.left - margin <= event.clientX <= rect.right + margin
                and rect.top - margin <= event.clientY <= rect.bottom + margin):
            return self.waste
        return None

    def _mark(self, el: Any) -> None:
        if self.over is not None and self.over != el:
            self.over.classList.remove("target")
        self.over = el
        if el is not None:
            el.classList.add("target")

    def move(self, event: Any) -> None:
        if self.start is None or event.pointerId != self.start[0]:
            return
        pid, x0, y0, el = self.start
        dx, dy = float(event.clientX) - x0, float(event.clientY) - y0
        if not self.dragging:
            if dx * dx + dy * dy < _THRESHOLD * _THRESHOLD:
                return
            self.dragging = True
            el.classList.add("dragging")
            with contextlib.suppress(Exception):  # the pointer may already be gone
                el.setPointerCapture(pid)
        event.preventDefault()
        el.style.transform = f"translate({dx}px, {dy}px)"
        self._mark(self._target_under(event))

    def up(self, event: Any) -> None:
        if self.start is None or event.pointerId != self.start[0]:
            return
        el = self.start[3]
        was_dragging = self.dragging
        over = self._target_under(event) if was_dragging else None
        self._clear()
        if was_dragging:
            self.just_dragged = True  # the click that follows is not a tap
            if over is not None:
                where = "waste-pile" if str(over.id) == "waste" else target_of_element(over)
                self.drop(target_of_element(el), where)

    def cancel(self, event: Any) -> None:
        if self.start is not None and event.pointerId == self.start[0]:
            self._clear()

    def _clear(self) -> None:
        if self.start is not None:
            el = self.start[3]
            el.classList.remove("dragging")
            el.style.transform = ""
        self._mark(None)
        self.start = None
        self.dragging = False
