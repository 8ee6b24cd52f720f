"""What every stored document (a save, the statistics) shares: its format and version, and careful reading."""

from __future__ import annotations

import json
import re
from typing import Any


def check_header(
    data: Any, fmt: str, newest: int, error: type[ValueError], *, what: str, not_ours: str
) -> int:
    """The version of ``data``, a stored document of format ``fmt`` that this game reads up to
    version ``newest``; ``error`` with a message for the player if it is not one, has no valid
    version or is from a newer game. ``what`` names it in a sentence ("The save").
    """
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise error(not_ours)
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise error(f"{what} has no valid version number.")
    if version > newest:
        # A forged version of hundreds of digits is not shown (nor one too long for str() to write).
        said = f"format {version}" if version < 10**9 else "a format number that high"
        raise error(f"{what} is from a newer version of the game ({said}; this one reads up to {newest}).")
    return version


def shown(value: Any, most: int = 40) -> str:
    """``repr(value)`` cut to ``most`` characters, for a message (an int of thousands of digits,
    whose ``repr`` would raise, included)."""
    if type(value) is int and value.bit_length() > 4 * most:
        return "a number that long"
    text = repr(value)
    return text if len(text) <= most else text[:most] + "…"


_STRING = re.compile(r'"(?:\\.|[^"\\])*"')
_BRACKET = re.compile(r"[\[\]{}]")
MAX_DEPTH = 32
"""How deeply a stored document may nest: far more than any of ours, far less than the depth at
which parsing would exhaust the stack (a fatal error in WebAssembly, not an exception)."""


def read_json(text: str | bytes) -> Any:
    """``json.loads(text)``, but ``ValueError`` for text nested deeper than :data:`MAX_DEPTH`,
    whatever else is wrong with it."""
    if isinstance(text, bytes | bytearray):
        text = text.decode("utf-8")
    if not isinstance(text, str):
        raise TypeError("stored text must be str or bytes")
    depth = 0
    for bracket in _BRACKET.findall(_STRING.sub('""', text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            raise ValueError("the document nests too deeply")
    return json.loads(text)
