"""What a tap, a click, Enter or a drop on a card means: a move to make, a card to select or let go, or a
refusal with the engine's reason. Plain Python over the engine's Game: the tests play it under CPython.
"""

from __future__ import annotations

from dataclasses import dataclass

from scene import stock_shows

from tripeaks import Card, Game, IllegalMoveError, InvalidMoveError, Move, Position


@dataclass(frozen=True, slots=True)
class Decision:
    """``kind`` is "move" (make ``move``), "select" or "deselect" (``card``), or "refuse" (say ``text``)."""

    kind: str
    move: Move | None = None
    card: Card | None = None
    text: str = ""


def card_at(game: Game, target: str) -> Card | None:
    """The card a player sees at ``target`` (``slot:<n>``, ``stock``, ``waste``), or None (face down, gone,
    an empty pile)."""
    position = game.position
    if target.startswith("slot:"):
        return game.card_at(int(target[5:]))
    if target == "stock":
        return position.stock[0] if stock_shows(position) else None
    return position.waste[-1] if position.waste else None


def refusal(position: Position, move: Move) -> str:
    """Why the engine refuses ``move`` here, in its words ("" if it does not)."""
    try:
        position.after(move)
    except (IllegalMoveError, InvalidMoveError) as error:
        return str(error)
    return ""


def explain(game: Game, target: str, card: Card | None) -> str:
    if target.startswith("slot:"):
        return game.explain(int(target[5:]))
    if card is None:
        return game.solitaire.words.waste_label(game.position) + "."
    return game.explain(card)


def tap(game: Game, target: str, selected: Card | None) -> Decision:
    """A tap on the card drawn at ``target``, with ``selected`` the first card of a pair if one is."""
    position = game.position
    card = card_at(game, target)
    if card is None:
        return Decision("refuse", text=explain(game, target, None))
    legal = position.legal_moves()
    alone = Move.play(card)
    if selected is not None:
        if card == selected:
            return Decision("deselect", card=card, text=game.solitaire.words.deselected(position, card))
        pair = Move.play(selected, card)
        if pair in legal:
            return Decision("move", pair)
        if alone in legal:
            return Decision("move", alone)
        return Decision("refuse", text=refusal(position, pair))
    if alone in legal:
        return Decision("move", alone)
    if game.solitaire.pairs and any(card in m.cards for m in legal if len(m.cards) == 2):
        return Decision("select", card=card, text=game.solitaire.words.selected(position, card))
    return Decision("refuse", text=explain(game, target, card))


def drop(game: Game, source: str, where: str) -> Decision | None:
    """A card dragged from ``source`` onto another card (``where``) or onto the waste pile; None when the
    drop means nothing (no card, or onto itself)."""
    position = game.position
    card = card_at(game, source)
    if card is None:
        return None
    legal = position.legal_moves()
    pairs = game.solitaire.pairs
    if where in ("waste-pile", "waste"):
        top = position.waste[-1] if position.waste else None
        tries = [Move.play(card, top)] if top is not None and top != card and pairs else []
        tries.append(Move.play(card))
    else:
        other = card_at(game, where)
        if other is None or other == card:
            return None
        tries = [Move.play(card, other)] if pairs else []
    for move in tries:
        if move in legal:
            return Decision("move", move)
    return Decision("refuse", text=refusal(position, tries[0]) if tries else explain(game, source, card))
