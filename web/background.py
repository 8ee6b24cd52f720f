"""Long work off the click path: an engine search run a slice at a time, so the page paints and takes input
in between; past a moment it shows what it is doing, with a Cancel.

The timing rule is plain Python (:class:`Progress`), tested under CPython; :class:`Slices` is its DOM.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

SLICE_SECONDS = 0.08
"""Engine searches work this long between frames."""
SHOW_AFTER = 0.3
"""Work that takes longer than this shows its progress."""


class Progress:
    """When long work shows itself, and whether it was cancelled."""

    def __init__(self, words: str, now: float) -> None:
        self.words = words
        self.started = now
        self.cancelled = False
        self.shown = False

    def due(self, now: float) -> bool:
        """Whether the progress should show now (it was not shown and the work is taking a while)."""
        return not self.shown and not self.cancelled and now - self.started >= SHOW_AFTER


class Slices:
    """Runs one search at a time, showing #progress with a Cancel when it takes a while."""

    def __init__(self, document: Any, on: Callable[[Any, str, Callable[[Any], object]], None]) -> None:
        self.box = document.getElementById("progress")
        self.text = document.getElementById("progress-text")
        self.current: Progress | None = None
        on(document.getElementById("progress-cancel"), "click", lambda event: self.cancel())

    @property
    def busy(self) -> bool:
        return self.current is not None

    def cancel(self) -> None:
        if self.current is not None:
            self.current.cancelled = True
        self._hide()

    def _hide(self) -> None:
        self.box.hidden = True

    async def run(self, step: Callable[[float], Any], words: str, *,
                  still_wanted: Callable[[], bool] = lambda: True, silent: bool = False) -> Any | None:
        """``step(seconds)`` until it answers (not None); None if cancelled, or once ``still_wanted()``
        says the answer would come too late (the player moved on). ``silent`` work shows its progress
        and its way out itself (a sheet of its own), not in #progress."""
        progress = self.current = Progress(words, time.perf_counter())
        try:
            while (found := step(SLICE_SECONDS)) is None:
                if not silent and progress.due(time.perf_counter()):
                    progress.shown = True
                    self.text.textContent = words
                    self.box.hidden = False
                await asyncio.sleep(0.01)
                if progress.cancelled or not still_wanted():
                    return None
            return found
        finally:
            if self.current is progress:
                self.current = None
                self._hide()
