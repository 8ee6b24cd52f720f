"""Small helpers for the DOM through Pyodide: JS null, event listeners that stay alive, escaping text."""

from collections.abc import Callable
from typing import Any

from markup import escape
from pyodide.ffi import create_proxy

__all__ = ["closest", "escape", "nothing", "on"]

_kept: list[Any] = []  # proxies handed to the browser must outlive this call


def nothing(value: object) -> bool:
    """Whether a JS value is null or undefined (JS null arrives as jsnull, which `is None` misses)."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def on(target: Any, event: str, handler: Callable[[Any], object]) -> None:
    proxy = create_proxy(handler)
    _kept.append(proxy)
    target.addEventListener(event, proxy)


def closest(event: Any, selector: str) -> Any | None:
    """The element matching ``selector`` at or above the event's target, or None."""
    target = event.target
    if nothing(target) or not hasattr(target, "closest"):
        return None
    found = target.closest(selector)
    return None if nothing(found) else found


