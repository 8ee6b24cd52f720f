"""Test helpers for the games of pairs (Triangle, Pyramid): a reference model of their rules written straight
from RULES.md for any layout's rows and covering, a plain brute force on it, and what builds deals, games and
checks for any of them. ``triangle_support`` and ``pyramid_support`` bind it to each game.

The reference model (:class:`PairsRef`) shares no code with the engine's games of pairs: covering is worked
out from the rule book's formula for the game (the cards of the next row lying on card ``j`` of a row), not
read from ``tripeaks.base.layout`` or the game's layout, and a position is read off the engine only as its
plain data (cards, stock, waste, redeals).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

from hypothesis import strategies as st

from tripeaks import DECK, Card, Deal, Game, Move, Position, Solitaire
from tripeaks.base.generator import SplitMix64
from tripeaks.base.moves import MoveKind
from tripeaks.kit.pairs.play import PairsPosition

TOTAL = 13
KING = 13
REDEALS = 2
"""Redeals allowed: the stock is seen three times."""
PAIR_RANKS = ((1, 12), (2, 11), (3, 10), (4, 9), (5, 8), (6, 7))


def C(code: str) -> Card:
    return Card.parse(code)


def card_of(c: str | Card) -> Card:
    return c if isinstance(c, Card) else Card.parse(c)


# The reference model: the rules in the simplest possible code, for comparison.


@dataclass(frozen=True, slots=True)
class RefState:
    """Where every card is: ``layout[slot]`` (None once removed), the stock (next card first),
    the waste (bottom first, top last) and the redeals used."""

    layout: tuple[Card | None, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    redeals: int = 0


class RefIllegal(Exception):
    """A move the reference model refuses."""


class TooBig(Exception):
    """The brute force met more states than it was allowed."""


def pair_token(a: Card, b: Card) -> str:
    """A pair's notation, the higher rank first (``Qh+Ad``)."""
    hi, lo = (a, b) if (a.rank, a.suit) > (b.rank, b.suit) else (b, a)
    return f"{hi.code}+{lo.code}"


class PairsRef:
    """The rules of a game of pairs on a layout of ``rows`` (top first), where the cards of the next row
    lying on card ``j`` of a row are ``lying_on(j)`` (those outside the row ignored); won when every card
    is gone, or with ``layout_only`` when the layout is."""

    def __init__(self, rows: tuple[int, ...], lying_on: Callable[[int], Iterable[int]], *,
                 layout_only: bool = False) -> None:
        self.rows = rows
        self.starts = tuple(sum(rows[:r]) for r in range(len(rows)))
        self.slots = sum(rows)
        self.lying_on = lying_on
        self.layout_only = layout_only

    def slot(self, row: int, j: int) -> int:
        """The slot number of card ``j`` (from 0, left to right) of ``row`` (from 0, the top)."""
        assert 0 <= row < len(self.rows) and 0 <= j < self.rows[row]
        return self.starts[row] + j

    def row_and_index(self, s: int) -> tuple[int, int]:
        for row in reversed(range(len(self.rows))):
            if s >= self.starts[row]:
                return row, s - self.starts[row]
        raise AssertionError(s)

    @cached_property
    def _covered_by(self) -> tuple[frozenset[int], ...]:
        out = []
        for s in range(self.slots):
            row, j = self.row_and_index(s)
            if row + 1 == len(self.rows):
                out.append(frozenset())
            else:
                out.append(frozenset(
                    self.slot(row + 1, k) for k in self.lying_on(j) if 0 <= k < self.rows[row + 1]
                ))
        return tuple(out)

    def covered_by(self, s: int) -> frozenset[int]:
        """The slots lying on slot ``s``."""
        return self._covered_by[s]

    def start(self, deal: Deal) -> RefState:
        return RefState(tuple(deal.layout_cards), tuple(deal.stock), (deal.waste,), 0)

    @staticmethod
    def of(position: Position) -> RefState:
        """A position's plain data as a reference state."""
        redeals = getattr(position, "redeals")  # noqa: B009 - a position of pairs, read as plain data
        return RefState(tuple(position.cards), tuple(position.stock), tuple(position.waste), redeals)

    def free(self, state: RefState) -> list[int]:
        """The layout slots holding a card with nothing left on it, in slot order."""
        cards = state.layout
        return [
            s for s in range(self.slots)
            if cards[s] is not None and all(cards[c] is None for c in self.covered_by(s))
        ]

    def available(self, state: RefState) -> list[Card]:
        """The free layout cards (slot order), the stock's top, the waste's top."""
        out = [c for s in self.free(state) if (c := state.layout[s]) is not None]
        if state.stock:
            out.append(state.stock[0])
        if state.waste:
            out.append(state.waste[-1])
        return out

    def won(self, state: RefState) -> bool:
        clear = all(c is None for c in state.layout)
        return clear if self.layout_only else clear and not state.stock and not state.waste

    def can_redeal(self, state: RefState) -> bool:
        return not state.stock and bool(state.waste) and state.redeals < REDEALS

    def removals(self, state: RefState) -> set[str]:
        if self.won(state):
            return set()
        cards = self.available(state)
        out = {c.code for c in cards if c.rank == KING}
        for i, a in enumerate(cards):
            for b in cards[i + 1:]:
                if a.rank + b.rank == TOTAL:
                    out.add(pair_token(a, b))
        return out

    def legal(self, state: RefState) -> set[str]:
        """Every legal move's token: kings alone, pairs making 13, draw, redeal; none once won."""
        if self.won(state):
            return set()
        moves = self.removals(state)
        if state.stock:
            moves.add("draw")
        if self.can_redeal(state):
            moves.add("redeal")
        return moves

    def status(self, state: RefState) -> str:
        if self.won(state):
            return "won"
        if self.removals(state) or state.stock or self.can_redeal(state):
            return "playing"
        return "out_of_moves"

    def after(self, state: RefState, token: str) -> RefState:
        """The state once the move ``token`` is made; :class:`RefIllegal` if the rules refuse it."""
        if token not in self.legal(state):
            raise RefIllegal(token)
        return self.made(state, token)

    @staticmethod
    def made(state: RefState, token: str) -> RefState:
        """The state once the legal move ``token`` is made."""
        if token == "draw":
            return RefState(state.layout, state.stock[1:], (*state.waste, state.stock[0]), state.redeals)
        if token == "redeal":
            return RefState(state.layout, state.waste, (), state.redeals + 1)
        layout, stock, waste = list(state.layout), state.stock, state.waste
        for card in map(C, token.split("+")):
            if stock and stock[0] == card:
                stock = stock[1:]
            elif waste and waste[-1] == card:
                waste = waste[:-1]
            else:
                layout[layout.index(card)] = None
        return RefState(tuple(layout), stock, waste, state.redeals)

    # A plain brute force: every legal move, a visited set on the whole state, nothing clever.

    def reachable(self, start: RefState, limit: int = 50_000) -> set[RefState]:
        """Every state some line of moves reaches from ``start``."""
        seen = {start}
        todo = [start]
        while todo:
            here = todo.pop()
            for token in self.legal(here):
                there = self.made(here, token)
                if there not in seen:
                    if len(seen) >= limit:
                        raise TooBig
                    seen.add(there)
                    todo.append(there)
        return seen

    def brute_won(self, start: RefState, limit: int = 50_000) -> bool:
        """Depth-first over every legal move: can the game be won?"""
        seen = {start}
        todo = [start]
        while todo:
            here = todo.pop()
            if self.won(here):
                return True
            for token in sorted(self.legal(here)):
                there = self.made(here, token)
                if there not in seen:
                    if len(seen) >= limit:
                        raise TooBig
                    seen.add(there)
                    todo.append(there)
        return False

    def brute_fewest(self, start: RefState, limit: int = 50_000) -> int | None:
        """Breadth-first over every legal move: the fewest moves that win, or None if none does."""
        seen = {start}
        layer = [start]
        depth = 0
        while layer:
            following = []
            for here in layer:
                if self.won(here):
                    return depth
                for token in self.legal(here):
                    there = self.made(here, token)
                    if there not in seen:
                        if len(seen) >= limit:
                            raise TooBig
                        seen.add(there)
                        following.append(there)
            layer = following
            depth += 1
        return None

    def brute_best(self, start: RefState, limit: int = 50_000) -> tuple[int, int | None]:
        """The most cards any line removes from ``start`` (a line may stop anywhere) and the most a
        winning line removes (None when none wins), counted from the deal: 52 less the cards left."""
        states = self.reachable(start, limit)
        best = max(52 - cards_left(s) for s in states)
        won = [52 - cards_left(s) for s in states if self.won(s)]
        return best, max(won) if won else None


def cards_left(state: RefState) -> int:
    return sum(c is not None for c in state.layout) + len(state.stock) + len(state.waste)


def ref_score(moves: Iterable[Move | str]) -> int:
    """Cards removed by a list of moves: one per king, two per pair."""
    return sum(len(str(m).split("+")) for m in moves if str(m) not in ("draw", "redeal"))


def removed_cards(moves: Iterable[Move]) -> list[Card]:
    return [card for move in moves for card in move.cards]


def accounted_for(position: Position, moves: Iterable[Move]) -> bool:
    """Layout, stock, waste and the cards removed by ``moves`` are the deck, each card once."""
    held = [c for c in position.cards if c is not None] + [*position.stock, *position.waste]
    held += removed_cards(moves)
    return len(held) == 52 and set(held) == set(DECK)


def tokens(moves: Iterable[Move]) -> set[str]:
    return {m.notation for m in moves}


# Deals of any game of pairs


def clear_order(slots: int = 28) -> list[int]:
    """The slots from the last to the first: each is free when its turn comes if every slot after it is
    gone (in both layouts the cards lying on a card are all numbered after it)."""
    return list(reversed(range(slots)))


def paired_deal(game: Solitaire, seed: int, mixed: int = 0) -> Deal:
    """A deal of ``game`` that comes apart without a draw: the waste card pairs with the last slot,
    then the stock's cards, next first, pair with the layout from the last slot back (slots 26 down
    to 4), and the four kings lie in slots 0-3. With ``mixed``, the cards of the plan's last ``mixed``
    pairs (slots 4 on, and the stock's last cards) and the kings are shuffled among their places: the
    deal's end becomes a small puzzle (see :func:`paired_prefix`)."""
    rng = random.Random(seed)
    low = [c for c in DECK if c.rank <= 6]
    high = [c for c in DECK if 7 <= c.rank <= 12]
    rng.shuffle(low)
    couples = []
    for card in low:
        partner = rng.choice([c for c in high if c.rank == TOTAL - card.rank])
        high.remove(partner)
        couples.append((card, partner) if rng.random() < 0.5 else (partner, card))
    kings = [c for c in DECK if c.rank == KING]
    rng.shuffle(kings)
    on_table = [a for a, _ in couples]  # slots 27 down to 4
    off_table = [b for _, b in couples]  # the waste card, then the stock
    layout = dict(zip(clear_order()[:24], on_table, strict=True))
    layout.update(zip(range(4), kings, strict=True))
    if mixed:
        slots = list(range(4 + mixed))
        talon = list(range(24 - mixed, 24))
        cards = [layout[s] for s in slots] + [off_table[i] for i in talon]
        rng.shuffle(cards)
        layout.update(zip(slots, cards[: len(slots)], strict=True))
        for i, card in zip(talon, cards[len(slots):], strict=True):
            off_table[i] = card
    return Deal.from_cards([*(layout[s] for s in range(28)), *off_table], game)


def paired_prefix(deal: Deal, mixed: int) -> list[Move]:
    """The moves of :func:`paired_deal`'s plan before its mixed end: the first ``24 - mixed``
    pairs, each a layout card from the last slot back with the waste's, then the stock's, top card."""
    talon = [deal.waste, *deal.stock]
    return [Move.play(deal.layout_cards[s], talon[k]) for k, s in enumerate(clear_order()[: 24 - mixed])]


def shuffled(deal: Deal, seed: int, most_swaps: int = 4) -> Deal:
    """``deal`` with its talon shuffled and 1 to ``most_swaps`` cards swapped between the layout and
    the talon."""
    rng = random.Random(seed)
    cards = [*deal.layout_cards, deal.waste, *deal.stock]
    talon = cards[28:]
    rng.shuffle(talon)
    cards[28:] = talon
    for _ in range(rng.randint(1, most_swaps)):
        a, b = rng.randrange(28), rng.randrange(28, 52)
        cards[a], cards[b] = cards[b], cards[a]
    return Deal.from_cards(cards, deal.solitaire)


# What a player reads


_NOT_WORDS = ("Card", "Move", "None", "Place.", "Status.", "<", ">", "{", "}", "[", "]", "__", "\n",
              "Error", "self", "()", "True", "False")


def player_text(text: str) -> bool:
    """Whether ``text`` reads as a sentence for a player, not Python's: no reprs, no brackets,
    a capital (or a quoted card) first and a full stop last."""
    return (
        bool(text)
        and text == text.strip()
        and (text[0].isupper() or text[0] == "'")
        and text.endswith(".")
        and not any(bit in text for bit in _NOT_WORDS)
    )


# Games played at random


def pick_move(data: st.DataObject, game: Game) -> Move:
    """A legal move chosen by hypothesis; removals are favoured so games get somewhere."""
    moves = game.legal_moves
    removals = [m for m in moves if m.kind == "play"]
    if removals and data.draw(st.integers(0, 4), label="prefer a removal") != 0:
        return data.draw(st.sampled_from(removals), label="removal")
    return data.draw(st.sampled_from(moves), label="move")


def random_game(
    data: st.DataObject,
    deal: Deal,
    max_moves: int = 120,
    each: Callable[[Game, Move], None] | None = None,
    rules: object = None,
) -> Game:
    """Play hypothesis-chosen legal moves until the game ends or ``max_moves`` are made;
    ``each(game, move)``, if given, must push the move."""
    game = Game(deal, rules)
    for _ in range(max_moves):
        if not game.legal_moves:
            break
        move = pick_move(data, game)
        if each is not None:
            each(game, move)
        else:
            game.push(move)
    return game


def rng_game(rng: random.Random, deal: Deal, moves: Iterable[Move] = (), *, until: int = 0,
             removals: float = 0.8, max_moves: int = 300, rules: object = None) -> Game:
    """A game of ``deal`` that makes ``moves``, then random legal moves (removals ``removals``
    of the time) until at most ``until`` cards are left, the game ends, or ``max_moves``."""
    game = Game(deal, rules)
    for move in moves:
        game.push(move)
    for _ in range(max_moves):
        legal = game.legal_moves
        if not legal or game.position.cards_left <= until:
            break
        plays = [m for m in legal if m.kind == "play"]
        game.push(rng.choice(plays) if plays and rng.random() < removals else rng.choice(legal))
    return game


P = TypeVar("P", bound=PairsPosition)


def small_talon(p: P, rng: SplitMix64, talon: int, removals: int) -> P:
    """``p`` after ``removals`` random removals (a draw when none can be made), its talon then cut to
    ``talon`` cards (the waste first): a position small enough for a brute force."""
    for _ in range(removals):
        moves = [m for m in p.legal_moves() if m.kind is MoveKind.PLAY]
        if not moves:
            if not p.stock:
                break
            moves = [Move.parse("draw")]
        p = p.after(moves[rng.randbelow(len(moves))])
    cards = (*p.waste, *p.stock)[:talon]
    waste = cards[: min(len(p.waste), talon)]
    return type(p)(p.cards, cards[len(waste):], waste, p.rules, p.solitaire, p.remaining, p.redeals)
