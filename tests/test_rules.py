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


ALL_COMBINATIONS = [
    Rules(passes=p, wrap=w, face_up=f, empty_waste=e)
    for p in (1, 2, 3, None)
    for w in (True, False)
    for f in (True, False)
    for e in (True, False)
]


@pytest.mark.parametrize("rules", ALL_COMBINATIONS, ids=lambda r: r.key)
def test_every_key_reads_back(rules: Rules) -> None:
    assert Rules.from_key(rules.key) == rules
    assert Rules.from_key(rules.key.upper()) == rules
    assert Rules.from_key(f"  {rules.key} ") == rules


@pytest.mark.parametrize("rules", ALL_COMBINATIONS, ids=lambda r: r.key)
def test_every_combination_round_trips_by_key_and_dict(rules: Rules) -> None:
    assert Rules.from_dict(rules.to_dict()) == rules
    assert rules.to_dict() == {
        "passes": rules.passes, "wrap": rules.wrap, "face_up": rules.face_up, "empty_waste": rules.empty_waste
    }
    assert Rules.from_key(rules.key).to_dict() == rules.to_dict()
    assert rules.key.endswith("-emptywaste") == rules.empty_waste
    if rules.face_up and rules.empty_waste:  # the options read in either order
        assert rules.key.endswith("-faceup-emptywaste")
        swapped = rules.key.removesuffix("-faceup-emptywaste") + "-emptywaste-faceup"
        assert Rules.from_key(swapped) == rules


def test_keys_of_the_empty_waste() -> None:
    assert Rules(empty_waste=True).key == "standard-emptywaste"
    assert Rules(face_up=True, empty_waste=True).key == "standard-faceup-emptywaste"
    assert Rules(passes=2, empty_waste=True).key == "custom-2pass-wrap-emptywaste"
    assert Rules.from_key("strict-emptywaste") == Rules.named("strict", empty_waste=True)
    assert Rules.from_key("easy-emptywaste-faceup") == Rules.from_key("easy-faceup-emptywaste") == Rules(
        passes=None, face_up=True, empty_waste=True
    )
    assert Rules.from_key("custom-3pass-nowrap-emptywaste-faceup") == Rules(
        passes=3, wrap=False, face_up=True, empty_waste=True
    )
    assert Rules(empty_waste=True).name == "standard"  # an option, not a rule set
    assert not any(r.empty_waste for r in RULE_SETS.values())
    assert Rules.named("Easy", empty_waste=True) == Rules(passes=None, empty_waste=True)


@pytest.mark.parametrize(
    "key",
    ["standard-emptywaste-emptywaste", "standard-faceup-faceup", "standard-faceup-emptywaste-faceup",
     "emptywaste", "-emptywaste", "standard-emptywaste-", "strict--emptywaste", "emptywaste-standard",
     "custom-2pass-emptywaste-wrap"],
)
def test_bad_empty_waste_keys_are_refused(key: str) -> None:
    with pytest.raises(ValueError, match="unknown"):
        Rules.from_key(key)


def test_describe_the_empty_waste() -> None:
    assert Rules(empty_waste=True).describe() == (
        "Standard: one pass through the stock, K–A wrap, the waste starts empty"
    )
    assert Rules(passes=2, wrap=False, face_up=True, empty_waste=True).describe() == (
        "Custom: two passes through the stock, no K–A wrap, all cards face up, the waste starts empty"
    )


def test_from_dict_reads_the_old_three_fields_and_the_new_four() -> None:
    # New: from_dict also accepts empty_waste (saves from before it have only the three).
    old = Rules.from_dict({"passes": 2, "wrap": False, "face_up": True})
    assert old == Rules(passes=2, wrap=False, face_up=True) and not old.empty_waste
    assert Rules.from_dict({"passes": 2, "wrap": False, "face_up": True, "empty_waste": True}) == Rules(
        passes=2, wrap=False, face_up=True, empty_waste=True
    )
    for bad in ({"passes": 1, "wrap": True, "empty_waste": True},
                {"passes": 1, "wrap": True, "face_up": False, "empty_waste": False, "x": 1}):
        with pytest.raises(ValueError, match="exactly passes, wrap and face_up"):
            Rules.from_dict(bad)
    for value in (1, 0, None, "yes"):
        with pytest.raises(ValueError, match="empty_waste must be true or false"):
            Rules.from_dict({"passes": 1, "wrap": True, "face_up": False, "empty_waste": value})
        with pytest.raises(ValueError, match="empty_waste must be true or false"):
            Rules(empty_waste=value)  # type: ignore[arg-type]



def test_a_custom_key_for_a_named_rule_set_still_reads() -> None:
    assert Rules.from_key("custom-1pass-wrap") == Rules.named("standard")


@pytest.mark.parametrize(
    "key", ["", "hard", "custom-4pass-wrap", "custom-2pass", "custom-2pass-maybe", "-faceup"]
)
def test_unknown_keys_are_refused_with_a_message(key: str) -> None:
    with pytest.raises(ValueError, match="unknown"):
        Rules.from_key(key)
