"""A tap on a card: the move the engine lists for it, the first card of a pair, or the engine's reason."""

from __future__ import annotations

from scene import target_of
from tapping import card_at, drop, tap

from tripeaks import TRIANGLE, Game, MoveKind, numbered_deal


def slot_of(game: Game, code: str) -> str:
    position = game.position
    return next(f"slot:{n}" for n, card in enumerate(position.cards)
                if card is not None and card.code == code)


def test_a_tap_on_a_playable_card_plays_it() -> None:
    game = Game(numbered_deal(5))
    card = sorted(game.position.playable(), key=lambda c: c.code)[0]
    decision = tap(game, slot_of(game, card.code), None)
    assert decision.kind == "move" and decision.move is not None and decision.move.cards == (card,)


def test_a_tap_on_a_card_that_cannot_go_says_why_in_the_engine_s_words() -> None:
    game = Game(numbered_deal(5))
    position = game.position
    free = [card for card, _, _ in position.available() if card not in position.playable()]
    decision = tap(game, slot_of(game, free[0].code), None)
    assert decision.kind == "refuse" and decision.text == game.explain(free[0])


def test_a_tap_on_a_face_down_card_is_refused() -> None:
    game = Game(numbered_deal(5))
    assert card_at(game, "slot:0") is None
    decision = tap(game, "slot:0", None)
    assert decision.kind == "refuse" and decision.text == game.explain(0)


def test_pairs_are_taken_a_card_at_a_time() -> None:
    game = Game(numbered_deal(3, TRIANGLE))
    while True:  # draw until two cards in sight make a pair
        pairs = [m for m in game.legal_moves if m.kind is MoveKind.PLAY and len(m.cards) == 2
                 and all(target_of(game.position, c) is not None for c in m.cards)]
        if pairs:
            break
        game.push("draw")
    first, second = pairs[0].cards
    at_first, at_second = target_of(game.position, first), target_of(game.position, second)
    assert at_first is not None and at_second is not None
    chosen = tap(game, at_first, None)
    assert chosen.kind == "select" and chosen.card == first and chosen.text
    again = tap(game, at_first, first)
    assert again.kind == "deselect"
    both = tap(game, at_second, first)
    assert both.kind == "move" and both.move is not None and set(both.move.cards) == {first, second}


def test_a_drop_on_the_waste_plays_the_card_and_a_drop_on_itself_means_nothing() -> None:
    game = Game(numbered_deal(5))
    card = sorted(game.position.playable(), key=lambda c: c.code)[0]
    where = slot_of(game, card.code)
    decision = drop(game, where, "waste")
    assert decision is not None and decision.kind == "move"
    assert drop(game, "slot:0", "waste") is None  # a face-down card cannot be dragged
