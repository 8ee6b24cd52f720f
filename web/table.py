"""The table drawn from a Game of any game of the family: its layout from the engine's slot places, the
stock and the waste, the figures, the panel and the buttons, touching only what changed.

Nothing here knows a rule. What is playable is the position's ``playable()``, what may be taken its
``available()``, whether the stock's top card shows its ``place_of``, what each stock-move button says
(and whether it is shown) the game's words, and every sentence is the game's own.
"""

from typing import Any

from cardface import colour_class, face_html
from dom import escape
from js import Object
from pyodide.ffi import create_once_callable, to_js
from pyscript import document

from tripeaks import Card, Game, Layout, Move, MoveKind, Place, Position, Status

_SPEED_MS = 180
_STOCK_MOVES = (MoveKind.DRAW, MoveKind.RESET, MoveKind.REDEAL)
"""Moves a button of the controls makes, by the kind of move: #draw, #reset, #redeal."""

Rect = tuple[float, float]


def clock(seconds: float) -> str:
    """Playing time as m:ss (or h:mm:ss)."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def deal_title(game: Game) -> str:
    rules = game.rules.label
    if game.daily:
        return f"Daily deal {game.daily} · {rules}"
    if game.number is not None:
        return f"Deal {game.number:,} · {rules}"
    return f"Shared deal · {rules}"


def stock_kinds(game: Game) -> list[MoveKind]:
    """The kinds of stock move the game has, in the order of their buttons."""
    return [kind for kind in _STOCK_MOVES if kind in game.solitaire.moves]


def target_of(position: Position, card: Card) -> str | None:
    """Where the page shows ``card``: ``slot:<n>``, ``stock`` (its top, face up or not) or ``waste``
    (its top); None when it is out of sight or out of the game."""
    if position.stock and position.stock[0] == card:
        return "stock"
    place = position.place_of(card)
    if place is None:
        return None
    where, slot = place
    if where is Place.TABLE:
        return f"slot:{slot}"
    return "stock" if where is Place.STOCK else "waste"


def stock_shows(position: Position) -> bool:
    """Whether the stock's top card lies face up (and may be taken)."""
    return bool(position.stock) and position.place_of(position.stock[0]) is not None


def _js(value: object) -> Any:
    return to_js(value, dict_converter=Object.fromEntries)


class TableView:
    """Keeps the DOM in step with a game. Remembers what it last drew, so a render after a move
    updates a handful of elements, never the whole table."""

    def __init__(self) -> None:
        self.cards = document.getElementById("layout")
        self.layout: Layout | None = None
        self.slots: list[Any] = []
        self.stock = document.getElementById("stock")
        self.waste = document.getElementById("waste")
        self.waste_top = document.getElementById("waste-top")
        self.waste_under = document.getElementById("waste-under")
        self._els: dict[str, Any] = {}
        self._drawn_slots: list[tuple[Any, ...] | None] = []
        self._drawn: dict[tuple[str, str], object] = {}
        self.motion = True

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
        elif what == "tabindex":
            el.tabIndex = value
        else:
            el.setAttribute(what, value)
        return True

    def forget(self) -> None:
        """Draw everything afresh next time (after another game is put on the table)."""
        self._drawn_slots = [None] * len(self.slots)
        self._drawn.clear()

    def build(self, layout: Layout, name: str) -> None:
        """Make one element per slot of ``layout``, placed where the engine says (x in card widths,
        y in rows); the table's size follows the layout."""
        if layout is self.layout:
            return
        self.layout = layout
        xs = [x for x, _ in layout.places]
        left, deepest = min(xs), max(y for _, y in layout.places)
        self.cards.innerHTML = ""
        self.slots = []
        for slot, (x, y) in enumerate(layout.places):
            el = document.createElement("button")
            el.type = "button"
            el.className = "card back"
            el.dataset.slot = str(slot)
            el.style.setProperty("--x", f"{x - left:g}")
            el.style.setProperty("--y", f"{y:g}")
            el.setAttribute("aria-label", "Face-down card")
            el.tabIndex = -1
            self.cards.appendChild(el)
            self.slots.append(el)
        self.cards.setAttribute("aria-label", f"The cards of {name}")
        root = document.documentElement.style
        root.setProperty("--cols", f"{layout.width:g}")
        root.setProperty("--depth", f"{deepest:g}")
        self._drawn_slots = [None] * len(self.slots)

    # Rendering

    def render(
        self,
        game: Game,
        *,
        frames: bool,
        hinted: frozenset[str] = frozenset(),
        hint_control: str | None = None,
        selected: Card | None = None,
    ) -> None:
        position = game.position
        self.build(position.layout, game.solitaire.name)
        playing = game.status is Status.PLAYING
        playable = position.playable() if playing else frozenset()
        available = frozenset(card for card, _, _ in position.available())
        for slot, card in enumerate(position.cards):
            if card is None:
                key: tuple[Any, ...] = ("gone",)
            elif not position.is_face_up(slot):
                key = ("down",)
            else:
                key = ("up", card, card in available, card in playable, f"slot:{slot}" in hinted,
                       card == selected)
            if key != self._drawn_slots[slot]:
                self._draw_slot(slot, key, self._drawn_slots[slot])
                self._drawn_slots[slot] = key

        self._set("table", "class", "table frames" if frames else "table")
        self._draw_stock(game, playable, available, hinted, hint_control, selected)
        self._draw_waste(game, playable, available, hinted, selected)
        self._draw_figures(game)
        self._draw_buttons(game, hint_control)
        self._draw_ending(game)

    @staticmethod
    def _card_classes(card: Card, available: bool, playable: bool, hinted: bool, selected: bool,
                      *, pile: bool = False) -> str:
        classes = ["card", "face", colour_class(card), "free" if available else "" if pile else "covered"]
        if playable:
            classes.append("playable")
        if hinted:
            classes.append("hinted")
        if selected:
            classes.append("selected")
        return " ".join(c for c in classes if c)

    @staticmethod
    def _card_label(card: Card, available: bool, playable: bool, selected: bool) -> str:
        label = card.name
        if not available:
            label += ", covered"
        elif selected:
            label += ", selected"
        elif playable:
            label += ", playable"
        return label

    def _draw_slot(self, slot: int, key: tuple[Any, ...], before: tuple[Any, ...] | None) -> None:
        el = self.slots[slot]
        if key[0] == "gone":
            el.className = "card gone"
            el.innerHTML = ""
            el.removeAttribute("aria-label")
            el.removeAttribute("aria-pressed")
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
        _, card, available, playable, hinted, selected = key
        el.className = self._card_classes(card, available, playable, hinted, selected)
        if before is None or before[0] != "up" or before[1] != card:
            el.innerHTML = face_html(card)
        el.setAttribute("aria-label", self._card_label(card, available, playable, selected))
        el.tabIndex = 0 if available else -1

    def _draw_stock(
        self, game: Game, playable: frozenset[Card], available: frozenset[Card], hinted: frozenset[str],
        hint_control: str | None, selected: Card | None,
    ) -> None:
        position, words = game.position, game.solitaire.words
        stock = position.stock
        count = len(stock)
        turn = " hinted" if hint_control in [str(kind) for kind in stock_kinds(game)] else ""
        badge = f'<span class="count" id="stock-count" aria-hidden="true">{count}</span>'
        if stock_shows(position):
            top = stock[0]
            classes = self._card_classes(top, top in available, top in playable, "stock" in hinted,
                                         top == selected)
            deep = " deep" if count > 2 else ""
            self._set("stock", "class", f"{classes} stock{deep}{turn}")
            self._set("stock", "html", face_html(top) + badge)
            self._set("stock", "tabindex", 0 if top in available else -1)
        elif count:
            deep = " deep" if count > 2 else ""
            self._set("stock", "class", f"card back stock{deep}{turn}")
            self._set("stock", "html", badge)
            self._set("stock", "tabindex", 0)
        elif position.stock_move() is not None:
            self._set("stock", "class", f"card stock empty can-turn{turn}")
            self._set("stock", "html", '<span class="count" id="stock-count" aria-hidden="true">↻</span>')
            self._set("stock", "tabindex", 0)
        else:
            self._set("stock", "class", "card stock empty")
            self._set("stock", "html", '<span class="count" id="stock-count" aria-hidden="true"></span>')
            self._set("stock", "tabindex", -1)
        self._set("stock", "aria-label", words.stock_label(position))

    def _draw_waste(
        self, game: Game, playable: frozenset[Card], available: frozenset[Card], hinted: frozenset[str],
        selected: Card | None,
    ) -> None:
        position, words = game.position, game.solitaire.words
        waste = position.waste
        if waste:
            top = waste[-1]
            takes = top in available
            self._set("waste-top", "class", self._card_classes(top, takes, top in playable,
                                                               "waste" in hinted, top == selected,
                                                               pile=True))
            self._set("waste-top", "html", face_html(top))
            self._set("waste-top", "tabindex", 0 if takes else -1)
        else:
            mark = words.waste_mark(position)
            self._set("waste-top", "class", "card empty-pile marked" if mark else "card empty-pile")
            self._set("waste-top", "html", f'<span class="mark" aria-hidden="true">{escape(mark)}</span>')
            self._set("waste-top", "tabindex", -1)
        self._set("waste-top", "aria-label", words.waste_label(position))
        if len(waste) > 1:
            under = waste[-2]
            self._set("waste-under", "class", f"card face {colour_class(under)}")
            self._set("waste-under", "html", face_html(under))
        else:
            self._set("waste-under", "class", "card gone")
            self._set("waste-under", "html", "")

    def _draw_figures(self, game: Game) -> None:
        position, words = game.position, game.solitaire.words
        tallies = "".join(
            f'<div><dt>{escape(name)}</dt><dd data-tally="{escape(name.lower())}">{escape(value)}</dd></div>'
            for name, value in words.tallies(position)
        )
        self._set("tallies", "html", tallies)
        self._set("moves", "text", str(game.moves_made))
        self.tick(game)
        self._set("deal-name", "text", deal_title(game))
        self._set("deal-name", "title", game.rules.describe())
        rows = "".join(
            f'<div class="panel-row"><span class="panel-label">{escape(name)}</span> '
            f'<span class="panel-value">{escape(value)}</span></div>'
            for name, value in words.panel(position)
        )
        self._set("panel-rows", "html", rows)

    def tick(self, game: Game) -> None:
        self._set("time", "text", clock(game.seconds))

    def _draw_buttons(self, game: Game, hint_control: str | None) -> None:
        position, words = game.position, game.solitaire.words
        legal = position.legal_moves()
        kinds = stock_kinds(game)
        for kind in _STOCK_MOVES:
            label = words.control(position, kind) if kind in kinds else None
            id_ = str(kind)
            self._set(id_, "hidden", label is None)
            if label is not None:
                self._set(id_, "text", label)
                self._set(id_, "disabled", Move(kind) not in legal)
                self._set(id_, "class", "hinted" if hint_control == id_ else "")
        self._set("undo", "disabled", not game.can_undo)
        self._set("undo", "class", "hinted" if hint_control == "undo" else "")
        self._set("ending-undo", "class", "hinted" if hint_control == "undo" else "")
        self._set("redo", "disabled", not game.can_redo)
        self._set("hint", "disabled", game.status is Status.WON)
        self._set("restart", "disabled", not game.can_undo and not game.can_redo)

    def _draw_ending(self, game: Game) -> None:
        status = game.status
        if status is Status.PLAYING:
            self._set("ending", "hidden", True)
            self._set("ending", "class", "ending")
            return
        title, text = game.solitaire.words.ending(game.position)
        moves = game.moves_made
        text += f" {moves} move{'' if moves == 1 else 's'} in {clock(game.seconds)}."
        self._set("ending", "class", "ending won" if status is Status.WON else "ending lost")
        self._set("ending-title", "text", title)
        self._set("ending-text", "text", text)
        self._set("ending-hint", "hidden", status is Status.WON)
        self._set("ending", "hidden", False)

    # Motion: cards glide from where they were (FLIP with the Web Animations API)

    def before_move(self, position: Position, cards: tuple[Card, ...]) -> dict[Card, tuple[Rect, Any]]:
        """Where ``cards`` are drawn now, and a copy of each to fade out if it leaves the table."""
        if not self.motion:
            return {}
        found = {}
        for card in cards:
            target = target_of(position, card)
            if target is not None:
                el = self.element(target)
                rect = el.getBoundingClientRect()
                found[card] = ((float(rect.left), float(rect.top)), el.cloneNode(True))
        return found

    def after_move(self, position: Position, cards: tuple[Card, ...],
                   before: dict[Card, tuple[Rect, Any]]) -> None:
        """Each card glides from where it was drawn to where it is now; one that left fades away
        where it was, one that came back grows in."""
        if not self.motion:
            return
        for card in cards:
            target = target_of(position, card)
            was = before.get(card)
            if target is None:
                if was is not None:
                    self._fade(*was)
                continue
            el = self.element(target)
            if was is None:
                el.animate(_js([{"opacity": 0, "transform": "scale(0.85)"},
                                {"opacity": 1, "transform": "none"}]), _js({"duration": _SPEED_MS}))
                continue
            (left, top), _ = was
            here = el.getBoundingClientRect()
            dx, dy = left - float(here.left), top - float(here.top)
            if abs(dx) < 1 and abs(dy) < 1:
                continue
            el.animate(
                _js([
                    {"transform": f"translate({dx:.1f}px, {dy:.1f}px)", "zIndex": 50},
                    {"transform": "translate(0, 0)", "zIndex": 50},
                ]),
                _js({"duration": _SPEED_MS, "easing": "cubic-bezier(.2,.7,.3,1)"}),
            )

    def _fade(self, place: Rect, ghost: Any) -> None:
        left, top = place
        ghost.removeAttribute("id")
        ghost.removeAttribute("data-slot")
        ghost.setAttribute("aria-hidden", "true")
        ghost.tabIndex = -1
        ghost.classList.add("ghost")
        ghost.style.left = f"{left}px"
        ghost.style.top = f"{top}px"
        document.body.appendChild(ghost)
        animation = ghost.animate(
            _js([{"opacity": 1, "transform": "scale(1)"}, {"opacity": 0, "transform": "scale(0.7)"}]),
            _js({"duration": _SPEED_MS, "easing": "ease-in"}),
        )
        animation.onfinish = create_once_callable(lambda *_: ghost.remove())

    def refuse(self, target: str) -> None:
        """A little shake for a card that can't go."""
        if not self.motion:
            return
        self.element(target).animate(
            _js([
                {"translate": "0 0"}, {"translate": "-4px 0"}, {"translate": "4px 0"},
                {"translate": "0 0"},
            ]),
            _js({"duration": 200}),
        )

    def focusable(self, game: Game) -> list[str]:
        """The targets a player can move the focus over: where each available card is drawn."""
        position = game.position
        return [t for card, _, _ in position.available() if (t := target_of(position, card)) is not None]

    def centre(self, target: str) -> Rect:
        rect = self.element(target).getBoundingClientRect()
        return float(rect.left) + float(rect.width) / 2, float(rect.top) + float(rect.height) / 2
