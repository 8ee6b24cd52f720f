"""Golf's rules as a value: three rule sets, which differ only in what may go on a king or an ace."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...kit.adjacency import DEAD_KING, NO_WRAP, WRAP, Adjacency
from ...model.rule_sets import by_key, rule_set_answered, unknown_rule_set
from ...model.solitaire import Choice

__all__ = ["RELAXED", "RULE_SETS", "STANDARD", "STRICT", "GolfRules"]

_NAMES = {
    "standard": ("Golf", "no wrap, a queen may go on a king"),
    "strict": ("Dead King Golf", "nothing goes on a king"),
    "relaxed": ("Relaxed Golf", "K–A wrap: a king and an ace touch"),
}


@dataclass(frozen=True, slots=True)
class GolfRules:
    """How a game of Golf is played: one pass through the stock; the rule set says which rank goes
    on which (see RULES.md).

    >>> GolfRules.named("strict").describe()
    'Dead King Golf: one pass through the stock, nothing goes on a king'
    >>> GolfRules.from_key("relaxed").adjacency.goes_on(1, 13)
    True
    """

    name: str = "standard"
    """``standard``, ``strict`` or ``relaxed``: also the rules' key."""

    resets: ClassVar[int] = 0
    """The waste is never turned over: one pass through the stock."""

    CHOICES: ClassVar[tuple[Choice, ...]]
    """The rules form (see :class:`~tripeaks.model.solitaire.Choice`): set below."""

    def __post_init__(self) -> None:
        if self.name not in _NAMES:
            raise ValueError("unknown rule set: Golf has standard, strict and relaxed")

    @staticmethod
    def named(name: str) -> GolfRules:
        """The rule set called ``name``: ``standard``, ``strict`` or ``relaxed``."""
        text = name.strip().lower() if isinstance(name, str) else ""
        found = RULE_SETS.get(text)
        if found is None:
            raise unknown_rule_set(name, "Golf has standard, strict and relaxed")
        return found

    @property
    def key(self) -> str:
        return self.name

    @staticmethod
    def from_key(key: str) -> GolfRules:
        return by_key(GolfRules.named, key, "Golf's rule sets are standard, strict and relaxed")

    @property
    def adjacency(self) -> Adjacency:
        """Which rank goes on which."""
        return {"standard": NO_WRAP, "strict": DEAD_KING, "relaxed": WRAP}[self.name]

    @property
    def label(self) -> str:
        """The rule set as players call it: ``Golf``, ``Dead King Golf``, ``Relaxed Golf``."""
        return _NAMES[self.name][0]

    def describe(self) -> str:
        shown, rule = _NAMES[self.name]
        return f"{shown}: one pass through the stock, {rule}"

    def chosen(self) -> dict[str, str]:
        return {"rule_set": self.name}

    @staticmethod
    def from_choices(answers: Mapping[str, str]) -> GolfRules:
        """The rules the answers to :attr:`CHOICES` make (none is the standard rule set)."""
        return rule_set_answered(RULE_SETS, answers, "rules")

    def to_dict(self) -> dict[str, Any]:
        return {"rule_set": self.name}

    @staticmethod
    def from_dict(data: Any) -> GolfRules:
        """Read rules written by :meth:`to_dict`; raises ``ValueError`` saying what is wrong."""
        if not isinstance(data, dict) or set(data) != {"rule_set"}:
            raise ValueError("Golf's rules are written {\"rule_set\": ...}, standard, strict or relaxed")
        value = data["rule_set"]
        if not isinstance(value, str) or value not in RULE_SETS:
            raise ValueError("Golf's rule set must be standard, strict or relaxed")
        return RULE_SETS[value]


STANDARD = GolfRules("standard")
STRICT = GolfRules("strict")
RELAXED = GolfRules("relaxed")
RULE_SETS = {"standard": STANDARD, "strict": STRICT, "relaxed": RELAXED}
"""By name, the default first."""

GolfRules.CHOICES = (
    Choice("rule_set", "Rules", tuple((name, shown, rule) for name, (shown, rule) in _NAMES.items())),
)
