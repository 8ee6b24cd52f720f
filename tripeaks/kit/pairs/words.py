"""What a player of a game of pairs reads: what a move did, what can be done, hints, the end (each game
names its layout's shape and says how to play)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...base.cards import Card
from ...base.moves import Move, MoveKind
from ...model.position import Position, Status
from ...model.words import Words, capital
from .phrases import TOTAL_CARDS, cards_left, either, names

if TYPE_CHECKING:
    from ...model.answers import Best
    from .play import PairsPosition

__all__ = ["PairsWords"]


def _pairs(position: Position) -> PairsPosition:
    return cast("PairsPosition", position)


def _redeals(left: int) -> str:
    return f"{left} redeal{'' if left == 1 else 's'} left"


class PairsWords(Words):
    """The words of a game of pairs, in the terminal and on the page. Where the rules say the layout
    alone must go (``layout_only``), they speak of the layout: the cards of it left, its clearing."""

    shape = "layout"
    """The layout in the game's words: ``triangle``, ``pyramid``."""

    def _left(self, position: Position) -> str:
        """What is left to remove: the cards in all (``12 cards left``), or the layout's."""
        if not _pairs(position).rules.layout_only:
            return cards_left(position.cards_left)
        left = len(position.cards) - position.cleared
        if not left:
            return f"the {self.shape} is clear"
        return f"{left} card{'' if left == 1 else 's'} left in the {self.shape}"

    def best_score(self, best: Best) -> str:
        if best.best.score >= TOTAL_CARDS:
            return "Every card can go: this deal can be won."
        return f"The most cards this deal lets you remove: {best.best.score} of {TOTAL_CARDS}."

    def best_clear_score(self, best: Best) -> str:
        if best.best_clear is None:
            return "No line removes every card of this deal."
        return f"A line removes all {TOTAL_CARDS} cards."

    def compared(self, score: int, best: Best) -> str:
        most = best.best.score
        if score >= most:
            return f"You removed {score} cards, the most this deal allows."
        return f"You removed {score} cards (the most possible: {most})."

    def watch(self, clear: bool) -> str:
        return "Watch a line that removes every card" if clear else "Watch a best line"

    def said(self, before: Position, move: Move, after: Position) -> str:
        after_ = _pairs(after)
        if move.kind is MoveKind.PLAY:
            return f"Removed {names(list(move.cards))}: {self._left(after_)}."
        if move.kind is MoveKind.DRAW:
            top = after_.waste[-1]
            if after_.stock:
                return f"Drew the {top.name}. The stock shows the {after_.stock[0].name}."
            return f"Drew the {top.name}. The stock is empty."
        return (f"Turned the waste back into the stock: {_redeals(after_.redeals_left)}. "
                f"The stock shows the {after_.stock[0].name}.")

    def cheers(self, before: Position, move: Move, after: Position) -> tuple[str, ...]:
        """``Pair +2`` for two cards removed, ``+1`` for one, and the redeals left after a redeal."""
        if move.kind is MoveKind.PLAY:
            return ("Pair +2",) if len(move.cards) == 2 else ("+1",)
        if move.kind is MoveKind.REDEAL:
            return (f"Redeal · {_pairs(after).redeals_left} left",)
        return ()

    def undone(self, before: Position, move: Move, after: Position) -> str:
        if move.kind is MoveKind.PLAY:
            return f"Undid removing {names(list(move.cards))}."
        if move.kind is MoveKind.DRAW:
            return "Undid a draw."
        return "Undid the redeal."

    def playing(self, position: Position) -> str:
        position_ = _pairs(position)
        redeals = _redeals(position_.redeals_left)
        return f"Remove two cards that make 13, or a king alone. {capital(self._left(position_))}, {redeals}."

    def _won(self, position: Position) -> str:
        if _pairs(position).rules.layout_only:
            return f"You cleared the {self.shape}!"
        return "You removed every card!"

    def end(self, position: Position) -> str:
        if position.status() is Status.WON:
            return self._won(position)
        return f"No more moves, with {self._left(position)}. You can undo, ask for a hint, or restart."

    def progress(self, position: Position) -> str:
        if _pairs(position).rules.layout_only:
            return f"Cleared {position.cleared}/{len(position.cards)}, removed {position.score}/52"
        return f"Removed {position.score}/52"

    def piles(self, position: Position, *, reveal: bool = False) -> str:
        position_ = _pairs(position)
        stock = position_.stock
        if reveal:
            shown = " ".join(c.code for c in stock) or "empty"
        else:
            shown = f"{stock[0].code} (of {len(stock)})" if stock else "empty"
        waste = position_.waste[-1].code if position_.waste else "(empty)"
        return f"Waste: {waste}    Stock: {shown}, {_redeals(position_.redeals_left)}"

    play_verb = "Remove"
    turn_advice = "Turn the waste back into the stock (redeal)."
    still_won = "every card can still be removed"

    def report(self, position: Position, moves: int) -> str:
        position_ = _pairs(position)
        takes = sum(1 for m in position_.legal_moves() if m.kind is MoveKind.PLAY)
        playing = f"{takes} removal{'' if takes == 1 else 's'} to choose from" if takes else "draw or redeal"
        won = f"the {self.shape} is clear" if position_.rules.layout_only else "every card is gone"
        state = self.reported(position_, playing=playing, won=f"won: {won}!")
        cleared = (f"Cleared {position_.cleared}/{len(position_.cards)}  "
                   if position_.rules.layout_only else "")
        return (
            f"{cleared}Removed {position_.score}/52  Moves {moves}  Redeals left {position_.redeals_left}  "
            f"({state})"
        )

    notation = "a king such as Kh, a pair such as Qh+Ad, or draw, or redeal"

    typing = (
        "Type a king to remove it (Kh), two cards that make 13 (Qh+Ad, or Qh Ad), or: draw (d), "
        "redeal, undo (u), redo (r), hint (h), quit (q). An empty line draws too."
    )

    over = "Every card is gone: there is nothing left to do."

    # The page

    def selected(self, position: Position, card: Card) -> str:
        partners = [c for m in position.legal_moves() if card in m.cards and len(m.cards) == 2
                    for c in m.cards if c != card]
        if not partners:
            return f"Selected the {card.name}."
        return f"Selected the {card.name}: it makes 13 with {either(partners)}."

    def tallies(self, position: Position) -> tuple[tuple[str, str], ...]:
        return (("Removed", str(position.score)),)

    def panel(self, position: Position) -> tuple[tuple[str, str], ...]:
        position_ = _pairs(position)
        takes = sum(1 for m in position_.legal_moves() if m.kind is MoveKind.PLAY)
        if position_.rules.layout_only:
            left = (f"{capital(self.shape)} cards left", str(len(position_.cards) - position_.cleared))
        else:
            left = ("Cards left", str(position_.cards_left))
        return (
            left,
            ("Removals now", str(takes) if takes else "none"),
            ("Stock", f"{len(position_.stock)} left · {_redeals(position_.redeals_left)}"),
        )

    def control(self, position: Position, kind: MoveKind) -> str | None:
        if kind is MoveKind.REDEAL:
            return f"Redeal ({_pairs(position).redeals_left} left)"
        return super().control(position, kind)

    def stock_label(self, position: Position) -> str:
        position_ = _pairs(position)
        stock = position_.stock
        if stock:
            count = len(stock)
            return f"Stock: {count} card{'' if count == 1 else 's'}, the {stock[0].name} on top"
        if position_.can_redeal() and position_.status() is not Status.WON:
            return f"Stock: empty. Redeal: turn the waste back into the stock ({position_.redeals_left} left)"
        return "Stock: empty"

    def ending(self, position: Position) -> tuple[str, str]:
        position_ = _pairs(position)
        if position_.status() is Status.WON:
            if position_.rules.layout_only:
                removed = position_.score
                return self._won(position_), (
                    f"Every card of the {self.shape} is gone, and {removed} cards were removed in all."
                )
            return self._won(position_), f"The {self.shape}, the stock and the waste are clear."
        return "No more moves", (
            f"{capital(self._left(position_))}: no two available cards make 13 and the stock is spent. "
            "Undo to try another way, ask for a hint, or restart this deal."
        )

    record_fields = ("played", "won", "win_rate", "streak", "best_streak", "fastest_win", "fewest_moves")
    classic_note = "the cards removed, 52 for a win"
    score_units = ("card removed", "cards removed")

    @property
    def on_layout(self) -> str:  # type: ignore[override]
        return f"in the {self.shape}"
