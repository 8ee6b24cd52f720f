"""What the table shows for a game: each place's card, the bar's controls and the end sheet, decided from
the engine's position alone."""

from __future__ import annotations

from scene import Marks, cards_left, clock, offers_watch, scene, stock_shows

from tripeaks import STRICT, TRIANGLE, Game, MoveKind, Status, numbered_deal, page_words


def lose(game: Game) -> Game:
    """Play ``game`` on with draws and the first play there is, until it ends."""
    while game.status is Status.PLAYING:
        legal = game.legal_moves
        plays = [move for move in legal if move.kind is MoveKind.PLAY]
        game.push(plays[0] if plays else next(iter(legal)))
    return game


def test_a_new_deal_shows_what_the_position_shows() -> None:
    game = Game(numbered_deal(5))
    shown = scene(game)
    position = game.position
    assert [s.state for s in shown.slots] == ["up" if position.is_face_up(n) else "down"
                                              for n in range(len(position.cards))]
    free = {card for card, _, _ in position.available()}
    for slot, s in enumerate(shown.slots):
        if s.state == "up":
            assert s.card == position.cards[slot]
            assert s.takes == (s.card in free)
            assert ("covered" in s.classes) == (not s.takes)
    assert shown.stock.state == "down" and shown.stock_count == len(position.stock)
    assert shown.waste.card == position.waste[-1]
    assert shown.left == cards_left(position) == 28
    assert shown.ending is None


def test_the_top_line_has_the_game_s_tallies_then_moves_and_time() -> None:
    game = Game(numbered_deal(5))
    game.push(next(iter(game.legal_moves)))
    keys = [key for key, _, _ in scene(game).figures]
    assert keys == ["score", "run", "moves", "time"]
    assert dict((k, v) for k, _, v in scene(game).figures)["moves"] == "1"


def test_one_stock_button_at_a_time_and_undo_once_there_is_a_move() -> None:
    game = Game(numbered_deal(5))
    controls = scene(game).controls
    assert not controls["draw"].hidden and controls["reset"].hidden and controls["redeal"].hidden
    assert controls["undo"].disabled and controls["redo"].disabled and controls["restart"].disabled
    game.push("draw")
    controls = scene(game).controls
    assert not controls["undo"].disabled and controls["redo"].disabled


def test_an_empty_stock_shows_the_move_that_turns_it() -> None:
    game = Game(numbered_deal(5, TRIANGLE))
    while game.position.stock:
        game.push("draw")
    controls = scene(game).controls
    assert controls["draw"].hidden and not controls["redeal"].hidden
    assert controls["redeal"].label.startswith("Redeal")
    assert scene(game).stock_turns


def test_a_hint_marks_its_control_and_its_cards() -> None:
    game = Game(numbered_deal(5))
    shown = scene(game, Marks(hinted=frozenset({"waste"}), hint_control="draw"))
    assert shown.controls["draw"].hinted
    assert "hinted" in shown.waste.classes


def test_the_end_sheet_says_the_game_s_words_and_offers_watch_only_for_a_winnable_deal() -> None:
    game = lose(Game(numbered_deal(3), STRICT))
    ending = scene(game).ending
    assert ending is not None and ending.won is False
    assert ending.title, ending.text
    assert f"{game.moves_made} move" in ending.text
    assert offers_watch(ending, True) and not offers_watch(ending, False) and not offers_watch(ending, None)
    assert scene(game, watching=True).ending is None


def test_words_for_the_page() -> None:
    assert clock(59) == "0:59" and clock(3600 + 61) == "1:01:01"
    game = Game(numbered_deal(12), number=12)
    assert page_words.deal_title(game).startswith("Deal 12 ·")
    assert stock_shows(Game(numbered_deal(1, TRIANGLE)).position), "Triangle's stock top lies face up"
    assert not stock_shows(Game(numbered_deal(1)).position)


def test_scored_by_cards_left_the_top_line_counts_the_cards_left_and_the_end_says_them() -> None:
    game = Game(numbered_deal(8), STRICT)
    shown = scene(game, scoring="cards-left")
    assert shown.figures[0] == ("cards-left", "Cards left", "28")
    assert not shown.left_shown and scene(game).left_shown
    game.push(next(m for m in game.legal_moves if m.kind is MoveKind.PLAY))
    assert scene(game, scoring="cards-left").figures[0][2] == "27"
    lose(game)
    ending = scene(game, scoring="cards-left").ending
    assert ending is not None and not ending.won
    left = game.position.layout_left
    assert ending.text.startswith(f"{left} cards left in the peaks. ")
    assert scene(game).ending != ending  # classic says no cards left
