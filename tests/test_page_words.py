"""The sentences the page says around a game come from the engine, for every game of the family."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tripeaks import GAMES, STRICT, Game, numbered_deal, page_words

WEB = Path(__file__).resolve().parent.parent / "web"


def test_a_deal_s_title_names_its_kind_and_rules() -> None:
    assert page_words.deal_title(Game(numbered_deal(1234), number=1234)) == "Deal 1,234 · Standard"
    assert page_words.deal_title(Game(numbered_deal(1), STRICT, daily="2026-12-04")) == \
        "Daily deal 2026-12-04 · Strict"
    assert page_words.deal_title(Game(numbered_deal(1))).startswith("Shared deal ·")


@pytest.mark.parametrize("solitaire", GAMES, ids=lambda game: game.id)
def test_where_says_the_deal_then_the_game_s_own_prompt(solitaire) -> None:  # type: ignore[no-untyped-def]
    game = Game(numbered_deal(3, solitaire), number=3)
    words = page_words.where(game)
    assert words == f"Deal 3 · {game.rules.label}. {solitaire.words.prompt(game.position)}"
    game.push(next(iter(game.legal_moves)))
    assert "1 move (" in page_words.game_in_progress(game)
    assert page_words.switched_back(game).startswith(f"{solitaire.name}: back to your game. Deal 3")


def test_the_keys_help_follows_the_game() -> None:
    pairs = page_words.keys_help(True, "redeal")
    assert pairs[1] == (("Enter", "selects the card in focus (or takes it)"),)
    assert (("R", "redeal"),) in pairs
    alone = page_words.keys_help(False, None)
    assert all(key != "R" for line in alone for key, _ in line)


def test_stored_data_that_cannot_be_read_says_where_its_copy_is() -> None:
    said = page_words.stored_problem("settings", "it is not JSON", "tripeaks:v1:backup:settings:1")
    assert said == ("Your settings could not be read (it is not JSON). A copy is kept under "
                    "'tripeaks:v1:backup:settings:1'.")
    assert "could be kept" in page_words.stored_problem("game", "no", None)


def test_links_say_which_part_was_wrong() -> None:
    assert page_words.link_problem("deal", "abc").startswith("The link's deal 'abc' is not a deal: a deal is")
    assert page_words.link_problem("daily", "x") == "The link's date 'x' is not a date like 2026-11-30."


def _sentences(path: Path) -> list[str]:
    """String literals of a page module that read as a sentence (a capital, four words or more, a full stop),
    docstrings aside (any string standing alone as a statement)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    alone = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in alone:
            text = node.value.strip()
            if (len(text.split()) >= 4 and text[:1].isupper() and text.endswith((".", "…", "?", "!"))
                    and "\n" not in text and "<" not in text):
                found.append(text)
    return found


@pytest.mark.parametrize("path", sorted(WEB.glob("*.py")), ids=lambda path: path.name)
def test_the_page_writes_no_sentence_of_its_own(path: Path) -> None:
    assert _sentences(path) == []
