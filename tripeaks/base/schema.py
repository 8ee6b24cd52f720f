"""A small declared schema for stored JSON: a frozen dataclass's fields say what each may hold, and one
reader checks a stored object against them, with a sentence for the player about the first thing wrong.

A field declares its kind with :func:`spec` (``whole``, ``seconds``, ``flag``, ``text``, ``day``), the
words that name it in a message (``said``) and whether ``None`` is allowed. :func:`check` checks a
value's fields (a dataclass calls it from ``__post_init__``, so a value built in code is checked too);
:func:`read` reads one from a stored object: an object, no field missing (those with no default), none
unknown, whole seconds read as floats. Standard library only, so that the engine stays light in Pyodide.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Score:
...     points: int = spec("whole", said="a score", low=0, high=100)
...     def __post_init__(self) -> None:
...         check(self, ValueError)
>>> read(Score, {"points": 7}, ValueError, what="a score")
Score(points=7)
>>> read(Score, {"points": -1}, ValueError, what="a score")
Traceback (most recent call last):
...
ValueError: a score must be a whole number from 0 to 100, not -1
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
from typing import Any, TypeVar

from .stored import shown

__all__ = ["check", "read", "spec"]

T = TypeVar("T")

_KINDS = ("whole", "seconds", "flag", "text", "day")


def spec(
    kind: str,
    *,
    said: str,
    low: float = 0,
    high: float = 2**31 - 1,
    optional: bool = False,
    default: Any = dataclasses.MISSING,
    wrong: str | None = None,
    sentence: str | None = None,
) -> Any:
    """A dataclass field holding a value of ``kind``: ``whole`` (an int from ``low`` to ``high``),
    ``seconds`` (a finite number from ``low`` to below ``high``), ``flag`` (true or false), ``text``
    (ASCII text of 1 to ``high`` characters), ``day`` (a date, ``2026-12-04``); ``None`` too when
    ``optional``. ``said`` names it in a message; ``wrong`` replaces the whole message's first part
    ("``{said}`` must be …"); ``sentence`` replaces the whole message, for a reader whose messages
    do not show the value."""
    assert kind in _KINDS, kind
    rule = {"kind": kind, "said": said, "low": low, "high": high, "optional": optional, "wrong": wrong,
            "sentence": sentence}
    if default is dataclasses.MISSING:
        return dataclasses.field(metadata={"schema": rule})
    return dataclasses.field(default=default, metadata={"schema": rule})


def _fits(rule: dict[str, Any], value: Any) -> bool:
    if value is None:
        return bool(rule["optional"])
    kind, low, high = rule["kind"], rule["low"], rule["high"]
    if kind == "whole":
        return type(value) is int and low <= value <= high
    if kind == "seconds":
        return type(value) in (int, float) and math.isfinite(value) and low <= value < high
    if kind == "flag":
        return type(value) is bool
    if kind == "text":
        return isinstance(value, str) and 0 < len(value) <= high and value.isascii()
    try:  # a day
        return isinstance(value, str) and len(value) == 10 and bool(dt.date.fromisoformat(value))
    except ValueError:
        return False


def _wants(rule: dict[str, Any]) -> str:
    kind, low, high = rule["kind"], rule["low"], rule["high"]
    if kind == "whole":
        if high >= 2**31 - 1:
            return f"a whole number of at least {int(low):,}"
        return f"a whole number from {int(low):,} to {int(high):,}"
    return {"seconds": "a number of seconds", "flag": "true or false", "text": "a name",
            "day": "a date"}[kind]


def check(value: Any, error: type[ValueError]) -> None:
    """``error`` saying which field of the dataclass ``value`` holds what its schema does not allow."""
    for item in dataclasses.fields(value):
        rule = item.metadata.get("schema")
        if rule is None:
            continue
        held = getattr(value, item.name)
        if not _fits(rule, held):
            if rule["sentence"]:
                raise error(rule["sentence"])
            start = rule["wrong"] or f"{rule['said']} must be {_wants(rule)}"
            raise error(f"{start}, not {shown(held)}")


def read(
    cls: type[T], data: Any, error: type[ValueError], *, what: str, every: bool = False, plural: bool = False
) -> T:
    """A ``cls`` (a dataclass declared with :func:`spec`) read from the stored object ``data``: ``error``
    if it is no object, misses a field (one with no default; any, with ``every``), or has a field
    ``cls`` does not know. ``what`` names such an object in a message (``a game``; ``plural``:
    ``the statistics``)."""
    if not isinstance(data, dict):
        raise error(f"{what} must be an object")
    fields = {item.name: item for item in dataclasses.fields(cls)}  # type: ignore[arg-type]
    required = [
        name for name, item in fields.items()
        if item.init and (every or (item.default is dataclasses.MISSING
                                    and item.default_factory is dataclasses.MISSING))
    ]
    missing = [name for name in required if name not in data]
    if missing:
        raise error(f"{what} {'are' if plural else 'is'} missing {', '.join(missing)}")
    extra = sorted(str(key) for key in set(data) - set(fields))
    if extra:
        raise error(f"{what} {'have' if plural else 'has'} unknown fields: {', '.join(extra)}")
    values = dict(data)
    for name, item in fields.items():
        rule = item.metadata.get("schema")
        if rule is not None and rule["kind"] == "seconds" and type(values.get(name)) is int:
            values[name] = float(values[name])
    return cls(**values)
