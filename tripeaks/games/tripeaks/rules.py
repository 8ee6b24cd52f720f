"""TriPeaks' rules as a value: passes, K–A wrap, face up, an empty waste at the start; the rule sets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ...base.stored import shown
from ...kit.adjacency import Adjacency, adjacency
from ...model.rule_sets import unknown_key
from ...model.solitaire import Choice

__all__ = ["EASY", "RULE_SETS", "STANDARD", "STRICT", "Rules"]


@dataclass(frozen=True, slots=True)
class Rules:
    """How a game of TriPeaks is played.

    ``passes`` is how many times the stock may be gone through (1, 2 or 3), or ``None`` for
    unlimited; ``wrap`` makes king and ace adjacent; ``face_up`` deals every layout card
    face up; ``empty_waste`` deals no card to the waste (the deal's waste card is then the
    stock's first) and any free card may be played first.

    >>> Rules.named("strict")
    Rules(passes=1, wrap=False, face_up=False, empty_waste=False)
    >>> Rules(passes=2, wrap=False).name
    'custom'
    """

    passes: int | None = 1
    wrap: bool = True
    face_up: bool = False
    empty_waste: bool = False

    CHOICES: ClassVar[tuple[Choice, ...]]
    """The rules form (see :class:`~tripeaks.model.solitaire.Choice`): set below."""

    def __post_init__(self) -> None:
        if self.passes is not None and (
            type(self.passes) is not int or not 1 <= self.passes <= 3
        ):
            raise ValueError(f"stock passes must be 1, 2, 3 or unlimited, not {shown(self.passes)}")
        if type(self.wrap) is not bool or type(self.face_up) is not bool:
            raise ValueError("wrap and face_up must be true or false")
        if type(self.empty_waste) is not bool:
            raise ValueError("empty_waste must be true or false")

    @staticmethod
    def named(name: str, *, face_up: bool = False, empty_waste: bool = False) -> Rules:
        """The rule set called ``name``: ``easy``, ``standard`` or ``strict``."""
        try:
            return replace(RULE_SETS[name.lower()], face_up=face_up, empty_waste=empty_waste)
        except (KeyError, AttributeError):
            raise ValueError(
                f"unknown rule set {name!r}: choose easy, standard or strict"
            ) from None

    @property
    def name(self) -> str:
        """``easy``, ``standard``, ``strict``, or ``custom`` for any other combination."""
        for name, rules in RULE_SETS.items():
            if (rules.passes, rules.wrap) == (self.passes, self.wrap):
                return name
        return "custom"

    @property
    def adjacency(self) -> Adjacency:
        """Which rank goes on which: one above or below, with K–A wrap or not."""
        return adjacency(self.wrap)

    @property
    def resets(self) -> int | None:
        """How many times the waste may be turned over; ``None`` for no limit."""
        return None if self.passes is None else self.passes - 1

    @property
    def key(self) -> str:
        """A short stable name for this exact combination, for statistics and URLs.

        >>> Rules.named("standard").key, Rules(passes=None, wrap=False, face_up=True).key
        ('standard', 'custom-unlimited-nowrap-faceup')
        >>> Rules(passes=2, empty_waste=True).key
        'custom-2pass-wrap-emptywaste'
        """
        name = self.name
        if name == "custom":
            passes = "unlimited" if self.passes is None else f"{self.passes}pass"
            name += f"-{passes}-{'wrap' if self.wrap else 'nowrap'}"
        return name + ("-faceup" if self.face_up else "") + ("-emptywaste" if self.empty_waste else "")

    @staticmethod
    def from_key(key: str) -> Rules:
        """The rules a :attr:`key` names, such as ``strict`` or ``custom-2pass-nowrap-faceup``.

        >>> Rules.from_key("custom-unlimited-nowrap") == Rules(passes=None, wrap=False)
        True
        >>> Rules.from_key("strict-emptywaste-faceup").describe()
        'Strict: one pass through the stock, no K–A wrap, all cards face up, the waste starts empty'
        """
        text = key.strip().lower() if isinstance(key, str) and len(key) <= 80 else ""
        options = {"faceup": False, "emptywaste": False}
        while True:  # the options, in either order, after the rule set
            head, _, last = text.rpartition("-")
            if not head or last not in options or options[last]:
                break
            options[last], text = True, head
        face_up, empty_waste = options["faceup"], options["emptywaste"]
        if text in RULE_SETS:
            return Rules.named(text, face_up=face_up, empty_waste=empty_waste)
        parts = text.split("-")
        passes = {"1pass": 1, "2pass": 2, "3pass": 3, "unlimited": None}
        if len(parts) == 3 and parts[0] == "custom" and parts[1] in passes and parts[2] in ("wrap", "nowrap"):
            # A custom key for a named combination (custom-1pass-wrap is standard) still works.
            return Rules(passes=passes[parts[1]], wrap=parts[2] == "wrap", face_up=face_up,
                         empty_waste=empty_waste)
        raise unknown_key(key, "use easy, standard, strict or a custom key such as custom-2pass-nowrap, with "
                          "-faceup or -emptywaste after it if wanted")

    @property
    def label(self) -> str:
        """The rules in a few words, for a row of a table.

        >>> Rules.named("standard", face_up=True).label, Rules(passes=2, wrap=False, empty_waste=True).label
        ('Standard, face up', 'Custom: 2 passes, no wrap, empty waste')
        """
        name = self.name.capitalize()
        if self.name == "custom":
            passes = "unlimited passes" if self.passes is None else (
                f"{self.passes} pass{'es' if self.passes > 1 else ''}"
            )
            name += f": {passes}, {'K–A wrap' if self.wrap else 'no wrap'}"
        return name + (", face up" if self.face_up else "") + (", empty waste" if self.empty_waste else "")

    def chosen(self) -> dict[str, str]:
        """The answers to :attr:`CHOICES` that make these rules: an empty waste is a custom
        choice, so rules with one answer ``custom``.

        >>> Rules.from_choices(Rules.named("strict", empty_waste=True).chosen()).key
        'strict-emptywaste'
        """
        return {
            "rule_set": "custom" if self.empty_waste else self.name,
            "passes": "unlimited" if self.passes is None else str(self.passes),
            "wrap": "on" if self.wrap else "off",
            "waste": "empty" if self.empty_waste else "card",
            "face_up": "up" if self.face_up else "down",
        }

    @staticmethod
    def from_choices(answers: Mapping[str, str]) -> Rules:
        """The rules the answers to :attr:`CHOICES` make (a missing answer is the first option;
        a custom one is asked only for the custom rule set); ``ValueError`` for a bad answer.

        >>> Rules.from_choices({"rule_set": "custom", "passes": "2", "wrap": "off", "face_up": "up"}).key
        'custom-2pass-nowrap-faceup'
        """
        picked = {}
        for choice in Rules.CHOICES:
            values = [value for value, _, _ in choice.options]
            value = answers.get(choice.name, values[0] if choice.name != "rule_set" else "standard")
            if value not in values:
                raise ValueError(f"{str(value)[:20]!r} is not an option for {choice.legend.lower()}")
            picked[choice.name] = value
        face_up = picked["face_up"] == "up"
        if picked["rule_set"] != "custom":
            return Rules.named(picked["rule_set"], face_up=face_up)
        passes = None if picked["passes"] == "unlimited" else int(picked["passes"])
        return Rules(passes=passes, wrap=picked["wrap"] == "on", face_up=face_up,
                     empty_waste=picked["waste"] == "empty")

    def describe(self) -> str:
        """The rules in a few words, for a player."""
        if self.passes is None:
            passes = "unlimited passes"
        else:
            passes = {1: "one pass", 2: "two passes", 3: "three passes"}[self.passes]
        wrap = "K–A wrap" if self.wrap else "no K–A wrap"
        up = ", all cards face up" if self.face_up else ""
        empty = ", the waste starts empty" if self.empty_waste else ""
        return f"{self.name.capitalize()}: {passes} through the stock, {wrap}{up}{empty}"

    def to_dict(self) -> dict[str, Any]:
        return {"passes": self.passes, "wrap": self.wrap, "face_up": self.face_up,
                "empty_waste": self.empty_waste}

    @staticmethod
    def from_dict(data: Any) -> Rules:
        """Read rules written by :meth:`to_dict` (saves from before the empty waste have no
        ``empty_waste``); raises ``ValueError`` saying what is wrong."""
        if not isinstance(data, dict) or set(data) - {"empty_waste"} != {"passes", "wrap", "face_up"}:
            raise ValueError("the rules must have exactly passes, wrap and face_up (and empty_waste)")
        return Rules(passes=data["passes"], wrap=data["wrap"], face_up=data["face_up"],
                     empty_waste=data.get("empty_waste", False))


EASY = Rules(passes=None, wrap=True)
STANDARD = Rules(passes=1, wrap=True)
STRICT = Rules(passes=1, wrap=False)
RULE_SETS = {"standard": STANDARD, "easy": EASY, "strict": STRICT}

_CUSTOM = ("rule_set", ("custom",))
Rules.CHOICES = (
    Choice("rule_set", "Rules", (
        ("easy", "Easy", "unlimited passes, K–A wrap"),
        ("standard", "Standard", "one pass, K–A wrap"),
        ("strict", "Strict", "one pass, no wrap"),
        ("custom", "Custom", ""),
    )),
    Choice("passes", "Passes through the stock", (
        ("1", "1", ""), ("2", "2", ""), ("3", "3", ""), ("unlimited", "Unlimited", ""),
    ), when=_CUSTOM),
    Choice("wrap", "K–A wrap", (
        ("on", "On", "a king and an ace touch"), ("off", "Off", ""),
    ), when=_CUSTOM),
    Choice("waste", "Waste", (
        ("card", "One card turned up", ""), ("empty", "Empty", "any card first"),
    ), when=_CUSTOM),
    Choice("face_up", "Peak cards", (
        ("down", "Face down until uncovered", ""), ("up", "All face up", ""),
    )),
)
