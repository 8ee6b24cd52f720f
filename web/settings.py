"""The player's settings: the game played last, each game's rules and scoring, winnable deals, frames, sound,
motion; and their dialog, whose rules part is drawn from the game's own rules form (its ``rule_choices``),
with the game's scorings beside it."""

import json
from dataclasses import dataclass, field, replace
from typing import Any

from cardface import BACKS
from dom import escape, nothing

from tripeaks import ANY_GRADE, DEFAULT_GAME, Solitaire, choosable_grades, find_game
from tripeaks import page_words as say

SCHEMA = 2
_MOTIONS = ("auto", "reduce", "full")
_FIELDS = ("winnable_only", "difficulty", "frames", "sound", "motion", "back", "four_colour")
"""What stored settings may say beside the game and its rules."""


@dataclass(frozen=True)
class Settings:
    game: str = DEFAULT_GAME.id
    """The game played last: a bare address opens it."""
    rules: dict[str, str] = field(default_factory=dict)
    """Each game's rules for new deals, by game id, as rules keys (a game not listed plays its default)."""
    scoring: dict[str, str] = field(default_factory=dict)
    """Each game's scoring (``classic``, ``cards-left``), by game id (a game not listed: its default)."""
    winnable_only: bool = False
    difficulty: str = ""
    """The grade new winnable deals must have (``easy`` …), or ``""`` for any."""
    frames: bool = True
    sound: bool = False
    motion: str = "auto"
    back: str = "blue"
    """The card back, by its id in cardface.BACKS."""
    four_colour: bool = False

    @property
    def solitaire(self) -> Solitaire:
        return find_game(self.game)

    def rules_for(self, solitaire: Solitaire) -> Any:
        key = self.rules.get(solitaire.id)
        if key is None:
            return solitaire.default_rules
        try:
            return solitaire.rules_from_key(key)
        except ValueError:
            return solitaire.default_rules

    def with_rules(self, solitaire: Solitaire, rules: Any) -> "Settings":
        return replace(self, rules={**self.rules, solitaire.id: rules.key})

    def scoring_for(self, solitaire: Solitaire) -> str:
        """The game's scoring: the one chosen, if the game offers it, else its default."""
        chosen = self.scoring.get(solitaire.id)
        return chosen if chosen in solitaire.scorings else solitaire.default_scoring

    def with_scoring(self, solitaire: Solitaire, scoring: str) -> "Settings":
        return replace(self, scoring={**self.scoring, solitaire.id: solitaire.check_scoring(scoring)})

    def to_json(self) -> str:
        data = {"schema": SCHEMA, "game": self.game, "rules": self.rules, "scoring": self.scoring,
                "winnable_only": self.winnable_only,
                "difficulty": self.difficulty, "frames": self.frames, "sound": self.sound,
                "motion": self.motion, "back": self.back, "four_colour": self.four_colour}
        return json.dumps(data, separators=(",", ":"))

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
        if schema == 1:
            data = _from_schema_1(data)
        game = data.get("game", DEFAULT_GAME.id)
        if not isinstance(game, str):
            raise ValueError("the game must be named")
        solitaire = _known(game) or DEFAULT_GAME  # a game this version doesn't have: the default
        rules = data.get("rules", {})
        if not isinstance(rules, dict):
            raise ValueError("the rules must be listed by game")
        checked: dict[str, str] = {}
        for game_id, key in rules.items():
            if not isinstance(key, str):
                raise ValueError(f"the rules of {str(game_id)[:20]!r} must be a rules key")
            ruled = _known(str(game_id))
            if ruled is not None:
                checked[ruled.id] = ruled.rules_from_key(key).key
        scoring = data.get("scoring", {})
        if not isinstance(scoring, dict):
            raise ValueError("the scoring must be listed by game")
        # a scoring this version does not offer (a newer version's) is left out: the game's default
        scored = {
            found.id: chosen for game_id, chosen in scoring.items()
            if (found := _known(str(game_id))) is not None and chosen in found.scorings
        }
        settings = Settings(
            game=solitaire.id, rules=checked, scoring=scored,
            **{name: data[name] for name in _FIELDS
               if name in data},
        )
        settings.check()
        return settings

    def check(self) -> None:
        for name in ("winnable_only", "frames", "sound", "four_colour"):
            if type(getattr(self, name)) is not bool:
                raise ValueError(f"{name} must be true or false")
        if self.back not in dict(BACKS):
            raise ValueError(f"the card back {str(self.back)[:20]!r} is unknown")
        if self.motion not in _MOTIONS:
            raise ValueError(f"the motion setting {self.motion!r} is unknown")
        if not isinstance(self.difficulty, str) or (
            self.difficulty != "" and self.difficulty not in dict(choosable_grades())
        ):
            raise ValueError(f"the difficulty {str(self.difficulty)[:20]!r} is unknown")


def _known(game: str) -> Solitaire | None:
    try:
        return find_game(game)
    except ValueError:
        return None


def _from_schema_1(data: dict[str, Any]) -> dict[str, Any]:
    """Settings from before the family of games, which were the default game's, its rules asked in
    the form's own words (rule set, passes, wrap, face up)."""
    passes = data.get("passes", 1)
    answers = {
        "rule_set": data.get("rule_set", "standard"),
        "passes": "unlimited" if passes is None else str(passes),
        "wrap": "on" if data.get("wrap", True) is True else "off",
        "face_up": "up" if data.get("face_up") is True else "down",
    }
    rules = DEFAULT_GAME.rules_from_choices(answers)
    return {**data, "game": DEFAULT_GAME.id, "rules": {DEFAULT_GAME.id: rules.key}}


class SettingsDialog:
    """Fills the settings form from Settings (the rules part from the game's rules form) and reads
    one back."""

    def __init__(self, document: Any) -> None:
        self.document = document
        self.dialog = document.getElementById("settings")
        self.form = document.getElementById("settings-form")
        self.rules_box = document.getElementById("rules-choices")
        self.note = document.getElementById("settings-note")
        self.solitaire: Solitaire = DEFAULT_GAME
        self.shown_rules: Any = None
        """The rules the form was filled with: saving changes the rules only if the player did."""
        self.backs = document.getElementById("backs")
        self.grade = document.getElementById("difficulty")
        self.grade.innerHTML = f'<option value="">{escape(ANY_GRADE)}</option>' + "".join(
            f'<option value="{escape(grade)}">{escape(label)}</option>' for grade, label in choosable_grades()
        )

    def _radio(self, name: str, value: str) -> None:
        for el in self.form.querySelectorAll(f'input[name="{name}"]'):
            el.checked = el.value == value

    def _checked(self, name: str) -> str:
        el = self.form.querySelector(f'input[name="{name}"]:checked')
        return "" if nothing(el) else str(el.value)

    def _draw_scoring(self, solitaire: Solitaire, scoring: str) -> str:
        """The scoring choice beside the rules (a sentence for a game scored one way only)."""
        words = solitaire.words
        if len(solitaire.scorings) < 2:
            only = say.only_scoring(solitaire.name, words.scoring_name(scoring))
            return f'<p class="rules-only">{escape(only)}</p>'
        options = "".join(
            f'<label><input type="radio" name="scoring" value="{escape(name)}"'
            f'{" checked" if name == scoring else ""}> {escape(words.scoring_name(name))}'
            f" <small>{escape(words.scoring_note(name))}</small></label>"
            for name in solitaire.scorings
        )
        return (f'<fieldset class="choice scoring" id="scoring-choice"><legend>{escape(say.SCORING_LEGEND)}'
                f"</legend>{options}</fieldset>")

    def _draw_rules(self, solitaire: Solitaire, rules: Any, scoring: str) -> None:
        chosen = rules.chosen()
        parts = [f'<h3 class="rules-title">Rules of {escape(solitaire.name)}</h3>']
        if not solitaire.rule_choices:
            parts.append(f'<p class="rules-only">{escape(solitaire.name)} has one rule set: '
                         f"{escape(rules.describe())}.</p>")
        for choice in solitaire.rule_choices:
            attrs = ""
            if choice.when is not None:
                name, values = choice.when
                attrs = f' data-when="{escape(name)}" data-values="{escape(" ".join(values))}"'
            options = []
            for value, label, note in choice.options:
                small = f" <small>{escape(note)}</small>" if note else ""
                checked = " checked" if chosen.get(choice.name) == value else ""
                options.append(
                    f'<label><input type="radio" name="rule:{escape(choice.name)}" value="{escape(value)}"'
                    f"{checked}> {escape(label)}{small}</label>"
                )
            parts.append(f'<fieldset class="choice"{attrs}><legend>{escape(choice.legend)}</legend>'
                         f"{''.join(options)}</fieldset>")
        parts.append(self._draw_scoring(solitaire, scoring))
        self.rules_box.innerHTML = "".join(parts)

    def fill(self, settings: Settings, solitaire: Solitaire, playing: Any) -> None:
        """Fill the form; ``playing`` are the rules of the game on the table."""
        rules = settings.rules_for(solitaire)
        self.solitaire, self.shown_rules = solitaire, rules
        self._draw_rules(solitaire, rules, settings.scoring_for(solitaire))
        self.form.elements.namedItem("winnable_only").checked = settings.winnable_only
        self.grade.value = settings.difficulty
        self.form.elements.namedItem("frames").checked = settings.frames
        self.form.elements.namedItem("four_colour").checked = settings.four_colour
        self.backs.innerHTML = "".join(
            f'<label class="back-choice"><input type="radio" name="back" value="{escape(id_)}"'
            f'{" checked" if id_ == settings.back else ""}><span class="card back" data-back="{escape(id_)}" '
            f'aria-hidden="true"></span> {escape(name)}</label>'
            for id_, name in BACKS
        )
        self._radio("sound", "on" if settings.sound else "off")
        self._radio("motion", settings.motion)
        self.note.textContent = (
            say.other_rules_note(playing) if playing != rules else ""
        )
        self.sync()

    def sync(self) -> None:
        """Show each rules question only when the answers it depends on call for it; the difficulty
        only matters for winnable deals."""
        self.grade.disabled = not bool(self.form.elements.namedItem("winnable_only").checked)
        for box in self.rules_box.querySelectorAll("fieldset[data-when]"):
            wanted = str(box.dataset.values).split()
            box.hidden = self._checked(f"rule:{box.dataset.when}") not in wanted

    def read_rules(self) -> Any:
        answers = {
            choice.name: self._checked(f"rule:{choice.name}")
            for choice in self.solitaire.rule_choices
            if self._checked(f"rule:{choice.name}")
        }
        return self.solitaire.rules_from_choices(answers)

    def read(self, current: Settings) -> Settings:
        """The settings the form says, with the rules of its game only if the player changed them."""
        rules = self.read_rules()
        changed = current if rules == self.shown_rules else current.with_rules(self.solitaire, rules)
        scoring = self._checked("scoring")
        if scoring in self.solitaire.scorings:
            changed = changed.with_scoring(self.solitaire, scoring)
        return replace(
            changed,
            winnable_only=bool(self.form.elements.namedItem("winnable_only").checked),
            difficulty=str(self.grade.value) if str(self.grade.value) in dict(choosable_grades()) else "",
            frames=bool(self.form.elements.namedItem("frames").checked),
            sound=self._checked("sound") == "on",
            motion=self._checked("motion") or "auto",
            back=self._checked("back") if self._checked("back") in dict(BACKS) else current.back,
            four_colour=bool(self.form.elements.namedItem("four_colour").checked),
        )

