"""The statistics as charts: what each chart shows, as values to draw and as a sentence to read instead.

A page draws a :class:`Chart` as it likes (the browser as SVG); what the chart says, its points and the
text a screen reader reads in its place, come from here, so every player reads the same figures.

>>> from tripeaks import TRIPEAKS
>>> from tripeaks.services.records import Played, Records
>>> records = Records().with_games([
...     Played(id="a", rules="standard", ended=1_764_590_000, won=False, score=12, longest_run=4),
...     Played(id="b", rules="standard", ended=1_764_600_000, won=True, score=61, longest_run=9),
... ])
>>> scores = score_chart(records, TRIPEAKS)
>>> [point.value for point in scores.points], scores.text
([12.0, 61.0], 'Score per game, the last 2 games: from 12 to 61 points, 61 in the latest; 1 won.')
>>> win_rate_chart(records, TRIPEAKS).text
'Win rate by rule set: Standard 50% (1 of 2 won).'
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model.scoring import CARDS_LEFT, CLASSIC
from .page_words import UNKNOWN_RULES

if TYPE_CHECKING:
    from ..model.solitaire import Solitaire
    from .records import Played, Records

__all__ = [
    "CALENDAR_WEEKS",
    "CHART_GAMES",
    "Chart",
    "Point",
    "best_share_chart",
    "daily_chart",
    "game_charts",
    "left_chart",
    "run_chart",
    "score_chart",
    "win_rate_chart",
]

CHART_GAMES = 50
"""How many of the latest games the score chart shows."""
CALENDAR_WEEKS = 12
"""How many weeks the calendar of daily deals shows, up to this one."""
RUN_BIN = 3
"""The width of each bar of the histogram of longest runs, in cards."""


@dataclass(frozen=True, slots=True)
class Point:
    """One value of a chart: what it is in words (``label``), its ``value``, a ``mark`` that
    tells its kind apart where a chart has kinds (``won``/``lost``; on the calendar also ``none``
    and ``later``), and a ``tick``, the few characters that name it on an axis (``3–5``)."""

    label: str
    value: float
    mark: str = ""
    tick: str = ""


@dataclass(frozen=True, slots=True)
class Chart:
    """A chart: ``kind`` is how it is drawn (``line``: points in order, ``bars``: one bar a point,
    ``calendar``: a day a point, weeks from Monday, oldest first), on a scale from ``low`` to ``high``.
    ``text`` says what it shows, in place of the drawing; ``empty`` is true when there is nothing yet;
    ``ticks`` names the rows of a calendar (the days of the week); ``key`` says what each mark
    means, as (mark, words) pairs, for a legend beside the drawing."""

    id: str
    kind: str
    title: str
    text: str
    points: tuple[Point, ...]
    low: float = 0.0
    high: float = 1.0
    ticks: tuple[str, ...] = ()
    key: tuple[tuple[str, str], ...] = ()
    axis: tuple[str, str] = ("", "")
    """How the value axis' two ends, ``low`` and ``high``, are written (``0%``, ``100%``)."""

    @property
    def empty(self) -> bool:
        return not self.points


_WON_KEY = (("won", "Won"), ("lost", "Not won"))
_SHARES = ("0%", "100%")


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def _units(solitaire: Solitaire, n: int) -> str:
    one, many = solitaire.words.score_units
    return f"{n} {one if abs(n) == 1 else many}"


_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December")
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _day(when: dt.date) -> str:
    # Not strftime: its names follow the machine's locale.
    return f"{when.day} {_MONTHS[when.month - 1]}"


def _rules_label(solitaire: Solitaire, key: str) -> str:
    """A rule set as players know it; one this version cannot read is named in words, never by its key."""
    try:
        label: str = solitaire.rules_from_key(key).label
    except ValueError:
        return UNKNOWN_RULES
    return label


def score_chart(records: Records, solitaire: Solitaire, last: int = CHART_GAMES, *,
                zone: dt.tzinfo = dt.UTC) -> Chart:
    """The score of each of the latest games, oldest first, each marked won or lost, and dated in
    the player's time ``zone``."""
    games = records.games_of(solitaire)[-last:]
    title = "Score per game"
    if not games:
        return Chart("scores", "line", title, "Score per game: no games recorded yet.", ())
    first = len(records.games_of(solitaire)) - len(games) + 1
    points = tuple(
        Point(
            f"Game {first + n}, {_day(_date(game, zone))}: {_units(solitaire, game.score)}, "
            f"{'won' if game.won else 'not won'}",
            float(game.score),
            "won" if game.won else "lost",
        )
        for n, game in enumerate(games)
    )
    scores = [game.score for game in games]
    won = sum(game.won for game in games)
    span = (f"{_units(solitaire, scores[0])}" if len(games) == 1 else
            f"from {min(scores)} to {_units(solitaire, max(scores))}, {scores[-1]} in the latest")
    text = (f"{title}, the last {_plural(len(games), 'game')}: {span}; {won} won."
            if len(games) > 1 else f"{title}, one game: {span}, {'won' if won else 'not won'}.")
    low, high = min(0, *scores), max(1, *scores)
    return Chart("scores", "line", title, text, points, float(low), float(high), key=_WON_KEY,
                 axis=(str(low), str(high)))


def left_chart(records: Records, solitaire: Solitaire, last: int = CHART_GAMES, *,
               zone: dt.tzinfo = dt.UTC) -> Chart:
    """The layout cards each of the latest games left (the score by cards left: fewer is better), oldest
    first, each marked won or lost and dated in the player's time ``zone``; games kept before version 3
    of the records, which did not keep it, are left out.

    >>> from tripeaks import TRIPEAKS
    >>> from tripeaks.services.records import Played, Records
    >>> left_chart(Records().with_games([Played(id="a", rules="standard", ended=1, won=False, score=9,
    ...                                         left=4)]), TRIPEAKS).text
    'Cards left per game, one game: 4 cards, not won.'
    """
    title = "Cards left per game"
    games = [game for game in records.games_of(solitaire) if game.left is not None][-last:]
    if not games:
        return Chart("cards-left", "line", title, f"{title}: no games recorded yet.", ())
    points = []
    for game in games:
        assert game.left is not None
        mark = "won" if game.won else "lost"
        points.append(Point(f"{_day(_date(game, zone))}: {_plural(game.left, 'card')} left, "
                            f"{'won' if game.won else 'not won'}", float(game.left), mark))
    lefts = [int(point.value) for point in points]
    won = sum(game.won for game in games)
    if len(games) == 1:
        text = f"{title}, one game: {_plural(lefts[0], 'card')}, {'won' if won else 'not won'}."
    else:
        text = (f"{title}, the last {_plural(len(games), 'game')}: from {min(lefts)} to "
                f"{_plural(max(lefts), 'card')}, {lefts[-1]} in the latest; {won} won.")
    high = max(1, *lefts)
    return Chart("cards-left", "line", title, text, tuple(points), 0.0, float(high), key=_WON_KEY,
                 axis=("0", str(high)))


def win_rate_chart(records: Records, solitaire: Solitaire) -> Chart:
    """The share of games won under each rule set of this game that has been played."""
    title = "Win rate by rule set"
    rows = [(key, stats) for key, stats in records.of_game(solitaire) if stats.played]
    if not rows:
        return Chart("win-rates", "bars", title, f"{title}: no games recorded yet.", ())
    points = tuple(
        Point(
            f"{_rules_label(solitaire, key)}: {stats.win_rate:.0%}, {stats.won} of {stats.played} won",
            stats.win_rate,
            "won",
            _rules_label(solitaire, key),
        )
        for key, stats in rows
    )
    said = "; ".join(
        f"{_rules_label(solitaire, key)} {stats.win_rate:.0%} ({stats.won} of {stats.played} won)"
        for key, stats in rows
    )
    return Chart("win-rates", "bars", title, f"{title}: {said}.", points, 0.0, 1.0, axis=_SHARES)


def run_chart(records: Records, solitaire: Solitaire) -> Chart:
    """How many games had their longest run in each band of lengths (games whose runs count)."""
    title = "Longest run per game"
    games = records.games_of(solitaire)
    if not games:
        return Chart("runs", "bars", title, f"{title}: no games recorded yet.", ())
    top = max(game.longest_run for game in games)
    bins = [0] * (top // RUN_BIN + 1)
    for game in games:
        bins[game.longest_run // RUN_BIN] += 1
    points = []
    for n, count in enumerate(bins):
        low, high = n * RUN_BIN, n * RUN_BIN + RUN_BIN - 1
        cards = f"{low}–{high} cards"
        points.append(Point(f"{cards}: {_plural(count, 'game')}", float(count), "", f"{low}–{high}"))
    said = ", ".join(point.label for point in points if point.value)
    text = f"{title}, {_plural(len(games), 'game')}: {said}."
    return Chart("runs", "bars", title, text, tuple(points), 0.0, float(max(bins)),
                 axis=("0", str(max(bins))))


def best_share_chart(records: Records, solitaire: Solitaire, last: int = CHART_GAMES, *,
                     zone: dt.tzinfo = dt.UTC) -> Chart:
    """For each of the latest games whose deal's best possible score is known, the share of it the
    player reached (a score at or below 0 reaches none of it), dated in the player's time ``zone``."""
    title = "Share of the best possible score"
    games = [game for game in records.games_of(solitaire) if game.best is not None][-last:]
    if not games:
        return Chart("best-share", "line", title, f"{title}: no games with a known best yet.", ())
    points = []
    for game in games:
        assert game.best is not None
        share = min(1.0, max(0.0, game.score / game.best)) if game.best > 0 else 1.0
        points.append(Point(
            f"{_day(_date(game, zone))}: {game.score} of a best {_units(solitaire, game.best)}, {share:.0%}",
            share,
            "won" if game.won else "lost",
        ))
    shares = [point.value for point in points]
    average = sum(shares) / len(shares)
    text = (f"{title}, the last {_plural(len(games), 'game')} with a known best: {average:.0%} on "
            f"average, {max(shares):.0%} at most, {shares[-1]:.0%} in the latest.")
    return Chart("best-share", "line", title, text, tuple(points), 0.0, 1.0, key=_WON_KEY, axis=_SHARES)


def daily_chart(records: Records, solitaire: Solitaire, today: dt.date,
                weeks: int = CALENDAR_WEEKS) -> Chart:
    """A calendar of the last ``weeks`` weeks up to ``today`` (the player's day): each day's daily
    deal won, played but not won, or not played."""
    title = "Daily deals won"
    start = today - dt.timedelta(days=today.weekday() + 7 * (weeks - 1))
    results: dict[str, bool] = {}
    for game in records.games_of(solitaire):
        if game.daily is not None:
            results[game.daily] = results.get(game.daily, False) or game.won
    points = []
    won: list[dt.date] = []
    lost = 0
    for n in range(7 * weeks):
        day = start + dt.timedelta(days=n)
        result = results.get(day.isoformat())
        if day > today:
            mark, said = "later", "to come"
        elif result is None:
            mark, said = "none", "not played"
        elif result:
            mark, said = "won", "won"
            won.append(day)
        else:
            mark, said = "lost", "played, not won"
            lost += 1
        points.append(Point(f"{_WEEKDAYS[day.weekday()]} {_day(day)}: {said}", float(n), mark, str(day.day)))
    if won:
        days = ", ".join(_day(day) for day in won)
        text = f"{title} in the last {weeks} weeks: {len(won)} ({days})"
    else:
        text = f"{title} in the last {weeks} weeks: none"
    text += f"; {_plural(lost, 'more played')} but not won." if lost else "."
    return Chart("daily", "calendar", title, text, tuple(points), 0.0, float(7 * weeks),
                 tuple(day[0] for day in _WEEKDAYS),
                 (("won", "Won"), ("lost", "Played, not won"), ("none", "Not played")))


def game_charts(records: Records, solitaire: Solitaire, today: dt.date, *,
                zone: dt.tzinfo = dt.UTC, scoring: str = CLASSIC) -> tuple[Chart, ...]:
    """Every chart worth showing for ``solitaire``, in order: scores, the share of the best score
    (once some game knows its deal's best), win rates, longest runs (where runs count), dailies;
    scored by cards left (``scoring``), the cards left per game in place of the first two.
    ``today`` is the player's day and ``zone`` their time zone, in which each game is dated (a
    game's end is recorded in UTC)."""
    if scoring == CARDS_LEFT:
        shown = [left_chart(records, solitaire, zone=zone)]
    else:
        shown = [score_chart(records, solitaire, zone=zone)]
        share = best_share_chart(records, solitaire, zone=zone)
        if not share.empty:
            shown.append(share)
    shown.append(win_rate_chart(records, solitaire))
    if "longest_run" in solitaire.words.record_fields:
        shown.append(run_chart(records, solitaire))
    shown.append(daily_chart(records, solitaire, today))
    return tuple(shown)


def _date(game: Played, zone: dt.tzinfo) -> dt.date:
    return dt.datetime.fromtimestamp(game.ended, zone).date()
