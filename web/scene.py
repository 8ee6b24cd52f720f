"""What the table shows for a game, as plain values: each place's card and its marks, the top line, the
bar's controls and the end sheet. No DOM: web/table.py draws a Scene, web/motion.py compares two, and the
tests check them under CPython.

Nothing here knows a rule: what may be played is the position's ``playable()``, what may be taken its
``available()``, every label and sentence the game's own words.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tripeaks import CARDS_LEFT, CLASSIC, Card, Game, Move, MoveKind, Place, Position, Status

STOCK_MOVES = (MoveKind.DRAW, MoveKind.RESET, MoveKind.REDEAL)
"""Moves a button of the bar makes, by the kind of move: #draw, #reset, #redeal."""


@dataclass(frozen=True, slots=True)
class Marks:
    """What the page marks on the table beside the position: the first card of a pair once tapped, the
    places and the control a hint (or a watched line's next move) points at, and the gold frames."""

    selected: Card | None = None
    hinted: frozenset[str] = frozenset()
    hint_control: str | None = None
    frames: bool = True


@dataclass(frozen=True, slots=True)
class Shown:
    """One place on the table: ``state`` is "gone", "down" (a face-down card), "up" or "empty" (a pile
    with no card); ``classes`` the element's state classes; ``label`` its accessible name."""

    state: str
    card: Card | None = None
    classes: str = ""
    label: str = ""
    takes: bool = False
    """Whether the player can take (or select) the card: it is in the keyboard's order."""
    mark: str = ""
    """On an empty pile: what may go there (the game's words), if anything."""


@dataclass(frozen=True, slots=True)
class Control:
    label: str = ""
    hidden: bool = False
    disabled: bool = False
    hinted: bool = False


@dataclass(frozen=True, slots=True)
class Ending:
    won: bool
    title: str
    text: str
    undo: bool
    hint: bool


@dataclass(frozen=True)
class Scene:
    slots: tuple[Shown, ...]
    stock: Shown
    stock_count: int
    stock_turns: bool
    """The stock is empty and the position's stock move (a reset, a redeal) turns the waste over."""
    waste: Shown
    under: Shown
    """The waste's second card, drawn under its top."""
    figures: tuple[tuple[str, str, str], ...]
    """The top line: (key, label, value) for each figure."""
    left: int
    """Cards left in the layout."""
    run: int
    left_shown: bool = True
    """Whether the line's own figure of cards left shows (not when the score is the cards left)."""
    controls: dict[str, Control] = field(default_factory=dict)
    ending: Ending | None = None

    def card_places(self) -> dict[Card, str]:
        """Where each face-up card is shown: ``slot:<n>``, ``stock`` or ``waste``."""
        found = {shown.card: f"slot:{slot}" for slot, shown in enumerate(self.slots)
                 if shown.state == "up" and shown.card is not None}
        if self.stock.state == "up" and self.stock.card is not None:
            found[self.stock.card] = "stock"
        if self.waste.state == "up" and self.waste.card is not None:
            found[self.waste.card] = "waste"
        return found


def colour(card: Card) -> str:
    return "red" if card.red else "black"


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


def stock_kinds(game: Game) -> list[MoveKind]:
    """The kinds of stock move the game has, in the order of their buttons."""
    return [kind for kind in STOCK_MOVES if kind in game.solitaire.moves]


def clock(seconds: float) -> str:
    """Playing time as m:ss (or h:mm:ss)."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def cards_left(position: Position) -> int:
    return position.layout_left


def _classes(card: Card, takes: bool, playable: bool, hinted: bool, selected: bool, *,
             pile: bool = False) -> str:
    taking = "free" if takes else "" if pile else "covered"
    parts = ["card", "face", colour(card), taking]
    if playable:
        parts.append("playable")
    if hinted:
        parts.append("hinted")
    if selected:
        parts.append("selected")
    return " ".join(part for part in parts if part)


def _label(card: Card, takes: bool, playable: bool, selected: bool) -> str:
    label = card.name
    if not takes:
        label += ", covered"
    elif selected:
        label += ", selected"
    elif playable:
        label += ", playable"
    return label


def _face(card: Card, place: str, available: frozenset[Card], playable: frozenset[Card], marks: Marks,
          *, pile: bool = False) -> Shown:
    takes = card in available
    plays = card in playable
    chosen = card == marks.selected
    return Shown("up", card, _classes(card, takes, plays, place in marks.hinted, chosen, pile=pile),
                 _label(card, takes, plays, chosen), takes)


def scene(game: Game, marks: Marks = Marks(), *, watching: bool = False, scoring: str = CLASSIC) -> Scene:
    """The table for ``game`` with ``marks``; ``watching`` when a line is shown on it (no end sheet);
    its score in ``scoring`` (the game's own, or the cards left)."""
    position = game.position
    words = game.solitaire.words
    playing = game.status is Status.PLAYING
    playable = position.playable() if playing else frozenset()
    available = frozenset(card for card, _, _ in position.available())
    slots = []
    for slot, card in enumerate(position.cards):
        if card is None:
            slots.append(Shown("gone"))
        elif not position.is_face_up(slot):
            slots.append(Shown("down", label="Face-down card"))
        else:
            slots.append(_face(card, f"slot:{slot}", available, playable, marks))

    stock = position.stock
    turn_kinds = [str(kind) for kind in stock_kinds(game)]
    turning = marks.hint_control in turn_kinds
    if stock_shows(position):
        shown_stock = _face(stock[0], "stock", available, playable, marks)
    elif stock:
        shown_stock = Shown("down", classes="hinted" if turning else "")
    else:
        shown_stock = Shown("empty", classes="hinted" if turning else "")
    shown_stock = Shown(shown_stock.state, shown_stock.card, shown_stock.classes, words.stock_label(position),
                        shown_stock.takes or (bool(stock) and not stock_shows(position)))

    waste = position.waste
    if waste:
        top = waste[-1]
        shown_waste = _face(top, "waste", available, playable, marks, pile=True)
        shown_waste = Shown("up", top, shown_waste.classes, words.waste_label(position), shown_waste.takes)
    else:
        shown_waste = Shown("empty", label=words.waste_label(position), mark=words.waste_mark(position))
    under = Shown("up", waste[-2], f"card face {colour(waste[-2])}") if len(waste) > 1 \
        else Shown("gone")

    figures = tuple((_key(name), name, value) for name, value in words.scored_tallies(position, scoring))
    figures += (("moves", "Moves", str(game.moves_made)), ("time", "Time", clock(game.seconds)))
    return Scene(
        slots=tuple(slots), stock=shown_stock, stock_count=len(stock),
        stock_turns=not stock and position.stock_move() is not None,
        waste=shown_waste, under=under, figures=figures, left=cards_left(position), run=game.run,
        left_shown=scoring != CARDS_LEFT,
        controls=controls(game, marks.hint_control), ending=None if watching else ending(game, scoring),
    )


def _key(name: str) -> str:
    """A figure's key, from its name: ``cards-left`` for ``Cards left``."""
    return name.lower().replace(" ", "-")


def controls(game: Game, hint_control: str | None) -> dict[str, Control]:
    """The bar's buttons by id: the stock's (draw, reset, redeal: only the game's own show, and only
    when they can be made), undo, redo, hint and restart."""
    position, words = game.position, game.solitaire.words
    legal = position.legal_moves()
    kinds = stock_kinds(game)
    found: dict[str, Control] = {}
    current = position.stock_move()
    for kind in STOCK_MOVES:
        label = words.control(position, kind) if kind in kinds else None
        id_ = str(kind)
        if label is None:
            found[id_] = Control(hidden=True, disabled=True)
            continue
        # One stock button shows at a time: the move the stock makes now (draw until it is empty),
        # else the game's first.
        shown = kind is (current.kind if current is not None else kinds[0])
        found[id_] = Control(label, hidden=not shown, disabled=Move(kind) not in legal,
                             hinted=hint_control == id_)
    found["undo"] = Control("Undo", disabled=not game.can_undo, hinted=hint_control == "undo")
    found["redo"] = Control("Redo", disabled=not game.can_redo)
    found["hint"] = Control("Hint", disabled=game.status is Status.WON)
    found["restart"] = Control("Restart this deal", disabled=not game.can_undo and not game.can_redo)
    return found


def offers_watch(ending: Ending, could_win: bool | None) -> bool:
    """Whether the end sheet offers to watch a winning line: only for a lost deal known to be winnable."""
    return not ending.won and could_win is True


def ending(game: Game, scoring: str = CLASSIC) -> Ending | None:
    """The end sheet's words in ``scoring``, or None while the game goes on."""
    status = game.status
    if status is Status.PLAYING:
        return None
    title, text = game.solitaire.words.scored_ending(game.position, scoring)
    moves = game.moves_made
    text += f" {moves} move{'' if moves == 1 else 's'} in {clock(game.seconds)}."
    won = status is Status.WON
    return Ending(won=won, title=title, text=text, undo=game.can_undo, hint=not won)
