"""Lines to watch after a game: from the latest position that can still be won or from the deal's
start, found in slices, each winning when replayed; and what is announced while watching."""

from __future__ import annotations

import random

import pytest

from tripeaks import PYRAMID, STRICT, TRIANGLE, TRIPEAKS, Game, Solitaire, Status, numbered_deal
from tripeaks.games.pyramid.rules import RELAXED
from tripeaks.services.watch import Watch, WatchSearch, back_words, step_words, take_over_words


def lost_games(solitaire: Solitaire, rules: object, count: int) -> list[Game]:
    """Games of numbered deals played to a loss by a seeded random player."""
    chooser = random.Random(19)
    found = []
    for number in range(1, 200):
        game = Game(numbered_deal(number, solitaire), rules, number=number)
        while game.status is Status.PLAYING:
            game.push(chooser.choice(game.legal_moves))
        if game.status is Status.OUT_OF_MOVES:
            found.append(game)
            if len(found) == count:
                break
    return found


def watched(game: Game, *, from_start: bool = False, seconds: float | None = 0.01) -> Watch:
    search = WatchSearch(game, from_start=from_start)
    while (found := search.step(seconds)) is None:
        pass
    return found


@pytest.mark.parametrize(("solitaire", "rules"), [(TRIPEAKS, STRICT), (TRIANGLE, None), (PYRAMID, RELAXED)])
def test_a_line_starts_where_the_hint_would_go_back_to_and_wins(solitaire: Solitaire, rules: object) -> None:
    for game in lost_games(solitaire, rules, 4):
        hints = game.hints
        latest = watched(game)
        advice = Game.from_moves(game.deal, game.rules, game.moves).hint()
        if advice.kind == "lost":
            assert latest.moves == () and latest.text == solitaire.words.lost
            continue
        assert advice.kind == "undo"
        assert latest.start == game.moves_made - advice.undo
        assert latest == watched(game, seconds=None)  # slicing changes nothing
        start = watched(game, from_start=True)
        assert start.start == 0 and start.text.startswith("A winning line from the deal's start")
        for line in (latest, start):
            shown = line.game(game)
            assert shown.moves == game.moves[: line.start] and shown.hints == 1
            while shown.can_redo:
                shown.redo()
            assert shown.status is Status.WON
        assert game.hints == hints  # watching is not a hint taken on the game watched


def test_what_is_said_while_watching() -> None:
    game = Game(numbered_deal(1), number=1)
    line = watched(game, from_start=True)
    shown = line.game(game)
    steps = len(line.moves)
    before = shown.position
    shown.redo()
    first = step_words(before, line.moves[0], shown.position, 1, steps)
    assert first.startswith(f"Move 1 of {steps}: Played")
    while len(shown.redo_moves) > 1:
        shown.redo()
    before = shown.position
    shown.redo()
    last = step_words(before, line.moves[-1], shown.position, steps, steps)
    assert last.startswith(f"Move {steps} of {steps}") and TRIPEAKS.words.end(shown.position) in last
    after = shown.position
    shown.undo()
    assert back_words(after, line.moves[-1], shown.position, steps - 1, steps).startswith(
        f"Back to move {steps - 1} of {steps}: "
    )
    assert "counts as a game with a hint" in take_over_words(3, steps)


def test_a_line_from_a_chosen_move_as_a_review_asks_for_it() -> None:
    game = lost_games(TRIPEAKS, STRICT, 1)[0]
    line = WatchSearch(game, at=0).step()
    assert line is not None and line.start == 0
    shown = line.game(game)
    while shown.can_redo:
        shown.redo()
    assert (shown.status is Status.WON) == bool(line.moves)
    with pytest.raises(ValueError, match="after 0 to"):
        WatchSearch(game, at=game.moves_made + 1)
