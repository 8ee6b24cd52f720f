"""A game: a deal, its rules, and the history of positions that undo and redo walk."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card
from .deal import Deal
from .errors import IllegalMoveError, InvalidCardError
from .moves import DRAW, RESET, Move
from .position import Position, Status
from .rules import STANDARD, Rules

if TYPE_CHECKING:
    from .hint import Hint
    from .solver import Solver

__all__ = ["Game"]


class Game:
    """One game of TriPeaks, with unlimited undo and redo.

    The history is a stack of immutable positions; undo pops one, redo pushes an undone
    move again. Score, run and status are read off the current position.

    >>> from tripeaks import numbered_deal
    >>> game = Game(numbered_deal(1))
    >>> game.draw(); game.score
    -5
    >>> game.undo(); game.score
    Move.parse('draw')
    0
    """

    def __init__(
        self,
        deal: Deal | str,
        rules: Rules = STANDARD,
        *,
        number: int | None = None,
        daily: str | None = None,
    ) -> None:
        self.deal = deal if isinstance(deal, Deal) else Deal.parse(deal)
        self.rules = rules
        self.number = number
        self.daily = daily
        self.hints = 0
        """How many hints the player asked for (a game won with a hint sets no best)."""
        self.seconds = 0.0
        """Playing time so far, kept by whoever shows the game."""
        self._positions = [Position.start(self.deal)]
        self._moves: list[Move] = []
        self._redo: list[Move] = []  # the next move to redo is last
        self._solver: Solver | None = None
        self._hint_spent = 0  # states examined for the hint being worked out
        self._hint_at: object = None  # the (moves made, position) that hint is for

    def __repr__(self) -> str:
        return f"Game({self.deal.code!r}, {self.rules!r})"

    # Reading the game

    @property
    def position(self) -> Position:
        return self._positions[-1]

    @property
    def start(self) -> Position:
        return self._positions[0]

    @property
    def positions(self) -> tuple[Position, ...]:
        """Every position from the deal to now."""
        return tuple(self._positions)

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves made, first first."""
        return tuple(self._moves)

    @property
    def redo_moves(self) -> tuple[Move, ...]:
        """The undone moves that :meth:`redo` would make, next first."""
        return tuple(reversed(self._redo))

    @property
    def moves_made(self) -> int:
        return len(self._moves)

    @property
    def score(self) -> int:
        return self.position.score

    @property
    def run(self) -> int:
        """How many cards have been played since the last draw."""
        return self.position.run

    @property
    def longest_run(self) -> int:
        return max(p.run for p in self._positions)

    @property
    def status(self) -> Status:
        return self.position.status(self.rules)

    @property
    def is_over(self) -> bool:
        return self.status is not Status.PLAYING

    @property
    def legal_moves(self) -> list[Move]:
        return self.position.legal_moves(self.rules)

    @property
    def playable_ranks(self) -> tuple[int, ...]:
        """The ranks that would go on the waste right now."""
        return self.position.playable_ranks(self.rules)

    @property
    def can_undo(self) -> bool:
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def can_draw(self) -> bool:
        return DRAW in self.legal_moves

    @property
    def can_reset(self) -> bool:
        return RESET in self.legal_moves

    def card_at(self, slot: int) -> Card | None:
        """The card in a layout slot if a player can see it; ``None`` if face down or played."""
        position = self.position
        return position.cards[slot] if position.is_face_up(slot, self.rules) else None

    def explain(self, target: Card | str | int) -> str:
        """Why ``target`` (a card, its code, or a layout slot) can or can't be played now."""
        if isinstance(target, str):
            try:
                target = Card.parse(target)
            except InvalidCardError as error:
                message = str(error)  # str.capitalize() would lower-case the player's text
                return message[0].upper() + message[1:] + "."
        return self.position.explain(target, self.rules)

    # Changing the game

    def push(self, move: Move | str) -> Position:
        """Make ``move`` (a :class:`Move` or its notation); the only way a game moves on."""
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except InvalidCardError as error:
                raise IllegalMoveError(str(error)) from None
        position = self.position.after(move, self.rules)
        self._positions.append(position)
        self._moves.append(move)
        if self._redo and self._redo[-1] == move:
            self._redo.pop()  # the player made the move redo would have made
        else:
            self._redo.clear()
        return position

    def play(self, card: Card | str) -> Position:
        if isinstance(card, str):
            try:
                card = Card.parse(card)
            except InvalidCardError as error:
                raise IllegalMoveError(str(error)) from None
        return self.push(Move("play", card))

    def draw(self) -> Position:
        return self.push(DRAW)

    def reset(self) -> Position:
        """Turn the waste over to make a new stock."""
        return self.push(RESET)

    def undo(self) -> Move:
        if not self._moves:
            raise IllegalMoveError("Nothing to undo.")
        self._positions.pop()
        move = self._moves.pop()
        self._redo.append(move)
        return move

    def redo(self) -> Move:
        if not self._redo:
            raise IllegalMoveError("Nothing to redo.")
        move = self._redo[-1]
        self.push(move)
        return move

    def restart(self) -> None:
        """Back to the deal; the moves made can be redone."""
        while self._moves:
            self.undo()

    # Help

    @property
    def solver(self) -> Solver:
        """The solver for this deal and rules, kept so that what it proved is reused."""
        if self._solver is None:
            from .solver import Solver

            self._solver = Solver(self.start, self.rules)
        return self._solver

    def hint(self, *, budget: int | None = None, seconds: float | None = None) -> Hint:
        """Advice for the current position: see :class:`tripeaks.hint.Hint`.

        ``seconds`` bounds this call; a ``thinking`` hint means ask again to carry on. Each
        hint given counts in :attr:`hints`.
        """
        advice = self._work_on_hint(budget, seconds)
        if advice.kind not in ("thinking", "over"):
            self.hints += 1
            self._hint_at = None
        return advice

    def think(self, seconds: float) -> bool:
        """Work on the current position's hint for up to ``seconds``, without giving it.

        Call it while the player thinks (the page does, in idle moments): once it returns
        True the hint is worked out and :meth:`hint` answers at once. It never counts as a
        hint taken.
        """
        return self._work_on_hint(None, seconds).kind != "thinking"

    def _work_on_hint(self, budget: int | None, seconds: float | None) -> Hint:
        """The hint search for the current position, carried on from where it stopped."""
        from .hint import HINT_BUDGET, hint

        history = (len(self._moves), self.position)
        if self._hint_at != history:
            self._hint_at, self._hint_spent = history, 0
        advice, self._hint_spent = hint(
            self,
            self.solver,
            budget=HINT_BUDGET if budget is None else budget,
            seconds=seconds,
            spent=self._hint_spent,
        )
        return advice

    # Saving

    def to_json(self) -> str:
        """The save: deal, rules, moves and redo list, nothing derived. See :mod:`tripeaks.save`."""
        from .save import dump

        return dump(self)

    @staticmethod
    def from_json(text: str) -> Game:
        """Load a save, replaying and checking every move; raises ``InvalidSaveError``."""
        from .save import load

        return load(text)
