"""Helpers for the game's end-to-end tests: open a deal, read what the page shows, check it."""

from __future__ import annotations

import json
from typing import Any

from conftest import wait_ready
from playwright.sync_api import Page

from tripeaks import Card, Deal, Game, Move, Position, Rules, numbered_deal, solve


def ready(page: Page) -> None:
    wait_ready(page)


def open_game(page: Page, query: str = "?deal=1&rules=standard") -> dict[str, Any]:
    page.goto("index.html" + query)
    ready(page)
    return state(page)


def state(page: Page) -> dict[str, Any]:
    """The page's own report of the engine state (face-down cards are never in it)."""
    return json.loads(page.evaluate("window.tripeaksState()"))


def rules_of(data: dict[str, Any]) -> Rules:
    import sys
    from pathlib import Path

    web = str(Path(__file__).resolve().parent.parent / "web")
    if web not in sys.path:
        sys.path.insert(0, web)
    from address import rules_from_key  # pure Python: it imports nothing from the browser

    return rules_from_key(data["rules"])


def engine_game(data: dict[str, Any], deal: Deal | None = None) -> Game:
    """The page's game replayed in CPython's engine from its deal and moves."""
    deal = deal if deal is not None else numbered_deal(data["number"])
    game = Game(deal, rules_of(data), number=data["number"])
    for move in data["moves"]:
        game.push(move)
    return game


def expected_view(game: Game) -> dict[str, Any]:
    """What the page's state should say for ``game``."""
    position = game.position
    slots: list[dict[str, Any]] = []
    for slot, card in enumerate(position.cards):
        if card is None:
            slots.append({"state": "gone"})
        elif not position.is_face_up(slot):
            slots.append({"state": "down"})
        else:
            slots.append({"state": "up", "card": card.code,
                          "free": position.layout.is_free(position.remaining, slot)})
    return {
        "slots": slots, "waste": position.top.code, "waste_size": len(position.waste),
        "stock": len(position.stock), "score": game.score, "run": game.run,
        "status": str(game.status), "can_undo": game.can_undo,
    }


def assert_matches_engine(data: dict[str, Any], game: Game) -> None:
    want = expected_view(game)
    got = {key: data[key] for key in want}
    assert got == want


def solution(number: int, rules: Rules) -> tuple[Move, ...]:
    answer = solve(Position.start(numbered_deal(number), rules))
    assert answer.won, f"deal {number} should be winnable"
    return answer.moves


def make_move(page: Page, data: dict[str, Any], move: Move | str) -> None:
    """Make ``move`` by clicking, as a player would."""
    move = Move.parse(move) if isinstance(move, str) else move
    if move.card is None:
        page.click("#stock")
        return
    slot = slot_of(data, move.card)
    page.click(f'#peaks [data-slot="{slot}"]')


def slot_of(data: dict[str, Any], card: Card) -> int:
    for slot, seen in enumerate(data["slots"]):
        if seen.get("card") == card.code:
            return slot
    raise AssertionError(f"the {card.name} is not showing on the table")


def playable_slots(data: dict[str, Any]) -> list[int]:
    ranks = set(data["playable_ranks"])
    return [
        slot for slot, seen in enumerate(data["slots"])
        if seen["state"] == "up" and seen["free"] and Card.parse(seen["card"]).rank in ranks
    ]


def storage(page: Page) -> dict[str, str]:
    return json.loads(page.evaluate("JSON.stringify(Object.assign({}, localStorage))"))


def notices(page: Page) -> str:
    return page.inner_text("#notices")
