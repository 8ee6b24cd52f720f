"""The table drawn as text for the terminal."""

from __future__ import annotations

from conftest import chain_deal, clear_order, up_chain

from tripeaks import EASY, STANDARD, Game, Position, Rules, numbered_deal
from tripeaks.services.text import draw_table

DEAL_1 = numbered_deal(1)

START = """\
      ##          ##          ##
    ##  ##      ##  ##      ##  ##
  ##  ##  ##  ##  ##  ##  ##  ##  ##
2c  Ad  6s  Kc  Kh  Th  Ts  Js  Td  8s

Waste: Qc    Stock: 23 cards"""


def test_the_start_of_deal_1() -> None:
    assert draw_table(Position.start(DEAL_1, STANDARD)) == START


def test_reveal_marks_face_down_cards_and_shows_the_stock_in_order() -> None:
    text = draw_table(Position.start(DEAL_1, Rules(passes=2)), reveal=True)
    lines = text.splitlines()
    assert lines[0] == "      7D          9C          4D"
    assert lines[1] == "    8H  8D      5S  jD      6D  9S"
    assert lines[2] == "  jC  5D  kD  3C  2D  jH  5H  7H  4H"
    assert lines[3] == START.splitlines()[3]  # face-up cards keep their case
    stock = " ".join(c.code for c in DEAL_1.stock)
    assert lines[5] == f"Waste: Qc    Stock: {stock}, 1 reset left"


def test_all_face_up_shows_every_card() -> None:
    text = draw_table(Position.start(DEAL_1, Rules(face_up=True)))
    assert "##" not in text
    assert text.splitlines()[1] == "    8h  8d      5s  Jd      6d  9s"


def test_passes_left_are_shown() -> None:
    assert draw_table(Position.start(DEAL_1, STANDARD)).endswith("Stock: 23 cards")
    assert draw_table(Position.start(DEAL_1, Rules(passes=3))).endswith("Stock: 23 cards, 2 resets left")
    assert draw_table(Position.start(DEAL_1, EASY)).endswith("Stock: 23 cards, unlimited passes")
    game = Game(DEAL_1, Rules(passes=2))
    for _ in range(23):
        game.draw()
    assert draw_table(game.position).endswith("Waste: 7s    Stock: 0 cards, 1 reset left")
    game.reset()
    assert draw_table(game.position).endswith("Waste: Qc    Stock: 23 cards, 0 resets left")


def test_played_cards_leave_gaps_and_cleared_rows_say_so() -> None:
    deal = chain_deal(up_chain(1, 29))
    game = Game(deal)
    order = clear_order()
    game.play(deal.layout_cards[order[0]])
    lines = draw_table(game.position).splitlines()
    assert lines[3].startswith("    " + deal.layout_cards[19].code)
    for s in order[1:10]:
        game.play(deal.layout_cards[s])
    lines = draw_table(game.position).splitlines()
    assert lines[3] == "(row 4 cleared)"
    assert lines[2] == "  " + "  ".join(deal.layout_cards[s].code for s in range(9, 18))
    assert lines[5] == f"Waste: {deal.layout_cards[27].code}    Stock: 23 cards"
    for s in order[10:]:
        game.play(deal.layout_cards[s])
    text = draw_table(game.position)
    assert text.splitlines()[:4] == [f"(row {r} cleared)" for r in (1, 2, 3, 4)]


def test_an_empty_waste_is_drawn_so() -> None:
    text = draw_table(Position.start(DEAL_1, Rules(empty_waste=True)))
    assert text.splitlines()[:4] == START.splitlines()[:4]
    assert text.splitlines()[5] == "Waste: (empty)    Stock: 24 cards"
    revealed = draw_table(Position.start(DEAL_1, Rules(passes=2, empty_waste=True)), reveal=True)
    stock = " ".join(c.code for c in (DEAL_1.waste, *DEAL_1.stock))
    assert revealed.splitlines()[5] == f"Waste: (empty)    Stock: {stock}, 1 reset left"
