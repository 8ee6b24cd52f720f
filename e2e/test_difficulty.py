"""Difficulty: with winnable deals only, a chosen grade makes New deal deal a deal of that grade, in
both games; the daily deal shows its grade."""

from __future__ import annotations

import datetime as dt

import pytest
from game_support import game_of, menu, open_game, rules_of, state
from playwright.sync_api import Page, expect

from tripeaks import find_game, numbered_deal
from tripeaks.services.difficulty import difficulty
from tripeaks.services.winnable import daily_deal


def choose(page: Page, grade: str) -> None:
    menu(page, "#settings-open")
    expect(page.locator("#difficulty")).to_be_disabled()  # it only matters for winnable deals
    page.check('input[name="winnable_only"]')
    expect(page.locator("#difficulty")).to_be_enabled()
    page.select_option("#difficulty", label=grade.capitalize())
    page.click("#settings-save")


@pytest.mark.parametrize(("game", "grade"), [("tripeaks", "easy"), ("triangle", "medium")])
def test_a_chosen_difficulty_deals_a_deal_of_that_grade(page: Page, game: str, grade: str) -> None:
    open_game(page, f"?game={game}&deal=1")
    choose(page, grade)
    page.keyboard.press("n")
    page.wait_for_function("JSON.parse(window.tripeaksState()).number !== 1", timeout=90_000)
    data = state(page)
    assert data["grade"] == grade and data["moves"] == []
    found = difficulty(numbered_deal(data["number"], game_of(data)), rules_of(data))
    assert str(found.grade) == grade
    said = game_of(data).words.grade(grade)  # the sentence the command line says too
    expect(page.locator("#deal-grade")).to_have_text(said)
    expect(page.locator("#message")).to_contain_text(said)
    menu(page, "#settings-open")  # the choice is kept
    expect(page.locator("#difficulty")).to_have_value(grade)


@pytest.mark.parametrize("game", ["tripeaks", "triangle"])
def test_the_daily_deal_shows_its_grade(page: Page, game: str) -> None:
    open_game(page, f"?game={game}&deal=1")
    menu(page, "#daily")
    page.wait_for_function("JSON.parse(window.tripeaksState()).daily !== null", timeout=90_000)
    data = state(page)
    deal = daily_deal(dt.date.fromisoformat(data["daily"]), solitaire=find_game(data["game"]))
    grade = str(difficulty(deal, rules_of(data)).grade)
    said = find_game(data["game"]).words.grade(grade, daily=True)
    expect(page.locator("#deal-grade")).to_have_text(said, timeout=60_000)
