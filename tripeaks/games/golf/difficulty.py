"""Golf's no-peeking player, whose wins over a deal and its re-deals grade the deal's difficulty.

The player is the family's for games played one rank from the waste's top
(:mod:`tripeaks.kit.no_peeking`): it sees every card of the columns and the waste's top, never the
stock's order. It plays a card whose play uncovers a card first (in Golf every play does, but a
column's last card), then the one that starts the longest run it can see, then the leftmost
column's; else it draws.

It plays the deal itself and ``GAMES - 1`` re-deals of the stock (the one thing it can't see). A
winnable deal is ``easy`` when it wins at least the rule set's first threshold of the games,
``medium`` from the second, ``hard`` from the third, and ``very hard`` below; ``can't be won``
when the exact solver proves the deal lost. Without the stock's order Golf is hard to win (a winnable
Standard deal's games are won a median 1% of the time, Dead King Golf's 0.4%, Relaxed Golf's 10%),
so the thresholds are low; they split the winnable deals among numbered deals 1 to 400 of each rule
set roughly in quarters.
"""

from __future__ import annotations

from ...kit.grading import SlicedGrader
from ...kit.no_peeking import blind_game, redeal, seen
from .play import GolfPosition

__all__ = ["GAMES", "THRESHOLDS", "GolfGrader"]

GAMES = 512
"""Games the no-peeking player plays per deal: the deal and its re-deals."""

THRESHOLDS = {
    "standard": (0.035, 0.01, 0.003),
    "strict": (0.014, 0.004, 0.0015),
    "relaxed": (0.19, 0.10, 0.045),
}
"""For each rule set, the least share of games won for easy, medium and hard."""


class GolfGrader(SlicedGrader):
    """Works out a Golf deal's difficulty (see the module's docstring), in slices."""

    games = GAMES
    position: GolfPosition
    redeal = staticmethod(redeal)
    play = staticmethod(blind_game)

    @property
    def thresholds(self) -> tuple[float, float, float]:  # type: ignore[override]
        return THRESHOLDS[self.position.rules.name]

    def seen(self) -> tuple[list[int], list[int], int | None]:
        return seen(self.position)
