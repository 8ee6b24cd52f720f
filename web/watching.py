"""Watching a line on the table: the solver's winning line (or a line to the best score), a move at a time
or played on at a chosen speed, with a way to take over from any move. The player's own game waits aside,
untouched, until watching stops."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyscript import document
from scene import target_of

from tripeaks import Game, MoveKind, Watch, back_words, best_watch, step_words, take_over_words
from tripeaks import page_words as say

if TYPE_CHECKING:
    from page import Page


class Watching:
    """A line shown on the table: the game it is shown on (the line's moves to redo), and the game it
    came from, back on the table when watching stops."""

    def __init__(self, line: Watch, shown: Game, real: Game, real_id: str, *, source: Game | None = None,
                 on_stop: Callable[[], None] | None = None) -> None:
        self.line = line
        self.shown = shown
        self.real = real
        self.real_id = real_id
        self.source = real if source is None else source
        """The game the line came from: the one on the table, or one a review looks at."""
        self.on_stop = on_stop
        """What to do once watching stops (a review comes back)."""
        self.playing = False

    @property
    def steps(self) -> int:
        return len(self.line.moves)

    @property
    def step(self) -> int:
        return self.shown.moves_made - self.line.start


class Watcher:
    def __init__(self, app: Page) -> None:
        self.app = app
        self.watching: Watching | None = None

    async def watch(self, *, from_start: bool = False) -> None:
        """Show a winning line: from the latest position of this game that could still be won, or from
        the deal's start; searched for in slices, like a hint."""
        app = self.app
        game = app.game
        if app.slices.busy or self.watching is not None:
            return
        found = await app.searches.watch_line(game, from_start=from_start)
        if found is None or app.game is not game:
            return  # cancelled, or the player moved on meanwhile
        if not found.moves:
            app.say(found.text)
            return
        self.show(found)

    def watch_best(self) -> None:
        app = self.app
        known = app.searches.best(app.game)
        if known is not None and self.watching is None:
            self.show(best_watch(app.game.solitaire, known.best, app.scoring))

    def show(self, found: Watch, *, played: Game | None = None,
             on_stop: Callable[[], None] | None = None) -> None:
        """Put ``found``'s line on the table to watch, at its start: a line of the game on the table, or of
        ``played`` (a game reviewed); ``on_stop`` is called once watching stops."""
        app = self.app
        game = app.game
        source = game if played is None else played
        self.watching = Watching(found, found.game(source), game, app.game_id, source=source, on_stop=on_stop)
        app.game = self.watching.shown
        app.selected = None
        app.hinted, app.hint_control = frozenset(), None
        app.view.forget()
        self._show_bar(True)
        self.frame_next()
        app.say(found.text)
        document.getElementById("watch-next").focus()

    def _show_bar(self, shown: bool) -> None:
        document.getElementById("watch").hidden = not shown
        if shown and self.watching is not None:
            document.getElementById("watch-title").textContent = self.watching.line.title
        controls = document.getElementById("controls")
        if shown:
            controls.setAttribute("inert", "")
            self.draw()
        else:
            controls.removeAttribute("inert")

    def draw(self) -> None:
        watching = self.watching
        if watching is None:
            return
        step, steps = watching.step, watching.steps
        document.getElementById("watch-step").textContent = say.watch_step(step, steps)
        document.getElementById("watch-back").disabled = step <= 0
        document.getElementById("watch-next").disabled = step >= steps
        play = document.getElementById("watch-play")
        play.textContent = "Pause" if watching.playing else "Play"
        play.setAttribute("aria-pressed", "true" if watching.playing else "false")
        play.disabled = step >= steps and not watching.playing

    def frame_next(self) -> None:
        """Frame the cards (or the stock's control) of the line's next move, as a hint frames them."""
        watching = self.watching
        if watching is None:
            return
        app = self.app
        game = watching.shown
        move = game.redo_moves[0] if game.can_redo else None
        position = game.position
        app.hinted, app.hint_control = frozenset(), None
        if move is not None and move.kind is MoveKind.PLAY:
            app.hinted = frozenset(t for c in move.cards if (t := target_of(position, c)))
        elif move is not None:
            app.hint_control = str(move.kind)
        app.render()

    def key(self, event: Any, tag: str) -> None:
        key = str(event.key)
        if tag in ("select", "input", "textarea"):
            return
        actions = {"ArrowRight": "next", "ArrowLeft": "back", "Escape": "stop", "p": "play", "P": "play"}
        if key in actions:
            event.preventDefault()
            self.act(actions[key])

    def act(self, name: str) -> None:
        watching = self.watching
        if watching is None:
            return
        app = self.app
        if name == "next":
            watching.playing = False
            self.step(forward=True)
        elif name == "back":
            watching.playing = False
            self.step(forward=False)
        elif name == "play":
            watching.playing = not watching.playing
            if watching.playing:
                if watching.step >= watching.steps:
                    watching.playing = False
                else:
                    app.spawn(self._play(watching))
            self.draw()
        elif name == "take":
            self.take_over()
        elif name == "stop":
            on_stop = watching.on_stop
            self.end()
            app.render()
            app.say(say.watch_over(app.game))
            if on_stop is not None:
                on_stop()
                return
            focus = document.getElementById("watch-latest")
            if not focus.hidden:
                focus.focus()

    def step(self, *, forward: bool) -> bool:
        """One move of the line forward (a redo) or back (an undo), announced; whether there was one."""
        watching = self.watching
        if watching is None:
            return False
        game = watching.shown
        step, steps = watching.step, watching.steps
        before = game.position
        if forward:
            if step >= steps:
                return False
            move = game.redo_moves[0]
            game.redo()
            words = step_words(before, move, game.position, step + 1, steps)
            noise = "play" if move.kind is MoveKind.PLAY else "draw"
        else:
            if step <= 0:
                return False
            move = game.moves[-1]
            game.undo()
            words = back_words(before, move, game.position, step - 1, steps)
            noise = "undo"
        self.app.play.moved(before, move, words, noise)
        return True

    async def _play(self, watching: Watching) -> None:
        """Play the line on at the chosen speed, until its end, a pause or the end of watching."""
        while self.watching is watching and watching.playing:
            try:
                seconds = float(str(document.getElementById("watch-speed").value))
            except ValueError:
                seconds = 0.8
            await asyncio.sleep(max(0.1, min(seconds, 5.0)))
            if self.watching is not watching or not watching.playing:
                return
            if not self.step(forward=True) or watching.step >= watching.steps:
                watching.playing = False
                self.draw()

    def end(self) -> None:
        """Put the game watched from back on the table."""
        watching, self.watching = self.watching, None
        if watching is None:
            return
        watching.playing = False
        app = self.app
        app.game, app.game_id = watching.real, watching.real_id
        app.view.forget()
        self._show_bar(False)

    def take_over(self) -> None:
        """The line's game, at the step shown, becomes the player's game: a new game, with a hint."""
        watching = self.watching
        if watching is None:
            return
        app = self.app
        step, steps, shown = watching.step, watching.steps, watching.shown
        self.end()
        # A line of the game on the table replaces a game over; one of another game (a review's) replaces
        # the game on the table, given up if it was in play.
        app.start(shown, give_up=watching.source is not watching.real)
        app.say(take_over_words(step, steps))
        target = next(iter(app.view.focusable(app.scene)), None) if app.scene is not None else None
        if target is not None:
            app.view.element(target).focus()
