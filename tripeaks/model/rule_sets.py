"""A game's rules found by what a player, a link or the rules form wrote: a rule set by its name or its key,
and the refusal that names what was written (when it is short enough to show) and what the game has.

>>> from tripeaks.games.golf.rules import GolfRules
>>> GolfRules.from_key("dead")
Traceback (most recent call last):
...
ValueError: the rules 'dead' are unknown: Golf's rule sets are standard, strict and relaxed
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

__all__ = ["by_key", "rule_set_answered", "unknown_key", "unknown_rule_set"]

R = TypeVar("R")

_SHOWN = 40
"""The longest name or key a refusal repeats."""


def unknown_rule_set(name: Any, has: str) -> ValueError:
    """The refusal of an unknown rule set's ``name``: ``unknown rule set 'x': Golf has …``."""
    shown = f" '{name}'" if isinstance(name, str) and len(name) <= _SHOWN else ""
    return ValueError(f"unknown rule set{shown}: {has}")


def unknown_key(key: Any, known: str) -> ValueError:
    """The refusal of an unknown rules key: ``the rules 'x' are unknown: {known}``."""
    shown = f"the rules '{key}' are" if isinstance(key, str) and len(key) <= _SHOWN else "those rules are"
    return ValueError(f"{shown} unknown: {known}")


def by_key(named: Callable[[str], R], key: str, known: str) -> R:
    """The rules of a game whose keys are its rule sets' names: ``named(key)``, or the refusal of an
    unknown key (see :func:`unknown_key`)."""
    try:
        return named(key)
    except ValueError:
        raise unknown_key(key, known) from None


def rule_set_answered(rule_sets: Mapping[str, R], answers: Mapping[str, str], legend: str) -> R:
    """The rules the rules form's one question, ``rule_set``, answers (no answer: ``standard``);
    ``ValueError`` naming a bad answer as not an option for ``legend``."""
    value = answers.get("rule_set", "standard")
    if value not in rule_sets:
        raise ValueError(f"{str(value)[:20]!r} is not an option for {legend}")
    return rule_sets[value]
