"""Pyramid's rules as a value: two rule sets, Pyramid (every card must go) and Relaxed Pyramid (the pyramid
must go, whatever is left in the stock and the waste); both with two redeals."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...model.rule_sets import by_key, rule_set_answered, unknown_rule_set
from ...model.solitaire import Choice, name_key

__all__ = ["RELAXED", "RULE_SETS", "STANDARD", "PyramidRules"]


@dataclass(frozen=True, slots=True)
class PyramidRules:
    """How a game of Pyramid is played: ``layout_only`` wins it once the 28 pyramid cards are gone
    (Relaxed Pyramid); else every card must go, the stock's and the waste's too.

    >>> PyramidRules.from_key("relaxed").describe()
    'Relaxed Pyramid: clear the pyramid; cards may stay in the stock and waste; two redeals'
    >>> PyramidRules.named("Relaxed Pyramid") == RELAXED, PyramidRules().key
    (True, 'standard')
    """

    layout_only: bool = False

    redeals: ClassVar[int] = 2
    """How many times the waste may be turned back into the stock."""

    CHOICES: ClassVar[tuple[Choice, ...]]
    """The rules form: the rule set (set below)."""

    def __post_init__(self) -> None:
        if type(self.layout_only) is not bool:
            raise ValueError("layout_only must be true or false")

    @property
    def name(self) -> str:
        return "relaxed" if self.layout_only else "standard"

    @property
    def key(self) -> str:
        return self.name

    @property
    def label(self) -> str:
        """The rule set's name as a player reads it: ``Pyramid``, ``Relaxed Pyramid``."""
        return "Relaxed Pyramid" if self.layout_only else "Pyramid"

    def describe(self) -> str:
        if self.layout_only:
            return "Relaxed Pyramid: clear the pyramid; cards may stay in the stock and waste; two redeals"
        return "Pyramid: remove every card, the pyramid's, the stock's and the waste's; two redeals"

    @staticmethod
    def named(name: str) -> PyramidRules:
        """The rule set called ``name``: ``standard`` or ``relaxed`` (or as a player reads them:
        ``Pyramid``, ``Relaxed Pyramid``)."""
        if isinstance(name, str) and len(name) <= 40:
            found = _BY_NAME.get(name_key(name))
            if found is not None:
                return found
        raise unknown_rule_set(name, "Pyramid has two, standard and relaxed")

    @staticmethod
    def from_key(key: str) -> PyramidRules:
        return by_key(PyramidRules.named, key, "Pyramid's rule sets are standard and relaxed")

    def chosen(self) -> dict[str, str]:
        return {"rule_set": self.name}

    @staticmethod
    def from_choices(answers: Mapping[str, str]) -> PyramidRules:
        """The rules the answers to :attr:`CHOICES` make (no answer is the standard rule set);
        ``ValueError`` for a bad answer."""
        return rule_set_answered(RULE_SETS, answers, "the rules")

    def to_dict(self) -> dict[str, Any]:
        return {"rule_set": self.name}

    @staticmethod
    def from_dict(data: Any) -> PyramidRules:
        """Read rules written by :meth:`to_dict`; ``ValueError`` saying what is wrong."""
        if not isinstance(data, dict) or set(data) != {"rule_set"} or data["rule_set"] not in RULE_SETS:
            raise ValueError("Pyramid's rules are written {\"rule_set\": \"standard\"} or \"relaxed\"")
        return RULE_SETS[data["rule_set"]]


STANDARD = PyramidRules()
RELAXED = PyramidRules(layout_only=True)
RULE_SETS = {"standard": STANDARD, "relaxed": RELAXED}
"""The rule sets by key, the default first."""

_BY_NAME = {name_key(text): rules for rules in RULE_SETS.values() for text in (rules.key, rules.label)}

PyramidRules.CHOICES = (
    Choice("rule_set", "Rules", (
        ("standard", "Pyramid", "every card must go"),
        ("relaxed", "Relaxed Pyramid", "only the pyramid must go"),
    )),
)
