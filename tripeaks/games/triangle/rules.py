"""Triangle's rules as a value: there is one rule set, with two redeals (the stock is seen three times)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...model.rule_sets import by_key, unknown_rule_set
from ...model.solitaire import Choice

__all__ = ["RULE_SETS", "STANDARD", "TriangleRules"]


@dataclass(frozen=True, slots=True)
class TriangleRules:
    """How a game of Triangle is played: as RULES.md says, with no options.

    >>> TriangleRules.from_key("standard").describe()
    'Standard: two redeals, so the stock is seen three times'
    """

    redeals: ClassVar[int] = 2
    """How many times the waste may be turned back into the stock."""

    layout_only: ClassVar[bool] = False
    """Won only once every card is gone, the stock's and the waste's too."""

    CHOICES: ClassVar[tuple[Choice, ...]] = ()
    """Nothing to choose: one rule set."""

    @staticmethod
    def named(name: str) -> TriangleRules:
        if isinstance(name, str) and name.strip().lower() == "standard":
            return STANDARD
        raise unknown_rule_set(name, "Triangle has one, standard")

    @property
    def name(self) -> str:
        return "standard"

    @property
    def key(self) -> str:
        return "standard"

    @staticmethod
    def from_key(key: str) -> TriangleRules:
        return by_key(TriangleRules.named, key, "Triangle has one rule set, standard")

    @property
    def label(self) -> str:
        return "Standard"

    def describe(self) -> str:
        return "Standard: two redeals, so the stock is seen three times"

    def chosen(self) -> dict[str, str]:
        return {}

    @staticmethod
    def from_choices(answers: Mapping[str, str]) -> TriangleRules:
        """The one rule set, whatever is answered: there is nothing to ask."""
        return STANDARD

    def to_dict(self) -> dict[str, Any]:
        return {}

    @staticmethod
    def from_dict(data: Any) -> TriangleRules:
        if data != {}:
            raise ValueError("Triangle's rules have no options: they are written {}")
        return STANDARD


STANDARD = TriangleRules()
RULE_SETS = {"standard": STANDARD}
