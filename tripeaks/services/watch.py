"""Lines to watch after a game: a winning line from the deal's start, or from the latest position of the
game that could still be won, found in slices of time; and what a player reads while watching one.

A line is shown on a game of its own (:meth:`Watch.game`): the game's moves up to where the line starts,
and the line's moves left to redo, so that stepping forward is a redo and back an undo, and a player who
takes over plays on from there as from any game.

>>> from tripeaks import Game, numbered_deal
>>> game = Game(numbered_deal(1), number=1)
>>> for _ in range(23):
...     _ = game.draw()
>>> search = WatchSearch(game)
>>> while (found := search.step(seconds=0.05)) is None:
...     pass  # the page lets the browser paint here
>>> found.start, len(found.moves) > 0, found.text.startswith("A winning line from")
(9, True, True)
>>> shown = found.game(game)
>>> shown.moves_made, len(shown.redo_moves) == len(found.moves)
(9, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..kit.solving import collector_paused
from ..model.answers import Result
from ..model.solitaire import Solitaire
from .hint import hint

if TYPE_CHECKING:
    from ..base.moves import Move
    from ..model.answers import Line
    from ..model.position import Position
    from .game import Game

__all__ = ["LOOKING", "Watch", "WatchSearch", "back_words", "best_watch", "step_words", "take_over_words"]

LOOKING = "Looking for a winning line…"
"""What a player reads while the line is searched for."""


@dataclass(frozen=True, slots=True)
class Watch:
    """A line to watch: it starts after the game's first ``start`` moves, and its ``moves`` follow
    (none when there is no such line: ``text`` says why). ``kind`` names the line: ``winning``,
    ``best`` for a line to the deal's best possible score, or ``fewest`` for a line that leaves the
    fewest cards (:func:`best_watch`)."""

    start: int
    moves: tuple[Move, ...]
    text: str
    kind: str = "winning"

    @property
    def title(self) -> str:
        """The line's name as the page heads it while it is shown."""
        titles = {"best": "Watching a line to the best score",
                  "fewest": "Watching a line that leaves the fewest cards"}
        return titles.get(self.kind, "Watching a winning line")

    def game(self, played: Game) -> Game:
        """A game to show the line on: ``played``'s first :attr:`start` moves made and the line's
        moves to redo; it counts as a game with a hint."""
        from .game import Game

        shown = Game.from_moves(
            played.deal, played.rules, played.moves[: self.start], self.moves,
            number=played.number, daily=played.daily,
        )
        shown.hints = max(played.hints, 1)
        return shown


def _moves(n: int) -> str:
    return f"{n} move{'' if n == 1 else 's'}"


def _from(start: int, made: int) -> str:
    if start == 0:
        return "the deal's start"
    back = made - start
    return f"{_moves(back)} back (after move {start})" if back else "here"


class WatchSearch:
    """The search for a winning line to show for ``game``: from the latest position of its history that
    can still be won (the way a hint finds it), from the deal's start with ``from_start``, or from the
    position after its first ``at`` moves (a review's choice); a slice of time at a time."""

    def __init__(self, game: Game, *, from_start: bool = False, at: int | None = None) -> None:
        self.game = game
        self.from_start = from_start
        self._made = game.moves_made
        if at is not None and not 0 <= at <= self._made:
            raise ValueError(f"a line to watch starts after 0 to {self._made} moves, not {at}")
        self._start: int | None = at if at is not None else 0 if from_start else None
        self._spent = 0
        self._found: Watch | None = None

    def step(self, seconds: float | None = None) -> Watch | None:
        """Work for about ``seconds`` (or to the end); the line, or ``None`` while still working."""
        if self._found is not None:
            return self._found
        deadline = None if seconds is None else time.perf_counter() + seconds
        game = self.game
        words = game.solitaire.words
        with collector_paused():
            if self._start is None:
                advice, self._spent = hint(game.positions, game.solver, seconds=seconds, spent=self._spent)
                if advice.kind == "thinking":
                    return None
                if advice.kind in ("lost", "unknown", "over"):
                    self._found = Watch(0, (), advice.text)
                    return self._found
                self._start = self._made - advice.undo
            position = game.positions[self._start]
            left = None if deadline is None else max(deadline - time.perf_counter(), 0.001)
            answer = game.solver.solve(position, seconds=left)
        if answer.result is Result.GAVE_UP:
            return None
        if answer.result is not Result.WON:
            self._found = Watch(self._start, (), words.lost)
            return self._found
        text = (f"A winning line from {_from(self._start, self._made)}: {_moves(len(answer.moves))}. "
                "Next plays each move; Take over plays on from there.")
        self._found = Watch(self._start, answer.moves, text)
        return self._found


def best_watch(solitaire: Solitaire, best: Line, scoring: str | None = None) -> Watch:
    """The line to a deal's best possible score in ``scoring`` (a :class:`~tripeaks.model.answers.Line`
    from the deal's start), to watch; no ``scoring`` is the game's first (Golf's is cards left)."""
    from .telling import best_line_words

    scoring = scoring or solitaire.scorings[0]
    kind = "fewest" if scoring == "cards-left" else "best"
    return Watch(0, best.moves, best_line_words(solitaire, best.score, len(best.moves), scoring), kind)


def step_words(before: Position, move: Move, after: Position, step: int, steps: int) -> str:
    """What is announced as the line's move ``step`` of ``steps`` is shown (or, going back, undone
    when ``before`` follows ``after``)."""
    words = Solitaire.of(before).words
    said = words.said(before, move, after)
    text = f"Move {step} of {steps}: {said}"
    if step == steps:
        text += " " + words.end(after) if after.status().value != "playing" else " The line ends here."
    return text


def back_words(before: Position, move: Move, after: Position, step: int, steps: int) -> str:
    """What is announced when watching goes back over the line's move ``step + 1``."""
    undone = Solitaire.of(before).words.undone(before, move, after)
    return f"Back to move {step} of {steps}: {undone}"


def take_over_words(step: int, steps: int) -> str:
    """What a player reads on taking over from the line's move ``step``."""
    where = "the line's start" if step == 0 else f"move {step} of {steps}"
    return (f"Your game now, from {where}: it counts as a game with a hint. Redo plays the rest of "
            "the line.")
