"""Plays a motion Plan (web/motion.py) and the table's feedback on the DOM: flights and flips with the Web
Animations API (transform and opacity only), points floating up from a play, the deal, and the win's
celebration. Every call returns at once; nothing here is waited for, and all of it can be off."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from cardface import face_html
from dom import on
from geometry import Box
from js import Object
from motion import FLIP_MS, Plan, box_of
from pyodide.ffi import create_once_callable, to_js
from pyscript import document
from scene import colour

CELEBRATION_MS = 2600
"""The win's celebration (bound: 3 s); a tap ends it."""
FLOAT_MS = 900
_SUITS = ("♠\ufe0e", "♥\ufe0e", "♦\ufe0e", "♣\ufe0e")


def _js(value: object) -> Any:
    return to_js(value, dict_converter=Object.fromEntries)


class Effects:
    def __init__(self, view: Any) -> None:
        self.view = view
        self.on = True
        self.fx = document.getElementById("fx")
        self.running: list[Any] = []
        on(document.getElementById("table"), "pointerdown", lambda event: self.skip())

    def skip(self) -> None:
        """Finish every motion under way now (a tap during the deal or the celebration)."""
        for animation in self.running:
            with contextlib.suppress(Exception):  # already finished, or its element removed
                animation.finish()
        self.running = []
        self.end_celebration()

    def _animate(self, el: Any, frames: list[dict[str, object]], options: dict[str, object]) -> None:
        animation = el.animate(_js(frames), _js(options))
        self.running.append(animation)
        if len(self.running) > 200:
            self.running = self.running[-100:]

    def play(self, plan: Plan) -> None:
        if not self.on or plan.empty:
            return
        for flight in plan.flights:
            el = self.view.element(flight.target)
            here = self._box(flight.target)
            if here is None:
                continue
            start = flight.start
            # From the middle of where it was to the middle of where it is (a transform scales about it).
            dx = start.x + start.w / 2 - here.x - here.w / 2
            dy = start.y + start.h / 2 - here.y - here.h / 2
            sx, sy = start.w / here.w if here.w else 1, start.h / here.h if here.h else 1
            frames: list[dict[str, object]] = [
                {"transform": f"translate({dx:.1f}px,{dy:.1f}px) scale({sx:.3f},{sy:.3f})"},
                {"transform": "none"},
            ]
            if flight.flip:
                frames = [
                    {"transform": f"translate({dx:.1f}px,{dy:.1f}px) scale(0.05,{sy:.3f})"},
                    {"transform": f"translate({dx / 2:.1f}px,{dy / 2:.1f}px) scale(1,1)", "offset": 0.5},
                    {"transform": "none"},
                ]
            self._animate(el, frames, {"duration": flight.duration, "delay": flight.delay,
                                       "easing": "cubic-bezier(.2,.7,.3,1)", "fill": "backwards"})
        for target in plan.flips:
            self._animate(self.view.element(target),
                          [{"transform": "scaleX(0.05)"}, {"transform": "none"}],
                          {"duration": FLIP_MS, "easing": "ease-out"})
        for ghost in plan.ghosts:
            el = document.createElement("div")
            el.className = f"card face ghost {colour(ghost.card)}"
            el.setAttribute("aria-hidden", "true")
            el.innerHTML = face_html(ghost.card)
            el.style.cssText = ghost.box.css() + ";position:absolute;z-index:95;pointer-events:none"
            self.fx.appendChild(el)
            dx, dy = ghost.towards.x - ghost.box.x, ghost.towards.y - ghost.box.y
            animation = el.animate(
                _js([{"opacity": 1, "transform": "none"},
                     {"opacity": 0,
                      "transform": f"translate({dx * 0.3:.1f}px,{dy * 0.3 - 20:.1f}px) scale(0.7)"}]),
                _js({"duration": 260, "easing": "ease-in"}),
            )
            animation.onfinish = create_once_callable(lambda *_, el=el: el.remove())

    def _box(self, target: str) -> Box | None:
        geometry = self.view.geometry
        if geometry is None:
            return None
        return geometry.layout if target == "layout" else box_of(geometry, target)

    def points(self, target: str, text: str, *, big: bool = False) -> None:
        """``text`` (points won: "+3") floats up from ``target``'s card."""
        box = self._box(target)
        if box is None or not text:
            return
        el = document.createElement("span")
        el.className = "float big" if big else "float"
        el.textContent = text
        el.style.left = f"{box.x + box.w / 2:.0f}px"
        el.style.top = f"{box.y + box.h * 0.3:.0f}px"
        self.fx.appendChild(el)
        if not self.on:
            document.defaultView.setTimeout(create_once_callable(lambda: el.remove()), 1200)
            return
        animation = el.animate(
            _js([{"opacity": 0, "transform": "translate(-50%,-30%) scale(0.8)"},
                 {"opacity": 1, "transform": "translate(-50%,-80%) scale(1.05)", "offset": 0.2},
                 {"opacity": 0, "transform": "translate(-50%,-260%) scale(1)"}]),
            _js({"duration": FLOAT_MS * (1.6 if big else 1), "easing": "ease-out"}),
        )
        animation.onfinish = create_once_callable(lambda *_: el.remove())

    def shake(self, target: str) -> None:
        """A little shake for a card that can't go."""
        if self.on:
            self._animate(self.view.element(target), [
                {"transform": "translateX(0)"}, {"transform": "translateX(-5px)"},
                {"transform": "translateX(5px)"}, {"transform": "translateX(0)"}], {"duration": 200})

    def celebrate(self) -> None:
        """Suits raining over the table for a moment; a tap ends it."""
        if not self.on:
            return
        self.end_celebration()
        self.fx.classList.add("celebrating")
        felt = self.view.geometry
        width = felt.width if felt is not None else 360.0
        height = felt.height if felt is not None else 600.0
        for n in range(28):
            el = document.createElement("span")
            suit = _SUITS[n % 4]
            el.className = "confetti " + ("red" if n % 4 in (1, 2) else "black")
            el.textContent = suit
            el.style.left = f"{random.uniform(0, width - 20):.0f}px"
            el.style.color = "#c8102e" if n % 4 in (1, 2) else "#fdfbf4"
            self.fx.appendChild(el)
            fall = height + 60
            drift = random.uniform(-60, 60)
            turn = random.uniform(-540, 540)
            self._animate(el, [
                {"transform": "translate(0,0) rotate(0deg)", "opacity": 1},
                {"transform": f"translate({drift:.0f}px,{fall:.0f}px) rotate({turn:.0f}deg)", "opacity": 0.9},
            ], {"duration": random.uniform(1400, CELEBRATION_MS - 200), "delay": random.uniform(0, 400),
                "easing": "cubic-bezier(.3,.1,.7,1)", "fill": "both"})
        document.defaultView.setTimeout(create_once_callable(self.end_celebration), CELEBRATION_MS)

    def end_celebration(self) -> None:
        self.fx.classList.remove("celebrating")
        for el in self.fx.querySelectorAll(".confetti"):
            el.remove()
