"""Long work shows itself only once it takes a while, and stops when cancelled."""

from background import SHOW_AFTER, Progress


def test_progress_shows_after_a_moment_and_not_once_cancelled() -> None:
    progress = Progress("Looking…", now=10.0)
    assert not progress.due(10.0 + SHOW_AFTER / 2)
    assert progress.due(10.0 + SHOW_AFTER)
    progress.cancelled = True
    assert not progress.due(11.0)
    assert SHOW_AFTER <= 0.3
