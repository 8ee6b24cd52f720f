"""What every stored document (a save, the statistics) starts with: its format and version."""

from __future__ import annotations

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
