"""What the page tells its tests and benchmarks (window.tripeaksState): the game as the player can see it.
Never a face-down card, nor a line of moves that would name one: only what is on the table face up, the
figures, and what the page has worked out (the best possible score, the grade) as numbers and words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scene import stock_shows

from tripeaks import Status, records_key

if TYPE_CHECKING:
    from page import Page


def state(app: Page) -> dict[str, Any]:
    game = app.game
    position = game.position
    slots: list[dict[str, Any]] = []
    available = {card for card, _, _ in position.available()}
    for slot in range(len(position.cards)):
        card = game.card_at(slot)
        if position.cards[slot] is None:
            slots.append({"state": "gone"})
        elif card is None:
            slots.append({"state": "down"})
        else:
            slots.append({"state": "up", "card": card.code, "free": card in available})
    stock_move = position.stock_move()
    playing = game.status is Status.PLAYING
    best = app.searches.best(game)
    watching = app.watcher.watching
    return {
        "game": game.solitaire.id, "number": game.number, "daily": game.daily, "rules": game.rules.key,
        "slots": slots, "waste": position.waste[-1].code if position.waste else None,
        "waste_size": len(position.waste), "stock": len(position.stock),
        "stock_top": position.stock[0].code if stock_shows(position) else None,
        "score": game.score, "run": game.run,
        "moves": [m.notation for m in game.moves],
        # A watched line's moves still to come name cards face down: only the player's own undone moves.
        "redo": [] if watching is not None else [m.notation for m in game.redo_moves],
        "status": str(game.status), "can_undo": game.can_undo, "can_redo": game.can_redo,
        "hints": game.hints, "seconds": game.seconds,
        "playable": sorted(c.code for c in position.playable()) if playing else [],
        "available": [c.code for c, _, _ in position.available()],
        "selected": app.selected.code if app.selected else None,
        "hinted": sorted(app.hinted), "hint_control": app.hint_control,
        "stock_move": stock_move.notation if stock_move else None,
        "game_id": app.game_id, "saving": app.store.available and not app.store.full,
        "scoring": app.scoring, "left": position.layout_left,
        "fewest_moves": app.records[records_key(game.solitaire, game.rules)].fewest_moves,
        # The best possible scores, never their lines: those name cards still face down.
        "best": None if best is None else {
            "score": best.best.score,
            "clear": None if best.best_clear is None else best.best_clear.score,
        },
        "could_win": app.searches.could_win(game),
        "grade": app.searches.grade(game),
        "review": app.reviewer.state(),
        "watching": None if watching is None else {
            "kind": watching.line.kind, "start": watching.line.start, "step": watching.step,
            "steps": watching.steps, "playing": watching.playing,
        },
    }
