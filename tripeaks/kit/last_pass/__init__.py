"""The exact solver of the games that play a card one rank above or below the waste's top (TriPeaks, Golf),
in the last pass through the stock, where the waste below its top no longer matters.

The solver knows every card, face-down and stock included. Suits play no part in the rules, so it
works on ranks: a state is the set of layout cards left (a mask, up to 36 slots), the waste top's
rank, and how far into the stock the pass has gone. Which rank goes on which is the rules'
``adjacency`` (:mod:`tripeaks.kit.adjacency`); the layout is any :class:`~tripeaks.base.layout.Layout`.

The search is depth-first over (cards left, top, stock index). What it remembers, across calls, is
for each (cards, top) the earliest stock index from which it is proved lost, worked out as a value
from the branches (not just "lost from where it was asked"), and for each set of cards the same just
after a draw. A draw is taken as "draw up to the first stock card one away from a free card, then
play it". Every top that allows no play shares what was proved, as such a state can only be drawn
on. States are cut by index thresholds from counting bounds (isolated cards with deadlines, rank
flow); the bounds depend on the isolated cards alone and on the short rank-flow needs alone, so each
is worked out once per distinct set of those, for every top at once; a set of cards' free and
isolated cards and needs come from its parent's, by one card, and are kept in one cell per set of
cards with, for each top, the earliest index from which lost: by the bounds until more is proved,
so one look tells both.

Fewest moves: every winning line plays the same cards, so the fewest moves are the fewest draws:
the depth-first search again with the stock cut one card shorter than the best line found, until
that is lost.

A work budget (states and seconds) bounds every search; a search that runs out answers ``gave_up``
and keeps what it proved, so asking again goes further.

One file per part: ``ranks.py``, rank bit tables and the rank flow's steps; ``tables.py``, what is
worked out once per deal; ``bounds.py``, the cells and their counting bounds; ``search.py``, the
search and fewest draws; ``memory.py``, the stocks met and what was proved; ``line.py``, a line's
steps as moves; ``solver.py``, the :class:`PassSolver` that ties them.
"""
