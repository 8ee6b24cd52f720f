"""The engine's searches on the page: hints, new winnable (or graded) deals, the daily deal, and what the
page works out while the player thinks (the next hint, the next deal, the deal's best scores and grade,
and whether a lost deal could have been won, so that the end sheet offers Watch only then)."""

from __future__ import annotations

import asyncio
import datetime as dt
import random
from typing import TYPE_CHECKING, Any

from background import SLICE_SECONDS
from pyscript import document, window
from scene import stock_kinds, target_of

from tripeaks import (
    CLASSIC,
    LOOKING,
    MAX_DEAL,
    Best,
    BestSearch,
    DailySearch,
    Deal,
    DifficultySearch,
    Game,
    GradeSearch,
    Solitaire,
    Status,
    WatchSearch,
    WinnableSearch,
    has_best,
    looking_for_grade,
    numbered_deal,
)
from tripeaks import page_words as say

if TYPE_CHECKING:
    from page import Page

THINK_SECONDS = 0.03  # thinking ahead works this long at a time, in the page's idle moments
THINK_PAUSE = 0.05  # and then leaves the page alone this long (input waits at most a slice)
# The best-score search ends a slice within a few ms of its time, but the garbage collector after it can add
# 7 to 15 ms (benchmarks/best.py --slice): it gets short slices while the game is on, longer ones once over.
BEST_SECONDS = 0.012
BEST_OVER_SECONDS = 0.04
RANDOM_DEALS = 1_000_000
"""A random deal is numbered from 1 to this, so that players can say it to each other."""

Key = tuple[str, str, str]
BestKey = tuple[str, str, str, str]
"""A deal, its rules and the scoring its best is worked out in."""


class DealAhead:
    """The search for the next deal New deal gives, looked for while the player plays: a winnable
    one (the engine's WinnableSearch) or, with a difficulty chosen, one of that grade (GradeSearch)."""

    def __init__(self, solitaire: Solitaire, rules: Any, grade: str) -> None:
        self.solitaire, self.rules, self.grade = solitaire, rules, grade
        start = random.randint(1, RANDOM_DEALS)
        self.search: WinnableSearch | GradeSearch = (
            GradeSearch(start, grade, rules, solitaire=solitaire) if grade else WinnableSearch(start, rules)
        )
        self.found: int | None = None

    def wanted(self, solitaire: Solitaire, rules: Any, grade: str) -> bool:
        return (solitaire, rules, grade) == (self.solitaire, self.rules, self.grade)

    def step(self, seconds: float | None) -> int | None:
        if self.found is None:
            self.found = self.search.step(seconds)
        return self.found


def random_deal() -> int:
    return random.randint(1, min(RANDOM_DEALS, MAX_DEAL))


class Searches:
    def __init__(self, app: Page) -> None:
        self.app = app
        self.ahead: DealAhead | None = None  # the next winnable deal, looked for as the player plays
        self.daily_deals: dict[tuple[str, str], Deal] = {}  # a game's deal of a day, once searched for
        self.bests: dict[BestKey, Best] = {}
        """Each deal's best possible scores under its rules in a scoring, once worked out (by
        :meth:`best_key`)."""
        self.best_search: tuple[BestKey, BestSearch] | None = None
        self.grades: dict[Key, str] = {}
        """Deals' grades once known (a deal of a chosen difficulty, the daily deal), by :meth:`key`."""
        self.grade_search: tuple[Key, DifficultySearch] | None = None
        self.winnable: dict[Key, bool] = {}
        """Whether a deal can be won from its start, once a game of it is lost (by :meth:`key`)."""
        self.winnable_search: tuple[Key, WatchSearch] | None = None
        self.key_of: tuple[Game | None, Key] = (None, ("", "", ""))
        self.wake = asyncio.Event()  # set whenever the table is drawn: something new to think about

    def key(self, game: Game) -> Key:
        """A deal and its rules, as the best scores and the grades are kept by (the last one asked for is
        kept: a deal's code takes a while to write, and every render asks)."""
        if self.key_of[0] is not game:
            self.key_of = (game, (game.solitaire.id, game.deal.code, game.rules.key))
        return self.key_of[1]

    def best_key(self, game: Game) -> BestKey:
        """The deal and rules (:meth:`key`) and the scoring of the game on the table."""
        return (*self.key(game), self.app.settings.scoring_for(game.solitaire))

    def best(self, game: Game) -> Best | None:
        """The deal's best in the scoring chosen for its game, once known."""
        return self.bests.get(self.best_key(game))

    def grade(self, game: Game) -> str | None:
        return self.grades.get(self.key(game))

    def could_win(self, game: Game) -> bool | None:
        """Whether ``game``'s deal can be won from its start: None while not known."""
        known = self.winnable.get(self.key(game))
        if known is None and (best := self.best(game)) is not None and best.best_clear is not None:
            return True
        return known

    # Asked for by the player

    async def hint(self) -> None:
        """Ask the engine for a hint in slices of time, so the page never freezes for long."""
        app = self.app
        game = app.game
        if app.slices.busy:
            return
        made = game.moves_made
        answer = game.hint(seconds=SLICE_SECONDS)
        if answer.kind == "thinking":
            app.say(answer.text)

            def step(seconds: float) -> Any:
                found = game.hint(seconds=seconds)
                return None if found.kind == "thinking" else found

            found = await app.slices.run(step, answer.text,
                                         still_wanted=lambda: app.game is game and game.moves_made == made)
            if found is None:
                return  # cancelled, or the player moved on: this hint is stale
            answer = found
        position = game.position
        app.selected = None
        app.hinted, app.hint_control = frozenset(), None
        if answer.kind == "play" and answer.move is not None:
            app.hinted = frozenset(t for c in answer.move.cards if (t := target_of(position, c)))
        elif answer.kind in ("undo", *(str(kind) for kind in stock_kinds(game))):
            app.hint_control = answer.kind
        app.render()
        if app.hinted:
            app.view.element(sorted(app.hinted)[0]).focus()
        app.say(answer.text)
        app.keeper.save()

    async def new_deal(self, *, give_up: bool = True) -> None:
        app = self.app
        if app.slices.busy:
            return
        settings = app.settings
        solitaire = settings.solitaire
        rules = settings.rules_for(solitaire)
        number = random_deal()
        if settings.winnable_only:
            # the deal searched for while the player played (see think_ahead), however far it got
            search = self._deal_ahead() or self.ahead
            assert search is not None
            self.ahead = None
            document.documentElement.dataset.dealAhead = ""
            words = looking_for_grade(search.grade) if search.grade else say.LOOKING_WINNABLE
            if search.found is None:
                app.say(words)
            game, made = app.game, app.game.moves_made
            found = await app.slices.run(search.step, words,
                                         still_wanted=lambda: app.game is game and game.moves_made == made)
            if found is None:
                self.ahead = search  # kept: the next New deal goes on from where this one stopped
                app.say(say.still_on_deal(app.game))
                return
            number = found
            if search.grade:
                deal = numbered_deal(number, solitaire)
                self.grades[solitaire.id, deal.code, rules.key] = search.grade
        app.start(Game(numbered_deal(number, solitaire), rules, number=number), give_up=give_up)
        grade = self.grade(app.game)
        app.say(app.where_words() + (f" {solitaire.words.grade(grade)}" if grade else ""))

    async def daily(self) -> None:
        """Today's deal of the game on the table (the player's calendar day)."""
        app = self.app
        if app.slices.busy:
            return
        day = today()
        solitaire = app.game.solitaire
        deal = await self.daily_deal(solitaire, day, say.FINDING_TODAY)
        if deal is None:
            return
        app.start(Game(deal, app.settings.rules_for(solitaire), daily=day))
        app.say(app.where_words())

    async def daily_deal(self, solitaire: Solitaire, day: str, words: str) -> Deal | None:
        """The deal for ``day`` (YYYY-MM-DD): the engine's DailySearch, a slice at a time (None if
        cancelled)."""
        deal = self.daily_deals.get((solitaire.id, day))
        if deal is None:
            self.app.say(words)
            await asyncio.sleep(0)  # let the words show, even when the first slice finds the deal
            search = DailySearch(dt.date.fromisoformat(day), solitaire=solitaire)
            found = await self.app.slices.run(search.step, words)
            if found is None:
                return None
            deal = self.daily_deals[solitaire.id, day] = found
        return deal

    async def watch_line(self, game: Game, *, from_start: bool) -> Any | None:
        search = WatchSearch(game, from_start=from_start)
        found = search.step(SLICE_SECONDS)
        if found is None:
            self.app.say(LOOKING)
            found = await self.app.slices.run(search.step, LOOKING,
                                              still_wanted=lambda: self.app.game is game)
        return found

    # Thinking ahead

    async def think_ahead(self) -> None:
        """While the player thinks, work out in short slices what the page will be asked for: first the
        hint for the position on the table (``Game.think``), so that asking for it answers at once; then
        the daily deal's grade; then, with winnable deals only, the next deal, and the deal's best possible
        score, so that the end of the game shows it at once. Once the game is over, the best score and
        whether the deal could be won come first, in longer slices: the end sheet waits for them."""
        app = self.app
        thought = None  # the position whose hint is worked out
        while True:
            game = app.game
            here = (id(game), game.moves_made, game.position)
            over = game.status is not Status.PLAYING
            hinted = here == thought or over
            grading, best, ahead = self._grade_ahead(), self._best_ahead(), self._deal_ahead()
            winnable = self._winnable_ahead()
            if hinted and grading is None and best is None and ahead is None and winnable is None:
                self.wake.clear()
                await self.wake.wait()  # nothing to do until the table changes
                continue
            hurry = over and (best is not None or winnable is not None)
            await asyncio.sleep(0.01 if hurry else THINK_PAUSE)
            if app.game is not game or app.slices.busy or document.hidden or app.watcher.watching is not None:
                continue
            try:
                if not hinted:
                    if game.think(THINK_SECONDS):
                        thought = here
                elif winnable is not None:
                    if winnable.step(BEST_OVER_SECONDS) is not None:
                        self._winnable_found()
                elif grading is not None:
                    if grading.step(THINK_SECONDS) is not None:
                        self._grade_found()
                elif best is not None and (hurry or ahead is None):
                    if best.step(BEST_OVER_SECONDS if hurry else BEST_SECONDS) is not None:
                        self._best_found()
                elif ahead is not None and ahead.step(THINK_SECONDS) is not None:
                    document.documentElement.dataset.dealAhead = str(ahead.found)  # for the tests
            except Exception as error:  # thinking ahead is a nicety: never let it break the page
                window.console.warn(f"TriPeaks stopped thinking ahead: {error!r}")
                return

    def _best_ahead(self) -> BestSearch | None:
        game = self.app.game
        key = self.best_key(game)
        scoring = key[3]
        if key in self.bests or not has_best(game.solitaire, scoring):
            return None
        if self.best_search is None or self.best_search[0] != key:
            self.best_search = (key, BestSearch(game.start, scoring))
        return self.best_search[1]

    def _best_found(self) -> None:
        """The best-score search just ended: keep its answer, show it if the game is over, and put it
        in the record of a game of that deal already counted."""
        if self.best_search is None:
            return
        key, search = self.best_search
        found = search.step(0)
        if found is None:
            return
        self.bests[key] = found
        self.best_search = None
        document.documentElement.dataset.bestKnown = "1"  # for the tests and benchmarks/freeze.py
        app = self.app
        if self.best_key(app.game) == key:
            app.render()
            if key[3] == CLASSIC:  # a game's record keeps the deal's best classic score
                app.keeper.knowing_best(found.best.score)

    def _winnable_ahead(self) -> WatchSearch | None:
        """Once a game is lost: whether its deal could be won at all (the end sheet offers Watch then)."""
        game = self.app.game
        if game.status is not Status.OUT_OF_MOVES:
            return None
        key = self.key(game)
        if key in self.winnable:
            return None
        if self.winnable_search is None or self.winnable_search[0] != key:
            self.winnable_search = (key, WatchSearch(game, from_start=True))
        return self.winnable_search[1]

    def _winnable_found(self) -> None:
        if self.winnable_search is None:
            return
        key, search = self.winnable_search
        found = search.step(0)
        if found is None:
            return
        self.winnable[key] = bool(found.moves)
        self.winnable_search = None
        document.documentElement.dataset.winnableKnown = "1"
        self.app.render()

    def _deal_ahead(self) -> DealAhead | None:
        """The search for the next winnable deal (of the chosen difficulty, if any) while one is wanted and
        not yet found."""
        app = self.app
        if not app.settings.winnable_only:
            return None
        solitaire = app.game.solitaire
        rules = app.settings.rules_for(solitaire)
        grade = app.settings.difficulty if solitaire.make_grader is not None else ""
        if self.ahead is None or not self.ahead.wanted(solitaire, rules, grade):
            self.ahead = DealAhead(solitaire, rules, grade)
            document.documentElement.dataset.dealAhead = ""
        return None if self.ahead.found is not None else self.ahead

    def _grade_ahead(self) -> DifficultySearch | None:
        """Working out the daily deal's grade, while it is on the table and not known."""
        game = self.app.game
        key = self.key(game)
        if game.daily is None or key in self.grades or game.solitaire.make_grader is None:
            return None
        if self.grade_search is None or self.grade_search[0] != key:
            self.grade_search = (key, DifficultySearch(game.deal, game.rules))
        return self.grade_search[1]

    def _grade_found(self) -> None:
        if self.grade_search is None:
            return
        key, search = self.grade_search
        found = search.step(0)
        if found is not None:
            self.grades[key] = str(found.grade)
            self.grade_search = None
            self.app.render()


def today() -> str:
    now = window.Date.new()
    return f"{now.getFullYear():04d}-{now.getMonth() + 1:02d}-{now.getDate():02d}"


def zone() -> dt.tzinfo:
    """The player's time zone as the browser has it now (getTimezoneOffset: minutes behind UTC)."""
    return dt.timezone(-dt.timedelta(minutes=int(window.Date.new().getTimezoneOffset())))
