"""Rules as a value: the named rule sets, validation, names and keys, the dict form."""

from __future__ import annotations

import pytest
from conftest import rules_st
from hypothesis import given

from tripeaks import EASY, RULE_SETS, STANDARD, STRICT, Rules


def test_rule_sets_as_in_the_table() -> None:
    assert (EASY.passes, EASY.wrap) == (None, True)
    assert (STANDARD.passes, STANDARD.wrap) == (1, True)
    assert (STRICT.passes, STRICT.wrap) == (1, False)
    assert Rules() == STANDARD
    assert set(RULE_SETS) == {"easy", "standard", "strict"}
    assert not any(r.face_up for r in RULE_SETS.values())


@pytest.mark.parametrize("name", ["easy", "Standard", "STRICT"])
def test_named_in_any_case_with_face_up(name: str) -> None:
    rules = Rules.named(name, face_up=True)
    assert rules.face_up
    assert rules.name == name.lower()
    assert Rules.named(name) == RULE_SETS[name.lower()]


@pytest.mark.parametrize("name", ["custom", "hard", "", None])
def test_unknown_rule_set(name: object) -> None:
    with pytest.raises(ValueError, match="unknown rule set"):
        Rules.named(name)  # type: ignore[arg-type]


@pytest.mark.parametrize("passes", [0, 4, -1, True, 1.0, "1", "unlimited"])
def test_bad_passes(passes: object) -> None:
    with pytest.raises(ValueError, match="stock passes must be 1, 2, 3 or unlimited"):
        Rules(passes=passes)  # type: ignore[arg-type]


@pytest.mark.parametrize(("wrap", "face_up"), [(1, False), (True, 0), ("yes", False), (None, False)])
def test_bad_switches(wrap: object, face_up: object) -> None:
    with pytest.raises(ValueError, match="true or false"):
        Rules(wrap=wrap, face_up=face_up)  # type: ignore[arg-type]


def test_names_and_keys_of_custom_combinations() -> None:
    assert Rules(passes=2).name == "custom"
    assert Rules(passes=None, wrap=False).name == "custom"
    assert Rules(passes=1, wrap=False, face_up=True).name == "strict"
    assert Rules(passes=2).key == "custom-2pass-wrap"
    assert Rules(passes=None, wrap=False, face_up=True).key == "custom-unlimited-nowrap-faceup"
    assert STANDARD.key == "standard"
    assert Rules(passes=None, face_up=True).key == "easy-faceup"


@given(rules_st, rules_st)
def test_keys_tell_every_combination_apart(a: Rules, b: Rules) -> None:
    assert (a.key == b.key) == (a == b)


def test_resets() -> None:
    assert [Rules(passes=p).resets for p in (1, 2, 3, None)] == [0, 1, 2, None]


def test_describe() -> None:
    assert STANDARD.describe() == "Standard: one pass through the stock, K–A wrap"
    assert Rules.named("easy", face_up=True).describe() == (
        "Easy: unlimited passes through the stock, K–A wrap, all cards face up"
    )
    assert Rules(passes=3, wrap=False).describe() == (
        "Custom: three passes through the stock, no K–A wrap"
    )
    assert "two passes" in Rules(passes=2).describe()


@given(rules_st)
def test_dict_round_trip(rules: Rules) -> None:
    assert Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    "data",
    [None, [], {"passes": 1, "wrap": True}, {"passes": 1, "wrap": True, "face_up": False, "x": 1}],
)
def test_from_dict_needs_exactly_the_three_fields(data: object) -> None:
    with pytest.raises(ValueError, match="exactly passes, wrap and face_up"):
        Rules.from_dict(data)


def test_from_dict_checks_values() -> None:
    with pytest.raises(ValueError, match="stock passes"):
        Rules.from_dict({"passes": 5, "wrap": True, "face_up": False})
    with pytest.raises(ValueError, match="true or false"):
        Rules.from_dict({"passes": 1, "wrap": "yes", "face_up": False})


@pytest.mark.parametrize("passes", [1, 2, 3, None])
@pytest.mark.parametrize("wrap", [True, False])
@pytest.mark.parametrize("face_up", [True, False])
def test_every_key_reads_back(passes: int | None, wrap: bool, face_up: bool) -> None:
    rules = Rules(passes=passes, wrap=wrap, face_up=face_up)
    assert Rules.from_key(rules.key) == rules
    assert Rules.from_key(rules.key.upper()) == rules


def test_a_custom_key_for_a_named_rule_set_still_reads() -> None:
    assert Rules.from_key("custom-1pass-wrap") == Rules.named("standard")


@pytest.mark.parametrize(
    "key", ["", "hard", "custom-4pass-wrap", "custom-2pass", "custom-2pass-maybe", "-faceup"]
)
def test_unknown_keys_are_refused_with_a_message(key: str) -> None:
    with pytest.raises(ValueError, match="unknown"):
        Rules.from_key(key)
