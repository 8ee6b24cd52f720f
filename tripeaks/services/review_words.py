"""What a player reads of a game's review, on the command line and the page: the result, whether the deal
could be won, each move's mark, the turning point and what would have kept the game winnable.
Game-independent: each game's own words name its moves.

>>> from tripeaks import Game, numbered_deal
>>> from tripeaks.services.review import ReviewSearch
>>> game = Game(numbered_deal(1))
>>> for _ in range(23):
...     _ = game.draw()
>>> found = ReviewSearch(game).step()
>>> turning_words(game.solitaire, found, game.positions)
'The turning point: move 10, draw a card from the stock (draw). After it the deal could no longer be won.'
>>> mark(True), mark(False), mark(None)
('yes', 'no', 'undecided')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base.cards import rank_label
from ..base.moves import MoveKind

if TYPE_CHECKING:
    from ..base.moves import Move
    from ..model.position import Position
    from ..model.solitaire import Solitaire
    from .review import Review

__all__ = [
    "REVIEW_LAST", "REVIEW_THIS", "REVIEW_TITLE", "TURNING_POINT", "before_words", "chip_label", "kept_words",
    "mark", "move_label", "move_text", "moves_words", "result_words", "reviewing", "row_label", "start_words",
    "summary_words", "table", "take_over_at", "taken_over", "turning_words", "watch_from",
]

REVIEW_TITLE = "Review of the game"
REVIEW_THIS = "Review this game"
REVIEW_LAST = "Review the last game"
"""The menu's item: the game on the table once it is over, else the game a new deal replaced."""
TURNING_POINT = "turning point"
"""How a move's row names the turning point, beside its mark."""

_SUIT_SIGNS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def reviewing(progress: float) -> str:
    """Said while the review is worked out, ``progress`` from 0 to 1 done (0: not known yet)."""
    return f"Reviewing the game… {int(progress * 100)}%" if progress > 0 else "Reviewing the game…"


def mark(known: bool | None) -> str:
    """Whether the deal could still be won after a move, in a word: ``yes``, ``no``, ``undecided``."""
    return "undecided" if known is None else "yes" if known else "no"


def _mark_words(known: bool | None) -> str:
    if known is None:
        return "undecided: the solver gave up"
    return "still winnable" if known else "no longer winnable"


def move_text(move: Move) -> str:
    """A move in a few signs, for a row: ``K♣``, ``Q♥ + A♦``, ``draw``."""
    if move.kind is not MoveKind.PLAY:
        return move.kind.value
    return " + ".join(f"{rank_label(card.rank)}{_SUIT_SIGNS[card.suit]}" for card in move.cards)


def move_label(solitaire: Solitaire, position: Position, move: Move) -> str:
    """A move as a player says it, from ``position``: ``play the king of clubs``, ``draw a card from the
    stock`` (the game's own advice, as a phrase)."""
    said = solitaire.words.advice(position, move).rstrip(".")
    return said[:1].lower() + said[1:]


def row_label(solitaire: Solitaire, review: Review, position: Position, index: int) -> str:
    """A move's row as read aloud: ``Move 7, play the king of clubs: no longer winnable, the turning
    point.``"""
    move = review.moves[index]
    said = move_label(solitaire, position, move)
    text = f"Move {index + 1}, {said}: {_mark_words(review.winnable_after(index))}"
    if index == review.turning_point:
        text += f", the {TURNING_POINT}"
    return text + "."


def chip_label(solitaire: Solitaire, review: Review, position: Position, index: int) -> str:
    """A move's chip as read aloud, starting with what it shows (its number and :func:`move_text`):
    ``39 8♥, play the 8 of hearts: no longer winnable, the turning point.``"""
    move = review.moves[index]
    text = (f"{index + 1} {move_text(move)}, {move_label(solitaire, position, move)}: "
            f"{_mark_words(review.winnable_after(index))}")
    if index == review.turning_point:
        text += f", the {TURNING_POINT}"
    return text + "."


def _moves(count: int) -> str:
    return f"{count} move{'' if count == 1 else 's'}"


def result_words(review: Review) -> str:
    """How the game ended: ``Lost after 41 moves.``, ``Won in 51 moves.``, ``Left unfinished after 12
    moves.``"""
    count = len(review.moves)
    if review.result == "won":
        return f"Won in {_moves(count)}."
    return f"{'Lost' if review.result == 'lost' else 'Left unfinished'} after {_moves(count)}."


def summary_words(title: str, review: Review) -> str:
    """The review's first line: the deal (``title``, as the page names it), how the game ended and whether
    the deal could be won: ``Deal 149 · Strict: Lost after 44 moves. The deal could be won from its
    start.``"""
    return f"{title}: {result_words(review)} {start_words(review)}"


def start_words(review: Review) -> str:
    """Whether the deal could be won from its start."""
    known = review.winnable_at_start
    if known is None:
        return ("Whether the deal could be won from its start is undecided: the solver gave up within its "
                "budget.")
    if known:
        return "The deal could be won from its start."
    return "The deal could not be won from its start, whatever was played."


def turning_words(solitaire: Solitaire, review: Review, positions: tuple[Position, ...]) -> str:
    """The turning point said plainly, or why there is none; ``positions`` are the game's (from the deal,
    one after each move), which name the turning move in the game's words."""
    turning = review.turning_point
    if turning is not None:
        move = review.moves[turning]
        said = move_label(solitaire, positions[turning], move)
        return (f"The {TURNING_POINT}: move {turning + 1}, {said} ({move.notation}). After it the deal could "
                f"no longer be won.")
    if review.winnable_at_start is False:
        return "There is no turning point: the deal could not be won from its start."
    undecided = review.undecided
    if undecided:
        first, last = undecided[0] + 1, undecided[-1] + 1
        which = f"move {first}" if first == last else f"moves {first} to {last}"
        return (f"The {TURNING_POINT} is not known: the solver gave up after {which} within its budget, so "
                f"{'that move is' if first == last else 'those moves are'} undecided.")
    if review.winnable_at_start is None:
        return f"The {TURNING_POINT} is not known: the solver gave up within its budget."
    if review.result == "won":
        return "There is no turning point: every move kept the deal winnable, to the win."
    return "There is no turning point: the deal could still be won after every move."


def kept_words(solitaire: Solitaire, review: Review, position: Position) -> str | None:
    """What would have kept the game winnable at the turning point (``position`` is the one before the
    turning move), or ``None`` when there is no turning point."""
    if review.turning_point is None:
        return None
    kept = [move_label(solitaire, position, move) for move in review.kept]
    if len(kept) == 1:
        text = f"Instead, this would have kept the game winnable: {kept[0]}."
    else:
        text = f"Instead, any of these would have kept the game winnable: {', or '.join(kept)}."
    open_ = [move_label(solitaire, position, a.move) for a in review.alternatives if a.winnable is None]
    if open_:
        text += f" Undecided (the solver gave up): {', '.join(open_)}."
    return text


def before_words(review: Review, index: int) -> str:
    """Whether the deal could still be won just before move ``index`` (from 0): where watching the solver,
    or taking over, would start."""
    known = review.winnable[index]
    if known is None:
        return "Before it, whether the deal could be won is undecided: the solver gave up within its budget."
    if known:
        return "Before it, the deal could still be won: the solver can show you how."
    if review.winnable_at_start is False:  # lost from its start: nothing was lost on the way
        return "Before it, the deal could not be won: no line wins from there."
    return "Before it, the deal could no longer be won: no line wins from there."


def watch_from(index: int) -> str:
    """The control that watches the solver play on from just before move ``index`` (from 0)."""
    return f"Watch the solver from move {index + 1}"


def take_over_at(index: int) -> str:
    """The control that makes the game, just before move ``index`` (from 0), the player's own."""
    return f"Play on from move {index + 1}"


def taken_over(index: int) -> str:
    """Said once the player has taken the reviewed game over from just before move ``index``."""
    where = "the deal's start" if index == 0 else f"move {index + 1}"
    return (f"Your game now, from {where}: it counts as a game with a hint. Redo replays the moves you "
            "played.")


def moves_words(count: int) -> str:
    """A line's length: ``44 moves``."""
    return _moves(count)


def table(solitaire: Solitaire, review: Review, positions: tuple[Position, ...]) -> list[str]:
    """The review as the command line prints it without ``--json``: a line a move, then the turning point
    and what would have kept the game winnable."""
    lines = [f"{solitaire.name}: {result_words(review)} {start_words(review)}", ""]
    width = max([len(move.notation) for move in review.moves] + [4])
    lines.append(f"{'move':>5}  {'':{width}}  still winnable after it")
    for index, move in enumerate(review.moves):
        row = f"{index + 1:>5}  {move.notation:{width}}  {mark(review.winnable_after(index))}"
        if index == review.turning_point:
            row += f"   <- the {TURNING_POINT}"
        lines.append(row)
    lines += ["", turning_words(solitaire, review, positions)]
    turning = review.turning_point
    if turning is not None:
        kept = kept_words(solitaire, review, positions[turning])
        if kept is not None:
            lines.append(kept)
        if review.line:
            lines.append(f"A winning line from before move {turning + 1} ({_moves(len(review.line))}): "
                         + " ".join(move.notation for move in review.line))
    return lines
