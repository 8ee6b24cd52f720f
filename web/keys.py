"""The keyboard: arrows move over the cards that may be taken, Enter takes the one in focus, Space and D
make the stock's move, R turns the waste over, Z undo, Y redo, H hint, N new deal.

Left and Right step through those cards in order from left to right (so every one is reached), Up and
Down to the nearest one above or below.
"""

from typing import Any

_DIRECTIONS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
_LETTERS = {"d": "stock", "r": "turn", "z": "undo", "y": "redo", "h": "hint", "n": "new"}

Place = tuple[float, float]


def next_target(current: str | None, places: dict[str, Place], key: str) -> str | None:
    """The target an arrow key moves to from ``current``, given each target's centre on the screen;
    the first (leftmost, then lowest) when none is in focus."""
    if not places:
        return None
    if current is None or current not in places:
        return min(places, key=lambda t: (round(places[t][0]), -places[t][1]))
    dx, dy = _DIRECTIONS[key]
    if dx:
        order = sorted(places, key=lambda t: (round(places[t][0]), -places[t][1]))
        at = order.index(current) + dx
        return order[at] if 0 <= at < len(order) else current
    x0, y0 = places[current]
    best, best_cost = None, None
    for target, (x, y) in places.items():
        if target == current:
            continue
        along = (x - x0) * dx + (y - y0) * dy
        if along <= 1:
            continue
        across = abs((x - x0) * dy) + abs((y - y0) * dx)
        cost = along + 2 * across
        if best_cost is None or cost < best_cost:
            best, best_cost = target, cost
    return best if best is not None else current


def nearest_target(place: Place, places: dict[str, Place]) -> str | None:
    """The target closest to ``place``: where focus goes when its card leaves."""
    if not places:
        return None
    x0, y0 = place
    return min(places, key=lambda t: (places[t][0] - x0) ** 2 + (places[t][1] - y0) ** 2)


def command(event: Any) -> str | None:
    """The game command a key press asks for, or None to let the browser handle it."""
    if event.ctrlKey or event.metaKey or event.altKey:
        return None
    key = str(event.key)
    if key in _DIRECTIONS:
        return "move:" + key
    if key == " ":
        return "stock"
    return _LETTERS.get(key.lower())
