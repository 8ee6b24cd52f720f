"""Statistics and personal bests, per game and rule set: played, won, streaks, longest run, best score,
fastest win; the games behind them (for charts), and merging statistics from another device.

Each game's rule sets are kept apart by their key (:func:`records_key`): the rules' own key for the
default game, TriPeaks (``standard``, as before the family of games), and after the game's id for
every other (``triangle:standard``), as deal codes are prefixed.

Records are an immutable value; :meth:`Records.record` returns new records with one more game.
A personal best (highest score, fastest win, fewest moves) counts only for a game won without a hint;
the fewest cards left (the best by cards left), for any game played without a hint.

A game recorded with an id (the page gives each game one) is kept as a :class:`Played` entry, the
latest :data:`GAMES_KEPT` of them; the statistics are those of the rule set before the first entry
kept (``rules`` in the stored form: everything, for records written before entries were kept) followed
by the entries, in the order they ended. So two records merge (:meth:`Records.merge`) without counting
a game twice: the entries are joined by id, and the figures from before any entry (which have no ids)
keep the larger of each. The stored form, and the file a player exports, is versioned JSON::

    {"format": "tripeaks-records", "version": 3,
     "rules": {"standard": {"played": 3, "won": 2, "streak": 1, "best_streak": 1,
                            "longest_run": 9, "best_score": 87, "fastest_win": 141.2,
                            "fewest_moves": 38, "fewest_left": 0}},
     "games": [{"id": "9f0c…", "rules": "standard", "ended": 1764600000, "won": true, "score": 60,
                "moves": 41, "seconds": 90.0, "longest_run": 7, "hints": 0, "number": 123,
                "daily": null, "best": 75, "left": 0}]}

Version 2 (no ``fewest_moves``, ``fewest_left`` nor ``left``: the fewest moves are worked out from the
games kept, which kept their moves) and version 1 (no ``games`` either) still load.

>>> records = Records().record_result("standard", won=True, score=60, seconds=90.0, longest_run=7)
>>> records["standard"].won, records["standard"].best_score, records["strict"].played
(1, 60, 0)
>>> Records.from_json(records.to_json()) == records
True
"""

from .book import FORMAT, GAMES_KEPT, VERSION, Records, records_key
from .importing import MAX_IMPORT, Imported, import_records
from .played import Played
from .stats import InvalidRecordsError, Stats

__all__ = [
    "FORMAT", "GAMES_KEPT", "MAX_IMPORT", "VERSION", "Imported", "InvalidRecordsError", "Played",
    "Records", "Stats", "import_records", "records_key",
]
