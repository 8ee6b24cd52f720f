"""Every rule in RULES.md, one scenario at a time, plus properties against a reference model."""

from __future__ import annotations

import itertools

import pytest
from conftest import (
    STUCK_REST,
    STUCK_ROW3,
    STUCK_UPPER,
    all_52_once,
    bounce_chain,
    build_deal,
    chain_deal,
    clear_order,
    numbered_deals,
    random_game,
    ref_face_up,
    ref_legal,
    ref_status,
    rules_st,
    stuck_deal,
    up_chain,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import (
    DECK,
    DRAW,
    EASY,
    REDEAL,
    RESET,
    STANDARD,
    STRICT,
    Card,
    Deal,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Position,
    Rules,
    Status,
    TriPeaksPosition,
    adjacent,
    neighbours,
    numbered_deal,
)
from tripeaks.base.layout import bits

C = Card.parse


def play_all(deal: Deal | TriPeaksPosition, rules: Rules | None, moves: list[str]) -> TriPeaksPosition:
    """The position after ``moves`` from a deal's start under ``rules``, or from a position
    (which has its own rules: ``rules`` is then None)."""
    if isinstance(deal, Position):
        assert rules is None or rules == deal.rules
        position = deal
    else:
        position = start(deal, rules)
    for token in moves:
        position = position.after(Move.parse(token))
    return position


def start(deal: Deal, rules: Rules | None = None) -> TriPeaksPosition:
    position = Position.start(deal, rules)
    assert isinstance(position, TriPeaksPosition)
    return position


def face_up_slots(position: Position) -> set[int]:
    return {s for s in range(28) if position.is_face_up(s)}


# The start of a game


def test_start_position() -> None:
    deal = Deal.parse(
        "Kh8h5c/Ah3sKd4s8cTh/3d9hKc5d8sAd9s2d7h/Ks3hQs6s6h5sTcQc5h6d 7s "
        "Ts7dAc4d2c6c9c4h2sQd2h9dJd7cQhJh4c8dJcJsAsTd3c"
    )
    position = start(deal)
    assert position.rules == STANDARD
    assert position.cards == deal.layout_cards
    assert position.waste == (C("7s"),)
    assert position.top == C("7s")
    assert len(position.stock) == 23
    assert (position.score, position.run, position.resets) == (0, 0, 0)
    assert position.cleared == 0 and position.peaks_cleared == 0
    assert set(bits(position.free)) == set(range(18, 28))
    assert face_up_slots(position) == set(range(18, 28))
    assert face_up_slots(start(deal, Rules(face_up=True))) == set(range(28))
    assert position.slot_of(C("Kh")) == 0 and position.slot_of(C("7s")) is None
    assert position.playable_ranks() == (6, 8)
    # 6s, 6h and 6d in row 3 play on the 7s; 8s (row 2) is covered.
    assert {m.notation for m in position.legal_moves()} == {"6s", "6h", "6d", "draw"}
    assert position.legal_moves()[-1] == DRAW


# Adjacency and K-A wrap


def test_adjacent_and_neighbours() -> None:
    assert adjacent(5, 6, False) and adjacent(6, 5, False)
    assert not adjacent(5, 5, True) and not adjacent(5, 7, True)
    assert adjacent(13, 1, True) and adjacent(1, 13, True)
    assert not adjacent(13, 1, False)
    assert neighbours(13, True) == (1, 12) and neighbours(13, False) == (12,)
    assert neighbours(1, True) == (2, 13) and neighbours(1, False) == (2,)
    assert neighbours(7, False) == (6, 8)


@pytest.mark.parametrize(("waste", "card"), [("Ad", "Kc"), ("Kd", "Ac")])
def test_king_and_ace_play_on_each_other_only_with_wrap(waste: str, card: str) -> None:
    position = start(build_deal({18: card}, waste), STANDARD)
    assert position.can_play(C(card))
    assert Move.play(card) in position.legal_moves()
    assert position.after(Move.play(card)).top == C(card)
    strict = start(build_deal({18: card}, waste), STRICT)
    assert not strict.can_play(C(card))
    assert Move.play(card) not in strict.legal_moves()
    with pytest.raises(IllegalMoveError):
        strict.after(Move.play(card))



def test_q_k_a_2_run_with_wrap() -> None:
    deal = build_deal({18: "Qd", 19: "Kd", 20: "Ad", 21: "2d"}, "Jd")
    position = play_all(deal, STANDARD, ["Qd", "Kd", "Ad", "2d"])
    assert position.run == 4
    assert position.score == 1 + 2 + 3 + 4
    assert position.top == C("2d")


def test_q_k_a_refused_without_wrap() -> None:
    deal = build_deal({18: "Qd", 19: "Kd", 20: "Ad", 21: "2d"}, "Jd")
    position = play_all(deal, STRICT, ["Qd", "Kd"])
    with pytest.raises(IllegalMoveError, match=r"^An A can't go on a K. You can play a Q.$"):
        position.after(Move.play("Ad"))


@pytest.mark.parametrize("rules", [STANDARD, STRICT])
def test_same_rank_never_plays(rules: Rules) -> None:
    for rank in (1, 5, 13):
        other = Card(rank, "d")
        position = start(build_deal({18: other}, Card(rank, "c")), rules)
        assert not position.can_play(other)
        assert Move.play(other) not in position.legal_moves()
        with pytest.raises(IllegalMoveError, match="can't go on another"):
            position.after(Move.play(other))


# Face-down cards and when they turn up


def test_row_2_card_turns_up_exactly_when_both_row_3_cards_are_gone() -> None:
    # Slot 9 (row 2, card 0) lies under slots 18 and 19; slot 10 under 19 and 20.
    deal = build_deal({18: "6c", 19: "7c", 9: "8c", 10: "Kh", 20: "Ks"}, "5c")
    position = Position.start(deal)
    assert not position.is_face_up(9)
    position = position.after(Move.play("6c"))
    assert not position.is_face_up(9)
    assert face_up_slots(position) == set(range(19, 28))
    position = position.after(Move.play("7c"))
    assert position.is_face_up(9)
    assert not position.is_face_up(10)  # slot 20 still lies on it
    assert face_up_slots(position) == {9, *range(20, 28)}
    assert position.can_play(C("8c"))
    assert not position.is_face_up(18)  # played slots show nothing


def test_rows_1_and_0_turn_up_when_their_coverers_go() -> None:
    ranks = up_chain(1, 29)
    deal = chain_deal(ranks)
    position = Position.start(deal)
    order = clear_order()
    for n, s in enumerate(order):
        card = deal.layout_cards[s]
        assert position.is_face_up(s), f"slot {s} should be up when its turn comes"
        position = position.after(Move.play(card))
        for t in order[n + 1:]:
            assert position.is_face_up(t) == ref_face_up(position, t)
    # Slot 3 (row 1, card 0) lies under slots 9 and 10; slot 0 (row 0) under 3 and 4.
    position = play_all(deal, STANDARD, [deal.layout_cards[s].code for s in order[: order.index(9) + 1]])
    assert not position.is_face_up(3)
    position = position.after(Move.play(deal.layout_cards[10]))
    assert position.is_face_up(3)


def test_covered_cards_cannot_be_played() -> None:
    deal = build_deal({9: "4d", 18: "Kh", 19: "Ks"}, "5c")
    position = Position.start(deal)
    assert not position.can_play(C("4d"))
    assert Move.play("4d") not in position.legal_moves()
    with pytest.raises(IllegalMoveError, match="not one of the face-up cards"):
        position.after(Move.play("4d"))


def test_all_face_up_shows_every_card_but_covered_cards_still_cannot_be_played() -> None:
    rules = Rules(face_up=True)
    deal = build_deal({9: "4d", 0: "6d", 18: "Kh", 19: "Ks"}, "5c")
    position = start(deal, rules)
    assert face_up_slots(position) == set(range(28))

    assert Game(deal, rules).card_at(0) == C("6d")
    assert Game(deal, STANDARD).card_at(0) is None
    for card in ("4d", "6d"):
        assert not position.can_play(C(card))
        assert Move.play(card) not in position.legal_moves()
        with pytest.raises(IllegalMoveError, match=f"^The {C(card).name} is covered: clear the cards"):
            position.after(Move.play(card))


# Scoring


def test_run_scoring_with_direction_change_then_a_draw() -> None:
    deal = build_deal({18: "6d", 19: "7d", 20: "6h", 21: "5d", 22: "9d"}, "5c", ["8s"])
    position = start(deal, STANDARD)
    scores = []
    for card in ("6d", "7d", "6h", "5d"):
        position = position.after(Move.play(card))
        scores.append((position.score, position.run))
    assert scores == [(1, 1), (3, 2), (6, 3), (10, 4)]
    position = position.after(DRAW)
    assert (position.score, position.run) == (5, 0)
    position = position.after(Move.play("9d"))
    assert (position.score, position.run) == (6, 1)


def test_score_goes_below_zero() -> None:
    position = start(build_deal(), STANDARD)
    for n in range(1, 4):
        position = position.after(DRAW)
        assert (position.score, position.run) == (-5 * n, 0)


@pytest.mark.parametrize("peak_order", list(itertools.permutations((0, 1, 2))))
def test_peak_bonuses_15_15_30_whichever_peak_is_third(peak_order: tuple[int, ...]) -> None:
    deal = chain_deal(up_chain(3, 29), clear_order(peak_order))
    position = start(deal, STANDARD)
    bonuses = []
    for s in clear_order(peak_order):
        before = position.score
        position = position.after(Move.play(deal.layout_cards[s]))
        bonus = position.score - before - position.run
        if s < 3:
            bonuses.append(bonus)
            assert position.peaks_cleared == len(bonuses)
        else:
            assert bonus == 0
    assert bonuses == [15, 15, 30]
    assert position.score == sum(range(1, 29)) + 60
    assert position.status() is Status.WON


def test_a_peak_cleared_mid_game_gets_the_first_bonus() -> None:
    # Clear the right peak completely first (slots 24-27, 15-17, 7, 8, then its top, 2).
    order = [24, 25, 26, 27, 15, 16, 17, 7, 8, 2, *range(18, 24), *range(9, 15), 3, 4, 5, 6, 0, 1]
    deal = chain_deal(bounce_chain(29), order)
    position = play_all(deal, STRICT, [deal.layout_cards[s].code for s in order[:9]])
    assert position.score == sum(range(1, 10))
    position = position.after(Move.play(deal.layout_cards[2]))
    assert position.score == sum(range(1, 11)) + 15
    assert position.peaks_cleared == 1
    position = play_all(position, None, [deal.layout_cards[s].code for s in order[10:]])
    assert position.score == sum(range(1, 29)) + 15 + 15 + 30


# Resetting the stock


def reserve_deal() -> Deal:
    """A deal where the last stock card, 6s, can take the 7s in row 3; the first is 9h."""
    clubs = [f"{r}c" for r in "A23456789TJQ"]
    diamonds = [f"{r}d" for r in "A234567"]
    return build_deal({18: "7s"}, "Kd", ["9h", *clubs, *diamonds, "Ts", "5s", "6s"])


def test_reset_turns_the_waste_over_bottom_card_first() -> None:
    rules = Rules(passes=2)
    deal = reserve_deal()
    position = start(deal, rules)
    assert RESET not in position.legal_moves()
    position = play_all(position, None, ["draw"] * 23)
    assert position.stock == ()
    assert position.top == C("6s")
    assert position.legal_moves()[-1] == RESET
    assert position.can_reset()
    position = position.after(Move.play("7s"))  # a layout card onto the waste
    waste = position.waste
    position = position.after(RESET)
    assert position.waste == (C("Kd"),)  # the waste's bottom card comes back first
    assert position.stock == waste[1:]  # then the rest, keeping their order
    assert position.stock[0] == C("9h") and position.stock[-1] == C("7s")
    assert position.resets == 1
    assert position.run == 0
    assert position.score == -5 * 23 + 1 - 5  # the turned-up card counts as a draw
    assert all_52_once(position)
    position = position.after(DRAW)
    assert position.top == C("9h")


@pytest.mark.parametrize(("passes", "resets"), [(2, 1), (3, 2)])
def test_resets_refused_when_passes_are_used_up(passes: int, resets: int) -> None:
    rules = Rules(passes=passes)
    position = start(reserve_deal(), rules)
    for _ in range(resets):
        position = play_all(position, None, ["draw"] * 23 + ["reset"])
    assert position.resets == resets
    assert position.top == C("Kd")
    position = play_all(position, None, ["draw"] * 23)
    assert position.status() is Status.PLAYING  # the 7s still plays on the 6s
    assert not position.can_reset()
    assert RESET not in position.legal_moves()
    with pytest.raises(IllegalMoveError, match=r"^No passes through the stock remain.$"):
        position.after(RESET)
    with pytest.raises(IllegalMoveError, match=r"^The stock is empty.$"):
        position.after(DRAW)


def test_one_pass_never_resets() -> None:
    position = play_all(reserve_deal(), STANDARD, ["draw"] * 23)
    assert [m.notation for m in position.legal_moves()] == ["7s"]
    with pytest.raises(IllegalMoveError, match="No passes through the stock remain"):
        position.after(RESET)


def test_unlimited_passes_reset_again_and_again() -> None:
    position = start(reserve_deal(), EASY)
    for n in range(1, 6):
        position = play_all(position, None, ["draw"] * 23)
        with pytest.raises(IllegalMoveError, match=r"^The stock is empty: reset it.$"):
            position.after(DRAW)
        position = position.after(RESET)
        assert position.resets == n
        assert position.top == C("Kd")
        assert position.stock[0] == C("9h")
    assert position.score == -5 * 24 * 5


@pytest.mark.parametrize("rules", [EASY, Rules(passes=2), Rules(passes=3, wrap=False)])
def test_reset_refused_while_the_stock_has_cards(rules: Rules) -> None:
    position = start(reserve_deal(), rules).after(DRAW)
    with pytest.raises(IllegalMoveError, match=r"^The stock can only be reset once it is empty.$"):
        position.after(RESET)


# The end of the game


def test_won_the_moment_the_layout_is_cleared_with_stock_left() -> None:
    deal = chain_deal(up_chain(1, 29))
    position = play_all(deal, STANDARD, [deal.layout_cards[s].code for s in clear_order()[:-1]])
    assert position.status() is Status.PLAYING
    position = position.after(Move.play(deal.layout_cards[2]))
    assert position.status() is Status.WON
    assert len(position.stock) == 23
    assert position.legal_moves() == []
    with pytest.raises(IllegalMoveError, match=r"^The peaks are cleared: this game is won.$"):
        position.after(DRAW)


@pytest.mark.parametrize("passes", [1, 2, 3])
def test_out_of_moves_with_limited_passes(passes: int) -> None:
    rules = Rules(passes=passes)
    position = start(stuck_deal(), rules)
    for reset in range(passes):
        for _ in range(23):
            assert position.status() is Status.PLAYING
            assert position.legal_moves() == [DRAW]
            position = position.after(DRAW)
        if reset < passes - 1:
            assert position.status() is Status.PLAYING
            assert position.legal_moves() == [RESET]
            position = position.after(RESET)
    assert position.status() is Status.OUT_OF_MOVES
    assert position.legal_moves() == []
    with pytest.raises(IllegalMoveError, match=r"^No more moves: this game is over.$"):
        position.after(RESET)
    with pytest.raises(IllegalMoveError, match=r"^No more moves: this game is over.$"):
        position.after(Move.play("5c"))


@pytest.mark.parametrize("wrap", [True, False])
def test_unlimited_passes_out_of_moves_when_nothing_anywhere_is_one_away(wrap: bool) -> None:
    rules = Rules(passes=None, wrap=wrap)
    position = start(stuck_deal(), rules)
    # 23 cards in the stock, but no stock or waste card is next to a 5, 7 or 9.
    assert position.status() is Status.OUT_OF_MOVES
    assert position.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="No more moves"):
        position.after(DRAW)


def _stuck_but_for_a_4(where: int) -> Deal:
    """The stuck deal with the 4c swapped into the stock at index ``where`` (for a K)."""
    upper = [("Ks" if c == "4c" else c) for c in STUCK_UPPER]
    rest = [c for c in STUCK_REST if c != "Ks"]
    rest.insert(where + 1, "4c")
    return Deal.from_cards([C(c) for c in [*upper, *STUCK_ROW3, *rest]])


def test_unlimited_passes_go_on_while_a_stock_card_is_one_away() -> None:
    deal = _stuck_but_for_a_4(22)  # the very last stock card
    assert deal.stock[-1] == C("4c")
    position = start(deal, EASY)
    assert position.status() is Status.PLAYING
    assert position.legal_moves() == [DRAW]
    assert start(stuck_deal(), EASY).status() is Status.OUT_OF_MOVES



def test_unlimited_passes_go_on_while_a_waste_card_is_one_away() -> None:
    deal = _stuck_but_for_a_4(0)
    position = play_all(deal, EASY, ["draw"] * 23)
    assert position.stock == () and position.top != C("4c") and C("4c") in position.waste
    assert position.status() is Status.PLAYING
    assert position.legal_moves() == [RESET]
    # The same table with one pass is over.
    assert play_all(deal, STANDARD, ["draw"] * 23).status() is Status.OUT_OF_MOVES
    position = play_all(position, None, ["reset", "draw"])
    assert position.top == C("4c")
    assert {m.notation for m in position.legal_moves()} == {"5c", "5d", "5h", "5s", "draw"}


# explain(): what a player is told


def explain(deal: Deal, target: Card | int | str, rules: Rules = STANDARD) -> str:
    return Game(deal, rules).explain(target)


def test_explain_a_card_that_is_not_one_away() -> None:
    deal = build_deal({18: "9c", 19: "Qc", 20: "Ad", 21: "8d", 22: "5d"}, "5h")
    assert explain(deal, "9c") == "A 9 can't go on a 5. You can play a 4 or a 6."
    assert explain(deal, 18) == "A 9 can't go on a 5. You can play a 4 or a 6."
    assert explain(deal, "Qc") == "A Q can't go on a 5. You can play a 4 or a 6."
    assert explain(deal, 20) == "An A can't go on a 5. You can play a 4 or a 6."
    assert explain(deal, "8d") == "An 8 can't go on a 5. You can play a 4 or a 6."
    assert explain(deal, "5d") == "A 5 can't go on another 5. You can play a 4 or a 6."


def test_explain_on_a_king_names_the_ace_only_with_wrap() -> None:
    deal = build_deal({18: "9c", 19: "Kc"}, "Kh")
    assert explain(deal, "9c") == "A 9 can't go on a K. You can play a Q or an A."
    assert explain(deal, "9c", STRICT) == "A 9 can't go on a K. You can play a Q."
    assert explain(deal, "Kc") == "A K can't go on another K. You can play a Q or an A."
    deal = build_deal({18: "Jc"}, "Ah")
    assert explain(deal, "Jc") == "A J can't go on an A. You can play a K or a 2."
    assert explain(deal, "Jc", STRICT) == "A J can't go on an A. You can play a 2."


def test_explain_a_playable_card() -> None:
    deal = build_deal({18: "6c"}, "5h")
    assert explain(deal, "6c") == "The 6 of clubs can go on the 5 of hearts."
    assert explain(deal, 18) == "The 6 of clubs can go on the 5 of hearts."


def test_explain_never_names_a_face_down_card() -> None:
    deal = build_deal({9: "4d"}, "5c")
    game = Game(deal)
    for s in range(18):
        card = deal.layout_cards[s]
        said = game.explain(s)
        assert said == "That card is face down: clear the cards on top of it to turn it over."
        assert card.name not in said and card.code not in said
    # Named by the player, a hidden card gets the same answer as a card in the stock.
    assert game.explain("4d") == "The 4 of diamonds is not one of the face-up cards."


def test_explain_covered_face_up_card() -> None:
    deal = build_deal({9: "4d"}, "5c")
    assert explain(deal, 9, Rules(face_up=True)) == (
        "The 4 of diamonds is covered: clear the cards on top of it first."
    )


def test_explain_cards_off_the_table_and_bad_places() -> None:
    deal = build_deal({18: "6c"}, "5h", ["9s"])
    game = Game(deal)
    assert game.explain("5h") == "The 5 of hearts is already on the waste."
    assert game.explain("9s") == "The 9 of spades is not one of the face-up cards."
    assert game.explain(28) == "There is no such place on the table."
    assert game.explain(-1) == "There is no such place on the table."
    assert game.explain("Zx") == "'Zx' is not a card."
    game.play("6c")
    assert game.explain(18) == "That card has already been played."
    assert game.explain("6c") == "The 6 of clubs is already on the waste."


def test_illegal_play_errors_say_why() -> None:
    deal = build_deal({18: "9c"}, "5h", ["9s"])
    position = start(deal)
    for card, why in [
        ("9c", "A 9 can't go on a 5. You can play a 4 or a 6."),
        ("9s", "The 9 of spades is not one of the face-up cards."),
        ("5h", "The 5 of hearts is already on the waste."),
    ]:
        with pytest.raises(IllegalMoveError) as error:
            position.after(Move.play(card))
        assert str(error.value) == why


@pytest.mark.parametrize(("kind", "cards"), [("jump", ()), ("play", (None,)), ("play", ())])
def test_not_a_move_at_all_cannot_be_built(kind: str, cards: tuple[object, ...]) -> None:
    # New design: a move that cannot exist cannot be built, so no position is ever asked it.
    with pytest.raises(InvalidMoveError):
        Move(kind, *cards)  # type: ignore[arg-type]


@pytest.mark.parametrize("move", [REDEAL, Move.play("Qh", "Ad")])
def test_a_move_of_another_game_is_not_a_move_of_tripeaks(move: Move) -> None:
    said = r"TriPeaks has no 'redeal' move|in TriPeaks a move plays one card"
    with pytest.raises(InvalidMoveError, match=said) as error:
        start(build_deal()).after(move)
    assert not isinstance(error.value, IllegalMoveError)


# Properties over random games and every rule combination


@pytest.mark.no_cover  # seconds of search: see tests/conftest.py
@given(st.data(), numbered_deals, rules_st)
@settings(max_examples=60, deadline=None)
def test_random_games_follow_the_reference_rules(data: st.DataObject, deal: Deal, rules: Rules) -> None:
    def check(game: Game, move: Move) -> None:
        position = game.position
        assert all_52_once(position)
        assert position.rules == rules
        assert str(position.status()) == ref_status(position)
        assert {m.notation for m in position.legal_moves()} == ref_legal(position)
        assert len(position.legal_moves()) == len(ref_legal(position))
        for s in range(28):
            assert position.is_face_up(s) == ref_face_up(position, s)
        game.push(move)

    game = random_game(data, rules, deal, each=check)
    final = game.position
    assert all_52_once(final)
    assert str(final.status()) == ref_status(final)
    assert {m.notation for m in final.legal_moves()} == ref_legal(final)



@given(st.data(), numbered_deals, rules_st)
@settings(max_examples=50, deadline=None)
def test_illegal_moves_are_always_refused(data: st.DataObject, deal: Deal, rules: Rules) -> None:
    game = random_game(data, rules, deal, max_moves=data.draw(st.integers(0, 60)))
    position = game.position
    legal = set(position.legal_moves())
    for move in [DRAW, RESET, *map(Move.play, DECK)]:
        if move in legal:
            continue
        with pytest.raises(IllegalMoveError):
            position.after(move)


# The empty-waste option (RULES.md "Empty waste at the start")

EMPTY = Rules(empty_waste=True)


@pytest.mark.parametrize("rules", [EMPTY, Rules(passes=None, wrap=False, face_up=True, empty_waste=True)])
def test_an_empty_waste_start(rules: Rules) -> None:
    deal = numbered_deal(1)
    position = start(deal, rules)
    assert position.waste == () and position.top is None
    assert len(position.stock) == 24
    assert position.stock == (deal.waste, *deal.stock)  # the deal's waste card is the stock's first
    assert position.cards == deal.layout_cards and all_52_once(position)
    assert (position.score, position.run, position.resets) == (0, 0, 0)
    assert position.status() is Status.PLAYING
    assert position.playable_ranks() == tuple(range(1, 14))
    # Any free card may go first, whatever its rank, and a draw.
    free = [deal.layout_cards[s] for s in range(18, 28)]
    assert position.legal_moves() == [*map(Move.play, free), DRAW]
    assert {m.notation for m in position.legal_moves()} == ref_legal(position)
    assert position.playable() == frozenset(free)
    assert position.stock_move() == DRAW
    assert face_up_slots(position) == (set(range(28)) if rules.face_up else set(range(18, 28)))
    # The deal code does not change.
    assert Game(deal, rules).deal.code == deal.code


@pytest.mark.parametrize("s", range(18, 28))
def test_any_free_card_plays_first_for_a_run_of_1_then_the_one_rank_rule(s: int) -> None:
    deal = numbered_deal(1)
    card = deal.layout_cards[s]
    position = start(deal, EMPTY).after(Move.play(card))
    assert position.waste == (card,) and position.top == card
    assert (position.score, position.run) == (1, 1)
    assert len(position.stock) == 24
    assert position.playable_ranks() == neighbours(card.rank, True)
    assert {m.notation for m in position.legal_moves()} == ref_legal(position)
    for _, other in position.free_cards:
        if adjacent(other.rank, card.rank, True):
            after = position.after(Move.play(other))
            assert (after.score, after.run) == (3, 2)
        else:
            assert not position.can_play(other)
            with pytest.raises(IllegalMoveError, match="can't go on"):
                position.after(Move.play(other))


def test_a_covered_or_face_down_card_does_not_go_on_the_empty_waste() -> None:
    deal = numbered_deal(1)
    face_up = Rules(face_up=True, empty_waste=True)
    for rules, why in [(EMPTY, "is not one of the face-up cards"), (face_up, "is covered")]:
        position = start(deal, rules)
        assert not position.can_play(deal.layout_cards[0])
        with pytest.raises(IllegalMoveError, match=why):
            position.after(Move.play(deal.layout_cards[0]))
    with pytest.raises(IllegalMoveError, match="The queen of clubs is not one of the face-up cards"):
        start(deal, EMPTY).after(Move.play(deal.waste))  # the deal's waste card lies in the stock


def test_a_draw_onto_the_empty_waste() -> None:
    deal = numbered_deal(1)
    position = start(deal, EMPTY).after(DRAW)
    assert position.waste == (deal.waste,) and position.top == deal.waste
    assert position.stock == deal.stock
    assert (position.score, position.run) == (-5, 0)
    plain = start(deal, STANDARD)  # from there it is the usual start, 5 points down
    assert (position.cards, position.stock, position.waste) == (plain.cards, plain.stock, plain.waste)
    assert position.legal_moves() == plain.legal_moves()
    assert position != plain  # positions of different rules never compare equal


def test_a_reset_after_an_empty_waste_start() -> None:
    deal = numbered_deal(1)
    position = play_all(deal, Rules(passes=2, empty_waste=True), ["draw"] * 24)
    assert position.stock == () and len(position.waste) == 24 and position.can_reset()
    with pytest.raises(IllegalMoveError, match=r"^The stock is empty: reset it.$"):
        position.after(DRAW)
    position = position.after(RESET)
    assert position.waste == (deal.waste,)  # the first card drawn comes back up first
    assert position.stock == deal.stock and position.resets == 1
    assert position.score == -5 * 25 and all_52_once(position)


def test_an_empty_waste_is_always_in_play_even_on_a_stuck_deal() -> None:
    # Unlimited passes: the stuck deal is over at once with a waste card, but not on an empty waste.
    rules = Rules(passes=None, empty_waste=True)
    assert start(stuck_deal(), EASY).status() is Status.OUT_OF_MOVES
    position = start(stuck_deal(), rules)
    assert position.status() is Status.PLAYING and str(position.status()) == ref_status(position)
    assert {m.notation for m in position.legal_moves()} == ref_legal(position) == {
        *STUCK_ROW3, "draw"
    }
    after = position.after(Move.play("5c"))  # nothing anywhere is one from a 5, 7 or 9
    assert after.status() is Status.OUT_OF_MOVES and ref_status(after) == "out_of_moves"
    assert after.legal_moves() == []
    drawn = position.after(DRAW)
    assert drawn.status() is Status.OUT_OF_MOVES


def test_explain_on_an_empty_waste() -> None:
    deal = numbered_deal(1)
    game = Game(deal, EMPTY)
    card = deal.layout_cards[18]
    said = f"The {card.name} can go on the empty waste: any card can start it."
    assert game.explain(card) == game.explain(18) == game.explain(card.code) == said
    assert game.explain(0) == "That card is face down: clear the cards on top of it to turn it over."
    hidden = deal.layout_cards[0]
    assert game.explain(hidden) == f"The {hidden.name} is not one of the face-up cards."
    assert game.explain(deal.waste) == f"The {deal.waste.name} is not one of the face-up cards."
    face_up = Game(deal, Rules(face_up=True, empty_waste=True))
    assert face_up.explain(0) == f"The {hidden.name} is covered: clear the cards on top of it first."
    game.play(card)
    assert game.explain(card) == f"The {card.name} is already on the waste."


def test_what_a_player_reads_on_an_empty_waste() -> None:
    deal = numbered_deal(1)
    game = Game(deal, EMPTY)
    words = game.solitaire.words
    assert words.prompt(game.position) == "The waste is empty: play any free card."
    assert words.report(game.position, 0).endswith("(you can play any free card)")
    assert words.piles(game.position) == "Waste: (empty)    Stock: 24 cards"
    card = deal.layout_cards[18]
    before = game.position
    game.play(card)
    assert words.said(before, Move.play(card), game.position) == f"Played the {card.name}, run of 1."
    assert words.undone(game.position, Move.play(card), before) == (
        f"Undid playing the {card.name}. The waste is empty."
    )
    game.undo()
    game.draw()
    assert words.said(before, DRAW, game.position) == f"Drew the {deal.waste.name}. 23 left in the stock."
