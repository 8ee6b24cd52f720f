"""The review of a game played, in a sheet over the table: worked out in slices (web/background.py), then the
game's moves as chips, each marked by whether the deal could still be won after it, the turning point and
what would have kept the game winnable; from any move the player watches the solver play on (web/watching.py)
or takes the game over. The game reviewed is the one on the table once it is over, else the one a new deal
replaced. What the sheet shows is web/reviewview.py's; every word is the engine's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from background import SLICE_SECONDS
from dom import closest, on
from js import Object
from pyodide.ffi import to_js
from pyscript import document
from reviewview import Sheet, chips_html, chosen, sheet, step

from tripeaks import LOOKING, Game, Review, ReviewSearch, Status, WatchSearch
from tripeaks import review_words as words

if TYPE_CHECKING:
    from page import Page


class Reviewer:
    def __init__(self, app: Page) -> None:
        self.app = app
        self.last: Game | None = None
        """The game a new deal (or other rules) replaced, if it had moves: the menu offers its review."""
        self.source: Game | None = None
        """The game under review (the table's, or the last), and its copy that the review works on."""
        self.game: Game | None = None
        self.search: ReviewSearch | None = None
        self.review: Review | None = None
        self.shown: Sheet | None = None
        self.chosen: int | None = None
        self.open = False

    def wire(self) -> None:
        get = document.getElementById
        on(get("review-close"), "click", lambda e: self.close())
        on(get("review-moves"), "click", self._chip_click)
        on(get("review-moves"), "keydown", self._chip_key)

    # Which game

    def leaving(self, game: Game) -> None:
        """``game`` leaves the table for a new one: the menu can review it then."""
        if game.moves_made > 0:
            self.last = game

    def candidate(self) -> Game | None:
        """The game a review would be of: the one on the table once it is over, else the last one played."""
        game = self.app.game
        if game.status is not Status.PLAYING and game.moves_made > 0:
            return game
        return self.last

    def draw_menu(self) -> None:
        """The menu's item, named for the game it reviews; hidden when there is none."""
        button = document.getElementById("review-open")
        game = self.candidate()
        button.hidden = game is None
        button.textContent = words.REVIEW_THIS if game is self.app.game else words.REVIEW_LAST

    # The sheet

    async def start(self) -> None:
        """Open the review of the game :meth:`candidate` names, working it out first if it is not known."""
        app = self.app
        game = self.candidate()
        if game is None or app.slices.busy or app.watcher.watching is not None:
            return
        if self.source is not game or self.game is None or self.game.moves != game.moves:
            self.source = game
            self.game = Game.from_moves(game.deal, game.rules, game.moves, number=game.number,
                                        daily=game.daily)
            # The game played's solver knows what its hints and searches proved.
            self.search = ReviewSearch(self.game, solver=game.solver)
            self.review, self.shown, self.chosen = None, None, None
        self.open = True
        app.render()  # the end sheet gives way
        get = document.getElementById
        get("review-title").textContent = words.REVIEW_TITLE
        get("review").hidden = False
        get("review-title").focus()
        if self.review is None:
            self._working(True)
            worker = self.search
            assert worker is not None

            def work(seconds: float) -> Review | None:
                found = worker.step(seconds)
                if found is None:
                    self._tell(worker.progress)
                return found

            found = work(SLICE_SECONDS)
            if found is None:
                reviewed = self.source
                # The sheet shows the progress, and its Close stops the work (kept for the next time).
                found = await app.slices.run(work, words.reviewing(worker.progress), silent=True,
                                             still_wanted=lambda: self.open and self.source is reviewed)
            if found is None or self.source is not game:
                if self.source is game:
                    self.close()  # cancelled: what was worked out is kept for the next time
                return
            self.review = found
            self.shown = sheet(self.game, found)
            self.chosen = self.shown.first
        self._working(False)
        self.draw()
        document.documentElement.dataset.reviewed = "1"  # for the tests

    def _working(self, working: bool) -> None:
        get = document.getElementById
        get("review-progress").hidden = not working
        get("review-found").hidden = working
        if working:
            self._tell(0.0)

    def _tell(self, progress: float) -> None:
        document.getElementById("review-status").textContent = words.reviewing(progress)
        bar = document.getElementById("review-progress")
        if progress > 0:
            bar.value = int(progress * 100)
        else:
            bar.removeAttribute("value")  # under way, how far not known yet

    def draw(self) -> None:
        shown, review = self.shown, self.review
        if shown is None or review is None:
            return
        get = document.getElementById
        get("review-status").textContent = shown.summary
        get("review-turning").textContent = shown.turning
        get("review-turning").classList.toggle("found", review.turning_point is not None)
        kept = get("review-kept")
        kept.hidden = shown.kept is None
        kept.textContent = shown.kept or ""
        get("review-moves").innerHTML = chips_html(shown, self.chosen)
        get("review-chosen").hidden = self.chosen is None
        self._draw_chosen()

    def _draw_chosen(self) -> None:
        if self.review is None or self.shown is None or self.chosen is None:
            return
        choice = chosen(self.review, self.shown, self.chosen)
        get = document.getElementById
        get("review-move").textContent = choice.text
        get("review-before").textContent = choice.before
        watch = get("review-watch")
        watch.textContent = choice.watch_label
        watch.disabled = not choice.watch
        get("review-take").textContent = choice.take_label

    def choose(self, index: int, *, focus: bool = True) -> None:
        """Choose move ``index``: its chip is the one selected, and the one in the keyboard's order."""
        if self.shown is None or not 0 <= index < len(self.shown.chips):
            return
        before, self.chosen = self.chosen, index
        for number, picked in ((before, False), (index, True)):
            if number is None:
                continue
            chip = document.getElementById(f"review-move-{number}")
            chip.classList.toggle("chosen", picked)
            chip.setAttribute("aria-selected", "true" if picked else "false")
            chip.tabIndex = 0 if picked else -1
        self._draw_chosen()
        chip = document.getElementById(f"review-move-{index}")
        if focus:
            chip.focus()
        chip.scrollIntoView(to_js({"block": "nearest"}, dict_converter=Object.fromEntries))

    def _chip_click(self, event: Any) -> None:
        chip = closest(event, "[data-move]")
        if chip is not None:
            self.choose(int(chip.dataset.move))

    def _chip_key(self, event: Any) -> None:
        if self.shown is None or self.chosen is None:
            return
        chips = document.querySelectorAll("#review-moves [data-move]")
        tops = [float(chips.item(i).offsetTop) for i in range(int(chips.length))]
        across = sum(1 for top in tops if top == tops[0]) if tops else 1
        index = step(self.chosen, str(event.key), len(self.shown.chips), across)
        if index is None:
            return
        event.preventDefault()
        event.stopPropagation()  # the table's arrows are not these
        self.choose(index)

    def close(self) -> None:
        """Close the sheet: the end sheet, if the game on the table is over, comes back."""
        if not self.open:
            return
        self.open = False
        document.getElementById("review").hidden = True
        app = self.app
        app.render()
        ending = document.getElementById("ending")
        if ending.hidden:
            document.getElementById("table").focus()

    def reopen(self) -> None:
        """Back from watching the solver: the sheet again, at the move chosen."""
        if self.review is None:
            return
        self.open = True
        self.app.render()
        document.getElementById("review").hidden = False
        self.draw()
        if self.chosen is not None:
            self.choose(self.chosen)

    # From a move

    async def watch(self) -> None:
        """Watch the solver play on from just before the move chosen (a winning line, as a hint finds it)."""
        app, game, review, index = self.app, self.game, self.review, self.chosen
        if game is None or review is None or index is None or app.slices.busy:
            return
        if review.winnable[index] is not True:
            return
        search = WatchSearch(game, at=index)
        found = search.step(SLICE_SECONDS)
        if found is None:
            app.say(LOOKING)
            found = await app.slices.run(search.step, LOOKING, still_wanted=lambda: self.game is game)
        if found is None or self.game is not game:
            return
        if not found.moves:
            app.say(found.text)
            return
        self.open = False
        document.getElementById("review").hidden = True
        app.watcher.show(found, played=game, on_stop=self.reopen)

    def take(self) -> None:
        """The game reviewed, just before the move chosen, becomes the player's game (with a hint); Redo
        replays the moves they played from there."""
        game, source, index = self.game, self.source, self.chosen
        if game is None or source is None or index is None:
            return
        taken = Game.from_moves(game.deal, game.rules, game.moves[:index], game.moves[index:],
                                number=game.number, daily=game.daily)
        taken.hints = max(source.hints, 1)
        self.open = False
        document.getElementById("review").hidden = True
        app = self.app
        app.start(taken)
        app.say(words.taken_over(index))
        target = next(iter(app.view.focusable(app.scene)), None) if app.scene is not None else None
        (app.view.element(target) if target is not None else document.getElementById("table")).focus()

    def state(self) -> dict[str, Any] | None:
        """For the tests: what the sheet shows, never a line of moves (it names face-down cards)."""
        if self.review is None and not self.open:
            return None
        review = self.review
        return {
            "open": self.open,
            "done": review is not None,
            "result": None if review is None else review.result,
            "turning_point": None if review is None else review.turning_point,
            "winnable": None if review is None else list(review.winnable),
            "chosen": self.chosen,
        }
