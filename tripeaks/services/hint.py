"""Hints: the next move of a winning line, or how far back the game can still be won."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..base.moves import Move
from ..kit.solving import collector_paused
from ..model.answers import Result, Solver
from ..model.position import Place, Position, Status
from ..model.solitaire import Solitaire

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["HINT_BUDGET", "Hint", "hint"]

HINT_BUDGET = 2_000_000
"""States a hint may examine in all (over as many calls as it takes) before it gives up."""


@dataclass(frozen=True, slots=True)
class Hint:
    """Advice for the player.

    ``kind`` is the kind of the move to make, ``play``, ``draw``, ``reset`` or ``redeal``
    (``move`` is the move, ``slot`` the layout slot of its first card on the table, ``slots``
    of each of its cards on the table), ``undo`` (go back ``undo`` moves), ``lost`` (the deal
    can't be won at all), ``over`` (the game is won), ``thinking`` (the time given ran out: ask
    again to carry on) or ``unknown`` (too hard to work out within the hint's budget). ``text``
    is what the player reads, in the game's words.
    """

    kind: str
    text: str
    move: Move | None = None
    undo: int = 0
    slot: int | None = None
    places: tuple[tuple[Place, int | None], ...] = ()
    """Where each card of the move lies (see :meth:`Position.place_of`)."""

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "text": self.text,
            "move": self.move.notation if self.move else None,
            "undo": self.undo,
            "slot": self.slot,
        }


def _advice(position: Position, move: Move) -> Hint:
    text = Solitaire.of(position).words.advice(position, move)
    places = tuple(place for card in move.cards if (place := position.place_of(card)) is not None)
    slots = [slot for where, slot in places if where is Place.TABLE]
    return Hint(move.kind.value, text, move, slot=slots[0] if slots else None, places=places)


def hint(
    positions: Sequence[Position],
    solver: Solver,
    *,
    budget: int = HINT_BUDGET,
    seconds: float | None = None,
    spent: int = 0,
) -> tuple[Hint, int]:
    """The hint for the last of a game's ``positions`` (its history, from the deal), and the states
    examined so far for it.

    From a position that can still be won, the first move of a winning line. Otherwise the
    game's history is searched backwards for the latest position that can be won, and the
    hint says how many moves to undo; if even the deal is lost, it says so.
    """
    words = Solitaire.of(positions[-1]).words
    if positions[-1].status() is Status.WON:
        return Hint("over", words.over), spent
    # Once a position is lost every later one is, so the positions that can still be won are
    # the first few of the game: find where they end by halving, not by walking back.
    verdicts: dict[int, Result] = {}
    last = len(positions) - 1
    with collector_paused():
        for index in _probes(last, verdicts):
            answer = solver.solve(positions[index], budget=max(budget - spent, 1), seconds=seconds)
            spent += answer.nodes
            if answer.result is Result.GAVE_UP:
                if spent >= budget:
                    return Hint("unknown", words.unknown), spent
                return Hint("thinking", words.thinking), spent
            verdicts[index] = answer.result
            if index == last and answer.result is Result.WON:
                return _advice(positions[last], answer.moves[0]), spent
    won = [i for i, result in verdicts.items() if result is Result.WON]
    if not won:
        return Hint("lost", words.lost), spent
    back = last - max(won)
    return Hint("undo", words.go_back(back), undo=back), spent


def _probes(last: int, verdicts: dict[int, Result]) -> Iterator[int]:
    """The positions to solve: the current one, the deal, then halving between the latest
    known winnable position and the earliest known lost one."""
    yield last
    if verdicts[last] is Result.WON:
        return
    if last == 0:
        return
    yield 0
    if verdicts[0] is not Result.WON:
        return
    low, high = 0, last
    while high - low > 1:
        middle = (low + high) // 2
        yield middle
        if verdicts[middle] is Result.WON:
            low = middle
        else:
            high = middle
