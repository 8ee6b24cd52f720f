"""The commands that answer about deals: solve, stats, best, grade, review and games."""

from __future__ import annotations

import argparse
import json

from .. import registry
from ..kit.solving import solve
from ..model.answers import Result
from ..model.position import Position
from ..model.scoring import CARDS_LEFT
from ..registry import DEFAULT_GAME
from .options import chosen_game, chosen_rules, chosen_scoring, deal_of, deal_range

SHORTEST_SECONDS = 10
"""How long ``solve --shortest`` searches unless told: proving a line the fewest can take far
longer than finding it (with unlimited passes above all), and the answer then says so."""


def games() -> int:
    for game in registry.GAMES:
        names = ", ".join(game.aliases)
        print(f"{game.id:10} {game.name} (also {names})")
        print(f"{'':10} {game.blurb}")
        called = {key: name for name, key in game.rule_set_names}
        rule_sets = ", ".join(f"{key} ({called[key]})" if key in called else key for key in game.rule_sets)
        prefix = "no prefix or " if game is DEFAULT_GAME else ""
        print(f"{'':10} rule sets: {rule_sets}; deal codes: {prefix}'{game.prefix}:…'; "
              f"scorings: {', '.join(game.scorings)}")
    return 0


def review(args: argparse.Namespace) -> int:
    from ..services.review import REVIEW_BUDGET, ReviewSearch, replay
    from ..services.review_words import table

    game = chosen_game(args, args.deal)
    deal, _ = deal_of(args.deal, game)
    played = replay(deal, chosen_rules(args, game), " ".join(args.moves).split())
    budget = args.budget or REVIEW_BUDGET
    found = ReviewSearch(played, budget=budget, total=max(budget * 8, budget)).step()
    assert found is not None
    if args.json:
        print(json.dumps(found.to_dict()))
        return 0
    print("\n".join(table(game, found, played.positions)))
    return 0


def grade(args: argparse.Namespace) -> int:
    from ..services.difficulty import difficulty

    game = chosen_game(args, args.deal)
    deal, _ = deal_of(args.deal, game)
    found = difficulty(deal, chosen_rules(args, game))
    if args.json:
        print(json.dumps(found.to_dict()))
        return 0
    print(game.words.grade(found.grade))
    if found.games:
        print(f"(the no-peeking player won {found.wins} of {found.games} games)")
    return 0


def best(args: argparse.Namespace) -> int:
    from ..services.best import find_best

    game = chosen_game(args, args.deal)
    deal, _ = deal_of(args.deal, game)
    scoring = chosen_scoring(args, game)
    found = find_best(Position.start(deal, chosen_rules(args, game)), scoring)
    if args.json:
        print(json.dumps(found.to_dict()))
        return 0
    names = ("fewest cards left", "winning line") if scoring == CARDS_LEFT else ("best", "best winning")
    for name, line in zip(names, (found.best, found.best_clear), strict=True):
        if line is None:
            print(f"{name}: none, no line wins")
            continue
        # a game scored by the cards left (Golf) says them; the others their score
        own = game.layout.size - line.score if scoring == CARDS_LEFT else line.score  # the game's own score
        figure = str(line.score) if "classic" in game.scorings else game.words.scored(own)
        print(f"{name}: {figure} in {len(line.moves)} moves")
        print(" ".join(move.notation for move in line.moves))
    print(f"({found.nodes:,} states, {found.seconds:.3f} s)")
    return 0


def solve_deal(args: argparse.Namespace) -> int:
    game = chosen_game(args, args.deal)
    deal, _ = deal_of(args.deal, game)
    position = Position.start(deal, chosen_rules(args, game))
    seconds = args.seconds if args.seconds is not None else (SHORTEST_SECONDS if args.shortest else None)
    answer = solve(position, budget=args.budget, seconds=seconds, shortest=args.shortest)
    if args.json:
        print(json.dumps(answer.to_dict()))
        return 0
    said = {
        Result.WON: f"won in {len(answer.moves)} moves",
        Result.LOST: "lost: no line clears the layout",
        Result.GAVE_UP: "gave up: the budget ran out before an answer",
    }[answer.result]
    if answer.result is Result.GAVE_UP and answer.moves:
        said = (f"gave up proving the fewest moves: the shortest winning line found has "
                f"{len(answer.moves)} moves")
    print(f"{said} ({answer.nodes:,} states, {answer.seconds:.3f} s)")
    if answer.moves:
        print(" ".join(m.notation for m in answer.moves))
    return 0


def stats(args: argparse.Namespace) -> int:
    from ..services.winrates import StatsRun, run_stats

    numbers = deal_range(args.deals)
    game = chosen_game(args)
    rules = chosen_rules(args, game)
    return run_stats(StatsRun(
        numbers, game, rules, jobs=args.jobs, cluster=args.cluster, out=args.out, budget=args.budget,
        shortest=args.shortest, grade=args.grade, yes=args.yes,
        cards_left=chosen_scoring(args, game) == CARDS_LEFT,
    ))
