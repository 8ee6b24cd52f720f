"""A range of numbered deals solved into lines, one JSON object a deal, in bounded chunks on a runner.

A deal's line (:func:`deal_line`) holds what the ``stats`` command writes to its ``--out`` file::

    {"deal": 7, "game": "tripeaks", "rules": "standard", "code": "…", "result": "won", "moves": 41,
     "cards_left": 0, "fair": false, "nodes": 3125, "seconds": 0.0123}

``result`` is the exact solver's answer (``won``, ``lost`` or ``gave_up`` within its budget), ``moves`` the
length of its winning line, ``cards_left`` the fewest layout cards a line leaves (0 for a won deal; for a
lost one, the exact search by cards left when the range is scored by them, else ``null``: see
:func:`fewest_cards_left`), ``fair`` whether the game's no-peeking player (the grader's,
which never sees the stock or a face-down card) wins it, and ``grade`` its difficulty when asked for;
``nodes`` and ``seconds`` are the solver's work (and the search by cards left's time, when it ran).
Everything but ``seconds`` is the same on every machine and runner.

:func:`sweep` hands the deals out in chunks to a :class:`Runner`, this process (:class:`InProcess`), a
pool of processes (:class:`Processes`) or a Dask cluster (:mod:`tripeaks.services.cluster`), with a
bounded number of chunks in flight, and takes each line as its chunk comes back, in no set order: a
range of any length streams, and nothing is made for deals not yet reached. :class:`DoneDeals` is the
set of deals a file has already, kept as runs of numbers, to skip them.
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from ..kit.solving import solve
from ..model.answers import DEFAULT_BUDGET, Result, Solution
from ..model.numbered import numbered_deal
from ..model.position import Position
from ..model.solitaire import Solitaire
from ..registry import find_game

__all__ = [
    "Chunk", "DoneDeals", "InProcess", "Processes", "Runner", "deal_line", "fewest_cards_left", "solve_chunk",
    "sweep",
]

Line = dict[str, Any]
Chunk = tuple[str, str, tuple[int, ...], int, bool, bool, bool]
"""The work of one task: the game's id, the rules' key, the deal numbers, the budget, shortest, grade, and
whether a lost deal's fewest cards left is searched (the range scored by cards left)."""


def fewest_cards_left(position: Position, answer: Solution, search: bool = False) -> int | None:
    """The fewest layout cards any line leaves on the deal of ``position``, for a line: 0 when the
    solver won it; for a deal it proved lost, the exact search by cards left (the game's own, or the
    kit's: :func:`tripeaks.services.best.find_best`) if ``search``, else ``None`` (not known); ``None``
    when the solver gave up.

    >>> from tripeaks import STRICT, numbered_deal, solve
    >>> position = Position.start(numbered_deal(8), STRICT)  # lost under Strict rules, 2 cards left at best
    >>> answer = solve(position)
    >>> fewest_cards_left(position, answer), fewest_cards_left(position, answer, search=True)
    (None, 2)
    """
    if answer.result is Result.WON:
        return 0
    if answer.result is Result.GAVE_UP or not search:
        return None
    from ..model.scoring import CARDS_LEFT
    from .best import find_best

    return find_best(position, CARDS_LEFT).best.score


def deal_line(
    game: Solitaire, number: int, rules: Any, *, budget: int = DEFAULT_BUDGET, shortest: bool = False,
    grade: bool = False, cards_left: bool = False,
) -> Line:
    """One numbered deal solved, with its no-peeking player's game (and its grade, if asked), as a line;
    with ``cards_left``, a lost deal's fewest cards left is searched too."""
    deal = numbered_deal(number, game)
    position = Position.start(deal, rules)
    answer = solve(position, budget=budget, shortest=shortest)
    won = answer.result is Result.WON
    started = time.perf_counter()
    left = fewest_cards_left(position, answer, cards_left)
    searched = time.perf_counter() - started if left else 0.0
    grader = game.make_grader(position) if game.make_grader is not None else None
    line: Line = {
        "deal": number, "game": game.id, "rules": rules.key, "code": deal.code,
        "result": answer.result.value, "moves": len(answer.moves) if won else None, "cards_left": left,
        "fair": grader.fair_win() if grader is not None else None,
        "nodes": answer.nodes, "seconds": round(answer.seconds + searched, 6),
    }
    if grade:
        decided = grader is not None and answer.result is not Result.GAVE_UP
        line["grade"] = grader.graded(won).grade.value if grader is not None and decided else None
    return line


def solve_chunk(chunk: Chunk) -> list[Line]:
    """The lines of a chunk of deals: what each runner runs, in whatever process or machine."""
    game_id, key, numbers, budget, shortest, grade, cards_left = chunk
    game = find_game(game_id)
    rules = game.rules_from_key(key)
    return [deal_line(game, n, rules, budget=budget, shortest=shortest, grade=grade, cards_left=cards_left)
            for n in numbers]


class Runner(Protocol):
    """Where chunks are solved: at most ``slots`` of them at once, of ``chunk`` deals each at first; with
    a ``task_seconds``, later chunks hold as many deals as take about that long (at the mean time a deal has
    taken so far), so that quick deals do not drown in the cost of handing out a task."""

    slots: int
    chunk: int
    task_seconds: float | None

    def submit(self, chunk: Chunk) -> None: ...

    def finished(self, timeout: float) -> list[list[Line]]:
        """The lines of each chunk finished since last asked, after waiting up to ``timeout`` seconds
        for the first (an empty list if none finished by then)."""
        ...


class InProcess:
    """Solving in this process, one deal at a time, as it is handed out."""

    slots = 1
    chunk = 1
    task_seconds: float | None = None

    def __init__(self) -> None:
        self._done: list[list[Line]] = []

    def submit(self, chunk: Chunk) -> None:
        self._done.append(solve_chunk(chunk))

    def finished(self, timeout: float) -> list[list[Line]]:
        done, self._done = self._done, []
        return done

    def __enter__(self) -> InProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the process that started it, which ends the workers."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Processes:
    """Solving on a pool of ``jobs`` processes of this machine, a few chunks in flight for each.
    Leaving the ``with`` block, however it is left (Ctrl-C too), ends the processes at once."""

    chunk = 4
    task_seconds: float | None = None

    def __init__(self, jobs: int) -> None:
        import multiprocessing
        import queue

        self.slots = 2 * jobs
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._pool = multiprocessing.Pool(jobs, initializer=_ignore_interrupts)

    def submit(self, chunk: Chunk) -> None:
        put = self._queue.put
        self._pool.apply_async(solve_chunk, (chunk,), callback=put, error_callback=put)

    def finished(self, timeout: float) -> list[list[Line]]:
        import queue

        try:
            done = [self._queue.get(timeout=timeout)]
        except queue.Empty:
            return []
        while not self._queue.empty():
            done.append(self._queue.get())
        for lines in done:
            if isinstance(lines, BaseException):
                raise lines
        return done

    def __enter__(self) -> Processes:
        return self

    def __exit__(self, *exc: object) -> None:
        self._pool.terminate()
        self._pool.join()


class DoneDeals:
    """A set of deal numbers kept as sorted runs ``[first, last]``: the deals a file holds already,
    which come in long runs (a range solved in order, a few chunks in flight), so a few runs hold them."""

    def __init__(self) -> None:
        self._firsts: list[int] = []
        self._lasts: list[int] = []
        self.count = 0

    def add(self, number: int) -> bool:
        """Add a deal; whether it was new."""
        firsts, lasts = self._firsts, self._lasts
        at = bisect.bisect_right(firsts, number) - 1  # the run starting at or before number
        if at >= 0 and number <= lasts[at]:
            return False
        self.count += 1
        joins_left = at >= 0 and lasts[at] == number - 1
        joins_right = at + 1 < len(firsts) and firsts[at + 1] == number + 1
        if joins_left and joins_right:
            lasts[at] = lasts[at + 1]
            del firsts[at + 1], lasts[at + 1]
        elif joins_left:
            lasts[at] = number
        elif joins_right:
            firsts[at + 1] = number
        else:
            firsts.insert(at + 1, number)
            lasts.insert(at + 1, number)
        return True

    def __contains__(self, number: object) -> bool:
        if not isinstance(number, int):
            return False
        at = bisect.bisect_right(self._firsts, number) - 1
        return at >= 0 and number <= self._lasts[at]

    @property
    def runs(self) -> list[tuple[int, int]]:
        return list(zip(self._firsts, self._lasts, strict=True))

    def missing(self, numbers: range) -> Iterator[int]:
        """The numbers of a range (step 1) not in the set, in order, skipping whole runs at a time."""
        number, end = numbers.start, numbers.stop
        at = bisect.bisect_right(self._firsts, number) - 1
        while number < end:
            if at >= 0 and number <= self._lasts[at]:
                number = self._lasts[at] + 1
                continue
            following = self._firsts[at + 1] if at + 1 < len(self._firsts) else end
            stop = min(following, end)
            yield from range(number, stop)
            number = stop
            at += 1


MOST_IN_A_CHUNK = 256
"""The most deals one chunk holds, however quick they are."""


def _chunks(
    numbers: Iterable[int], size: Callable[[], int], head: tuple[str, str], tail: tuple[int, bool, bool, bool]
) -> Iterator[Chunk]:
    batch: list[int] = []
    wanted = size()
    for number in numbers:
        batch.append(number)
        if len(batch) >= wanted:
            yield (*head, tuple(batch), *tail)
            batch = []
            wanted = size()
    if batch:
        yield (*head, tuple(batch), *tail)


def sweep(
    numbers: Iterable[int],
    game: Solitaire,
    rules: Any,
    runner: Runner,
    take: Callable[[Line], None],
    *,
    budget: int = DEFAULT_BUDGET,
    shortest: bool = False,
    grade: bool = False,
    cards_left: bool = False,
    tick: Callable[[], None] | None = None,
) -> None:
    """Solve every deal of ``numbers`` on ``runner``, handing each line to ``take`` as its chunk comes
    back (in no set order); with ``cards_left``, each lost deal's fewest cards left is searched too. At
    most ``runner.slots`` chunks are in flight: the numbers are read only as far as they are handed out.
    ``tick`` is called now and then while waiting (a progress line). A ``KeyboardInterrupt`` goes through:
    the caller's ``with runner`` ends its work."""
    timed = [0, 0.0]  # lines taken, their seconds

    def size() -> int:
        if runner.task_seconds is None or not timed[0]:
            return runner.chunk
        each = max(timed[1] / timed[0], 1e-4)
        return max(runner.chunk, min(MOST_IN_A_CHUNK, round(runner.task_seconds / each)))

    chunks = _chunks(numbers, size, (game.id, rules.key), (budget, shortest, grade, cards_left))
    flying = 0
    more = True
    while True:
        while more and flying < runner.slots:
            chunk = next(chunks, None)
            if chunk is None:
                more = False
                break
            runner.submit(chunk)
            flying += 1
        if not flying:
            return
        for lines in runner.finished(0.2):
            flying -= 1
            for line in lines:
                timed[0] += 1
                timed[1] += line["seconds"]
                take(line)
        if tick is not None:
            tick()
