"""The player's settings: rule set, face-up peaks, winnable deals, frames, sound, motion; and their dialog."""

import json
from dataclasses import asdict, dataclass, fields, replace

from tripeaks import Rules

SCHEMA = 1
_RULE_SETS = ("easy", "standard", "strict", "custom")
_PASSES = (1, 2, 3, None)
_MOTIONS = ("auto", "reduce", "full")


@dataclass(frozen=True)
class Settings:
    rule_set: str = "standard"
    passes: int | None = 1
    """Stock passes for the custom rule set (None: unlimited)."""
    wrap: bool = True
    """K–A wrap for the custom rule set."""
    face_up: bool = False
    winnable_only: bool = False
    frames: bool = True
    sound: bool = False
    motion: str = "auto"

    @property
    def rules(self) -> Rules:
        if self.rule_set == "custom":
            return Rules(passes=self.passes, wrap=self.wrap, face_up=self.face_up)
        return Rules.named(self.rule_set, face_up=self.face_up)

    def with_rules(self, rules: Rules) -> "Settings":
        """These settings playing ``rules`` (as from a shared link)."""
        name = rules.name
        return replace(
            self, rule_set=name, passes=rules.passes, wrap=rules.wrap, face_up=rules.face_up
        )

    def to_json(self) -> str:
        return json.dumps({"schema": SCHEMA, **asdict(self)}, separators=(",", ":"))

    @staticmethod
    def from_json(text: str) -> "Settings":
        """Read stored settings; raises ValueError on anything unreadable or from a newer version."""
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("they are not settings")
        schema = data.get("schema")
        if type(schema) is not int or schema < 1:
            raise ValueError("they have no valid version number")
        if schema > SCHEMA:
            raise ValueError(f"they were saved by a newer version of the game (format {schema})")
        known = {f.name for f in fields(Settings)}
        values = {k: v for k, v in data.items() if k in known}
        settings = Settings(**values)
        settings.check()
        return settings

    def check(self) -> None:
        if self.rule_set not in _RULE_SETS:
            raise ValueError(f"the rule set {self.rule_set!r} is unknown")
        if self.passes not in _PASSES or type(self.passes) not in (int, type(None)):
            raise ValueError(f"{self.passes!r} stock passes is not an option")
        for name in ("wrap", "face_up", "winnable_only", "frames", "sound"):
            if type(getattr(self, name)) is not bool:
                raise ValueError(f"{name} must be true or false")
        if self.motion not in _MOTIONS:
            raise ValueError(f"the motion setting {self.motion!r} is unknown")


class SettingsDialog:
    """Fills the settings form from a Settings value and reads one back."""

    def __init__(self, document) -> None:
        self.dialog = document.getElementById("settings")
        self.form = document.getElementById("settings-form")
        self.custom = document.getElementById("custom-rules")
        self.note = document.getElementById("settings-note")

    def _field(self, name: str):
        return self.form.elements.namedItem(name)

    def _radio(self, name: str, value: str) -> None:
        for el in self.form.querySelectorAll(f'input[name="{name}"]'):
            el.checked = el.value == value

    def _checked(self, name: str) -> str:
        el = self.form.querySelector(f'input[name="{name}"]:checked')
        return "" if el is None or type(el).__name__ == "JsNull" else str(el.value)

    def fill(self, settings: Settings) -> None:
        self._radio("rule_set", settings.rule_set)
        rules = settings.rules
        self._field("passes").value = "unlimited" if rules.passes is None else str(rules.passes)
        self._field("wrap").checked = rules.wrap
        self._radio("face_up", "yes" if settings.face_up else "no")
        self._field("winnable_only").checked = settings.winnable_only
        self._field("frames").checked = settings.frames
        self._radio("sound", "on" if settings.sound else "off")
        self._radio("motion", settings.motion)
        self.note.textContent = ""
        self.sync()

    def sync(self) -> None:
        """Show the custom choices only for the custom rule set."""
        self.custom.hidden = self._checked("rule_set") != "custom"

    def read(self, current: Settings) -> Settings:
        rule_set = self._checked("rule_set") or current.rule_set
        passes_text = str(self._field("passes").value)
        passes = None if passes_text == "unlimited" else int(passes_text)
        wrap = bool(self._field("wrap").checked)
        if rule_set != "custom":
            named = Rules.named(rule_set)
            passes, wrap = named.passes, named.wrap
        return Settings(
            rule_set=rule_set,
            passes=passes,
            wrap=wrap,
            face_up=self._checked("face_up") == "yes",
            winnable_only=bool(self._field("winnable_only").checked),
            frames=bool(self._field("frames").checked),
            sound=self._checked("sound") == "on",
            motion=self._checked("motion") or "auto",
        )
