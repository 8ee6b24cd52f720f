"""Solving many deals: the winnable share of a range of deals, with its confidence interval, and how long
solving takes; scored by cards left, also the fewest cards each deal's best line leaves. :class:`Tally` keeps
the figures of a stream of deals' lines (see :mod:`tripeaks.services.sweep`) in bounded memory, however
long the range."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..model.answers import DEFAULT_BUDGET, Grade, Result
from ..model.scoring import CARDS_LEFT
from ..model.solitaire import Solitaire
from ..registry import game_of_rules
from .sweep import InProcess, Processes, sweep

__all__ = [
    "RangeSummary", "Spread", "Tally", "left_report", "percent", "percentile", "share_with_interval",
    "solve_range", "wilson",
]


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` fall (nearest rank)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


@dataclass
class RangeSummary:
    results: dict[int, str] = field(default_factory=dict)
    seconds: dict[int, float] = field(default_factory=dict)
    nodes: dict[int, int] = field(default_factory=dict)
    lengths: dict[int, int] = field(default_factory=dict)
    left: dict[int, int] = field(default_factory=dict)
    """Scored by cards left: the fewest layout cards a line leaves, by deal (a deal given up has none)."""
    interrupted: bool = False
    """Whether the work was stopped (Ctrl-C) before every deal was solved: the figures are of those
    that were."""

    def count(self, result: Result) -> int:
        return sum(r == result.value for r in self.results.values())

    def report(self, wall: float) -> str:
        total = len(self.results)
        if not total:
            return f"deals: 0 (none was finished)\nwall time: {wall:.2f} s"
        won, lost, gave_up = (self.count(r) for r in Result)
        times = list(self.seconds.values())
        nodes = [float(n) for n in self.nodes.values()]
        lines = [
            f"deals: {total}   won: {won} ({100 * won / total:.1f}%)   lost: {lost} "
            f"({100 * lost / total:.1f}%)   gave up: {gave_up}",
            f"seconds per deal: median {percentile(times, 0.5):.4f}   p95 {percentile(times, 0.95):.4f}"
            f"   p99 {percentile(times, 0.99):.4f}   max {max(times):.4f}   total {sum(times):.2f}",
            f"states per deal: median {percentile(nodes, 0.5):,.0f}   p95 {percentile(nodes, 0.95):,.0f}"
            f"   max {max(nodes):,.0f}",
            f"wall time: {wall:.2f} s",
        ]
        if self.lengths:
            lengths = [float(v) for v in self.lengths.values()]
            lines.append(
                f"moves in winning lines: median {percentile(lengths, 0.5):.0f}   max {max(lengths):.0f}"
            )
        if self.left:
            lines.append(self.left_report())
        return "\n".join(lines)

    def left_report(self) -> str:
        """The fewest cards left of the deals, in a line: how many deals leave 0, 1, 2, 3 or more.

        >>> RangeSummary(left={1: 0, 2: 0, 3: 2, 4: 7}).left_report()
        'fewest cards left: 0 on 2 deals, 1 on 0, 2 on 1, 3 or more on 1   mean 2.25   max 7'
        """
        return left_report(Counter(self.left.values()))


def left_report(left: Counter[int]) -> str:
    """The fewest cards left of a range's deals (how many deals leave each count), in a line."""
    counts = [left[n] for n in range(3)] + [sum(count for n, count in left.items() if n >= 3)]
    shares = ", ".join(f"{label} on {count}" for label, count in zip(("1", "2", "3 or more"), counts[1:],
                                                                     strict=True))
    deals = sum(left.values())
    mean = sum(n * count for n, count in left.items()) / deals
    return (f"fewest cards left: 0 on {counts[0]} deal{'' if counts[0] == 1 else 's'}, {shares}   "
            f"mean {mean:.2f}   max {max(left)}")


def wilson(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a share ``wins / games`` (95% for the default ``z``): unlike the
    normal approximation it stays within 0 and 1 and holds for shares near either.

    >>> low, high = wilson(450, 1000)
    >>> f"{low:.4f} {high:.4f}"
    '0.4194 0.4810'
    """
    if games <= 0:
        return 0.0, 1.0
    share = wins / games
    middle = share + z * z / (2 * games)
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (middle - spread) / scale), min(1.0, (middle + spread) / scale)


class Spread:
    """Values whose percentiles a report gives, in bounded memory: kept as they are up to ``EXACT``
    values (percentiles exact, by nearest rank), then counted in bins 1% wide (percentiles within 1%)."""

    EXACT = 100_000
    _STEP = math.log(1.01)

    def __init__(self) -> None:
        self.count = 0
        self.total = 0.0
        self.most = 0.0
        self._values: list[float] | None = []
        self._bins: Counter[int] = Counter()

    def add(self, value: float) -> None:
        self.count += 1
        self.total += value
        self.most = max(self.most, value)
        if self._values is None:
            self._bins[self._bin(value)] += 1
            return
        self._values.append(value)
        if len(self._values) > self.EXACT:
            self._bins.update(self._bin(v) for v in self._values)
            self._values = None

    def _bin(self, value: float) -> int:
        return math.floor(math.log(value) / self._STEP) if value > 0 else -(1 << 30)

    def percentile(self, share: float) -> float:
        if self._values is not None:
            return percentile(self._values, share)
        rank = min(self.count - 1, max(0, round(share * self.count) - 1))
        seen = 0
        for where in sorted(self._bins):
            seen += self._bins[where]
            if seen > rank:
                return 0.0 if where == -(1 << 30) else min(math.exp((where + 0.5) * self._STEP), self.most)
        return self.most  # pragma: no cover - the bins hold every value


class Tally:
    """The figures of a range's deal lines, added one by one: counts of each result, of the no-peeking
    player's wins and of each grade, and the spreads of time, states and winning moves; with ``cards_left``
    (the range scored by cards left), how many deals leave each count of cards."""

    def __init__(self, *, cards_left: bool = False) -> None:
        self.cards_left = cards_left
        self.left: Counter[int] = Counter()
        self.results: Counter[str] = Counter()
        self.fair_games = 0
        self.fair_wins = 0
        self.grades: Counter[str] = Counter()
        self.seconds = Spread()
        self.nodes = Spread()
        self.moves = Spread()

    @property
    def deals(self) -> int:
        return sum(self.results.values())

    def add(self, line: dict[str, Any]) -> None:
        self.results[line["result"]] += 1
        self.seconds.add(float(line["seconds"]))
        self.nodes.add(float(line["nodes"]))
        if line.get("moves") is not None:
            self.moves.add(float(line["moves"]))
        if line.get("fair") is not None:
            self.fair_games += 1
            self.fair_wins += bool(line["fair"])
        if line.get("grade") is not None:
            self.grades[line["grade"]] += 1
        if self.cards_left and line.get("cards_left") is not None:
            self.left[line["cards_left"]] += 1

    def share(self) -> str:
        """The winnable share and the no-peeking player's, each with its 95% interval."""
        total = self.deals
        won = self.results[Result.WON.value]
        said = f"winnable: {_share(won, total)}"
        if self.fair_games:
            said += f"   the no-peeking player wins: {_share(self.fair_wins, self.fair_games)}"
        return said

    def report(self, wall: float) -> str:
        total = self.deals
        if not total:
            return f"deals: 0 (none was finished)\nwall time: {wall:.2f} s"
        won, lost, gave_up = (self.results[r.value] for r in Result)
        seconds, nodes = self.seconds, self.nodes
        lines = [
            f"deals: {total}   won: {won} ({100 * won / total:.1f}%)   lost: {lost} "
            f"({100 * lost / total:.1f}%)   gave up: {gave_up}",
            f"seconds per deal: median {seconds.percentile(0.5):.4f}   p95 {seconds.percentile(0.95):.4f}"
            f"   p99 {seconds.percentile(0.99):.4f}   max {seconds.most:.4f}   total {seconds.total:.2f}",
            f"states per deal: median {nodes.percentile(0.5):,.0f}   p95 {nodes.percentile(0.95):,.0f}"
            f"   max {nodes.most:,.0f}",
            f"wall time: {wall:.2f} s",
        ]
        if self.moves.count:
            moves = self.moves
            lines.append(f"moves in winning lines: median {moves.percentile(0.5):.0f}   max {moves.most:.0f}")
        if self.left:
            lines.append(left_report(self.left))
        lines.append(self.share())
        if self.grades:
            counts = [f"{g.value} {self.grades[g.value]}" for g in Grade if self.grades[g.value]]
            lines.append("grades: " + ", ".join(counts))
        return "\n".join(lines)


def percent(share: float) -> str:
    """A share as a percentage of one decimal, or two when one would round it to 0 or 100 (an interval
    of 99.96–100% is not one of 100–100%).

    >>> percent(0.4567), percent(0.99962), percent(1.0), percent(0.0004)
    ('45.7%', '99.96%', '100.0%', '0.04%')
    """
    value = 100 * share
    if 0 < value < 0.05 or 99.95 <= value < 100:
        return f"{min(value, 99.99):.2f}%"
    return f"{value:.1f}%"


def share_with_interval(wins: int, games: int) -> tuple[str, str]:
    """``wins / games`` as a percentage, and its 95% Wilson interval: ``("45.0%", "41.9–48.1%")``."""
    low, high = wilson(wins, games)
    return percent(wins / games), f"{percent(low).rstrip('%')}–{percent(high)}"


def _share(wins: int, games: int) -> str:
    share, interval = share_with_interval(wins, games)
    return f"{share} (95% interval {interval})"


def solve_range(
    numbers: Iterable[int],
    rules: Any = None,
    *,
    solitaire: Solitaire | None = None,
    jobs: int = 1,
    budget: int = DEFAULT_BUDGET,
    shortest: bool = False,
    progress: Callable[[int], None] | None = None,
    scoring: str | None = None,
) -> RangeSummary:
    """Solve every numbered deal of a game in ``numbers``, on ``jobs`` processes.

    The work is handed out as it goes (``numbers`` may be a long range): nothing is made for
    deals not yet reached, and ``progress`` is told after each deal. Ctrl-C (``KeyboardInterrupt``)
    stops it at once, the worker processes ended: the summary then holds the deals solved so far
    and says it was ``interrupted``. Scored by cards left (``scoring``; ``None``: the game's first), each
    deal's fewest cards left is worked out too (those the solver proves lost take the search for it: far
    longer).
    """
    game = solitaire if solitaire is not None else game_of_rules(rules)
    rules = game.check_rules(rules)
    cards_left = game.check_scoring(scoring) == CARDS_LEFT
    summary = RangeSummary()

    def take(line: dict[str, Any]) -> None:
        number = line["deal"]
        summary.results[number] = line["result"]
        summary.seconds[number] = line["seconds"]
        summary.nodes[number] = line["nodes"]
        if line["moves"] is not None:
            summary.lengths[number] = line["moves"]
        if cards_left and line["cards_left"] is not None:
            summary.left[number] = line["cards_left"]
        if progress is not None:
            progress(len(summary.results))

    try:
        with Processes(jobs) if jobs > 1 else InProcess() as runner:
            sweep(numbers, game, rules, runner, take, budget=budget, shortest=shortest, cards_left=cards_left)
    except KeyboardInterrupt:
        summary.interrupted = True
    return summary
