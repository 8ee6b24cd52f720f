"""After a loss: watch a winning line on the table (Next, Back, played at a chosen speed, each move
announced), take over from any step and win; in both games, by mouse and by keyboard."""

from __future__ import annotations

import functools
import json
import random
import re

import pytest
from game_support import make_move, menu, open_game, records_of, state, storage
from playwright.sync_api import Page, expect
from test_game_storage import set_storage
from test_statistics import AXE_PATH

from tripeaks import STRICT, TRIANGLE, TRIPEAKS, Game, Records, Solitaire, Status, numbered_deal
from tripeaks import review_words as words
from tripeaks.services.best import find_best
from tripeaks.services.review import ReviewSearch
from tripeaks.services.telling import best_words
from tripeaks.services.watch import Watch, WatchSearch


def saved(game: Game, game_id: str = "lost-game") -> str:
    return json.dumps({"schema": 1, "rev": 1, "tab": "elsewhere", "id": game_id, "time": 1764547200,
                       "save": game.to_json()})


@functools.cache
def a_loss(solitaire: Solitaire, rules: object, shortest: int, longest: int) -> tuple[Game, Watch]:
    """A game of a numbered deal played to a loss by a seeded random player, whose winning line from
    the latest position that could still be won has ``shortest`` to ``longest`` moves."""
    chooser = random.Random(17)
    for number in range(1, 400):
        game = Game(numbered_deal(number, solitaire), rules, number=number)
        while game.status is Status.PLAYING:
            game.push(chooser.choice(game.legal_moves))
        if game.status is not Status.OUT_OF_MOVES:
            continue
        line = WatchSearch(game).step()
        assert line is not None
        if shortest <= len(line.moves) <= longest and line.start > 0:
            return game, line
    raise AssertionError("no such game")


def lose_in_the_page(page: Page, game: Game) -> dict[str, object]:
    """The game on the table one move before its end, and that last move made by clicking."""
    before = Game.from_moves(game.deal, game.rules, game.moves[:-1], number=game.number)
    triangle = game.solitaire is TRIANGLE
    set_storage(page, {"tripeaks:v1:game" + (":triangle" if triangle else ""): saved(before)})
    data = open_game(page, "?game=triangle" if triangle else "")
    make_move(page, data, game.moves[-1])
    data = state(page)
    assert data["status"] == "out_of_moves"
    return data


def test_watch_a_winning_line_to_the_end_then_take_over_midway_and_win(page: Page) -> None:
    game, line = a_loss(TRIPEAKS, STRICT, 6, 14)
    lose_in_the_page(page, game)
    expect(page.locator("#ending")).to_be_visible()
    best = find_best(game.start)
    expect(page.locator("#ending-best")).to_have_text(  # worked out while the game was played
        best_words(TRIPEAKS, game.score, best), timeout=90_000
    )
    page.click("#watch-latest")
    expect(page.locator("#watch")).to_be_visible()
    expect(page.locator("#ending")).to_be_hidden()
    expect(page.locator("#message")).to_have_text(line.text)
    data = state(page)
    steps = len(line.moves)
    assert data["watching"] == {"kind": "winning", "start": line.start, "step": 0, "steps": steps,
                                "playing": False}
    assert data["moves"] == [m.notation for m in game.moves[: line.start]]
    expect(page.locator("#controls")).to_have_attribute("inert", "")

    page.click("#watch-next")
    expect(page.locator("#live")).to_contain_text(f"Move 1 of {steps}: ")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#watch-step")).to_have_text(f"Move 2 of {steps}")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#live")).to_contain_text(f"Back to move 1 of {steps}")
    assert state(page)["moves"][-1] == line.moves[0].notation

    page.select_option("#watch-speed", label="Fast")
    page.click("#watch-play")
    expect(page.locator("#watch-play")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(f"JSON.parse(window.tripeaksState()).watching.step === {steps}", timeout=30_000)
    data = state(page)
    assert data["status"] == "won" and data["watching"]["playing"] is False
    expect(page.locator("#live")).to_contain_text(f"Move {steps} of {steps}")
    expect(page.locator("#ending")).to_be_hidden()  # the line's win is not the player's
    assert records_of(storage(page)["tripeaks:v1:records"])["strict"]["won"] == 0

    middle = steps // 2
    for _ in range(steps - middle):
        page.click("#watch-back")
    expect(page.locator("#watch-step")).to_have_text(f"Move {middle} of {steps}")
    page.click("#watch-take")
    expect(page.locator("#watch")).to_be_hidden()
    expect(page.locator("#message")).to_contain_text("counts as a game with a hint")
    data = state(page)
    assert data["watching"] is None and data["hints"] == 1 and data["status"] == "playing"
    assert data["moves"] == [m.notation for m in (*game.moves[: line.start], *line.moves[:middle])]
    assert data["game_id"] != "lost-game"
    for move in line.moves[middle:]:
        make_move(page, state(page), move)
    data = state(page)
    assert data["status"] == "won"
    records = records_of(storage(page)["tripeaks:v1:records"])
    assert records["strict"]["played"] == 2 and records["strict"]["won"] == 1
    assert records["strict"]["best_score"] is None  # won with a hint: no personal best
    kept = {g.id: g for g in Records.from_json(storage(page)["tripeaks:v1:records"]).games}
    assert kept["lost-game"].best == best.best.score  # the best was known once the loss was counted
    menu(page, "#stats-open")
    shares = page.locator('#stats-body section[data-game="tripeaks"] figure[data-chart="best-share"] svg')
    expect(shares).to_have_attribute("aria-label", re.compile("^Share of the best possible score"))


def test_triangle_watch_from_the_start_take_over_and_win_by_keyboard(page: Page) -> None:
    game, _ = a_loss(TRIANGLE, None, 1, 60)
    lose_in_the_page(page, game)
    line = WatchSearch(game, from_start=True).step()
    assert line is not None and line.start == 0
    best = find_best(game.start)
    expect(page.locator("#ending-best")).to_have_text(best_words(TRIANGLE, game.score, best), timeout=60_000)
    page.focus("#watch-start")
    page.keyboard.press("Enter")
    expect(page.locator("#watch")).to_be_visible()
    expect(page.locator("#watch-next")).to_be_focused()
    assert state(page)["moves"] == []
    for _ in range(3):
        page.keyboard.press("Enter")  # Next, which has the focus
    expect(page.locator("#watch-step")).to_have_text(f"Move 3 of {len(line.moves)}")
    page.keyboard.press("Escape")  # stop watching: the lost game is back
    expect(page.locator("#watch")).to_be_hidden()
    data = state(page)
    assert data["status"] == "out_of_moves" and data["game_id"] == "lost-game"
    page.click("#watch-start")
    expect(page.locator("#watch")).to_be_visible()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.focus("#watch-take")
    page.keyboard.press("Enter")
    expect(page.locator("#watch")).to_be_hidden()
    for _ in range(len(line.moves) - 2):
        page.keyboard.press("y")  # Redo plays the rest of the line
    page.wait_for_function("JSON.parse(window.tripeaksState()).status === 'won'")
    records = records_of(storage(page)["tripeaks:v1:records"])
    assert records["triangle:standard"]["won"] == 1


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_playing_a_line_respects_reduced_motion(page: Page, motion: str) -> None:
    game, line = a_loss(TRIPEAKS, STRICT, 6, 14)
    page.emulate_media(reduced_motion=motion)  # type: ignore[arg-type]
    lose_in_the_page(page, game)
    page.click("#watch-latest")
    page.select_option("#watch-speed", label="Fast")
    page.evaluate("""() => { window.__glides = 0;
        new MutationObserver(() => { window.__glides += document.getAnimations().length; })
            .observe(document.body, {subtree: true, childList: true, attributes: true}); }""")
    page.click("#watch-play")
    page.wait_for_function(f"JSON.parse(window.tripeaksState()).watching.step === {len(line.moves)}",
                           timeout=30_000)
    glides = page.evaluate("window.__glides")
    assert (glides == 0) if motion == "reduce" else (glides > 0)


def test_watch_a_best_line_reaches_the_best_score(page: Page) -> None:
    game, _ = a_loss(TRIPEAKS, STRICT, 6, 14)
    lose_in_the_page(page, game)
    best = find_best(game.start)
    button = page.locator("#watch-best")
    expect(button).to_be_visible(timeout=90_000)
    button.click()
    expect(page.locator("#watch-title")).to_have_text("Watching a line to the best score")
    data = state(page)
    assert data["moves"] == [] and data["watching"]["steps"] == len(best.best.moves)
    page.select_option("#watch-speed", label="Fast")
    page.keyboard.press("p")
    page.wait_for_function("JSON.parse(window.tripeaksState()).watching.step >= 2")
    while (step := state(page)["watching"]["step"]) < len(best.best.moves):
        page.keyboard.press("ArrowRight")  # Next, which also pauses the play
        page.wait_for_function(f"JSON.parse(window.tripeaksState()).watching.step > {step}")
    assert state(page)["watching"]["playing"] is False
    assert state(page)["score"] == best.best.score
    page.click("#watch-stop")
    expect(page.locator("#ending-best")).to_contain_text(f"the best possible: {best.best.score:,}")


def test_review_a_loss_see_the_turning_point_then_after_a_new_deal_take_over_from_it(page: Page) -> None:
    """On a phone: the end sheet's review, the turning point and what would have kept the game winnable, the
    moves chosen by keyboard; then a new deal, the menu's review of the game it replaced, and taking over."""
    game, _ = a_loss(TRIPEAKS, STRICT, 6, 14)
    found = ReviewSearch(Game.from_moves(game.deal, game.rules, game.moves)).step()
    assert found is not None and found.turning_point is not None
    turning = found.turning_point
    page.set_viewport_size({"width": 390, "height": 844})
    lose_in_the_page(page, game)
    page.click("#ending-review")
    page.wait_for_function("document.documentElement.dataset.reviewed === '1'", timeout=60_000)
    expect(page.locator("#ending")).to_be_hidden()
    expect(page.locator("#review-title")).to_be_focused()
    expect(page.locator("#review-turning")).to_have_text(words.turning_words(TRIPEAKS, found, game.positions))
    expect(page.locator("#review-kept")).to_have_text(
        words.kept_words(TRIPEAKS, found, game.positions[turning]) or "")
    chips = page.locator("#review-moves [role=option]")
    expect(chips).to_have_count(game.moves_made)
    marks = chips.evaluate_all("els => els.map(el => el.className.split(' ')[1])")
    assert marks == [words.mark(known) for known in found.winnable[1:]]
    chip = page.locator("#review-moves .turning")
    said = words.chip_label(TRIPEAKS, found, game.positions[turning], turning)
    expect(chip).to_have_attribute("aria-label", said)
    expect(chip).to_have_attribute("aria-selected", "true")
    assert chip.bounding_box()["height"] >= 44  # type: ignore[index]
    page.keyboard.press("Tab")  # the keyboard reaches the moves at the one chosen
    expect(chip).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator(f"#review-move-{turning + 1}")).to_be_focused()
    expect(page.locator("#review-watch")).to_be_disabled()  # after the turning point no line wins
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#review-watch")).to_have_text(words.watch_from(turning))
    page.click("#review-watch")  # the solver plays on from just before the turning move
    expect(page.locator("#watch")).to_be_visible()
    expect(page.locator("#review")).to_be_hidden()
    watching = state(page)["watching"]
    assert watching["start"] == turning and watching["steps"] > 0
    page.keyboard.press("Escape")  # stop watching: back to the review, at the move chosen
    expect(page.locator("#review")).to_be_visible()
    expect(chip).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#review")).to_be_hidden()
    expect(page.locator("#ending")).to_be_visible()

    page.click("#ending-new")  # the lost game leaves the table: the menu still reviews it
    page.wait_for_function("JSON.parse(window.tripeaksState()).moves.length === 0")
    menu(page, "#review-open")
    expect(page.locator("#review-turning")).to_have_text(words.turning_words(TRIPEAKS, found, game.positions))
    review = state(page)["review"]
    assert review["turning_point"] == turning and review["chosen"] == turning
    assert review["winnable"] == list(found.winnable)
    page.click("#review-take")
    expect(page.locator("#review")).to_be_hidden()
    expect(page.locator("#message")).to_have_text(words.taken_over(turning))
    data = state(page)
    assert data["moves"] == [m.notation for m in game.moves[:turning]]
    assert data["redo"] == [m.notation for m in game.moves[turning:]]
    assert data["status"] == "playing" and data["hints"] == 1
    make_move(page, data, found.line[0])  # the move that kept the game winnable
    assert state(page)["moves"][-1] == found.line[0].notation


def test_axe_finds_no_serious_problem_in_the_end_panel_or_while_watching(page: Page) -> None:
    game, _ = a_loss(TRIPEAKS, STRICT, 6, 14)
    page.set_viewport_size({"width": 360, "height": 740})
    lose_in_the_page(page, game)
    expect(page.locator("#watch-best")).to_be_visible(timeout=90_000)
    page.add_script_tag(path=str(AXE_PATH))
    script = "async () => JSON.stringify(await axe.run(document))"

    def serious() -> list[tuple[str, str]]:
        found = json.loads(page.evaluate(script))["violations"]
        return [(v["id"], v["nodes"][0]["html"][:100]) for v in found
                if v["impact"] in ("serious", "critical")]

    assert serious() == []
    page.click("#ending-review")
    page.wait_for_function("document.documentElement.dataset.reviewed === '1'", timeout=60_000)
    assert serious() == []
    out = page.evaluate("""() => [...document.querySelectorAll('#review button, #review [role=option]')]
        .filter(el => el.getBoundingClientRect().right > 360).map(el => el.id)""")
    assert out == []
    page.keyboard.press("Escape")
    page.click("#watch-latest")
    expect(page.locator("#watch")).to_be_visible()
    page.click("#watch-next")
    assert serious() == []
    out = page.evaluate("""() => [...document.querySelectorAll('#watch button, #watch select')]
        .filter(el => el.getBoundingClientRect().right > 360).map(el => el.id)""")
    assert out == []
