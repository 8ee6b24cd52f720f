"""The player's moves: a tap, a drop, the stock, undo and redo go to the engine at once; the table is drawn
from the new state, then the motion plan (web/motion.py) shows the change and the feedback plays."""

from __future__ import annotations

from typing import TYPE_CHECKING

import embedding
import keys
import tapping
from js import Object
from motion import plan
from pyodide.ffi import to_js
from pyscript import window

from tripeaks import DRAW, IllegalMoveError, InvalidMoveError, Move, MoveKind, Position, Status
from tripeaks import page_words as say

if TYPE_CHECKING:
    from page import Page


class Play:
    def __init__(self, app: Page) -> None:
        self.app = app
        self.perf: list[float] = []
        self.engine_ms: list[float] = []

    def refuse(self, target: str | None, text: str) -> None:
        app = self.app
        app.say(text)
        if target is not None:
            app.effects.shake(target)
        app.sound.play("refuse")

    def tap(self, target: str) -> None:
        """A tap (or Enter) on the card drawn at ``target``."""
        app = self.app
        chosen = app.selected
        decision = tapping.tap(app.game, target, chosen)
        if decision.kind == "move" and decision.move is not None:
            self.make(decision.move)
        elif decision.kind == "select":
            app.selected = decision.card
            app.render()
            app.say(decision.text)
            app.sound.play("select")
        elif decision.kind == "deselect":
            app.selected = None
            app.render()
            app.say(decision.text)
        else:
            if chosen is not None:
                app.selected = None
                app.render()
            self.refuse(target, decision.text)

    def drop(self, source: str, where: str | None) -> None:
        """A card dragged from ``source`` onto another card (``where``) or onto the waste pile."""
        app = self.app
        if where is None or app.watcher.watching is not None:
            return
        decision = tapping.drop(app.game, source, where)
        if decision is None:
            return
        if decision.kind == "move" and decision.move is not None:
            app.selected = None
            self.make(decision.move)
        else:
            self.refuse(source, decision.text)

    def stock_action(self) -> None:
        """A tap on the stock (when it shows no card to take), Space or D: the position's stock move."""
        move = self.app.game.position.stock_move()
        if move is None:
            self.refuse(None, tapping.refusal(self.app.game.position, DRAW))
            return
        self.make(move)

    def make(self, move: Move) -> None:
        """Make ``move`` (the engine checks it) and show what it did."""
        app = self.app
        started = float(window.performance.now())
        game = app.game
        before = game.position
        focused = app.events.focused()
        from_place = app.view.centre(focused) if focused is not None else None
        try:
            game.push(move)
        except (IllegalMoveError, InvalidMoveError) as error:
            self.refuse(None, str(error))
            return
        if move.kind is MoveKind.PLAY:
            self.engine_ms.append(float(window.performance.now()) - started)
        words = game.solitaire.words.said(before, move, game.position)
        self.moved(before, move, words, "play" if move.kind is MoveKind.PLAY else "draw", started)
        if (focused is not None and from_place is not None and app.scene is not None
                and game.status is Status.PLAYING and focused not in app.view.focusable(app.scene)):
            target = keys.nearest_target(from_place, app.events.places())  # its card left: the nearest one
            if target is not None:
                app.view.element(target).focus()

    def undo(self) -> None:
        self._through_history(forward=False)

    def redo(self) -> None:
        self._through_history(forward=True)

    def _through_history(self, *, forward: bool) -> None:
        """One move back (undo) or forward again (redo), said in the game's words."""
        app = self.app
        started = float(window.performance.now())
        game = app.game
        before = game.position
        if not (game.can_redo if forward else game.can_undo):
            app.say(say.nothing_to("redo" if forward else "undo"))
            return
        words = game.solitaire.words
        if forward:
            move = game.redo_moves[0]
            game.redo()
            said = words.redone(before, move, game.position)
            noise = "play" if move.kind is MoveKind.PLAY else "draw"
        else:
            move = game.moves[-1]
            game.undo()
            said, noise = words.undone(before, move, game.position), "undo"
        self.moved(before, move, said, noise, started)

    def moved(self, before: Position, move: Move, words: str, noise: str,
              started: float | None = None) -> None:
        """The game on the table has changed by ``move`` (or its undoing): draw the new state now, then
        show the change, say it, save it and count a game that ended."""
        app = self.app
        if started is None:
            started = float(window.performance.now())
        old = app.scene
        app.selected = None
        app.hinted, app.hint_control = frozenset(), None
        if app.defer_save:
            app.defer_save = False
            app.notices.hide("continue")
            app.boot.give_up_replaced()
        app.render()
        game = app.game
        if old is not None and app.scene is not None and app.view.geometry is not None:
            app.effects.play(plan(old, app.scene, app.view.geometry))
        if noise != "undo":
            for n, text in enumerate(game.solitaire.words.cheers(before, move, game.position)):
                # The points rise from the waste; a bonus and the like from the layout's middle.
                app.effects.points("waste" if n == 0 and text.startswith("+") else "layout", text,
                                   big=not text.startswith("+"))
        ended = float(window.performance.now())
        self.perf.append(ended - started)
        window.performance.measure(
            "tripeaks:move", to_js({"start": started, "end": ended}, dict_converter=Object.fromEntries)
        )
        status = game.status
        if app.watcher.watching is not None:  # a line watched: its words say it all, nothing is saved
            app.sound.play("win" if status is Status.WON and noise != "undo" else noise)
            app.say(words)
            app.watcher.draw()
            app.watcher.frame_next()
            return
        if status is not Status.PLAYING and noise != "undo":
            words += " " + game.solitaire.words.scored_end(game.position, app.scoring)
            app.sound.play("win" if status is Status.WON else "lose")
            if status is Status.WON:
                app.effects.celebrate()
        else:
            app.sound.play(noise)
        app.say(words)
        embedding.moved(game, "undo" if noise == "undo" else noise)
        app.keeper.save()
        if status is not Status.PLAYING and app.game_id not in app.store.finished_ids():
            app.keeper.record(game, app.game_id)
