"""The statistics as the dialog shows them: rule sets by their names, figures in words."""

from __future__ import annotations

import datetime as dt

from statsview import body, rules_name, table

from tripeaks import EASY, STRICT, TRIANGLE, TRIPEAKS, Game, Records, numbered_deal


def test_rule_sets_are_named_never_keyed() -> None:
    assert rules_name(TRIPEAKS, STRICT.key) == STRICT.label
    assert rules_name(TRIPEAKS, "no such rules") == "Rules of another version"


def test_the_table_has_a_row_a_rule_set_the_current_first() -> None:
    records = Records()
    for rules in (STRICT, EASY):
        game = Game(numbered_deal(4), rules)
        game.push("draw")
        records = records.record(game, id=rules.key, ended=1)
    html = table(records, TRIPEAKS, EASY)
    assert html.index(EASY.label) < html.index(STRICT.label)
    assert STRICT.key not in html.replace(STRICT.label, "")


def test_the_body_has_each_game_played_and_the_note() -> None:
    records = Records()
    html = body(records, TRIANGLE, TRIANGLE.default_rules, dt.date(2026, 12, 4), dt.UTC)
    assert 'data-game="triangle"' in html and 'data-game="tripeaks"' not in html
    assert "without a hint" in html


def test_scored_by_cards_left_the_best_is_the_fewest_cards_left_beside_the_fewest_moves() -> None:
    game = Game(numbered_deal(4), STRICT)
    game.push("draw")
    records = Records().record(game, id="a", ended=1)
    classic, by_left = table(records, TRIPEAKS, STRICT), table(records, TRIPEAKS, STRICT, "cards-left")
    assert "Best score" in classic and "Fewest left" not in classic and "Fewest moves" in classic
    assert "Fewest left" in by_left and "Best score" not in by_left and "Fewest moves" in by_left
    assert '<td data-label="Fewest left">28</td>' in by_left
    html = body(records, TRIANGLE, TRIANGLE.default_rules, dt.date(2026, 12, 4), dt.UTC,
                scoring=lambda game: "cards-left")
    assert "Fewest left" in html
