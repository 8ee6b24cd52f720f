"""A game: a deal, its rules, and the history of positions that undo and redo walk."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..base.cards import Card
from ..base.errors import IllegalMoveError, InvalidCardError, InvalidMoveError, InvalidSaveError
from ..base.moves import DRAW, REDEAL, RESET, Move
from ..model.deal import Deal
from ..model.numbered import numbered_deal
from ..model.position import Position, Status
from ..model.words import capital
from . import save

if TYPE_CHECKING:
    from ..model.answers import Solver
    from ..model.solitaire import Solitaire
    from .hint import Hint

__all__ = ["Game", "ReplayError", "from_dict", "load"]


class ReplayError(IllegalMoveError):
    """A move of a list given to :meth:`Game.from_moves` that can't be made: which one, and why."""

    def __init__(self, number: int, move: str, redo: bool, reason: str) -> None:
        self.number, self.move, self.redo, self.reason = number, move, redo, reason
        super().__init__(f"{'Redo move' if redo else 'Move'} {number} ({move}) can't be made: {reason}")


class Game:
    """One game of any solitaire of the family, with unlimited undo and redo.

    The history is a stack of immutable positions; undo pops one, redo pushes an undone
    move again. Score, run and status are read off the current position.

    >>> from tripeaks import numbered_deal
    >>> game = Game(numbered_deal(1))
    >>> position = game.draw()
    >>> game.score
    -5
    >>> game.undo(), game.score
    (Move.parse('draw'), 0)
    """

    def __init__(
        self,
        deal: Deal | str,
        rules: Any = None,
        *,
        number: int | None = None,
        daily: str | None = None,
    ) -> None:
        """A game of ``deal`` (a deal or its code, whose prefix names the game) under ``rules``,
        by default the game's default rules; ``ValueError`` if they are another game's."""
        self.deal = deal if isinstance(deal, Deal) else Deal.parse(deal)
        self.rules: Any = self.deal.solitaire.check_rules(rules)
        """The rules, a value of the game's own rules type."""
        self.notice: str | None = None
        """What the player should be told about how the game was made, or ``None``: see :attr:`number`."""
        self.number = number
        self.daily = daily
        self.hints = 0
        """How many hints the player asked for (a game won with a hint sets no best)."""
        self.seconds = 0.0
        """Playing time so far, kept by whoever shows the game."""

        self._positions = [Position.start(self.deal, self.rules)]
        self._moves: list[Move] = []
        self._redo: list[Move] = []  # the next move to redo is last
        self._solver: Solver | None = None
        self._hint_spent = 0  # states examined for the hint being worked out
        self._hint_at: object = None  # the (moves made, position) that hint is for

    def __repr__(self) -> str:
        return f"Game({self.deal.code!r}, {self.rules!r})"

    @property
    def number(self) -> int | None:
        """The deal's number, when it is a numbered deal and was made as one.

        A number that is not the deal's own (a save that says deal 5 but holds another deal's cards)
        is not kept: the game is a shared deal, and :attr:`notice` says so."""
        return self._number

    @number.setter
    def number(self, number: int | None) -> None:
        self._number = number
        if number is not None and not self._numbered(number):
            self._number = None
            self.notice = (f"These cards are not deal {number:,}'s: this is played as a shared deal, "
                           f"not as deal {number:,}.")

    def _numbered(self, number: int) -> bool:
        try:
            return numbered_deal(number, self.deal.solitaire) == self.deal
        except ValueError:  # no deal number at all
            return False

    @staticmethod
    def from_moves(
        deal: Deal | str,
        rules: Any = None,
        moves: Iterable[Move | str] = (),
        redo: Iterable[Move | str] = (),
        *,
        number: int | None = None,
        daily: str | None = None,
    ) -> Game:
        """The game with ``moves`` made from the deal and ``redo`` (next first) left to redo.

        Every move is checked by the rules: :class:`IllegalMoveError` names the first that
        can't be made (its message starts ``Move N`` or ``Redo move N``), and a move written
        wrongly raises :class:`InvalidMoveError`.

        >>> from tripeaks import numbered_deal
        >>> game = Game.from_moves(numbered_deal(1), None, ["draw", "draw"], ["draw"])
        >>> game.moves_made, game.redo_moves
        (2, (Move.parse('draw'),))
        """
        game = Game(deal, rules, number=number, daily=daily)
        for i, move in enumerate(moves, 1):
            try:
                game.push(move)
            except IllegalMoveError as error:
                raise ReplayError(i, str(move), False, str(error)) from None
        position = game.position
        checked = []
        for i, move in enumerate(redo, 1):
            move = game._move(move)
            try:
                position = position.after(move)
            except IllegalMoveError as error:
                raise ReplayError(i, str(move), True, str(error)) from None
            checked.append(move)
        game._redo = checked[::-1]
        return game

    # Reading the game

    @property
    def solitaire(self) -> Solitaire:
        """The game this is a game of: TriPeaks, Triangle."""
        return self.deal.solitaire

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
        return self.position.status()

    @property
    def is_over(self) -> bool:
        return self.status is not Status.PLAYING

    @property
    def legal_moves(self) -> list[Move]:
        return self.position.legal_moves()

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

    @property
    def stock_move(self) -> Move | None:
        """What a tap on the stock does now: a draw, a reset or redeal, or nothing."""
        return self.position.stock_move()

    def card_at(self, slot: int) -> Card | None:
        """The card in a layout slot if a player can see it; ``None`` if face down or played."""
        position = self.position
        return position.cards[slot] if position.is_face_up(slot) else None

    def explain(self, target: Card | str | int) -> str:
        """Why ``target`` (a card, its code, or a layout slot) can or can't be played now."""
        if isinstance(target, str):
            try:
                target = Card.parse(target)
            except InvalidCardError as error:
                return capital(str(error)) + "."  # str.capitalize() would lower-case the player's text
        return self.position.explain(target)

    # Changing the game

    def _move(self, move: Move | str) -> Move:
        """``move`` read in this game's notation (a :class:`Move` is taken as it is: a move of
        another game is refused by the position, with the same error)."""
        if isinstance(move, str):
            return self.solitaire.parse_move(move)
        if not isinstance(move, Move):
            raise InvalidMoveError(f"{move!r:.40} is not a move")
        return move

    def push(self, move: Move | str) -> Position:
        """Make ``move`` (a :class:`Move` or its notation); the only way a game moves on.

        :class:`InvalidMoveError` if ``move`` is written wrongly or is no move of this game,
        :class:`IllegalMoveError` (saying why) if the rules refuse it now.
        """
        move = self._move(move)
        position = self.position.after(move)
        self._positions.append(position)
        self._moves.append(move)
        if self._redo and self._redo[-1] == move:
            self._redo.pop()  # the player made the move redo would have made
        else:
            self._redo.clear()
        return position

    def play(self, *cards: Card | str) -> Position:
        """Play a card (TriPeaks, or a Triangle king), or remove a pair (Triangle)."""
        if any(isinstance(card, Move) for card in cards):
            raise InvalidMoveError("play() takes cards; to make a move, push() it")
        try:
            move = Move.play(*cards)
        except InvalidCardError as error:
            raise InvalidMoveError(str(error)) from None
        return self.push(move)

    def draw(self) -> Position:
        return self.push(DRAW)

    def reset(self) -> Position:
        """Turn the waste over to make a new stock (TriPeaks)."""
        return self.push(RESET)

    def redeal(self) -> Position:
        """Turn the waste back into the stock (Triangle)."""
        return self.push(REDEAL)

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
            self._solver = self.solitaire.solver(self.start)
        return self._solver

    def hint(self, *, budget: int | None = None, seconds: float | None = None) -> Hint:
        """Advice for the current position: see :class:`tripeaks.services.hint.Hint`.

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
            self.positions,
            self.solver,
            budget=HINT_BUDGET if budget is None else budget,
            seconds=seconds,
            spent=self._hint_spent,
        )
        return advice

    # Saving

    def to_json(self) -> str:
        """The save: deal, rules, moves and redo list, nothing derived. See :mod:`tripeaks.services.save`."""
        return save.dump(self)

    @staticmethod
    def from_json(text: str | bytes, solitaire: Solitaire | None = None) -> Game:
        """Load a save, replaying and checking every move; raises ``InvalidSaveError``. Given
        ``solitaire``, a save of another game is refused."""
        return load(text, solitaire)


def load(text: str | bytes, solitaire: Solitaire | None = None) -> Game:
    """Rebuild a game from its save. Never returns a half-loaded game. Given ``solitaire``, a
    save of another game is refused."""
    return from_dict(save.parse(text), solitaire)


def from_dict(data: Any, solitaire: Solitaire | None = None) -> Game:
    """Rebuild a game from its save's JSON value, replaying and checking every move."""
    saved = save.read(data, solitaire)
    try:
        loaded = Game.from_moves(
            saved.deal, saved.rules, saved.moves, saved.redo, number=saved.number, daily=saved.daily
        )
    except ReplayError as error:
        which = "Redo move" if error.redo else "Move"
        raise InvalidSaveError(
            f"{which} {error.number} of the save ({error.move}) can't be made: {error.reason}"
        ) from None
    except IllegalMoveError as error:  # pragma: no cover - from_moves says which move
        raise InvalidSaveError(f"The save's moves can't be made: {error}") from None
    loaded.hints = saved.hints
    loaded.seconds = saved.seconds
    return loaded
