"""Helpers for the game's end-to-end tests: open a deal, read what the page shows, check it against the
engine, and play moves by clicking as a player would, in any game of the family."""

from __future__ import annotations

import json
from typing import Any

from conftest import wait_ready
from playwright.sync_api import Page

from tripeaks import (
    TRIPEAKS,
    Card,
    Deal,
    Game,
    Move,
    MoveKind,
    Position,
    Records,
    Solitaire,
    find_game,
    numbered_deal,
    solve,
)


def ready(page: Page) -> None:
    wait_ready(page)


def open_game(page: Page, query: str = "?deal=1&rules=standard") -> dict[str, Any]:
    page.goto("index.html" + query)
    ready(page)
    return state(page)


def state(page: Page) -> dict[str, Any]:
    """The page's own report of the engine state (face-down cards are never in it)."""
    return json.loads(page.evaluate("window.tripeaksState()"))


def game_of(data: dict[str, Any]) -> Solitaire:
    return find_game(data["game"])


def rules_of(data: dict[str, Any]) -> Any:
    return game_of(data).rules_from_key(data["rules"])


def engine_game(data: dict[str, Any], deal: Deal | None = None) -> Game:
    """The page's game replayed in CPython's engine from its deal and moves."""
    deal = deal if deal is not None else numbered_deal(data["number"], game_of(data))
    game = Game(deal, rules_of(data), number=data["number"])
    for move in data["moves"]:
        game.push(move)
    return game


def expected_view(game: Game) -> dict[str, Any]:
    """What the page's state should say for ``game``."""
    position = game.position
    available = {card for card, _, _ in position.available()}
    slots: list[dict[str, Any]] = []
    for slot, card in enumerate(position.cards):
        if card is None:
            slots.append({"state": "gone"})
        elif not position.is_face_up(slot):
            slots.append({"state": "down"})
        else:
            slots.append({"state": "up", "card": card.code, "free": card in available})
    return {
        "game": game.solitaire.id,
        "slots": slots, "waste": position.waste[-1].code if position.waste else None,
        "waste_size": len(position.waste), "stock": len(position.stock), "score": game.score,
        "run": game.run, "status": str(game.status), "can_undo": game.can_undo,
        "playable": sorted(c.code for c in position.playable()) if not game.is_over else [],
    }


def assert_matches_engine(data: dict[str, Any], game: Game) -> None:
    want = expected_view(game)
    got = {key: data[key] for key in want}
    assert got == want


def solution(number: int, rules: Any = None, game: Solitaire = TRIPEAKS) -> tuple[Move, ...]:
    answer = solve(Position.start(numbered_deal(number, game), rules))
    assert answer.won, f"{game.name} deal {number} should be winnable"
    return answer.moves


def card_selector(data: dict[str, Any], card: Card) -> str:
    """The element that shows ``card``: a layout slot, the stock's top or the waste's top."""
    for slot, seen in enumerate(data["slots"]):
        if seen.get("card") == card.code:
            return f'#layout [data-slot="{slot}"]'
    if data.get("stock_top") == card.code:
        return "#stock"
    if data.get("waste") == card.code:
        return "#waste-top"
    raise AssertionError(f"the {card.name} is not showing")


def make_move(page: Page, data: dict[str, Any], move: Move | str, tap: bool = False) -> None:
    """Make ``move`` by clicking (or tapping, on a touch screen), as a player would: a card (or each card
    of a pair), or the stock (its button when the stock shows a card to take)."""
    move = Move.parse(move) if isinstance(move, str) else move
    press = page.tap if tap else page.click
    if move.kind is MoveKind.PLAY:
        for card in move.cards:
            press(card_selector(data, card))
        return
    if data.get("stock_top") is None:
        press("#stock")
    else:
        press(f"#{move.kind}")


def slot_of(data: dict[str, Any], card: Card) -> int:
    for slot, seen in enumerate(data["slots"]):
        if seen.get("card") == card.code:
            return slot
    raise AssertionError(f"the {card.name} is not showing on the table")


def playable_slots(data: dict[str, Any]) -> list[int]:
    playable = set(data["playable"])
    return [
        slot for slot, seen in enumerate(data["slots"])
        if seen["state"] == "up" and seen["free"] and seen["card"] in playable
    ]


def open_menu(page: Page) -> None:
    """Open the menu (the bar's Menu button) unless it is open."""
    if not page.locator("#menu").is_visible():
        page.click("#menu-open")


def menu(page: Page, selector: str) -> None:
    """Click ``selector`` in the menu, as a player does: the bar's Menu button first."""
    open_menu(page)
    page.click(selector)


def storage(page: Page) -> dict[str, str]:
    return json.loads(page.evaluate("JSON.stringify(Object.assign({}, localStorage))"))


def notices(page: Page) -> str:
    return page.inner_text("#notices")


def records_of(text: str) -> dict[str, dict[str, Any]]:
    """Stored records as every rule set's figures (the engine adds up the games kept one by one)."""
    return {key: stats.to_dict() for key, stats in Records.from_json(text).items()}
