"""The table drawn from a Game: slots, stock, waste, scores, panel and buttons, touching only what changed."""

from cardface import colour_class, face_html
from js import Object
from pyodide.ffi import to_js
from pyscript import document

from tripeaks import TRIPEAKS, Game, Status, rank_label
from tripeaks.layout import bits

_SPEED_MS = 180


def clock(seconds: float) -> str:
    """Playing time as m:ss (or h:mm:ss)."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def deal_title(game: Game) -> str:
    rules = game.rules.name.capitalize()
    if game.daily:
        return f"Daily deal {game.daily} · {rules}"
    if game.number is not None:
        return f"Deal {game.number:,} · {rules}"
    return f"Shared deal · {rules}"


def _js(value: object) -> object:
    return to_js(value, dict_converter=Object.fromEntries)


class TableView:
    """Keeps the DOM in step with a game. Remembers what it last drew, so a render after a move
    updates a handful of elements, never the whole table."""

    def __init__(self) -> None:
        self.peaks = document.getElementById("peaks")
        self.table = document.getElementById("table")
        slots = [None] * TRIPEAKS.layout.size
        for el in self.peaks.querySelectorAll(".card[data-slot]"):
            slots[int(el.dataset.slot)] = el
        self.slots = slots
        for slot, (x, y) in enumerate(TRIPEAKS.layout.places):
            # The page's markup carries the same places so the skeleton is right before Python runs.
            self.slots[slot].style.setProperty("--x", f"{x:g}")
            self.slots[slot].style.setProperty("--y", f"{y:g}")
        self.stock = document.getElementById("stock")
        self.waste = document.getElementById("waste")
        self.waste_top = document.getElementById("waste-top")
        self.waste_under = document.getElementById("waste-under")
        self._els: dict[str, object] = {}
        self._drawn_slots: list[tuple | None] = [None] * TRIPEAKS.layout.size
        self._drawn: dict[tuple[str, str], object] = {}
        self.motion = True

    def el(self, id_: str):
        el = self._els.get(id_)
        if el is None:
            el = self._els[id_] = document.getElementById(id_)
        return el

    # Small cached setters: a DOM write only when the value changes

    def _set(self, id_: str, what: str, value: object) -> bool:
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
        else:
            el.setAttribute(what, value)
        return True

    def forget(self) -> None:
        """Draw everything afresh next time (after another game is put on the table)."""
        self._drawn_slots = [None] * TRIPEAKS.layout.size
        self._drawn.clear()

    # Rendering

    def render(
        self,
        game: Game,
        *,
        frames: bool,
        hint_slot: int | None = None,
        hint_control: str | None = None,
        motion: tuple[str, int | None] | None = None,
    ) -> None:
        position = game.position
        status = game.status
        playing = status is Status.PLAYING
        free = position.free
        ranks = position.playable_ranks() if playing else ()
        for slot in range(TRIPEAKS.layout.size):
            card = position.cards[slot]
            if card is None:
                key: tuple = ("gone",)
            elif not position.is_face_up(slot):
                key = ("down",)
            else:
                is_free = bool(free >> slot & 1)
                key = ("up", card, is_free, is_free and card.rank in ranks, slot == hint_slot)
            if key != self._drawn_slots[slot]:
                self._draw_slot(slot, key, self._drawn_slots[slot])
                self._drawn_slots[slot] = key

        self._set("table", "class", "table frames" if frames else "table")
        self._draw_piles(game, hint_control)
        self._draw_scores(game)
        self._draw_panel(game, ranks)
        self._draw_buttons(game, hint_control)
        self._draw_ending(game)
        if motion is not None and self.motion:
            self._animate(motion)

    def _draw_slot(self, slot: int, key: tuple, before: tuple | None) -> None:
        el = self.slots[slot]
        if key[0] == "gone":
            el.className = "card gone"
            el.innerHTML = ""
            el.removeAttribute("aria-label")
            el.setAttribute("aria-hidden", "true")
            el.tabIndex = -1
            return
        el.removeAttribute("aria-hidden")
        if key[0] == "down":
            el.className = "card back"
            el.innerHTML = ""
            el.setAttribute("aria-label", "Face-down card")
            el.tabIndex = -1
            return
        _, card, is_free, playable, hinted = key
        classes = ["card", "face", colour_class(card), "free" if is_free else "covered"]
        if playable:
            classes.append("playable")
        if hinted:
            classes.append("hinted")
        el.className = " ".join(classes)
        if before is None or before[0] != "up" or before[1] != card:
            el.innerHTML = face_html(card)
        label = card.name
        if not is_free:
            label += ", covered"
        elif playable:
            label += ", playable"
        el.setAttribute("aria-label", label)
        el.tabIndex = 0 if is_free else -1

    def _draw_piles(self, game: Game, hint_control: str | None) -> None:
        position = game.position
        top = position.top
        self._set("waste-top", "class", f"card face {colour_class(top)}")
        self._set("waste-top", "html", face_html(top))
        self._set("waste", "aria-label", f"Waste: {top.name}")
        if len(position.waste) > 1:
            under = position.waste[-2]
            self._set("waste-under", "class", f"card face {colour_class(under)}")
            self._set("waste-under", "html", face_html(under))
        else:
            self._set("waste-under", "class", "card gone")
            self._set("waste-under", "html", "")
        count = len(position.stock)
        hinted = " hinted" if hint_control in ("draw", "reset") else ""
        if count:
            deep = " deep" if count > 2 else ""
            self._set("stock", "class", f"card back stock{deep}{hinted}")
            self._set("stock-count", "text", str(count))
            noun = "card" if count == 1 else "cards"
            self._set("stock", "aria-label", f"Stock: {count} {noun}. Draw a card")
        elif game.can_reset:
            self._set("stock", "class", f"card stock empty can-reset{hinted}")
            self._set("stock-count", "text", "↻")
            self._set("stock", "aria-label", "Stock: empty. Turn the waste over to reset it")
        else:
            self._set("stock", "class", "card stock empty")
            self._set("stock-count", "text", "")
            self._set("stock", "aria-label", "Stock: empty")

    def _draw_scores(self, game: Game) -> None:
        self._set("score", "text", str(game.score))
        self._set("run", "text", str(game.run))
        self._set("moves", "text", str(game.moves_made))
        self.tick(game)
        self._set("deal-name", "text", deal_title(game))
        self._set("deal-name", "title", game.rules.describe())

    def tick(self, game: Game) -> None:
        self._set("time", "text", clock(game.seconds))

    def _draw_panel(self, game: Game, ranks: tuple[int, ...]) -> None:
        if ranks:
            chips = "".join(f'<span class="rank-chip">{rank_label(r)}</span>' for r in ranks)
            words = " or ".join(rank_label(r) for r in ranks)
            self._set("playable", "html", chips)
            self._set("playable", "aria-label", words)
        else:
            self._set("playable", "html", "—")
            self._set("playable", "aria-label", "nothing")
        self._set("run-now", "text", str(game.run))
        rules, position = game.rules, game.position
        if rules.resets is None:
            passes = f"pass {position.resets + 1} (unlimited)"
        else:
            passes = f"pass {position.resets + 1}/{rules.passes}"
        self._set("passes", "text", f"{len(position.stock)} left · {passes}")

    def _draw_buttons(self, game: Game, hint_control: str | None) -> None:
        playing = game.status is Status.PLAYING
        self._set("draw", "disabled", not game.can_draw)
        self._set("draw", "class", "hinted" if hint_control == "draw" else "")
        self._set("reset", "hidden", not game.can_reset)
        self._set("reset", "class", "hinted" if hint_control == "reset" else "")
        self._set("undo", "disabled", not game.can_undo)
        self._set("undo", "class", "hinted" if hint_control == "undo" else "")
        self._set("ending-undo", "class", "hinted" if hint_control == "undo" else "")
        self._set("redo", "disabled", not game.can_redo)
        self._set("hint", "disabled", not playing and game.status is Status.WON)
        self._set("restart", "disabled", not game.can_undo and not game.can_redo)

    def _draw_ending(self, game: Game) -> None:
        status = game.status
        if status is Status.PLAYING:
            self._set("ending", "hidden", True)
            self._set("ending", "class", "ending")
            return
        if status is Status.WON:
            self._set("ending", "class", "ending won")
            self._set("ending-title", "text", "You cleared the peaks!")
            self._set(
                "ending-text", "text",
                f"Score {game.score} in {game.moves_made} moves and {clock(game.seconds)}. "
                f"Longest run: {game.longest_run}.",
            )
            self._set("ending-hint", "hidden", True)
        else:
            self._set("ending", "class", "ending lost")
            self._set("ending-title", "text", "No more moves")
            self._set(
                "ending-text", "text",
                "Nothing can be played and the stock is spent. Undo to try another way, ask "
                "for a hint, or restart this deal.",
            )
            self._set("ending-hint", "hidden", False)
        self._set("ending", "hidden", False)

    # Motion: a card glides from where it was (FLIP with the Web Animations API)

    def _animate(self, motion: tuple[str, int | None]) -> None:
        kind, slot = motion
        if kind == "to_waste" and slot is not None:
            self._glide(self.waste_top, self.slots[slot])
        elif kind == "from_stock":
            self._glide(self.waste_top, self.stock)
        elif kind == "to_slot" and slot is not None:
            self._glide(self.slots[slot], self.waste)

    def _glide(self, el, origin) -> None:
        here = el.getBoundingClientRect()
        there = origin.getBoundingClientRect()
        dx, dy = there.left - here.left, there.top - here.top
        if abs(dx) < 1 and abs(dy) < 1:
            return
        el.animate(
            _js([
                {"transform": f"translate({dx:.1f}px, {dy:.1f}px)", "zIndex": 50},
                {"transform": "translate(0, 0)", "zIndex": 50},
            ]),
            _js({"duration": _SPEED_MS, "easing": "cubic-bezier(.2,.7,.3,1)"}),
        )

    def refuse(self, slot: int) -> None:
        """A little shake for a card that can't go."""
        if not self.motion:
            return
        el = self.slots[slot]
        el.animate(
            _js([
                {"translate": "0 0"}, {"translate": "-4px 0"}, {"translate": "4px 0"},
                {"translate": "0 0"},
            ]),
            _js({"duration": 200}),
        )

    def free_slots(self, game: Game) -> list[int]:
        """The free face-up slots, for the keyboard."""
        return list(bits(game.position.free))
