"""Motion as a view of a change: given the scene before a move and the scene after it (both already true),
the plan of what to animate, with the boxes each card flies between. Plain Python: the tests check it
under CPython, and web/effects.py plays it with transforms and opacity only, so input never waits.

The page has changed the moment the player acts; the plan only moves each card's drawing from where it
was to where it is now. A second tap during the motion acts on the new state at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from geometry import Box, Geometry
from scene import Scene

from tripeaks import Card

FLY_MS = 180
"""A played card's flight to the waste (the issue's bound: 200 ms)."""
FLIP_MS = 160
DEAL_MS = 560
"""The whole deal, last card landed (bound: 600 ms)."""
DEAL_CARD_MS = 240


@dataclass(frozen=True, slots=True)
class Flight:
    """``card`` is drawn at ``target`` now, and flies there from ``start`` (a box on the felt)."""

    card: Card | None
    target: str
    start: Box
    delay: int = 0
    duration: int = FLY_MS
    flip: bool = False
    """It turns face up on the way (a draw from the stock)."""


@dataclass(frozen=True, slots=True)
class Ghost:
    """``card`` left the table (a pair removed): its drawing fades at ``box``, drifting to ``towards``."""

    card: Card
    box: Box
    towards: Box


@dataclass(frozen=True)
class Plan:
    flights: tuple[Flight, ...] = ()
    flips: tuple[str, ...] = ()
    """Targets whose card turned face up where it lies."""
    ghosts: tuple[Ghost, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.flights or self.flips or self.ghosts)

    @property
    def longest(self) -> int:
        """The ms until the last motion ends."""
        ends = [f.delay + f.duration for f in self.flights] + [FLIP_MS for _ in self.flips]
        return max(ends, default=0)


def box_of(geometry: Geometry, target: str) -> Box:
    if target.startswith("slot:"):
        return geometry.slots[int(target[5:])]
    return geometry.stock if target == "stock" else geometry.waste


def plan(before: Scene, after: Scene, geometry: Geometry) -> Plan:
    """What moved between two scenes of the same game."""
    was = before.card_places()
    now = after.card_places()
    flights: list[Flight] = []
    flips: list[str] = []
    ghosts: list[Ghost] = []
    for card, target in now.items():
        old = was.get(card)
        if old == target:
            continue
        if old is not None:
            flights.append(Flight(card, target, box_of(geometry, old)))
        elif target == "waste":
            # Not in sight before: it came face down off the stock (or from under the waste's top).
            came = "stock" if after.stock_count < before.stock_count or before.stock_turns else "waste"
            if came == "stock":
                flights.append(Flight(card, "waste", geometry.stock, flip=True))
        elif target.startswith("slot:"):
            slot = int(target[5:])
            if before.slots[slot].state == "down":
                flips.append(target)
        elif target == "stock" and before.stock.state == "down":
            flips.append("stock")
    for card, target in was.items():
        if card in now or card == after.under.card:
            continue  # still in sight, or gone under the waste's new top
        if after.stock_count > before.stock_count and target == "waste":
            # An undone draw: back onto the stock, face down.
            ghosts.append(Ghost(card, box_of(geometry, target), geometry.stock))
        elif target.startswith("slot:") or target == "stock" or target == "waste":
            ghosts.append(Ghost(card, box_of(geometry, target), geometry.waste))
    return Plan(tuple(flights), tuple(flips), tuple(ghosts))


def deal(after: Scene, geometry: Geometry) -> Plan:
    """A new deal: every card of the layout flies in from the stock, one after the other, all landed
    within DEAL_MS."""
    targets = [f"slot:{slot}" for slot, shown in enumerate(after.slots) if shown.state != "gone"]
    if not targets:
        return Plan()
    spread = DEAL_MS - DEAL_CARD_MS
    step = spread / max(len(targets) - 1, 1)
    flights = tuple(
        Flight(None, target, geometry.stock, delay=round(n * step), duration=DEAL_CARD_MS)
        for n, target in enumerate(targets)
    )
    return Plan(flights)
