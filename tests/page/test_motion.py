"""Motion is a view of a change: the plan between two scenes says which card flies from where, which turns
face up, which leaves; a deal lands within 600 ms."""

from __future__ import annotations

from geometry import arrange, felt_size
from motion import DEAL_MS, FLY_MS, deal, plan
from scene import scene, target_of

from tripeaks import TRIANGLE, Game, MoveKind, numbered_deal


def geometry_for(game: Game):  # type: ignore[no-untyped-def]
    return arrange(*felt_size(390, 844), game.position.layout.places)


def test_a_played_card_flies_from_its_slot_to_the_waste_and_the_card_it_freed_turns_over() -> None:
    game = Game(numbered_deal(5))
    geometry = geometry_for(game)
    before = scene(game)
    for _ in range(40):  # play on until a play frees a face-down card
        plays = sorted((m for m in game.legal_moves if m.kind is MoveKind.PLAY), key=lambda m: m.notation)
        if not plays:
            game.push("draw")
            before = scene(game)
            continue
        move = plays[0]
        slot = target_of(game.position, move.cards[0])
        game.push(move)
        after = scene(game)
        steps = plan(before, after, geometry)
        flight = next(f for f in steps.flights if f.card == move.cards[0])
        assert flight.target == "waste" and slot is not None
        assert flight.start == geometry.slots[int(slot[5:])]
        assert flight.duration <= 200 and steps.longest <= 200
        if steps.flips:
            assert all(before.slots[int(t[5:])].state == "down" for t in steps.flips)
            assert all(after.slots[int(t[5:])].state == "up" for t in steps.flips)
            return
        before = after
    raise AssertionError("no play freed a card")


def test_a_draw_flies_from_the_stock_turning_over() -> None:
    game = Game(numbered_deal(5))
    geometry = geometry_for(game)
    before = scene(game)
    game.push("draw")
    steps = plan(before, scene(game), geometry)
    assert len(steps.flights) == 1
    flight = steps.flights[0]
    assert flight.target == "waste" and flight.start == geometry.stock and flight.flip
    assert flight.duration == FLY_MS


def test_an_undone_play_flies_back_to_its_slot() -> None:
    game = Game(numbered_deal(5))
    geometry = geometry_for(game)
    move = sorted((m for m in game.legal_moves if m.kind is MoveKind.PLAY), key=lambda m: m.notation)[0]
    slot = target_of(game.position, move.cards[0])
    game.push(move)
    before = scene(game)
    game.undo()
    steps = plan(before, scene(game), geometry)
    assert [(f.card, f.target, f.start) for f in steps.flights] == [(move.cards[0], slot, geometry.waste)]


def test_a_pair_taken_off_the_table_fades_out() -> None:
    game = Game(numbered_deal(3, TRIANGLE))
    geometry = geometry_for(game)
    while True:  # draw until a pair is in sight (a table card with the stock's or the waste's)
        pairs = [m for m in game.legal_moves if m.kind is MoveKind.PLAY and len(m.cards) == 2
                 and all(target_of(game.position, c) is not None for c in m.cards)]
        if pairs:
            break
        game.push("draw")
    before = scene(game)
    game.push(pairs[0])
    steps = plan(before, scene(game), geometry)
    assert {ghost.card for ghost in steps.ghosts} == set(pairs[0].cards)


def test_a_deal_lands_every_card_within_600_ms() -> None:
    game = Game(numbered_deal(5))
    geometry = geometry_for(game)
    steps = deal(scene(game), geometry)
    assert len(steps.flights) == 28
    assert {f.target for f in steps.flights} == {f"slot:{n}" for n in range(28)}
    assert all(f.start == geometry.stock for f in steps.flights)
    assert steps.longest <= DEAL_MS <= 600


def test_nothing_moves_when_nothing_changed() -> None:
    game = Game(numbered_deal(5))
    shown = scene(game)
    assert plan(shown, shown, geometry_for(game)).empty
