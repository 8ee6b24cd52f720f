"""The keyboard: arrows move between free cards, Enter plays, Space/D draw, Z undo, Y redo, H hint, N deal."""

from tripeaks import TRIPEAKS

_DIRECTIONS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
_LETTERS = {"d": "draw", "z": "undo", "y": "redo", "h": "hint", "n": "new"}


def next_slot(current: int | None, free: list[int], key: str) -> int | None:
    """The free slot an arrow key moves to from ``current`` (the nearest one that way)."""
    if not free:
        return None
    if current is None or current not in free:
        return min(free, key=lambda s: (TRIPEAKS.layout.places[s][0], -TRIPEAKS.layout.places[s][1]))
    dx, dy = _DIRECTIONS[key]
    x0, y0 = TRIPEAKS.layout.places[current]
    best, best_cost = None, None
    for slot in free:
        if slot == current:
            continue
        x, y = TRIPEAKS.layout.places[slot]
        along = (x - x0) * dx + (y - y0) * dy
        if along <= 0:
            continue
        across = abs((x - x0) * dy) + abs((y - y0) * dx)
        cost = along + 2 * across
        if best_cost is None or cost < best_cost:
            best, best_cost = slot, cost
    return best if best is not None else current


def nearest_slot(place: tuple[float, float], free: list[int]) -> int | None:
    """The free slot closest to ``place``: where focus goes when its card is played."""
    if not free:
        return None
    x0, y0 = place
    places = TRIPEAKS.layout.places
    return min(free, key=lambda s: (places[s][0] - x0) ** 2 + (places[s][1] - y0) ** 2)


def command(event) -> str | None:
    """The game command a key press asks for, or None to let the browser handle it."""
    if event.ctrlKey or event.metaKey or event.altKey:
        return None
    key = str(event.key)
    if key in _DIRECTIONS:
        return "move:" + key
    if key == " ":
        return "draw"
    return _LETTERS.get(key.lower())
