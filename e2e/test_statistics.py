"""Statistics you can see: the charts (with their text alternatives, on a phone), and exporting and
importing every statistic as a file: a good file merges, a bad one is refused and changes nothing."""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path
from typing import Any

from conftest import ROOT, clear_site_data
from game_support import menu, open_game, playable_slots, storage
from playwright.sync_api import Browser, Page, expect
from test_game_storage import set_storage

from tripeaks import TRIANGLE, TRIPEAKS, game_charts
from tripeaks.services.records import Played, Records

RECORDS = "tripeaks:v1:records"
NOW = int(dt.datetime.now(dt.UTC).timestamp())
AXE_PATH = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SHOTS = os.environ.get("TRIPEAKS_SHOTS")  # a folder to keep the screenshots in, to look at


def seeded() -> Records:
    """Forty games of both games over the last weeks, some of them daily deals."""
    today = dt.date.today()
    games = []
    for n in range(40):
        day = today - dt.timedelta(days=40 - n)
        games.append(Played(
            id=f"seed{n}", rules=("standard", "strict", "triangle:standard")[n % 3],
            ended=NOW - (40 - n) * 86_400, won=n % 4 != 1, score=(n * 37) % 90 - 20,
            moves=30 + n, seconds=60.0 + n, longest_run=n % 17, hints=int(n % 5 == 0),
            daily=day.isoformat() if n % 2 else None, number=None if n % 2 else 1000 + n,
        ))
    return Records().with_games(games)


def stats_text(page: Page) -> str:
    return page.inner_text("#stats-body")


def test_the_charts_are_drawn_with_their_text_alternatives_and_fit_a_phone(page: Page) -> None:
    records = seeded()
    set_storage(page, {RECORDS: records.to_json()})
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, "?deal=1")
    menu(page, "#stats-open")
    dialog = page.locator("#stats")
    expect(dialog).to_be_visible()
    today = dt.date.fromisoformat(page.evaluate(
        "(d => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-"
        "${String(d.getDate()).padStart(2, '0')}`)(new Date())"
    ))
    for solitaire in (TRIPEAKS, TRIANGLE):
        section = page.locator(f'#stats-body section[data-game="{solitaire.id}"]')
        for chart in game_charts(records, solitaire, today):
            svg = section.locator(f'figure[data-chart="{chart.id}"] svg[role="img"]')
            expect(svg).to_have_attribute("aria-label", chart.text)
        ids = section.locator("figure").evaluate_all("els => els.map(el => el.dataset.chart)")
        assert ids == [chart.id for chart in game_charts(records, solitaire, today)]
    assert "best-share" not in page.locator("#stats-body figure").evaluate_all(
        "els => els.map(el => el.dataset.chart)"
    )  # no game knows its deal's best yet: no chart of it, rather than a made-up one
    out = page.evaluate(
        """() => [...document.querySelectorAll('#stats svg, #stats figure, #stats button, #stats td')]
             .filter(el => el.getClientRects().length)
             .filter(el => el.getBoundingClientRect().right > 360 || el.getBoundingClientRect().left < 0)
             .map(el => el.outerHTML.slice(0, 80))"""
    )
    assert out == []
    assert page.evaluate("(d => d.scrollWidth <= d.clientWidth)(document.querySelector('#stats'))")
    if SHOTS:
        section = page.locator('#stats-body section[data-game="tripeaks"]')
        section.locator(".charts").screenshot(path=str(Path(SHOTS) / "stats-360-tripeaks.png"))
        page.locator('#stats-body section[data-game="triangle"] .charts').screenshot(
            path=str(Path(SHOTS) / "stats-360-triangle.png"))
    page.add_script_tag(path=str(AXE_PATH))
    script = "async () => JSON.stringify(await axe.run(document.querySelector('#stats')))"
    found = json.loads(page.evaluate(script))
    assert [(v["id"], v["nodes"][0]["html"][:100]) for v in found["violations"]
            if v["impact"] in ("serious", "critical")] == []


def test_the_charts_date_each_game_by_the_players_clock(browser: Browser,
                                                       browser_context_args: dict[str, Any]) -> None:
    """Kiritimati is 14 hours ahead of UTC: a game that ended at noon UTC ended there the next day."""
    noon = dt.datetime.combine(dt.date.today() - dt.timedelta(days=3), dt.time(12), dt.UTC)
    records = Records().with_games([Played(id="noon", rules="standard", ended=int(noon.timestamp()), won=True,
                                           score=12, moves=30, seconds=60.0, longest_run=4, hints=0)])
    context = browser.new_context(**browser_context_args, timezone_id="Pacific/Kiritimati")
    try:
        page = context.new_page()
        set_storage(page, {RECORDS: records.to_json()})
        open_game(page, "?deal=1")
        assert page.evaluate("new Date().getTimezoneOffset()") == -14 * 60
        menu(page, "#stats-open")
        there = noon.astimezone(dt.timezone(dt.timedelta(hours=14))).date()
        scores = page.locator('#stats-body section[data-game="tripeaks"] figure[data-chart="scores"]')
        expect(scores.locator("svg circle title").first).to_contain_text(
            f"Game 1, {there.day} {there.strftime('%B')}:")
    finally:
        context.close()


def test_export_then_import_on_a_fresh_profile_restores_the_statistics(
    page: Page, server_url: str, tmp_path: Path
) -> None:
    data = open_game(page, "?deal=3&rules=strict")
    page.click(f'#layout [data-slot="{playable_slots(data)[0]}"]')
    page.keyboard.press("n")  # deal 3 counts as given up
    expect(page.locator("#message")).to_contain_text("Deal")
    page.keyboard.press("d")
    menu(page, "#stats-open")
    before = stats_text(page)
    assert "Strict" in before
    with page.expect_download() as info:
        page.click("#stats-export")
    download = info.value
    assert download.suggested_filename.startswith("tripeaks-statistics-")
    exported = tmp_path / "statistics.json"
    download.save_as(exported)
    kept = storage(page)[RECORDS]
    assert Records.from_json(exported.read_text()) == Records.from_json(kept)
    assert Records.from_json(kept)["strict"].played == 1

    clear_site_data(page.context, server_url)  # a fresh profile: nothing stored
    open_game(page, "?deal=5")
    assert RECORDS not in storage(page)
    menu(page, "#stats-open")
    assert "Strict" not in stats_text(page)
    page.set_input_files("#stats-import", str(exported))
    expect(page.locator("#stats-message")).to_have_text(
        "Statistics imported (1 new game): 1 game recorded in all."
    )
    assert stats_text(page) == before
    assert Records.from_json(storage(page)[RECORDS]) == Records.from_json(kept)
    page.set_input_files("#stats-import", str(exported))  # again: nothing is counted twice
    expect(page.locator("#stats-message")).to_contain_text("1 already recorded here, not counted again")
    assert Records.from_json(storage(page)[RECORDS]) == Records.from_json(kept)


def test_a_bad_import_file_is_refused_and_nothing_changes(page: Page, tmp_path: Path) -> None:
    records = seeded()
    set_storage(page, {RECORDS: records.to_json()})
    open_game(page, "?deal=1")
    menu(page, "#stats-open")
    before = stats_text(page)
    future = json.loads(records.to_json()) | {"version": 9}
    spider = json.loads(records.to_json())  # a game of another version, which this one does not know
    spider["games"][0]["rules"] = "spider:standard"
    files = {
        "notes.txt": ("my scores: 10, 20", "not a statistics file (not JSON)"),
        "save.json": (json.dumps({"format": "tripeaks-save", "version": 2}), "a saved game, not statistics"),
        "other.json": (json.dumps({"scores": [1, 2]}), "holds no TriPeaks statistics"),
        "shape.json": (json.dumps({"format": "tripeaks-records", "version": 2, "rules": []}),
                       "missing their rule sets"),
        "future.json": (json.dumps(future), "newer version of the game (format 9"),
        "spider.json": (json.dumps(spider), "statistics of spider, which this page does not play"),
    }
    for name, (text, message) in files.items():
        path = tmp_path / name
        path.write_text(text)
        page.set_input_files("#stats-import", str(path))
        expect(page.locator("#stats-message")).to_contain_text(message)
        expect(page.locator("#stats-message")).to_contain_text("import")
        assert Records.from_json(storage(page)[RECORDS]) == records
        assert stats_text(page) == before
