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
