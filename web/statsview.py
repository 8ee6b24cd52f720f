"""The statistics: each game's figures by rule set and its charts, as HTML (plain Python, tested under
CPython), and the dialog that shows them, exports them and imports a file (the engine checks and merges
it)."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

import plots
from markup import escape
from scene import clock

from tripeaks import CLASSIC, GAMES, Records, Solitaire, game_charts, records_key
from tripeaks import page_words as say

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

HEADINGS = say.STATS_HEADINGS
NOTE = say.STATS_NOTE


def figure(stats: Any, name: str) -> str:
    if name == "win_rate":
        return f"{stats.win_rate:.0%}" if stats.played else "–"
    value = getattr(stats, name)
    if value is None:
        return "–"
    return clock(value) if name == "fastest_win" else str(value)


def rules_name(solitaire: Solitaire, key: str) -> str:
    """A rule set's name as players know it; rules this version cannot read are still named in words."""
    try:
        return str(solitaire.rules_from_key(key).label)
    except ValueError:
        return say.UNKNOWN_RULES


def table(records: Records, solitaire: Solitaire, current: Any | None, scoring: str = CLASSIC) -> str:
    """A game's figures, a row for each rule set played (``current``, the rules on the table, first), its
    bests in ``scoring`` (by cards left, the fewest cards left in place of the best score)."""
    fields = solitaire.words.shown_records(scoring)
    rows = dict(records.of_game(solitaire))
    here: str | None = None
    if current is not None:
        here = str(current.key)
        rows.setdefault(here, records[records_key(solitaire, current)])
    if not rows:
        return ""
    body = []
    for key in sorted(rows, key=lambda k: (k != here, k)):
        stats = rows[key]
        cls = ' class="current"' if key == here else ""
        cells = "".join(f'<td data-label="{HEADINGS[name]}">{figure(stats, name)}</td>' for name in fields)
        body.append(f'<tr{cls}><th scope="row">{escape(rules_name(solitaire, key))}</th>{cells}</tr>')
    head = "".join(f'<th scope="col">{HEADINGS[name]}</th>' for name in fields)
    name = escape(solitaire.name)
    return (
        f'<table class="stats-table"><caption class="sr-only">{name}: statistics by rule set</caption>'
        f'<thead><tr><th scope="col">Rules</th>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'
    )


def section(records: Records, solitaire: Solitaire, current: Any | None, today: dt.date,
            zone: dt.tzinfo, scoring: str = CLASSIC) -> str:
    """A game's table of figures and its charts (drawn by plots from the engine's Charts)."""
    figures = table(records, solitaire, current, scoring)
    if not figures:
        return ""
    charts = "".join(plots.figure(chart)
                     for chart in game_charts(records, solitaire, today, zone=zone, scoring=scoring))
    name = escape(solitaire.name)
    return (f'<section class="stats-game" data-game="{escape(solitaire.id)}"><h3>{name}</h3>'
            f'{figures}<div class="charts">{charts}</div></section>')


def body(records: Records, here: Solitaire, rules: Any, today: dt.date, zone: dt.tzinfo,
         games: Iterable[Solitaire] = GAMES, *, scoring: Callable[[Solitaire], str] | None = None) -> str:
    """The whole dialog's body: the game on the table first, then the others played, each with its bests
    in the scoring chosen for it (``scoring``; classic when not told)."""
    def scored(game: Solitaire) -> str:
        return scoring(game) if scoring is not None else CLASSIC

    sections = [section(records, here, rules, today, zone, scored(here))]
    sections += [section(records, game, None, today, zone, scored(game))
                 for game in games if game is not here]
    return "".join(sections) + f"<p><small>{NOTE}</small></p>"
