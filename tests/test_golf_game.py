"""A game of Golf: its columns, its three rule sets, deal codes both ways and their errors, numbered and daily
deals pinned, every move checked against a reference model of RULES.md, undo and redo, saves, and what a
player reads."""

from __future__ import annotations

import datetime as dt
import json
import random
import re
from itertools import pairwise
from pathlib import Path

import pytest
from golf_support import (
    COLUMNS,
    DEPTH,
    RULE_SETS,
    C,
    build,
    ending_deal,
    goes_on,
    golf,
    played,
    ref_after,
    ref_legal,
    ref_of,
    ref_of_code,
    ref_status,
    slot,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import (
    DECK,
    GOLF,
    MAX_DEAL,
    TRIPEAKS,
    Deal,
    Game,
    GolfRules,
    IllegalMoveError,
    InvalidDealError,
    InvalidMoveError,
    Move,
    Position,
    Status,
    daily_seed,
    deal_from_seed,
    find_best,
    find_game,
    game_of,
    numbered_deal,
)
from tripeaks.services.save import dump, parse, read
from tripeaks.services.text import draw_table

GOLDEN = json.loads((Path(__file__).parent / "golden" / "golf.json").read_text(encoding="utf-8"))


# The layout: seven columns of five, each card covering the one dealt before it


def test_the_columns_cover_as_the_rule_book_says() -> None:
    layout = GOLF.layout
    assert layout.size == COLUMNS * DEPTH == 35 and layout.face_up == layout.full
    for column in range(COLUMNS):
        for row in range(DEPTH):
            s = slot(column, row)
            on = {slot(column, r) for r in range(row + 1, DEPTH)}
            assert {t for t in range(35) if layout.above[s] >> t & 1} == on
    assert layout.free(layout.full) == sum(1 << slot(c, DEPTH - 1) for c in range(COLUMNS))


def test_the_columns_are_drawn_overlapping_downward_each_card_showing_a_strip() -> None:
    places = GOLF.layout.places
    for column in range(COLUMNS):
        xs = {places[slot(column, row)][0] for row in range(DEPTH)}
        ys = [places[slot(column, row)][1] for row in range(DEPTH)]
        assert xs == {float(column)}, "a column stands straight"
        steps = {round(b - a, 6) for a, b in pairwise(ys)}
        assert len(steps) == 1 and 0 < steps.pop() < 1, "each card lower than the one it covers, overlapping"


# Deal codes


def test_a_deal_code_lists_the_columns_from_their_bottom_card() -> None:
    deal = numbered_deal(1, GOLF)
    code = deal.code
    assert code.startswith("golf:") and Deal.parse(code) == deal and game_of(code) is GOLF
    ref = ref_of_code(code)
    assert ref == ref_of(Position.start(deal))  # the engine's slots are the rule book's columns
    columns, waste, stock = code.removeprefix("golf:").split(" ")
    assert [len(c) for c in columns.split("/")] == [10] * COLUMNS and len(waste) == 2 and len(stock) == 32


@given(st.permutations(DECK))
@settings(max_examples=40, deadline=None)
def test_a_code_reads_back_as_the_same_deal(cards: list) -> None:  # type: ignore[type-arg]
    deal = Deal.from_cards(cards, GOLF)
    assert Deal.parse(deal.code) == deal == Deal.parse(deal.code.lower().replace("golf:", "GOLF:"))


def _code(columns: list[str], waste: str = "2d", stock: str = "") -> str:
    return f"golf:{'/'.join(columns)} {waste} {stock}"


GOOD = numbered_deal(7, GOLF).code


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda code: code.replace("golf:", "golff:"), "unknown game 'golff'"),
        (lambda code: code.replace("/", "", 1), "the layout has 6 columns, expected 7"),
        (lambda code: code.replace("/", "/" + code.split()[2][:2], 1).replace(code.split()[2],
                                                                             code.split()[2][2:]),
         "column 2 has 6 cards, expected 5"),
        (lambda code: code[:5] + code[7:], "51 cards, expected 52 (column 1 has 4, expected 5)"),
        (lambda code: code[:5] + code[20:22] + code[7:], "appears twice"),
        (lambda code: code[:5] + "Xx" + code[7:], "card 1 of column 1 is 'Xx', not a card"),
        (lambda code: code.rsplit(" ", 1)[0], "found 2 parts, expected 3"),
    ],
)
def test_a_bad_code_says_what_is_wrong(change, said: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidDealError) as error:
        Deal.parse(change(GOOD))
    assert said in str(error.value)
    if "twice" in said:
        assert "missing: the" in str(error.value)


def test_a_code_of_another_game_is_refused_when_golf_is_asked_for() -> None:
    with pytest.raises(InvalidDealError, match="TriPeaks deal code, not a Golf one"):
        Deal.parse(numbered_deal(1).code, GOLF)
    with pytest.raises(InvalidDealError, match="this is a Golf deal code, not a TriPeaks one"):
        Deal.parse(GOOD, TRIPEAKS)
    with pytest.raises(InvalidDealError, match=re.escape("no game's prefix starts it (a Golf code starts")):
        Deal.parse(GOOD.removeprefix("golf:"), GOLF)


# Numbered and daily deals, pinned


@pytest.mark.parametrize("number", [1, 2, 3, 1_000_000, MAX_DEAL])
def test_numbered_deals_never_change(number: int) -> None:
    assert numbered_deal(number, GOLF).code == GOLDEN["numbered"][str(number)]
    assert numbered_deal(number, GOLF).layout_cards != numbered_deal(number).layout_cards[:35]


def test_daily_deals_never_change() -> None:
    for day in GOLDEN["daily"]:
        seed = daily_seed(dt.date.fromisoformat(day["date"]), day["attempt"], GOLF)
        assert seed == day["seed"] and deal_from_seed(seed, GOLF).code == day["code"]


# The rules, against the reference model


def test_the_rule_sets_by_name_and_key() -> None:
    assert list(GOLF.rule_sets) == list(RULE_SETS) and GOLF.default_rules.name == "standard"
    assert [GolfRules.named(name).label for name in RULE_SETS] == ["Golf", "Dead King Golf", "Relaxed Golf"]
    for name in RULE_SETS:
        rules = GOLF.rules_named(name)
        assert GolfRules.from_key(rules.key) is rules is GolfRules.from_dict(rules.to_dict())
        assert GOLF.rules_from_choices(rules.chosen()) is rules
        assert rules.describe().startswith(f"{rules.label}: one pass through the stock, ")
    for bad in ("easy", "", "STANDARDS"):
        with pytest.raises(ValueError, match="standard, strict and relaxed"):
            GolfRules.named(bad)
    for data in ({}, {"rule_set": "easy"}, {"rule_set": 1}, [], {"rule_set": "strict", "x": 1}):
        with pytest.raises(ValueError):
            GolfRules.from_dict(data)
    with pytest.raises(ValueError):
        GOLF.rules_from_choices({"rule_set": "easy"})
    assert find_game("golf solitaire") is GOLF and GOLF.scorings == ("cards-left",)
    assert TRIPEAKS.scorings == ("classic", "cards-left")  # the family's default


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_which_rank_goes_on_which(rule_set: str) -> None:
    adjacency = GOLF.rules_named(rule_set).adjacency
    for card in range(1, 14):
        for top in range(1, 14):
            assert adjacency.goes_on(card, top) == goes_on(card, top, rule_set), (card, top)


@given(st.data(), st.sampled_from(RULE_SETS), st.integers(1, MAX_DEAL))
@settings(max_examples=30, deadline=None)
def test_every_move_as_the_reference_model_says(data: st.DataObject, rule_set: str, number: int) -> None:
    game = played(numbered_deal(number, GOLF), rule_set)
    ref = ref_of(game.position)
    for _ in range(60):
        legal = ref_legal(ref, rule_set)
        assert {move.notation for move in game.legal_moves} == legal
        assert game.status.value == ref_status(ref, rule_set)
        assert golf(game.position).left == ref.left == 35 - game.score
        if not legal:
            break
        plays = sorted(token for token in legal if token != "draw")
        token = data.draw(st.sampled_from(plays)) if plays and data.draw(st.booleans()) else \
            data.draw(st.sampled_from(sorted(legal)))
        game.push(token)
        ref = ref_after(ref, token, rule_set)
        assert ref_of(game.position) == ref


# What each rule set allows that the others don't


def test_a_queen_goes_on_a_king_but_in_dead_king_golf() -> None:
    deal, run = ending_deal("queen")
    for rule_set in RULE_SETS:
        position = played(deal, rule_set, run).position
        assert position.waste[-1].rank == 13 and ref_of(position).columns[0][-1].rank == 12
        queen = ref_of(position).columns[0][-1]
        assert (Move.play(queen) in position.legal_moves()) == (rule_set != "strict")
    game = played(deal, "strict", run)
    with pytest.raises(IllegalMoveError, match="Nothing goes on a king in Dead King Golf"):
        game.play(queen)
    assert "nothing goes on a king" in GOLF.words.playing(game.position)


def test_a_king_and_an_ace_touch_only_in_relaxed_golf() -> None:
    deal, run = ending_deal("ace")
    for rule_set in RULE_SETS:
        position = played(deal, rule_set, run).position
        ace = ref_of(position).columns[0][-1]
        assert ace.rank == 1 and (Move.play(ace) in position.legal_moves()) == (rule_set == "relaxed")
    # and a king goes on an ace: a king top of a column, an ace on the waste
    deal = build([["Kh"]], "Ac", ["2c"])
    assert [Move.play(C("Kh")) in Position.start(deal, GOLF.rules_named(name)).legal_moves()
            for name in RULE_SETS] == [False, False, True]
    for name in ("standard", "strict"):
        with pytest.raises(IllegalMoveError, match=re.escape("A K can't go on an A. You can play a 2.")):
            Game(deal, GOLF.rules_named(name)).play("Kh")


# A game: one pass, the end, undo and redo, saves


def test_one_pass_through_the_stock_then_the_end() -> None:
    game = Game(numbered_deal(1, GOLF))  # lost under Golf's standard rules
    for _ in range(16):
        game.draw()
    assert game.position.stock == () and game.position.stock_move() is None
    while game.legal_moves:
        game.push(game.legal_moves[0])
    assert game.status is Status.OUT_OF_MOVES and not game.legal_moves
    with pytest.raises(IllegalMoveError, match="No more moves"):
        game.draw()
    with pytest.raises(InvalidMoveError, match="Golf has no 'reset' move"):
        game.push("reset")
    with pytest.raises(InvalidMoveError, match="a card such as 7h, or draw"):
        game.push("fold")
    title, text = GOLF.words.ending(game.position)
    left = golf(game.position).left
    assert title == "No more moves" and text.startswith(f"{left} cards left.")


def test_a_won_game_says_all_cleared() -> None:
    deal, run = ending_deal("queen")
    game = played(deal, "standard", run)
    queen, jack = reversed(ref_of(game.position).columns[0])
    game.play(queen)
    assert "Column cleared" not in GOLF.words.cheers(game.positions[-2], game.moves[-1], game.position)
    game.play(jack)
    assert game.status is Status.WON and game.score == 35 and golf(game.position).left == 0
    assert GOLF.words.ending(game.position) == ("You cleared the columns!", "All cleared.")
    assert GOLF.words.cheers(game.positions[-2], game.moves[-1], game.position) == ("All cleared!",)
    assert "won" in GOLF.words.report(game.position, game.moves_made)
    with pytest.raises(IllegalMoveError, match="this game is won"):
        game.draw()


@given(st.data(), st.sampled_from(RULE_SETS), st.integers(1, MAX_DEAL))
@settings(max_examples=20, deadline=None)
def test_undo_and_redo_and_a_save_restore_exactly(data: st.DataObject, rule_set: str, number: int) -> None:
    game = Game(numbered_deal(number, GOLF), GOLF.rules_named(rule_set), number=number)
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    while game.legal_moves and game.moves_made < 40:
        plays = [m for m in game.legal_moves if m.card is not None]
        game.push(rng.choice(plays) if plays and rng.random() < 0.7 else game.legal_moves[-1])
    back = data.draw(st.integers(0, game.moves_made))
    positions = game.positions
    for _ in range(back):
        game.undo()
    saved = read(parse(dump(game)))
    again = Game.from_moves(saved.deal, saved.rules, saved.moves)
    assert again.position == game.position and saved.rules is game.rules
    for _ in range(back):
        game.redo()
    assert game.positions == positions


# What a player reads


def test_a_tap_explains_itself() -> None:
    game = Game(numbered_deal(3, GOLF), GOLF.rules_named("relaxed"))
    position = game.position
    covered = slot(0, 0)
    assert position.explain(covered) == (
        f"The {position.cards[covered].name} is under other cards of its column: play those first.")
    in_stock = position.stock[0]
    assert position.explain(in_stock) == f"The {in_stock.name} is in the stock, not in a column."
    assert position.explain(99) == "There is no such place on the table."
    playable = [move.card for move in position.legal_moves() if move.card is not None]
    assert position.explain(playable[0]) == f"The {playable[0].name} can go on the {position.waste[-1].name}."
    where = position.slot_of(playable[0])
    game.play(playable[0])
    assert game.position.explain(playable[0]) == f"The {playable[0].name} is already on the waste."
    assert game.position.explain(where) == "That card has already been played."


def test_the_words_say_cards_left() -> None:
    game = Game(numbered_deal(3, GOLF), GOLF.rules_named("relaxed"))
    words = GOLF.words
    assert words.tallies(game.position) == ()  # the top line's Left is the score
    assert dict(words.panel(game.position))["Cards left"] == "35"
    assert words.progress(game.position) == "35 cards left"
    move = game.legal_moves[0]
    game.push(move)
    assert words.said(game.positions[-2], move, game.position).endswith("34 cards left.")
    undone = words.undone(game.position, move, game.positions[-2])
    assert move.card is not None and undone.startswith(f"Undid playing the {move.card.name}")
    assert words.scored(32) == "3 cards left" and words.scored(34) == "1 card left"
    assert words.scored(35) == "all cleared"
    table = draw_table(game.position)
    assert table.splitlines()[4].split() and "Waste:" in table


def test_the_command_line_plays_golf(capsys: pytest.CaptureFixture[str]) -> None:
    from tripeaks.cli import main

    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "golf       Golf" in out
    assert "rule sets: standard, strict (Dead King Golf), relaxed (Relaxed Golf); deal codes: 'golf:…'" in out
    assert main(["deal", "1", "--game", "golf"]) == 0
    assert capsys.readouterr().out.strip() == GOLDEN["numbered"]["1"]
    assert main(["show", "2", "--game", "golf", "--rules", "strict"]) == 0
    assert "Stock: 16 cards" in capsys.readouterr().out
    lines = iter(["h", "xx", "d", "u", "q"])
    assert main(["play", "1", "--game", "golf", "--rules", "strict"], read=lambda _: next(lines)) == 0
    out = capsys.readouterr().out
    assert "Dead King Golf: one pass through the stock, nothing goes on a king" in out
    assert "'xx' is not a move" in out and "Cards left 35  Moves 1" in out
    assert main(["solve", "4", "--game", "golf", "--rules", "strict"]) == 0
    assert capsys.readouterr().out.startswith("won in ")
    assert main(["solve", "1", "--game", "golf", "--rules", "strict"]) == 0
    assert capsys.readouterr().out.startswith("lost: no line clears the layout")
    assert main(["best", "1", "--game", "golf", "--rules", "strict"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("fewest cards left: 1 card left in ") and "winning line: none" in out
    assert main(["grade", "1", "--game", "golf", "--rules", "strict", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["grade"] == "can't be won"
    assert main(["stats", "--game", "golf", "--rules", "strict", "--deals", "1-4", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    won = sum(GOLDEN["results"]["strict"][str(number)] == "won" for number in range(1, 5))
    assert won and "Dead King Golf" in out and f"won: {won} ({won / 4:.1%})" in out and "gave up: 0" in out
    assert main(["solve", "1", "--game", "golf", "--rules", "easy"]) == 2
    assert "Golf has standard, strict and relaxed" in capsys.readouterr().err
    assert main(["play", "1", "--game", "golf", "--passes", "2"]) == 2
    assert "--passes: Golf has no such option" in capsys.readouterr().err


def test_the_end_and_the_best_say_cards_left() -> None:
    words = GOLF.words
    lost = Game(numbered_deal(1, GOLF))  # lost; its best leaves 1 card (golden)
    while lost.legal_moves:
        lost.push(lost.legal_moves[0])
    left = golf(lost.position).left
    assert words.end(lost.position) == (
        f"No more moves: {left} cards left. You can undo, ask for a hint, or restart.")
    assert words.report(lost.position, lost.moves_made).endswith("(out of moves (undo to try another way))")
    assert dict(words.panel(lost.position))["Playable now"] == "nothing"
    assert words.stock_label(lost.position) == "Stock: empty" and words.piles(lost.position, reveal=True)
    best = find_best(lost.start)
    assert words.best_score(best) == "The fewest cards this deal leaves: 1 card left."
    assert words.best_clear_score(best) == "No line clears every column of this deal."
    assert words.compared(lost.score, best) == (
        f"You finished with {left} cards left (the fewest possible: 1 card left).")
    assert words.compared(34, best) == "You finished with 1 card left, the fewest this deal allows."
    assert words.watch(False) == "Watch a line to the fewest cards left"
    deal, run = ending_deal("queen")
    won = played(deal, "standard", run)
    queen, jack = reversed(ref_of(won.position).columns[0])
    assert won.position.explain(jack) == (
        f"The {jack.name} is under other cards of its column: play those first.")
    won.play(queen)
    won.play(jack)
    assert words.end(won.position) == "You cleared the columns! All cleared."
    winnable = find_best(won.start)
    assert words.best_score(winnable) == "The fewest cards this deal leaves: all cleared."
    assert words.best_clear_score(winnable) == "A line clears every column."
    assert words.watch(True) == "Watch a line that clears every column"
    five = build([["5c"], ["5h"]], "5d", ["6c"])
    assert Position.start(five).explain(C("5h")) == "A 5 can't go on another 5. You can play a 4 or a 6."
