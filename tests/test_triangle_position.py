"""Triangle's rules, one RULES.md rule at a time, and properties against the reference model."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from triangle_support import (
    PAIR_RANKS,
    POINT,
    REDEALS,
    ROWS,
    SLOTS,
    C,
    RefState,
    accounted_for,
    deals,
    layout_pairs_deal,
    numbered_deals,
    paired_deal,
    paired_prefix,
    player_text,
    random_game,
    ref_after,
    ref_available,
    ref_can_redeal,
    ref_cards_left,
    ref_covered_by,
    ref_legal,
    ref_of,
    ref_score,
    ref_start,
    ref_status,
    row_and_index,
    stuck_deal,
    stuck_king_deal,
    tokens,
    tri,
    triangle_deal,
    tslot,
)

from tripeaks import (
    DECK,
    DRAW,
    REDEAL,
    RESET,
    TRIANGLE,
    Card,
    Deal,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Place,
    Position,
    Status,
    TrianglePosition,
    numbered_deal,
    rank_phrase,
)

WON = "Every card is gone: this game is won."


def start(deal: Deal) -> TrianglePosition:
    return tri(Position.start(deal))


def play_all(position: TrianglePosition, moves: list[str]) -> TrianglePosition:
    for token in moves:
        position = tri(position.after(TRIANGLE.parse_move(token)))
    return position


def free_slots(position: TrianglePosition) -> set[int]:
    return {slot for _, place, slot in position.available() if place is Place.TABLE and slot is not None}


def refused(position: Position, move: Move | str) -> str:
    """The message with which the rules refuse ``move``."""
    with pytest.raises(IllegalMoveError) as error:
        position.after(TRIANGLE.parse_move(move) if isinstance(move, str) else move)
    return str(error.value)


def value(rank: int) -> str:
    """A rank as the refusals name it: ``a 9``, ``an A (1)``, ``a Q (12)``."""
    return rank_phrase(rank) + (f" ({rank})" if rank in (1, 11, 12) else "")


# The layout and its covering


def test_covering_is_the_rule_books_formula() -> None:
    layout = TRIANGLE.layout
    assert layout.rows == ROWS and layout.size == SLOTS == 28
    for s in range(SLOTS):
        assert layout.covered_by[s] == sum(1 << c for c in ref_covered_by(s)), f"slot {s}"
    # By hand: the point covers both cards of row 5; row 4's middle card lies under both.
    assert ref_covered_by(POINT) == frozenset()
    assert ref_covered_by(tslot(5, 0)) == ref_covered_by(tslot(5, 1)) == {POINT}
    assert ref_covered_by(tslot(4, 0)) == {tslot(5, 0)}
    assert ref_covered_by(tslot(4, 1)) == {tslot(5, 0), tslot(5, 1)}
    assert ref_covered_by(tslot(4, 2)) == {tslot(5, 1)}
    assert ref_covered_by(tslot(0, 0)) == {tslot(1, 0)} == {7}
    assert ref_covered_by(tslot(0, 6)) == {tslot(1, 5)} == {12}
    assert ref_covered_by(tslot(0, 3)) == {9, 10}


@pytest.mark.parametrize("row", range(len(ROWS) - 1))
def test_the_ends_of_a_row_are_covered_by_one_card_and_the_middle_by_two(row: int) -> None:
    counts = [len(ref_covered_by(tslot(row, j))) for j in range(ROWS[row])]
    assert counts[0] == counts[-1] == 1
    assert counts[1:-1] == [2] * (ROWS[row] - 2)
    for j in range(ROWS[row]):
        assert bin(TRIANGLE.layout.covered_by[tslot(row, j)]).count("1") == counts[j]


def test_an_end_card_is_freed_by_its_one_coverer_and_a_middle_card_needs_both_gone() -> None:
    # The point is a king; row 5 holds the 6c (left) and the 5c (right); the stock pairs them.
    deal = triangle_deal({POINT: "Kc", 25: "6c", 26: "5c", 22: "Qd", 23: "Jd", 24: "Td"}, "2h", ["7c", "8c"])
    position = start(deal)
    assert free_slots(position) == {POINT}
    position = play_all(position, ["Kc"])
    assert free_slots(position) == {25, 26}
    position = play_all(position, ["6c+7c"])
    # Slot 22 (row 4's left end) lay under the 6c alone; slot 23 (the middle) under both.
    assert free_slots(position) == {22, 26}
    assert position.explain(23) == "That card is covered by the 5 of clubs."
    assert position.explain(C("Jd")) == "The jack of diamonds is covered by the 5 of clubs."
    position = play_all(position, ["8c+5c"])
    assert free_slots(position) == {22, 23, 24}


def test_a_card_of_the_top_row_lies_under_two_cards() -> None:
    # Slot 3 (row 0, card 3) is covered by slots 9 and 10 (row 1, cards 2 and 3).
    deal = triangle_deal({9: "4c", 10: "4d"})
    position = start(deal)
    assert position.explain(3) == "That card is covered by the 4 of clubs and the 4 of diamonds."


@pytest.mark.parametrize("number", [1, 2, 3, 1_000_000])
def test_only_the_point_is_free_at_the_deal(number: int) -> None:
    deal = numbered_deal(number, TRIANGLE)
    position = start(deal)
    assert free_slots(position) == {POINT}
    assert [card for card, _, _ in position.available()] == [
        deal.layout_cards[POINT], deal.stock[0], deal.waste
    ]
    assert [(place, slot) for _, place, slot in position.available()] == [
        (Place.TABLE, POINT), (Place.STOCK, None), (Place.WASTE, None)
    ]
    # Every card is dealt face up, covered or not.
    game = Game(deal)
    assert all(position.is_face_up(s) for s in range(SLOTS))
    assert [game.card_at(s) for s in range(SLOTS)] == list(deal.layout_cards)
    assert position.cards_left == 52 and position.score == 0
    assert (position.redeals, position.redeals_left) == (0, REDEALS)
    assert len(position.stock) == 23 and position.waste == (deal.waste,)


# The stock's top and the waste's top


@pytest.mark.parametrize(
    ("point", "waste", "stock_top", "pair"),
    [
        ("9c", "Qh", "Ad", "Qh+Ad"),  # the stock's top with the waste's top
        ("4c", "2h", "9d", "9d+4c"),  # the stock's top with a layout card
        ("5c", "8d", "2h", "8d+5c"),  # the waste's top with a layout card
    ],
)
def test_stock_top_and_waste_top_are_available_and_pair_with_each_other_and_the_layout(
    point: str, waste: str, stock_top: str, pair: str
) -> None:
    deal = triangle_deal({POINT: point}, waste, [stock_top, "3s"])
    position = start(deal)
    assert {C(code) for code in pair.split("+")} <= position.playable()
    assert position.place_of(C(stock_top)) == (Place.STOCK, None)
    assert position.place_of(C(waste)) == (Place.WASTE, None)
    assert position.place_of(C("3s")) is None  # the next stock card is out of sight
    assert pair in tokens(position.legal_moves())
    after = play_all(position, [pair])
    gone = {C(code) for code in pair.split("+")}
    assert after.stock == tuple(c for c in deal.stock if c not in gone)
    assert after.waste == tuple(c for c in (deal.waste,) if c not in gone)
    assert [c for c in after.cards if c is not None] == [c for c in deal.layout_cards if c not in gone]
    assert after.score == 2 and after.cards_left == 50


def test_the_waste_top_is_the_last_card_drawn() -> None:
    deal = triangle_deal({POINT: "Jc"}, "2h", ["3s", "9d", "4h"])
    position = play_all(start(deal), ["draw", "draw"])
    assert position.waste == (C("2h"), C("3s"), C("9d")) and position.stock[0] == C("4h")
    assert [c for c, _, _ in position.available()] == [C("Jc"), C("4h"), C("9d")]
    assert tokens(position.legal_moves()) == {"9d+4h", "draw"}
    assert refused(position, "Jc+2h") == "The 2 of hearts is under the waste's top card."
    assert position.place_of(C("3s")) is None


# Pairs that make 13


@pytest.mark.parametrize(("low", "high"), PAIR_RANKS, ids=["A+Q", "2+J", "3+10", "4+9", "5+8", "6+7"])
def test_a_pair_making_13_is_removed(low: int, high: int) -> None:
    for a, b in ((low, high), (high, low)):
        deal = triangle_deal({POINT: Card(a, "c")}, "Kh", [Card(b, "d")])
        position = start(deal)
        move = Move.play(Card(a, "c"), Card(b, "d"))
        assert move in position.legal_moves()
        after = tri(position.after(move))
        assert after.cards[POINT] is None and after.stock[0] == deal.stock[1]
        assert after.score == 2


@pytest.mark.parametrize(("a", "b"), [(a, b) for a in range(1, 13) for b in range(1, 13) if a + b != 13])
def test_a_pair_must_total_13(a: int, b: int) -> None:
    deal = triangle_deal({POINT: Card(a, "c")}, "Kh", [Card(b, "d")])
    position = start(deal)
    move = Move.play(Card(a, "c"), Card(b, "d"))
    assert move not in position.legal_moves()
    high, low = sorted((a, b), reverse=True)
    said = refused(position, move)
    assert said == f"{value(high)[0].upper()}{value(high)[1:]} and {value(low)} make {a + b}, not 13."


def test_a_pair_refusal_in_a_players_words() -> None:
    position = start(triangle_deal({POINT: "9c"}, "Kh", ["5d"]))
    assert refused(position, "9c+5d") == "A 9 and a 5 make 14, not 13."
    assert refused(position, "5d+9c") == "A 9 and a 5 make 14, not 13."
    position = start(triangle_deal({POINT: "Ac"}, "Kh", ["Jd"]))
    assert refused(position, "Ac+Jd") == "A J (11) and an A (1) make 12, not 13."
    assert refused(position, "Ac") == "An A (1) can't go alone: it needs a Q (12) to make 13."


# Kings go alone


@pytest.mark.parametrize("where", ["table", "stock", "waste"])
def test_a_king_goes_alone_from_the_table_the_stock_top_or_the_waste_top(where: str) -> None:
    king = C("Kd")
    if where == "table":
        deal = triangle_deal({POINT: king}, "2h", ["3s"])
    elif where == "stock":
        deal = triangle_deal({POINT: "9c"}, "2h", [king, "3s"])
    else:
        deal = triangle_deal({POINT: "9c"}, king, ["3s"])
    position = start(deal)
    assert Move.play(king) in position.legal_moves()
    assert position.explain(king) == "The king of diamonds goes alone: tap it once to remove it."
    after = tri(position.after(Move.play(king)))
    assert king not in after.cards and king not in after.stock and king not in after.waste
    assert after.score == 1 and after.cards_left == 51
    if where == "stock":
        assert after.stock[0] == C("3s") and after.waste == (C("2h"),)
    if where == "waste":
        assert after.waste == () and after.stock[0] == C("3s")


def test_a_king_in_a_pair_is_refused() -> None:
    position = start(triangle_deal({POINT: "Kc"}, "Ah", ["Qd"]))
    assert refused(position, "Kc+Ah") == "A king goes alone: tap it once."
    assert refused(position, "Kc+Qd") == "A king goes alone: tap it once."
    position = start(triangle_deal({POINT: "9c"}, "Kh", ["Ks"]))
    assert refused(position, "Ks+Kh") == "A king goes alone: tap it once."
    assert {"Ks", "Kh"} <= tokens(position.legal_moves())


def test_a_card_other_than_a_king_cannot_go_alone() -> None:
    position = start(triangle_deal({POINT: "Qc"}, "Ah", ["7d"]))
    assert refused(position, "Qc") == "A Q (12) can't go alone: it needs an A (1) to make 13."
    assert refused(position, "7d") == "A 7 can't go alone: it needs a 6 to make 13."


def test_a_pair_with_the_stock_top_does_not_make_the_next_stock_card_available() -> None:
    # The Qh is the stock's top and the Ad the card after it: they are never available together.
    deal = triangle_deal({POINT: "9c"}, "2h", ["Qh", "Ad", "4s"])
    position = start(deal)
    assert "Qh+Ad" not in tokens(position.legal_moves())
    assert refused(position, "Qh+Ad") == "The ace of diamonds is not one of the face-up cards."
    # Nor the waste's next card: once the 2h is removed, the waste is empty.
    deal = triangle_deal({POINT: "Jc"}, "2h", ["Qh", "Ad"])
    position = start(deal)
    assert refused(position, "Qh+Ad") == "The ace of diamonds is not one of the face-up cards."
    after = play_all(position, ["Jc+2h"])
    assert after.waste == () and after.stock[0] == C("Qh")
    # Drawing the Qh makes the Ad the stock's top: now they pair.
    assert "Qh+Ad" in tokens(play_all(after, ["draw"]).legal_moves())


# Drawing and redealing


def test_drawing_is_allowed_at_any_time() -> None:
    deal = numbered_deal(1, TRIANGLE)  # a pair (9s+4c) is there at the deal
    position = start(deal)
    assert any(m.kind == "play" for m in position.legal_moves())
    assert position.legal_moves()[-1] == DRAW and position.stock_move() == DRAW
    after = tri(position.after(DRAW))
    assert after.waste == (deal.waste, deal.stock[0])
    assert after.stock == deal.stock[1:]
    assert after.score == 0 and after.cards_left == 52


def test_redeal_keeps_the_order_the_waste_bottom_card_is_next() -> None:
    deal = stuck_deal()
    position = start(deal)
    assert REDEAL not in position.legal_moves()
    assert refused(position, REDEAL) == "The waste can only be turned back once the stock is empty."
    position = play_all(position, ["draw"] * 23)
    waste = position.waste
    assert waste == (deal.waste, *deal.stock) and position.stock == ()
    assert position.legal_moves() == [REDEAL] and position.stock_move() == REDEAL
    assert refused(position, DRAW) == "The stock is empty: redeal to turn the waste back into the stock."
    position = tri(position.after(REDEAL))
    assert position.stock == waste and position.waste == ()
    assert position.stock[0] == deal.waste  # the waste's bottom card comes first
    assert (position.redeals, position.redeals_left) == (1, 1)
    assert [c for c, _, _ in position.available()] == [deal.layout_cards[POINT], deal.waste]


def test_redeal_keeps_the_order_of_what_is_left() -> None:
    # The point (the Qc) pairs with the Ad, the stock's fifth card; the rest keep their order.
    deal = triangle_deal({POINT: "Qc"}, "2h", ["3s", "4d", "5h", "6c", "Ad"])
    position = play_all(start(deal), ["draw"] * 4)
    assert position.stock[0] == C("Ad")
    position = play_all(position, ["Qc+Ad", *["draw"] * 18])
    assert position.stock == ()
    position = tri(position.after(REDEAL))
    assert position.stock == tuple(c for c in (deal.waste, *deal.stock) if c != C("Ad"))


def test_exactly_two_redeals_and_a_third_is_refused() -> None:
    deal = stuck_king_deal()  # a king at the point, left there: the game goes on
    position = start(deal)
    for redeal in range(REDEALS):
        position = play_all(position, ["draw"] * (23 if redeal == 0 else 24))
        assert position.can_redeal()
        position = tri(position.after(REDEAL))
        assert position.redeals == redeal + 1
    position = play_all(position, ["draw"] * 24)
    assert not position.can_redeal() and position.redeals_left == 0
    assert position.status() is Status.PLAYING  # the king still goes
    assert tokens(position.legal_moves()) == {"Kc"} and position.stock_move() is None
    assert refused(position, REDEAL) == "No redeals remain: the stock has been seen three times."
    assert refused(position, DRAW) == "The stock is empty and no redeals remain."


def test_there_is_no_reset_in_triangle() -> None:
    position = start(numbered_deal(1, TRIANGLE))
    with pytest.raises(InvalidMoveError, match=r"^Triangle has no 'reset' move$"):
        position.after(RESET)
    with pytest.raises(InvalidMoveError, match=r"^Triangle has no 'reset' move$"):
        TRIANGLE.parse_move("reset")
    game = Game(numbered_deal(1, TRIANGLE))
    for move in ("reset", RESET):
        with pytest.raises(InvalidMoveError, match="reset"):
            game.push(move)
    with pytest.raises(InvalidMoveError):
        game.reset()
    assert game.moves == ()


# The end of the game


def test_won_when_every_card_is_gone_from_layout_stock_and_waste() -> None:
    deal = paired_deal(7)
    game = Game(deal)
    for move in paired_prefix(deal, 0):
        game.push(move)
    assert game.position.stock == () and game.position.waste == ()
    assert [s for s in range(SLOTS) if game.position.cards[s] is not None] == [0, 1, 2, 3]
    assert game.position.status() is Status.PLAYING
    for s in (3, 2, 1, 0):
        game.play(deal.layout_cards[s])
    assert game.position.status() is Status.WON and game.score == 52 and game.position.cards_left == 0
    assert game.legal_moves == [] and game.stock_move is None
    for token in ("draw", "redeal", "Kc", "Qh+Ad"):
        with pytest.raises(IllegalMoveError, match=f"^{WON}$"):
            game.push(token)
    assert game.explain(0) == "That card has already been removed."
    assert game.explain("Kc") == WON


def test_a_cleared_layout_with_cards_in_the_stock_is_not_won() -> None:
    deal = layout_pairs_deal()
    game = Game(deal)
    game.play(deal.layout_cards[POINT])
    for s in range(SLOTS - 2, 0, -2):
        game.play(deal.layout_cards[s], deal.layout_cards[s - 1])
    game.play(deal.layout_cards[0])
    position = game.position
    assert all(c is None for c in position.cards)
    assert len(position.stock) == 23 and len(position.waste) == 1
    assert position.status() is Status.PLAYING and game.score == 28
    # The waste's and stock's cards pair off two by two: the waste and the stock's tops, then
    # the stock's top with the next card drawn.
    game.play(position.waste[-1], position.stock[0])
    while game.position.stock:
        game.draw()
        top = game.position.waste[-1]
        if top.rank == 13:
            game.play(top)
        else:
            game.play(top, game.position.stock[0])
    assert game.position.status() is Status.WON and game.score == 52


def test_out_of_moves_when_no_pair_no_king_no_card_to_turn_and_no_redeal() -> None:
    position = start(stuck_deal())
    moves = 0
    while position.status() is Status.PLAYING:
        legal = position.legal_moves()
        assert legal in ([DRAW], [REDEAL])
        position = tri(position.after(legal[0]))
        moves += 1
    assert moves == 23 + 1 + 24 + 1 + 24
    assert position.status() is Status.OUT_OF_MOVES
    assert position.legal_moves() == [] and position.stock_move() is None
    assert position.stock == () and len(position.waste) == 24 and position.redeals == REDEALS
    for move in (DRAW, REDEAL, Move.play(position.cards[POINT] or DECK[0])):
        assert player_text(refused(position, move))


def test_no_removal_but_a_card_to_turn_is_still_playing() -> None:
    position = start(stuck_deal())
    assert position.status() is Status.PLAYING and position.legal_moves() == [DRAW]
    assert position.playable() == frozenset()


# What a player is told


def test_explanations_in_a_players_words() -> None:
    deal = triangle_deal({POINT: "4c", 25: "9h", 26: "5d", 24: "Ks"}, "8s", ["9d", "Ah"])
    game = Game(deal)
    assert game.explain(25) == "That card is covered by the 4 of clubs."
    assert game.explain(24) == "That card is covered by the 5 of diamonds."
    assert game.explain("9h") == "The 9 of hearts is covered by the 4 of clubs."
    assert game.explain("Ks") == "The king of spades is covered by the 5 of diamonds."
    assert game.explain(POINT) == "The 4 of clubs makes 13 with the 9 of diamonds."
    assert game.explain("9d") == "The 9 of diamonds makes 13 with the 4 of clubs."
    assert game.explain("8s") == "An 8 needs a 5 to make 13, and none is available: draw from the stock."
    assert game.explain("Ah") == "The ace of hearts is not one of the face-up cards."
    assert game.explain(28) == game.explain(-1) == "There is no such place on the table."
    assert game.explain("Zx") == "'Zx' is not a card."
    game.play("4c", "9d")
    assert game.explain(POINT) == "That card has already been removed."
    assert game.explain("4c") == "The 4 of clubs has already been removed."
    assert game.explain("Ah") == (
        "An A (1) needs a Q (12) to make 13, and none is available: draw from the stock."
    )
    game.draw()
    assert game.explain("8s") == "The 8 of spades is under the waste's top card."


def test_the_page_is_told_what_can_be_removed() -> None:
    deal = triangle_deal({POINT: "4c"}, "Kh", ["9d"])
    position = start(deal)
    assert position.playable() == {C("4c"), C("9d"), C("Kh")}
    assert tokens(position.legal_moves()) == {"Kh", "9d+4c", "draw"}
    assert position.legal_moves() == [Move.play("Kh"), Move.play("9d", "4c"), DRAW]  # kings, pairs, draw


# Properties over random games, against the reference model


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
@given(st.data(), deals)
@settings(max_examples=60, deadline=None)
def test_random_games_follow_the_reference_rules(data: st.DataObject, deal: Deal) -> None:
    ref: list[RefState] = [ref_start(deal)]

    def check(game: Game, move: Move) -> None:
        position = tri(game.position)
        state = ref[-1]
        assert ref_of(position) == state  # the whole position, after every move
        assert accounted_for(position, game.moves)
        assert str(position.status()) == ref_status(state)
        assert tokens(position.legal_moves()) == ref_legal(state)
        assert len(position.legal_moves()) == len(ref_legal(state))
        assert [c for c, _, _ in position.available()] == ref_available(state)
        removals = ref_legal(state) - {"draw", "redeal"}
        assert position.playable() == {C(code) for token in removals for code in token.split("+")}
        assert position.score == ref_score(game.moves) == 52 - ref_cards_left(state)
        assert position.cards_left == ref_cards_left(state)
        assert position.can_redeal() == ref_can_redeal(state)
        assert position.redeals_left == REDEALS - state.redeals
        assert position.stock_move() == (DRAW if state.stock else REDEAL if ref_can_redeal(state) else None)
        game.push(move)
        ref.append(ref_after(state, move.notation))

    game = random_game(data, deal, each=check)
    final = tri(game.position)
    assert ref_of(final) == ref[-1]
    assert accounted_for(final, game.moves)
    assert str(final.status()) == ref_status(ref[-1])
    assert tokens(final.legal_moves()) == ref_legal(ref[-1])
    assert bool(final.legal_moves()) == (final.status() is Status.PLAYING)


def every_move() -> list[Move]:
    """Every move there is in Triangle: each card alone, each two cards, draw and redeal."""
    pairs = [Move.play(a, b) for a, b in itertools.combinations(DECK, 2)]
    return [*map(Move.play, DECK), *pairs, DRAW, REDEAL]


EVERY_MOVE = every_move()


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
@given(st.data(), numbered_deals)
@settings(max_examples=25, deadline=None)
def test_illegal_moves_are_always_refused_with_a_message(data: st.DataObject, deal: Deal) -> None:
    game = random_game(data, deal, max_moves=data.draw(st.integers(0, 100)))
    position = game.position
    state = ref_of(position)
    legal = set(position.legal_moves())
    for move in EVERY_MOVE:
        if move in legal:
            assert ref_of(position.after(move)) == ref_after(state, move.notation)
            continue
        with pytest.raises(IllegalMoveError) as error:
            position.after(move)
        assert player_text(str(error.value)), str(error.value)


@given(st.data(), numbered_deals)
@settings(max_examples=25, deadline=None)
def test_explanations_are_always_a_players_words(data: st.DataObject, deal: Deal) -> None:
    game = random_game(data, deal, max_moves=data.draw(st.integers(0, 100)))
    for target in [*range(-1, SLOTS + 1), *DECK]:
        said = game.explain(target)
        assert player_text(said), said
    for s in range(SLOTS):
        card = game.position.cards[s]
        row, j = row_and_index(s)
        if card is not None and covered(game.position, s):
            assert game.explain(s).startswith("That card is covered by the ")
            assert game.explain(card).startswith(f"The {card.name} is covered by the ")
        assert tslot(row, j) == s


def covered(position: Position, s: int) -> bool:
    cards = position.cards
    return any(cards[c] is not None for c in ref_covered_by(s))
