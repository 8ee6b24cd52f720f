"""What the review sheet shows for a game's review, as plain values and HTML: the summary, the turning point
and what would have kept the game winnable, a chip a move (its sign, whether the deal could still be won
after it), and for the move chosen what it was and what the player may do from just before it. No DOM:
web/reviewing.py draws it, and the tests check it under CPython. Every word is the engine's."""

from __future__ import annotations

from dataclasses import dataclass

from markup import escape

from tripeaks import Game, Review
from tripeaks import page_words as say
from tripeaks import review_words as words


@dataclass(frozen=True, slots=True)
class Chip:
    """One move of the game: its number (from 1), the move in signs, its mark ("yes", "no", "undecided"),
    the words a screen reader reads, what the sheet says of it once chosen, and whether it is the turning
    point. The mark's sign (✓, ✗, ?) is the stylesheet's, drawn by its class and silent to a screen reader,
    which reads the mark's words."""

    index: int
    number: str
    move: str
    mark: str
    label: str
    text: str
    turning: bool


@dataclass(frozen=True, slots=True)
class Chosen:
    """The move chosen in the sheet: what it was, whether the deal could be won just before it, and the
    two controls' labels; ``watch`` is whether the solver has a line to show from there."""

    index: int
    text: str
    before: str
    watch: bool
    watch_label: str
    take_label: str


@dataclass(frozen=True, slots=True)
class Sheet:
    summary: str
    turning: str
    kept: str | None
    chips: tuple[Chip, ...]
    first: int | None
    """The move chosen when the sheet opens: the turning point, else the first move (None: no moves)."""


def sheet(game: Game, review: Review) -> Sheet:
    """The review sheet for ``game`` (the game reviewed: the positions name its moves) and its review."""
    solitaire, positions = game.solitaire, game.positions
    chips = tuple(
        Chip(index, str(index + 1), words.move_text(move), words.mark(review.winnable_after(index)),
             words.chip_label(solitaire, review, positions[index], index),
             words.row_label(solitaire, review, positions[index], index), index == review.turning_point)
        for index, move in enumerate(review.moves)
    )
    turning = review.turning_point
    kept = words.kept_words(solitaire, review, positions[turning]) if turning is not None else None
    first = turning if turning is not None else 0 if review.moves else None
    return Sheet(words.summary_words(say.deal_title(game), review),
                 words.turning_words(solitaire, review, positions), kept, chips, first)


def chosen(review: Review, shown: Sheet, index: int) -> Chosen:
    """What the sheet says of move ``index`` (from 0), once chosen."""
    return Chosen(index, shown.chips[index].text, words.before_words(review, index),
                  review.winnable[index] is True, words.watch_from(index), words.take_over_at(index))


def chips_html(shown: Sheet, chosen_index: int | None) -> str:
    """The moves as a list of options, one a chip: only the chosen one is in the keyboard's order."""
    parts = []
    for chip in shown.chips:
        picked = chip.index == chosen_index
        classes = f"chip {chip.mark}" + (" turning" if chip.turning else "") + (" chosen" if picked else "")
        parts.append(
            f'<li role="option" id="review-move-{chip.index}" class="{classes}" data-move="{chip.index}" '
            f'aria-selected="{"true" if picked else "false"}" tabindex="{0 if picked else -1}" '
            f'aria-label="{escape(chip.label)}">'
            f'<span class="chip-number">{escape(chip.number)}</span> '
            f'<span class="chip-move">{escape(chip.move)}</span></li>'
        )
    return "".join(parts)


def step(index: int, key: str, count: int, across: int) -> int | None:
    """The move a key chooses next from move ``index`` in a grid of ``count`` chips, ``across`` a row: the
    arrows go to the neighbour (up and down a row), Home and End to the first and last; None for another
    key."""
    moves = {"ArrowLeft": -1, "ArrowRight": 1, "ArrowUp": -max(across, 1), "ArrowDown": max(across, 1)}
    if key == "Home":
        return 0
    if key == "End":
        return count - 1
    if key not in moves:
        return None
    return min(max(index + moves[key], 0), count - 1)
