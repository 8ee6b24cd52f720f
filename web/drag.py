"""Dragging a free card onto the waste plays it (pointer events: mouse, pen and touch alike)."""

import contextlib

from dom import closest, on

_THRESHOLD = 8  # pixels the pointer moves before a press becomes a drag


class Drag:
    def __init__(self, document, window, play) -> None:
        self.waste = document.getElementById("waste")
        self.play = play
        self.start = None  # (pointer id, x, y, element, slot)
        self.dragging = False
        self.just_dragged = False
        on(document.getElementById("peaks"), "pointerdown", self.down)
        on(window, "pointermove", self.move)
        on(window, "pointerup", self.up)
        on(window, "pointercancel", self.cancel)

    def down(self, event) -> None:
        self.just_dragged = False
        if event.button != 0:
            return
        el = closest(event, ".card.free")
        if el is None:
            return
        self.start = (event.pointerId, event.clientX, event.clientY, el, int(el.dataset.slot))
        self.dragging = False

    def _over_waste(self, event) -> bool:
        rect = self.waste.getBoundingClientRect()
        margin = rect.width * 0.5
        return (
            rect.left - margin <= event.clientX <= rect.right + margin
            and rect.top - margin <= event.clientY <= rect.bottom + margin
        )

    def move(self, event) -> None:
        if self.start is None or event.pointerId != self.start[0]:
            return
        pid, x0, y0, el, _ = self.start
        dx, dy = event.clientX - x0, event.clientY - y0
        if not self.dragging:
            if dx * dx + dy * dy < _THRESHOLD * _THRESHOLD:
                return
            self.dragging = True
            el.classList.add("dragging")
            with contextlib.suppress(Exception):  # the pointer may already be gone
                el.setPointerCapture(pid)
        event.preventDefault()
        el.style.transform = f"translate({dx}px, {dy}px)"
        self.waste.classList.toggle("target", self._over_waste(event))

    def up(self, event) -> None:
        if self.start is None or event.pointerId != self.start[0]:
            return
        slot = self.start[4]
        was_dragging = self.dragging
        over = was_dragging and self._over_waste(event)
        self._clear()
        if was_dragging:
            self.just_dragged = True  # the click that follows is not a tap
            if over:
                self.play(slot, glide=False)

    def cancel(self, event) -> None:
        if self.start is not None and event.pointerId == self.start[0]:
            self._clear()

    def _clear(self) -> None:
        if self.start is not None:
            el = self.start[3]
            el.classList.remove("dragging")
            el.style.transform = ""
        self.waste.classList.remove("target")
        self.start = None
        self.dragging = False
