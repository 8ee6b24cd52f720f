"""The registry: the games found by id, name or alias, and by a deal code's prefix."""

from __future__ import annotations

import re

import pytest

import tripeaks
from tripeaks import (
    DEFAULT_GAME,
    GAMES,
    GOLF,
    PYRAMID,
    STANDARD,
    TRIANGLE,
    TRIPEAKS,
    Deal,
    InvalidDealError,
    Position,
    Solitaire,
    TriangleRules,
    find_game,
    game_of,
    game_of_rules,
    numbered_deal,
)
from tripeaks.model.solitaire import Hook
from tripeaks.registry import split_code

LISTED = "the games are tripeaks (TriPeaks), triangle (Triangle), pyramid (Pyramid), golf (Golf)"
TRIPEAKS_CODE = numbered_deal(1).code
TRIANGLE_CODE = numbered_deal(1, TRIANGLE).code


def test_the_games_and_the_default() -> None:
    assert GAMES == (TRIPEAKS, TRIANGLE, PYRAMID, GOLF)
    assert DEFAULT_GAME is TRIPEAKS
    assert [g.id for g in GAMES] == ["tripeaks", "triangle", "pyramid", "golf"]
    assert [g.name for g in GAMES] == ["TriPeaks", "Triangle", "Pyramid", "Golf"]
    assert TRIPEAKS.aliases == ("Tri Peaks", "Three Peaks", "Triple Peaks", "Tri Towers")
    assert TRIANGLE.aliases == ("Yield", "Funnel")
    assert PYRAMID.aliases == ("Pyramid Solitaire",)
    assert GOLF.aliases == ("Golf Solitaire",)
    assert len({g.seed_base for g in GAMES}) == len(GAMES)  # each game its own numbered deals
    assert all(isinstance(g, Solitaire) for g in GAMES)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_repr_finds_the_game_again(game: Solitaire) -> None:
    assert eval(repr(game), {"find_game": find_game}) is game


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_each_hook_names_a_search_and_takes_the_games_positions_only(game: Solitaire) -> None:
    hooks = [game.make_solver, game.make_best, game.make_grader, game.make_cards_left]
    assert all(isinstance(hook, Hook) for hook in hooks if hook is not None)
    assert all(callable(hook.load()) for hook in hooks if isinstance(hook, Hook))
    other = Position.start(numbered_deal(1, TRIANGLE if game is not TRIANGLE else TRIPEAKS))
    with pytest.raises(AssertionError):
        game.make_solver(other)


@pytest.mark.parametrize("path", ["solver:Solver", ".solver", ".solver:", ".solver:not a name"])
def test_a_hook_is_named_relative_to_its_game(path: str) -> None:
    with pytest.raises(ValueError, match=r"a hook is named '\.module:name'"):
        Hook("tripeaks.games.tripeaks", Position, path)


NAMES = [(game, name) for game in GAMES for name in (game.id, *game.names)]


@pytest.mark.parametrize(("game", "name"), NAMES, ids=[name for _, name in NAMES])
def test_every_name_in_any_case_and_spacing(game: Solitaire, name: str) -> None:
    for written in (
        name,
        name.upper(),
        name.lower(),
        name.swapcase(),
        f"  {name}\t",
        name.replace(" ", ""),
        name.replace(" ", "-"),
        name.replace(" ", "_"),
        "-".join(name.lower()),
    ):
        assert find_game(written) is game, written


@pytest.mark.parametrize(
    ("name", "game"),
    [("Tri Peaks", TRIPEAKS), ("three-peaks", TRIPEAKS), ("YIELD", TRIANGLE), ("funnel", TRIANGLE),
     ("TriPeaks", TRIPEAKS), ("triangle", TRIANGLE), ("Triple  Peaks", TRIPEAKS), ("tri towers", TRIPEAKS)],
)
def test_the_names_players_type(name: str, game: Solitaire) -> None:
    assert find_game(name) is game


@pytest.mark.parametrize("name", ["spider", "", "minigolf", "tri", "peaks", "relaxed"])
def test_an_unknown_name_lists_the_games(name: str) -> None:
    with pytest.raises(ValueError, match=re.escape(f"there is no game called '{name}': {LISTED}")):
        find_game(name)


@pytest.mark.parametrize("name", ["x" * 5_000, None, 7])
def test_a_long_or_strange_name_is_not_echoed(name: object) -> None:
    with pytest.raises(ValueError) as error:
        find_game(name)  # type: ignore[arg-type]
    assert str(error.value) == f"there is no game of that name: {LISTED}"


# A deal code's prefix


def test_game_of_a_code_by_its_prefix() -> None:
    assert game_of(TRIPEAKS_CODE) is TRIPEAKS  # no prefix is TriPeaks
    assert game_of("tripeaks:" + TRIPEAKS_CODE) is TRIPEAKS
    assert game_of(TRIANGLE_CODE) is TRIANGLE
    assert TRIANGLE_CODE.startswith("triangle:") and ":" not in TRIPEAKS_CODE
    assert game_of("  TRIANGLE : whatever") is TRIANGLE
    assert split_code("tripeaks: " + TRIPEAKS_CODE) == (TRIPEAKS, TRIPEAKS_CODE)
    assert split_code(TRIANGLE_CODE) == (TRIANGLE, TRIANGLE_CODE.removeprefix("triangle:"))


def test_a_tripeaks_prefix_is_accepted() -> None:
    deal = numbered_deal(1)
    assert Deal.parse("tripeaks:" + TRIPEAKS_CODE) == deal
    assert Deal.parse(" TriPeaks: " + TRIPEAKS_CODE, TRIPEAKS) == deal
    assert deal.code == TRIPEAKS_CODE  # and printed without it


@pytest.mark.parametrize("prefix", ["spider", "putt", "yield", "tri peaks", "", "relaxed-pyramid"])
def test_an_unknown_prefix_is_refused_naming_the_games(prefix: str) -> None:
    # A game's other names are no prefix: only its id is.
    said = f"unknown game '{prefix}' in the deal code: {LISTED}"
    with pytest.raises(InvalidDealError, match=re.escape(said)):
        game_of(f"{prefix}:{TRIPEAKS_CODE}")
    with pytest.raises(InvalidDealError, match=re.escape(said)):
        Deal.parse(f"{prefix}:{TRIPEAKS_CODE}")


def test_a_long_unknown_prefix_is_cut_short() -> None:
    with pytest.raises(InvalidDealError) as error:
        game_of("x" * 10_000 + ":" + TRIPEAKS_CODE)
    assert str(error.value) == f"unknown game '{'x' * 20}…' in the deal code: {LISTED}"


def test_a_code_of_one_game_is_refused_by_the_other() -> None:
    with pytest.raises(InvalidDealError, match=r"^this is a Triangle deal code, not a TriPeaks one$"):
        Deal.parse(TRIANGLE_CODE, TRIPEAKS)
    said = r"^this is a TriPeaks deal code, not a Triangle one \(a Triangle code starts with 'triangle:'\)$"
    with pytest.raises(InvalidDealError, match=said):
        Deal.parse(TRIPEAKS_CODE, TRIANGLE)
    with pytest.raises(InvalidDealError, match="not a Triangle one"):
        Deal.parse("tripeaks:" + TRIPEAKS_CODE, TRIANGLE)
    # Each game reads its own.
    assert Deal.parse(TRIANGLE_CODE, TRIANGLE) == numbered_deal(1, TRIANGLE)
    assert Deal.parse(TRIPEAKS_CODE, TRIPEAKS) == numbered_deal(1)


def test_the_game_of_some_rules() -> None:
    assert game_of_rules(None) is TRIPEAKS
    assert game_of_rules(STANDARD) is TRIPEAKS
    assert game_of_rules(TriangleRules()) is TRIANGLE
    with pytest.raises(ValueError, match="are not the rules of any game"):
        game_of_rules("standard")


def test_each_game_checks_its_rules() -> None:
    assert TRIPEAKS.check_rules(None) is TRIPEAKS.default_rules == STANDARD
    assert TRIANGLE.check_rules(None) == TriangleRules()
    with pytest.raises(ValueError, match="those are not rules of Triangle"):
        TRIANGLE.check_rules(STANDARD)
    with pytest.raises(ValueError, match="those are not rules of TriPeaks"):
        TRIPEAKS.check_rules(TriangleRules())


def test_a_game_registered_later_is_found_like_the_others() -> None:
    import dataclasses

    from tripeaks import registry

    copy = dataclasses.replace(TRIANGLE, id="testgame", name="Test Game", aliases=("Probe",))
    before = registry.GAMES
    try:
        assert registry.register(copy) is copy and registry.register(copy) is copy  # once
        assert (*before, copy) == registry.GAMES and tripeaks.GAMES == registry.GAMES
        assert registry.find_game("probe") is copy and registry.game_of("testgame:x") is copy
        with pytest.raises(ValueError, match="another game's"):
            registry.register(dataclasses.replace(TRIANGLE, id="other", aliases=("Funnel",)))
    finally:
        registry.GAMES = tripeaks.GAMES = before
        for name in ("testgame", "testgame", "probe"):
            registry._BY_NAME.pop(name, None)
