"""web/address.py's own query-string reading and writing agrees with urllib.parse (no browser needed)."""

from __future__ import annotations

import sys
from urllib.parse import parse_qs, urlencode

import pytest
from conftest import ROOT
from hypothesis import given
from hypothesis import strategies as st

from tripeaks import PYRAMID, Game, find_game, numbered_deal

sys.path.insert(0, str(ROOT / "web"))
import address  # pure Python: it imports nothing from the browser

QUERIES = [
    "",
    "deal=123&rules=strict",
    "deal=abc",
    "deal=&rules=",
    "daily=2026-11-30",
    "code=" + numbered_deal(1).code.replace(" ", "+"),
    "code=" + numbered_deal(1).code.replace(" ", "%20").replace("/", "%2F"),
    "deal=1&deal=2&x",
    "a=%zz&b=%4&c=%41%42&d=%C3%A9t%C3%A9&e=caf%E9",
    "==&=x&y==z&&",
]


@pytest.mark.parametrize("query", QUERIES)
def test_reading_a_query_agrees_with_urllib(query: str) -> None:
    assert address.parse_query(query) == parse_qs(query, keep_blank_values=True)


@given(st.dictionaries(st.text(min_size=1), st.text()))
def test_writing_and_reading_back_agree_with_urllib(params: dict[str, str]) -> None:
    written = address.encode_query(params)
    assert written == urlencode(params, safe="/")
    assert address.parse_query(written) == parse_qs(written, keep_blank_values=True)


@given(st.text())
def test_any_query_reads_as_urllib_reads_it(query: str) -> None:
    assert address.parse_query(query) == parse_qs(query, keep_blank_values=True)


def test_a_game_address_reads_back() -> None:
    game = Game(numbered_deal(99))
    for query in (address.query(Game(numbered_deal(7), number=7)), address.query(game)):
        asked = address.read(query)
        assert asked.problem is None and asked.kind in ("deal", "code")
    assert address.read(address.query(game)).deal == game.deal


def test_a_name_that_names_the_rules_too_asks_for_them() -> None:
    relaxed = PYRAMID.rules_from_key("relaxed")
    for name in ("relaxed-pyramid", "Relaxed+Pyramid", "relaxed_pyramid"):
        asked = address.read(f"game={name}&deal=3")
        assert (asked.game, asked.number, asked.rules, asked.problem) == (PYRAMID, 3, relaxed, None)
        assert address.read(f"game={name}").rules == relaxed  # no deal: the game, under those rules
    assert address.read("game=pyramid&deal=3").rules is None  # the player's own
    game = Game(numbered_deal(3, PYRAMID), relaxed, number=3)
    assert address.query(game) == "?game=pyramid&deal=3&rules=relaxed"
    assert address.read(address.query(game)).rules == relaxed
    both = address.read("game=relaxed-pyramid&deal=3&rules=standard")
    assert both.game is PYRAMID and both.rules is None
    assert both.problem is not None and both.problem.startswith(
        "The link's game 'relaxed-pyramid' plays Relaxed Pyramid, and its rules ask for others."
    )
    assert find_game("relaxed-pyramid") is PYRAMID
