"""What the review sheet shows, decided from the engine's review alone: a chip a move with its mark, the
turning point, what would have kept the game winnable, and what may be done from just before the move
chosen."""

from __future__ import annotations

import random

import pytest
from reviewview import chips_html, chosen, sheet, step

from tripeaks import STRICT, TRIANGLE, TRIPEAKS, Game, ReviewSearch, Solitaire, Status, numbered_deal
from tripeaks import review_words as words


def lost(solitaire: Solitaire, rules: object, number: int) -> Game:
    chooser = random.Random(number)
    game = Game(numbered_deal(number, solitaire), rules, number=number)
    while game.status is Status.PLAYING:
        game.push(chooser.choice(game.legal_moves))
    return game


@pytest.mark.parametrize(("solitaire", "rules"), [(TRIPEAKS, STRICT), (TRIANGLE, None)])
def test_a_chip_a_move_marked_and_the_turning_point_chosen_first(solitaire: Solitaire, rules: object) -> None:
    game = lost(solitaire, rules, 3)
    review = ReviewSearch(game).step()
    assert review is not None and review.turning_point is not None
    shown = sheet(game, review)
    turning = review.turning_point
    assert [chip.mark for chip in shown.chips] == [words.mark(known) for known in review.winnable[1:]]
    assert [chip.turning for chip in shown.chips].count(True) == 1 and shown.chips[turning].turning
    assert shown.first == turning
    assert shown.summary == (f"Deal 3 · {game.rules.label}: {words.result_words(review)} "
                             f"{words.start_words(review)}")
    assert shown.turning.startswith(f"The turning point: move {turning + 1}, ")
    assert shown.kept is not None and "would have kept the game winnable" in shown.kept
    html = chips_html(shown, turning)
    assert html.count('role="option"') == game.moves_made
    assert html.count('tabindex="0"') == 1 and html.count('aria-selected="true"') == 1
    assert f'id="review-move-{turning}" class="chip no turning chosen"' in html
    assert "no longer winnable, the turning point." in html

    at_turning = chosen(review, shown, turning)
    assert at_turning.watch  # just before the turning move the deal could still be won
    assert at_turning.watch_label == f"Watch the solver from move {turning + 1}"
    assert at_turning.take_label == f"Play on from move {turning + 1}"
    after = chosen(review, shown, turning + 1)
    assert not after.watch and "no longer be won" in after.before


def test_a_won_game_has_no_turning_point_and_starts_at_its_first_move() -> None:
    game = Game(numbered_deal(1, TRIANGLE))
    while game.status is Status.PLAYING:
        answer = game.hint()
        assert answer.move is not None
        game.push(answer.move)
    review = ReviewSearch(game).step()
    assert review is not None
    shown = sheet(game, review)
    assert shown.first == 0 and shown.kept is None and not any(chip.turning for chip in shown.chips)
    assert {chip.mark for chip in shown.chips} == {"yes"}
    assert shown.turning == "There is no turning point: every move kept the deal winnable, to the win."


def test_the_arrows_move_through_the_chips_a_row_at_a_time_up_and_down() -> None:
    assert step(4, "ArrowRight", 10, 6) == 5
    assert step(0, "ArrowLeft", 10, 6) == 0
    assert step(4, "ArrowDown", 10, 6) == 9
    assert step(7, "ArrowUp", 10, 6) == 1
    assert step(5, "Home", 10, 6) == 0 and step(5, "End", 10, 6) == 9
    assert step(5, "Enter", 10, 6) is None


def test_a_chip_is_read_from_what_it_shows() -> None:
    game = lost(TRIPEAKS, STRICT, 3)
    review = ReviewSearch(game).step()
    assert review is not None
    shown = sheet(game, review)
    for chip in shown.chips:
        assert chip.label.startswith(f"{chip.number} {chip.move}, ")  # what a sighted player sees, first
        assert chip.text.startswith(f"Move {chip.number}, ")
    assert f'<span class="chip-number">1</span> <span class="chip-move">{shown.chips[0].move}</span>' in \
        chips_html(shown, None)
