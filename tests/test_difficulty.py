"""Difficulty grades: deterministic, pinned, can't be won exactly when the solver says lost, and
graded in the order the no-peeking player's own results on the deals follow."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from tripeaks import PYRAMID, STRICT, TRIANGLE, TRIPEAKS, Position, Rules, numbered_deal, solve
from tripeaks.base.generator import SplitMix64
from tripeaks.games.pyramid.rules import RELAXED
from tripeaks.games.triangle import difficulty as triangle_difficulty
from tripeaks.games.tripeaks import difficulty as tripeaks_difficulty
from tripeaks.kit.grading import deal_seed, grade_of
from tripeaks.model.answers import Difficulty, Grade
from tripeaks.model.solitaire import Solitaire
from tripeaks.services.difficulty import (
    DifficultySearch,
    GradeSearch,
    daily_difficulty,
    difficulty,
    next_graded,
)
from tripeaks.services.winnable import daily_deal

# Pinned: a change to the player, the re-deals or the thresholds shows here.
PINNED = [
    (TRIPEAKS, 1, "hard"),
    (TRIPEAKS, 2, "medium"),
    (TRIPEAKS, 3, "very hard"),
    (TRIPEAKS, 7, "easy"),
    (TRIANGLE, 1, "hard"),
    (TRIANGLE, 2, "can't be won"),
    (TRIANGLE, 3, "very hard"),
    (TRIANGLE, 5, "easy"),
    (TRIANGLE, 7, "medium"),
    (PYRAMID, 1, "very hard"),
    (PYRAMID, 2, "medium"),
    (PYRAMID, 4, "can't be won"),
    (PYRAMID, 6, "easy"),
    (PYRAMID, 10, "hard"),
]
# Relaxed Pyramid grades the same deals by thresholds of its own (its player wins more often)
PINNED_RELAXED = [(1, "very hard"), (2, "hard"), (6, "medium"), (10, "easy"), (14, "can't be won")]


@pytest.mark.no_cover
@pytest.mark.parametrize(("game", "number", "grade"), PINNED, ids=[f"{g.id}-{n}" for g, n, _ in PINNED])
def test_pinned_grades(game: Solitaire, number: int, grade: str) -> None:
    deal = numbered_deal(number, game)
    first = difficulty(deal)
    assert first.grade == grade
    assert difficulty(deal) == first  # the same twice


@pytest.mark.no_cover
@pytest.mark.parametrize(("number", "grade"), PINNED_RELAXED)
def test_pinned_grades_of_relaxed_pyramid(number: int, grade: str) -> None:
    assert difficulty(numbered_deal(number, PYRAMID), RELAXED).grade == grade


def test_pyramids_thresholds_are_its_rule_sets_own() -> None:
    from tripeaks.games.pyramid.difficulty import THRESHOLDS, PyramidGrader

    for rules in PYRAMID.rule_sets.values():
        grader = PyramidGrader(Position.start(numbered_deal(1, PYRAMID), rules))
        assert grader.thresholds == THRESHOLDS[rules.key]
    assert THRESHOLDS["relaxed"] > THRESHOLDS["standard"]


def test_pinned_counts() -> None:
    assert difficulty(numbered_deal(1)) == Difficulty(Grade.HARD, 209, 512)
    assert difficulty(numbered_deal(1, TRIANGLE)) == Difficulty(Grade.HARD, 94, 512)


def test_the_rules_count() -> None:
    deal = numbered_deal(1)
    assert difficulty(deal, STRICT) != difficulty(deal)
    assert deal_seed(deal, STRICT) != deal_seed(deal, Rules())


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
@pytest.mark.parametrize(
    ("game", "numbers"),
    [(TRIPEAKS, [*range(1, 8), 28, 36]), (TRIANGLE, range(1, 11)), (PYRAMID, range(1, 11)),
     (PYRAMID, [*range(1, 11), 425])],
    ids=["tripeaks", "triangle", "pyramid", "relaxed-pyramid"],
)
def test_cant_be_won_exactly_when_the_solver_says_lost(
    game: Solitaire, numbers: list[int], request: pytest.FixtureRequest
) -> None:
    rules = RELAXED if request.node.callspec.id == "relaxed-pyramid" else None
    seen = set()
    for number in numbers:
        deal = numbered_deal(number, game)
        lost = not solve(Position.start(deal, rules)).won
        seen.add(lost)
        assert (difficulty(deal, rules).grade is Grade.UNWINNABLE) == lost, number
    assert seen == {True, False}


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
@pytest.mark.parametrize(
    ("game", "module"),
    [(TRIPEAKS, tripeaks_difficulty), (TRIANGLE, triangle_difficulty)],  # (Pyramid's player is Triangle's)
    ids=["tripeaks", "triangle"],
)
def test_harder_grades_are_won_less_often(game: Solitaire, module: Any) -> None:
    """Re-deals the grades never saw (another seed) are won less and less often from easy to
    very hard: the grade says something about the deal, not about its own sample
    (benchmarks/difficulty.py shows the same on the deals themselves, over 1,000 deals)."""
    won: dict[Grade, int] = {}
    played: dict[Grade, int] = {}
    for number in range(1, 41):
        deal = numbered_deal(number, game)
        grade = difficulty(deal).grade
        if grade is Grade.UNWINNABLE:
            continue
        rng = SplitMix64(2**60 + number)
        won[grade] = won.get(grade, 0) + module.blind_wins(Position.start(deal), rng, 32)
        played[grade] = played.get(grade, 0) + 32
    shares = [won[g] / played[g] for g in (Grade.EASY, Grade.MEDIUM, Grade.HARD, Grade.VERY_HARD)]
    assert shares == sorted(shares, reverse=True), shares
    assert shares[0] > shares[-1] + 0.2, shares


def test_grade_of_thresholds() -> None:
    thresholds = (0.5, 0.3, 0.1)
    assert grade_of(50, 100, thresholds) is Grade.EASY
    assert grade_of(49, 100, thresholds) is Grade.MEDIUM
    assert grade_of(10, 100, thresholds) is Grade.HARD
    assert grade_of(9, 100, thresholds) is Grade.VERY_HARD


def test_slices_give_the_same_grade() -> None:
    deal = numbered_deal(3)
    search = DifficultySearch(deal)
    steps = 0
    while (found := search.step(seconds=0.001)) is None:
        steps += 1
    assert steps > 1
    assert found == difficulty(deal)


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
@pytest.mark.parametrize(
    ("game", "grades"),
    [(TRIPEAKS, (Grade.VERY_HARD, Grade.EASY)), (TRIANGLE, (Grade.UNWINNABLE, Grade.EASY))],
    ids=["tripeaks", "triangle"],
)
def test_the_next_deal_of_a_grade(game: Solitaire, grades: tuple[Grade, Grade]) -> None:
    for grade in grades:
        search = GradeSearch(1, grade, solitaire=game)
        while (number := search.step(seconds=0.01)) is None:
            pass
        assert search.step(0.01) == number  # found stays found
        assert [n for n, _ in search.tried] == list(range(1, number + 1))
        assert [g for _, g in search.tried].index(grade) == number - 1  # the first of its grade
        assert difficulty(numbered_deal(number, game)).grade is grade
    assert next_graded(4, "medium", solitaire=game) == 4  # deal 4 is medium in both games
    assert next_graded(1, Grade.EASY, solitaire=game) == number


def test_a_grade_search_walks_on_to_the_first_deal_of_its_grade() -> None:
    """The search above in a few light steps (measured under coverage, as the search above is not)."""
    grades = [difficulty(numbered_deal(number, TRIANGLE)).grade for number in range(4, 8)]
    later = next(k for k, grade in enumerate(grades) if grade is not grades[0])
    search = GradeSearch(4, grades[later], solitaire=TRIANGLE)
    assert search.step(0) in (None, 4 + later)  # no time: paused, or done with deal 4's grade
    assert search.step() == 4 + later  # then carried on to the end
    assert search.tried == list(zip(range(4, 5 + later), grades[: later + 1], strict=True))
    assert next_graded(4, grades[0], solitaire=TRIANGLE) == 4


def test_the_daily_deals_grade() -> None:
    day = dt.date(2026, 1, 1)
    found = daily_difficulty(day)
    assert found == difficulty(daily_deal(day))
    assert found.grade is not Grade.UNWINNABLE  # a daily deal is winnable
    assert daily_difficulty(day, solitaire=TRIANGLE) == difficulty(daily_deal(day, solitaire=TRIANGLE))


def test_a_game_without_grades_says_so() -> None:
    from dataclasses import replace

    bare = replace(TRIPEAKS, make_grader=None)
    with pytest.raises(ValueError, match="no difficulty"):
        DifficultySearch(numbered_deal(1, bare))


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="deal number"):
        GradeSearch(0, Grade.EASY)
    with pytest.raises(ValueError, match="deal number"):
        GradeSearch(2**31, Grade.EASY)
    with pytest.raises(ValueError):
        GradeSearch(1, "impossible")
    with pytest.raises(ValueError):
        GradeSearch(1, Grade.EASY, "not rules")
    with pytest.raises(ValueError):
        difficulty(numbered_deal(1), "strict")  # a rules value, not its name
    with pytest.raises(ValueError):
        difficulty(numbered_deal(1, TRIANGLE), STRICT)  # another game's rules
    with pytest.raises(ValueError):
        grade_of(1, 0, (0.5, 0.3, 0.1))


def test_the_words_for_a_grade() -> None:
    words = TRIPEAKS.words
    assert words.grade(Grade.HARD) == "Difficulty of this deal: hard."
    assert words.grade(Grade.UNWINNABLE) == "This deal can't be won."
    assert words.grade(Grade.EASY, daily=True) == "Difficulty of the daily deal: easy."
    assert [words.grade_name(g) for g in Grade] == ["Easy", "Medium", "Hard", "Very hard", "Can't be won"]
    assert Difficulty(Grade.EASY, 3, 4).to_dict() == {"grade": "easy", "wins": 3, "games": 4}
    assert Difficulty(Grade.EASY, 3, 4).share == 0.75 and Difficulty(Grade.UNWINNABLE, 0, 0).share == 0.0


def test_cli_grade(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from tripeaks.cli import main

    assert main(["grade", "1"]) == 0
    assert capsys.readouterr().out.startswith("Difficulty of this deal: hard.\n")
    assert main(["grade", "2", "--game", "triangle", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"grade": "can't be won", "wins": 0, "games": 0}
    assert main(["grade", "nonsense"]) == 2
    assert "neither a deal number nor a deal code" in capsys.readouterr().err
