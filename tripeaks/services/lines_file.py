"""The ``stats`` command's JSON-lines file: one deal's line a line (see :mod:`tripeaks.services.sweep`),
read back to resume a run or to make a table, and appended to as lines arrive.

A run that was killed may have left its last line cut short: reading to resume cuts it off the file
(that deal is solved again). Any other line that is not a deal's line, or a line of another game or
rule set than the run's, stops the run with a message naming the file and the line: nothing in the
file is changed then.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from ..model.answers import Result
from .sweep import DoneDeals, Line

__all__ = ["append_to", "read_lines", "resume"]

_RESULTS = frozenset(result.value for result in Result)


def _line(text: str) -> Line | None:
    """A deal's line, or ``None`` if ``text`` is not one."""
    try:
        line = json.loads(text)
    except ValueError:
        return None
    if not isinstance(line, dict):
        return None
    fields_ok = (
        type(line.get("deal")) is int and line["deal"] >= 1
        and isinstance(line.get("game"), str) and isinstance(line.get("rules"), str)
        and line.get("result") in _RESULTS
        and type(line.get("nodes")) is int and isinstance(line.get("seconds"), int | float)
        and (line.get("cards_left") is None or (type(line["cards_left"]) is int and line["cards_left"] >= 0))
    )
    return line if fields_ok else None


def read_lines(path: Path) -> Iterator[tuple[int, Line]]:
    """Each deal's line of a file with its line number (from 1). A last line cut short is left out;
    a ``ValueError`` names any other line that is not a deal's line (or a file that cannot be read)."""
    try:
        with path.open(encoding="utf-8", newline="\n") as file:
            yield from _lines_of(file, path)
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"{path}: cannot be read ({_reason(error)})") from None


def _reason(error: Exception) -> str:
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return "not UTF-8 text"


def _lines_of(file: TextIO, path: Path) -> Iterator[tuple[int, Line]]:
    for number, text in enumerate(file, 1):
        if not text.strip():
            continue
        line = _line(text)
        if line is not None:
            yield number, line
        elif text.endswith("\n"):
            shown = text.strip()[:60]
            raise ValueError(f"{path}, line {number:,}: not a deal's line of the stats command: {shown!r}")
        # else: the last line, cut short by a run that was stopped: left out


def resume(
    path: Path, game_id: str, rules_key: str, numbers: range, take: Any, *, cards_left: bool = False
) -> tuple[DoneDeals, str | None]:
    """The deals of ``numbers`` that the file holds already (none if there is no file), each line of
    them handed to ``take`` once; and a sentence to say if the file's last line was cut short (it is
    then cut off the file, so that new lines start on a line of their own). A run scored by cards left
    (``cards_left``) refuses a file whose lost deals were written without their fewest cards left."""
    done = DoneDeals()
    if not path.exists():
        return done, None
    for number, line in read_lines(path):
        if (line["game"], line["rules"]) != (game_id, rules_key):
            raise ValueError(
                f"{path}, line {number:,}: a deal of {line['game']} ({line['rules']}), not of {game_id} "
                f"({rules_key}): give another file for this game and rule set"
            )
        if cards_left and line["result"] == Result.LOST.value and line.get("cards_left") is None:
            raise ValueError(
                f"{path}, line {number:,}: deal {line['deal']} was written without its fewest cards left "
                "(a run scored classic): give another file for a run scored by cards left"
            )
        if line["deal"] in numbers and done.add(line["deal"]):
            take(line)
    return done, _cut_torn_end(path)


def _cut_torn_end(path: Path) -> str | None:
    """Cut a last line that does not end in a newline off the file (or end a whole one with a newline)."""
    with path.open("rb+") as file:
        size = file.seek(0, os.SEEK_END)
        if not size:
            return None
        file.seek(size - 1)
        if file.read(1) == b"\n":
            return None
        keep = size - 1
        while keep > 0:  # back to the last newline, a block at a time
            start = max(0, keep - 65536)
            file.seek(start)
            block = file.read(keep - start)
            at = block.rfind(b"\n")
            if at >= 0:
                keep = start + at + 1
                break
            keep = start
        file.seek(keep)
        last = file.read().decode("utf-8", errors="replace")
        if _line(last) is not None:
            file.write(b"\n")
            return None
        file.truncate(keep)
    return f"{path}: its last line was cut short (a run was stopped while writing it): it is dropped"


def append_to(path: Path) -> TextIO:
    """The file opened to add lines at its end, each written through as it is finished."""
    try:
        return path.open("a", encoding="utf-8", buffering=1)
    except OSError as error:
        raise ValueError(f"{path}: cannot be written ({_reason(error)})") from None
