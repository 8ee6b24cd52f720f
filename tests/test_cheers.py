"""The words that float up from a move on the page: points, cleared peaks, pairs and redeals."""

from tripeaks import PEAK_BONUS, TRIANGLE, Game, MoveKind, numbered_deal, solve


def test_every_tripeaks_play_cheers_its_points_and_each_cleared_peak_its_bonus() -> None:
    game = Game(numbered_deal(1))
    words = game.solitaire.words
    peaks: list[str] = []
    for move in solve(game.start).moves:
        before = game.position
        game.push(move)
        cheers = words.cheers(before, move, game.position)
        if move.kind is not MoveKind.PLAY:
            assert cheers == ()
            continue
        assert cheers[0] == f"+{game.position.run}"  # a play scores its place in the run
        peaks += list(cheers[1:])
        gained = game.position.score - before.score
        assert sum(int(text.rsplit("+", 1)[1]) for text in cheers) == gained
    assert peaks == [f"Peak cleared +{bonus}" for bonus in PEAK_BONUS]


def test_triangle_cheers_a_pair_and_a_redeal() -> None:
    game = Game(numbered_deal(3, TRIANGLE))
    words = game.solitaire.words
    while not any(m.kind is MoveKind.PLAY and len(m.cards) == 2 for m in game.legal_moves):
        game.push("draw")
    pair = next(m for m in game.legal_moves if m.kind is MoveKind.PLAY and len(m.cards) == 2)
    before = game.position
    game.push(pair)
    assert words.cheers(before, pair, game.position) == ("Pair +2",)
    while game.position.stock:
        game.push("draw")
    redeal = game.position.stock_move()
    assert redeal is not None and redeal.kind is MoveKind.REDEAL
    before = game.position
    game.push(redeal)
    assert words.cheers(before, redeal, game.position) == (f"Redeal · {game.position.redeals_left} left",)
