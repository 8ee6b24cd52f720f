"""A game of Pyramid under either rule set: its layout as the rule book draws it, random games against the
reference rules, the end of a game of Relaxed Pyramid, undo and redo, saves, the rules as a value, the
deal code both ways and what a bad one says, and every sentence a player reads."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pairs_support import (
    REDEALS,
    RefState,
    accounted_for,
    cards_left,
    player_text,
    random_game,
    ref_score,
    tokens,
)
from pyramid_support import BOTTOM, REFS, ROWS, apart_deal, deals, numbered_deals, pyr, ref, ref_of, rule_sets

from tripeaks import (
    DECK,
    DRAW,
    PYRAMID,
    REDEAL,
    TRIANGLE,
    TRIPEAKS,
    Deal,
    Game,
    IllegalMoveError,
    InvalidDealError,
    InvalidSaveError,
    Move,
    Position,
    PyramidRules,
    Status,
    find_game,
    find_game_and_rules,
    numbered_deal,
    records_key,
    solve,
)
from tripeaks.games.pyramid.rules import RELAXED, STANDARD
from tripeaks.services.save import to_dict

NUMBERED_1 = numbered_deal(1, PYRAMID).code


# The layout, as the rule book draws it


def test_covering_is_the_rule_books_formula() -> None:
    layout = PYRAMID.layout
    assert layout.rows == ROWS and layout.size == 28
    for s in range(28):
        assert {t for t in range(28) if layout.covered_by[s] >> t & 1} == REFS["standard"].covered_by(s)
    assert layout.face_up == layout.full  # every card face up


def test_the_bottom_row_alone_is_free_at_the_deal_and_the_apex_lies_under_every_card() -> None:
    layout = PYRAMID.layout
    assert {s for s in range(28) if layout.is_free(layout.full, s)} == set(BOTTOM)
    assert layout.above[0] == layout.full & ~1  # every other card lies, at last, on the apex
    position = Position.start(numbered_deal(2, PYRAMID))
    assert [card for card, _, _ in position.available()] == [
        *(position.cards[s] for s in BOTTOM), position.stock[0], position.waste[-1]
    ]


def test_each_card_sits_midway_between_the_two_lying_on_it() -> None:
    places = PYRAMID.layout.places
    assert places[0] == (3.0, 0.0) and PYRAMID.layout.width == 7  # the apex over the middle of 7
    for s in range(21):
        below = sorted(REFS["standard"].covered_by(s))
        assert places[s][0] == (places[below[0]][0] + places[below[1]][0]) / 2
        assert places[s][1] + 1 == places[below[0]][1]


# Random games against the reference rules


@pytest.mark.no_cover
@given(st.data(), deals, rule_sets)
@settings(max_examples=40, deadline=None)
def test_random_games_follow_the_reference_rules(
    data: st.DataObject, deal: Deal, rules: PyramidRules
) -> None:
    model = ref(rules)
    states: list[RefState] = [model.start(deal)]

    def check(game: Game, move: Move) -> None:
        position = pyr(game.position)
        state = states[-1]
        assert ref_of(position) == state
        assert accounted_for(position, game.moves)
        assert str(position.status()) == model.status(state)
        assert tokens(position.legal_moves()) == model.legal(state)
        assert [c for c, _, _ in position.available()] == model.available(state)
        assert position.score == ref_score(game.moves) == 52 - cards_left(state)
        assert position.redeals_left == REDEALS - state.redeals
        assert position.stock_move() == (DRAW if state.stock else REDEAL if model.can_redeal(state) else None)
        game.push(move)
        states.append(model.after(state, move.notation))

    game = random_game(data, deal, each=check, rules=rules)
    final = pyr(game.position)
    assert ref_of(final) == states[-1]
    assert str(final.status()) == model.status(states[-1])
    assert tokens(final.legal_moves()) == model.legal(states[-1])
    assert bool(final.legal_moves()) == (final.status() is Status.PLAYING)


@given(st.data(), deals, rule_sets)
@settings(max_examples=30, deadline=None)
def test_undo_restores_exactly_and_redo_gives_back_after_every_move(
    data: st.DataObject, deal: Deal, rules: PyramidRules
) -> None:
    def snapshot(game: Game) -> tuple[object, ...]:
        return (game.position, game.score, game.moves, game.positions, game.moves_made)

    def check(game: Game, move: Move) -> None:
        before, redo_before = snapshot(game), game.redo_moves
        game.push(move)
        after = snapshot(game)
        assert game.undo() == move and snapshot(game) == before
        assert game.redo_moves == (move, *redo_before)
        assert game.redo() == move and snapshot(game) == after

    game = random_game(data, deal, each=check, rules=rules)
    assert game.score == ref_score(game.moves) and accounted_for(game.position, game.moves)


# The end of a game of Relaxed Pyramid: the pyramid clear, whatever is left in the stock and the waste


def test_relaxed_pyramid_is_won_the_moment_the_pyramid_is_clear() -> None:
    deal = apart_deal(talon_pairs=False)
    game = Game(deal, RELAXED)
    for move in solve(game.position).moves:
        assert game.status is Status.PLAYING
        game.push(move)
    position = game.position
    assert game.status is Status.WON and len(position.stock) == 23 and game.score == 28
    assert game.legal_moves == [] and position.stock_move() is None and position.playable() == frozenset()
    top, under = position.stock[0], position.waste[-1]
    for move in (DRAW, REDEAL, Move.play(top), Move.play(top, under)):
        with pytest.raises(IllegalMoveError, match=r"^The pyramid is clear: this game is won.$"):
            game.push(move)
    assert game.hint().kind == "over" and player_text(game.hint().text)
    words = PYRAMID.words
    assert words.ending(position) == (
        "You cleared the pyramid!", "Every card of the pyramid is gone, and 28 cards were removed in all."
    )
    assert words.end(position) == "You cleared the pyramid!"
    assert game.explain(position.stock[0]) == "The pyramid is clear: this game is won."
    assert "won: the pyramid is clear!" in words.report(position, game.moves_made)
    # Under Pyramid the same position goes on: the talon must go too.
    standard = Game(deal, STANDARD)
    for move in game.moves:
        standard.push(move)
    assert standard.status is Status.PLAYING and standard.legal_moves == [DRAW]
    assert game.undo() and game.status is Status.PLAYING  # undo still works after the end


def test_the_rule_sets_say_what_is_left_in_their_own_words() -> None:
    standard, relaxed = Game(numbered_deal(1, PYRAMID)), Game(numbered_deal(1, PYRAMID), RELAXED)
    words = PYRAMID.words
    assert words.panel(standard.position)[0] == ("Cards left", "52")
    assert words.panel(relaxed.position)[0] == ("Pyramid cards left", "28")
    relaxed.push(solve(relaxed.position).moves[0])
    assert words.said(relaxed.start, relaxed.moves[0], relaxed.position).endswith(
        ": 27 cards left in the pyramid."
    )
    assert words.progress(relaxed.position) == "Cleared 1/28, removed 1/52"
    assert words.progress(standard.position) == "Removed 0/52"


@given(st.data(), numbered_deals, rule_sets)
@settings(max_examples=20, deadline=None)
def test_every_sentence_is_a_players_words(data: st.DataObject, deal: Deal, rules: PyramidRules) -> None:
    words = PYRAMID.words
    said: list[str] = []

    def each(game: Game, move: Move) -> None:
        before = game.position
        game.push(move)
        said.extend([words.said(before, move, game.position), words.undone(game.position, move, before)])

    game = random_game(data, deal, max_moves=data.draw(st.integers(0, 80)), each=each, rules=rules)
    position = game.position
    heading, text = words.ending(position)
    assert heading in ("No more moves", "You removed every card!", "You cleared the pyramid!")
    said += [words.playing(position), words.end(position), text, words.prompt(position)]
    said += [game.explain(target) for target in [*range(-1, 29), *DECK]]
    said += [words.stock_label(position) + ".", words.waste_label(position) + "."]
    for text in said:  # (a sentence may start with a count, "52 cards left: …", or cheer: "You …!")
        read = text.replace("!", ".")
        assert player_text(read) or (read[0].isdigit() and player_text("N" + read[1:])), text
    for move in [Move.play(a, b) for a in DECK[:13] for b in DECK[13:26]] + [DRAW, REDEAL]:
        if move not in game.legal_moves:
            with pytest.raises(IllegalMoveError) as error:
                position.after(move)
            assert player_text(str(error.value)), str(error.value)


# Saves


@given(st.data(), deals, rule_sets)
@settings(max_examples=25, deadline=None)
def test_a_save_replays_to_the_same_game(data: st.DataObject, deal: Deal, rules: PyramidRules) -> None:
    game = random_game(data, deal, max_moves=60, rules=rules)
    for _ in range(data.draw(st.integers(0, game.moves_made))):
        game.undo()
    text = game.to_json()
    saved = json.loads(text)
    assert saved["game"] == "pyramid" and saved["rules"] == {"rule_set": rules.key}
    loaded = Game.from_json(text)
    assert loaded.rules == rules and loaded.positions == game.positions
    assert loaded.redo_moves == game.redo_moves
    assert Game.from_json(text, PYRAMID).to_json() == text


def test_a_save_with_rules_that_are_not_pyramids_is_refused() -> None:
    data = to_dict(Game(numbered_deal(1, PYRAMID), RELAXED))
    for rules in ({}, {"rule_set": "easy"}, {"rule_set": "relaxed", "passes": 1}, "relaxed"):
        with pytest.raises(InvalidSaveError):
            Game.from_json(json.dumps({**data, "rules": rules}))
    with pytest.raises(InvalidSaveError, match=r"^This is a Pyramid save, not a Triangle one.$"):
        Game.from_json(json.dumps(data), TRIANGLE)


# The rules as a value


def test_the_rule_sets_by_key_name_and_label() -> None:
    assert list(PYRAMID.rule_sets) == ["standard", "relaxed"] and PYRAMID.default_rules == STANDARD
    for rules, label in ((STANDARD, "Pyramid"), (RELAXED, "Relaxed Pyramid")):
        assert rules.label == label and rules.describe().startswith(f"{label}: ")
        for name in (rules.key, rules.key.upper(), label, label.lower().replace(" ", "-")):
            assert PyramidRules.named(name) == PyramidRules.from_key(name) == rules
        assert PyramidRules.from_dict(rules.to_dict()) == rules
        assert PYRAMID.rules_from_choices(rules.chosen()) == rules
    assert records_key(PYRAMID, RELAXED) == "pyramid:relaxed"
    assert [value for value, _, _ in PYRAMID.rule_choices[0].options] == ["standard", "relaxed"]


@pytest.mark.parametrize("name", ["easy", "strict", "", "x" * 100])
def test_an_unknown_rule_set_says_which_there_are(name: str) -> None:
    with pytest.raises(ValueError, match="standard and relaxed"):
        PyramidRules.from_key(name)
    with pytest.raises(ValueError, match="is not an option for the rules"):
        PYRAMID.rules_from_choices({"rule_set": name})


def test_relaxed_pyramid_names_the_game_and_its_rules() -> None:
    for name in ("Relaxed Pyramid", "relaxed-pyramid", "RELAXED_PYRAMID", " relaxed pyramid "):
        assert find_game(name) is PYRAMID
        assert find_game_and_rules(name) == (PYRAMID, RELAXED)
    assert find_game_and_rules("pyramid") == (PYRAMID, None)
    assert find_game_and_rules("Pyramid Solitaire") == (PYRAMID, None)
    assert find_game_and_rules("yield")[1] is None
    assert (PYRAMID.name_under(RELAXED), PYRAMID.name_under(STANDARD)) == ("Relaxed Pyramid", "Pyramid")
    assert TRIANGLE.name_under(TRIANGLE.default_rules) == "Triangle"


# The deal code, both ways


@given(deals)
@settings(max_examples=50, deadline=None)
def test_deal_codes_parse_and_print_back(deal: Deal) -> None:
    code = deal.code
    rows, waste, stock = code.removeprefix("pyramid:").split(" ")
    assert code.startswith("pyramid:") and [len(row) for row in rows.split("/")] == [2 * n for n in ROWS]
    assert len(waste) == 2 and len(stock) == 2 * 23
    for text in (code, code.upper(), code.lower(), f"  {code} "):
        assert Deal.parse(text) == deal and Deal.parse(text).code == code
    with pytest.raises(InvalidDealError, match="this is a Pyramid deal code, not a Triangle one"):
        Deal.parse(code, TRIANGLE)
    with pytest.raises(InvalidDealError, match="the layout has 7 rows, expected 4"):
        Deal.parse(code.removeprefix("pyramid:"))  # with no prefix, a code is TriPeaks'


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda code: code.replace("pyramid:", "pyramids:"), "unknown game 'pyramids' in the deal code: the "
         "games are tripeaks (TriPeaks), triangle (Triangle), pyramid (Pyramid)"),
        (lambda code: code.replace("/", "", 1), "the layout has 6 rows, expected 7"),
        (lambda code: code.replace("7h/8s8h/", "7h8s/8h/"), "row 1 has 2 cards, expected 1"),
        (lambda code: code[:-2], "51 cards, expected 52 (the stock has 22, expected 23)"),
        (lambda code: code.replace(" 8d ", " 7h "),
         "the 7 of hearts appears twice (missing: the 8 of diamonds)"),
        (lambda code: code.replace("7h/", "7x/"), "card 1 of row 1 is '7x', not a card"),
    ],
)
def test_a_bad_pyramid_code_says_what_is_wrong(change: Callable[[str], str], message: str) -> None:
    with pytest.raises(InvalidDealError, match=re.escape(message)):
        Deal.parse(change(NUMBERED_1))
    with pytest.raises(InvalidDealError):
        Deal.parse(change(NUMBERED_1), PYRAMID)


def test_a_tripeaks_code_is_not_a_pyramid_one() -> None:
    with pytest.raises(InvalidDealError, match="a Pyramid code starts with 'pyramid:'"):
        Deal.parse(numbered_deal(1).code, PYRAMID)
    with pytest.raises(InvalidDealError, match="this is a Pyramid deal code, not a TriPeaks one"):
        Deal.parse(NUMBERED_1, TRIPEAKS)


@given(numbered_deals)
@settings(max_examples=20, deadline=None)
def test_numbered_deals_are_whole_decks(deal: Deal) -> None:
    assert sorted((*deal.layout_cards, deal.waste, *deal.stock)) == sorted(DECK)
