"""web/cardface.py: every face's markup, the sprite it points into, the backs, and web/cards.css."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest
from cardface import BACKS, SUIT_PATHS, colour_class, face_html, sprite, suit_class

from tripeaks import DECK, Card

CSS = (Path(__file__).resolve().parents[2] / "web" / "cards.css").read_text(encoding="utf-8")
VOID = {"use", "path", "circle", "ellipse", "rect"}


class Tree(HTMLParser):
    """Elements as (tag, attributes, ancestors' tags and attributes), and every text node."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str], list[dict[str, str]]]] = []
        self.texts: list[str] = []
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.feed(markup)
        self.close()
        assert not self.stack, f"unclosed: {self.stack}"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        self.elements.append((tag, values, [a for _, a in self.stack]))
        if tag not in VOID:
            self.stack.append((tag, values))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, {k: v or "" for k, v in attrs}, [a for _, a in self.stack]))

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1][0] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.texts.append(data)

    def uses(self) -> list[dict[str, str]]:
        return [attrs for tag, attrs, _ in self.elements if tag == "use"]


@pytest.mark.parametrize("card", DECK, ids=lambda c: c.code)
def test_a_face_is_hidden_markup_without_text(card: Card) -> None:
    tree = Tree(face_html(card))
    _, root, _ = tree.elements[0]
    assert root.get("aria-hidden") == "true"
    assert all(ancestors and ancestors[0] is root for _, _, ancestors in tree.elements[1:])
    assert "".join(tree.texts).strip() == ""
    assert len(tree.elements) <= 15


@pytest.mark.parametrize("card", DECK, ids=lambda c: c.code)
def test_a_face_has_two_indices_with_its_rank(card: Card) -> None:
    indices = [a for _, a, _ in Tree(face_html(card)).elements if "cf-ix" in a.get("class", "").split()]
    expected = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}.get(card.rank, str(card.rank))
    assert [a["data-t"] for a in indices] == [expected, expected]
    assert f"cf-{card.suit}" in Tree(face_html(card)).elements[0][1]["class"].split()


@pytest.mark.parametrize("card", [c for c in DECK if 2 <= c.rank <= 10], ids=lambda c: c.code)
def test_a_number_card_shows_its_number_of_pips(card: Card) -> None:
    uses = Tree(face_html(card)).uses()
    assert [u["href"] for u in uses] == [f"#pip-{card.suit}"] * card.rank
    places = {(u["x"], u["y"]) for u in uses}
    assert len(places) == card.rank
    # As on a real card: the lower half's pips stand upside down, and the layout is symmetric (but for
    # the 7, whose odd pip sits in the upper half).
    for u in uses:
        assert ("transform" in u) == (float(u["y"]) + float(u["height"]) / 2 > 70)
    centres = sorted((round(float(u["x"]) + 9.5, 1), round(float(u["y"]) + 9.5, 1)) for u in uses)
    if card.rank != 7:
        assert centres == sorted((round(100 - x, 1), round(140 - y, 1)) for x, y in centres)


@pytest.mark.parametrize("card", [c for c in DECK if c.rank == 1], ids=lambda c: c.code)
def test_an_ace_shows_one_big_suit(card: Card) -> None:
    *ornament, use = Tree(face_html(card)).uses()
    assert use["href"] == f"#pip-{card.suit}" and float(use["width"]) >= 36
    assert [u["href"] for u in ornament] == (["#ace-ring"] if card.suit == "s" else [])


@pytest.mark.parametrize("card", [c for c in DECK if c.rank > 10], ids=lambda c: c.code)
def test_a_court_shows_its_figure_and_suit(card: Card) -> None:
    hrefs = [u["href"] for u in Tree(face_html(card)).uses()]
    assert hrefs[0] == f"#court-{'JQK'[card.rank - 11]}"
    assert hrefs[1:] == [f"#pip-{card.suit}"] * 2


def test_every_face_is_its_own() -> None:
    assert len({face_html(c) for c in DECK}) == 52
    assert face_html(Card.parse("Qh")) is face_html(Card.parse("Qh"))


def test_sprite_defines_every_symbol_a_face_uses_once() -> None:
    tree = Tree(sprite())
    tag, root, _ = tree.elements[0]
    assert tag == "svg" and root["aria-hidden"] == "true" and "display:none" in root["style"]
    ids = [a["id"] for _, a, _ in tree.elements if "id" in a]
    assert len(ids) == len(set(ids))
    symbols = {a["id"] for t, a, _ in tree.elements if t == "symbol"}
    assert {"court-J", "court-Q", "court-K"} <= symbols
    used = {u["href"].lstrip("#") for c in DECK for u in Tree(face_html(c)).uses()}
    assert used <= symbols
    assert "".join(tree.texts).strip() == ""


def test_court_figures_take_the_suit_colour_and_an_accent() -> None:
    for rank in "JQK":
        symbol = sprite().split(f'id="court-{rank}"')[1].split("</symbol>")[0]
        assert "currentColor" in symbol and "var(--ca" in symbol


def test_colour_and_suit_classes() -> None:
    assert {colour_class(c) for c in DECK if c.suit in "hd"} == {"red"}
    assert {colour_class(c) for c in DECK if c.suit in "cs"} == {"black"}
    assert [suit_class(Card(1, s)) for s in "cdhs"] == ["suit-c", "suit-d", "suit-h", "suit-s"]


def test_backs_are_named_and_each_has_a_design() -> None:
    ids = [key for key, _ in BACKS]
    assert len(BACKS) >= 3 and len(set(ids)) == len(ids)
    assert all(name and name[0].isupper() for _, name in BACKS)
    assert ".card.back::before" in CSS  # the first back is the default, without an attribute
    for key in ids:
        # Chosen on <html data-back>, or a card's own data-back (a swatch in the settings)
        assert f'.card.back[data-back="{key}"]::before' in CSS
        assert key == ids[0] or f':where([data-back="{key}"]) .card.back::before' in CSS


def test_css_masks_draw_the_same_suits_as_the_sprite() -> None:
    masks = dict(re.findall(r"\.cf\.cf-(\w) \{ --suit: url\(\"([^\"]+)\"\)", CSS))
    assert set(masks) == set("cdhs")
    for suit, uri in masks.items():
        assert f"d='{SUIT_PATHS[suit]}'" in unquote(uri)


def test_css_draws_four_colours_the_stock_and_small_cards() -> None:
    assert ".four-colour .cf.cf-c" in CSS and ".four-colour .cf.cf-d" in CSS
    assert "var(--depth" in CSS and ".card.stock.empty" in CSS
    assert "@container (max-width:" in CSS


def test_css_loads_nothing_more() -> None:
    # No web font, no image file, no import: the card art is this stylesheet and the sprite, nothing else.
    assert "@font-face" not in CSS and "@import" not in CSS
    assert all(url.startswith('"data:') for url in re.findall(r"url\(([^)]{0,6})", CSS))


@pytest.mark.parametrize("card", DECK, ids=lambda c: c.code)
def test_face_classes_are_its_own(card: Card) -> None:
    # The page's stylesheet has classes of its own (.ace, .big, .court...): a face uses cf- names only.
    classes = {c for _, a, _ in Tree(face_html(card)).elements for c in a.get("class", "").split()}
    assert classes and all(c == "cf" or c.startswith("cf-") for c in classes)


def test_no_coordinate_reads_as_rank_arithmetic() -> None:
    # e2e/test_family.py reads web/*.py for a standalone 13 (rank arithmetic): the art must not trip it.
    source = (Path(__file__).resolve().parents[2] / "web" / "cardface.py").read_text(encoding="utf-8")
    assert not re.search(r"\b13\b", source)
