"""The page's address names the game and deal on the table: ?game=<id>&deal=12&rules=standard,
?daily=2026-11-30, ?code=<deal code> (or ?deal=<deal code>, as the command line takes it). A game's name
that names its rules too (``?game=relaxed-pyramid``) asks for those rules.

With no ``game``, a link that names a deal is of the deal code's game, else the default game's
(links from before the family of games keep their meaning); a link that names no deal opens the
game named, or the one played last.
"""

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

from tripeaks import DEFAULT_GAME, MAX_DEAL, Deal, Game, InvalidDealError, Solitaire, find_game_and_rules
from tripeaks import page_words as say

# Query strings are read and written here rather than with urllib.parse, which imports ipaddress: in
# Pyodide the two cost the page's boot about 0.1 s (more on a slow phone). These follow parse_qs (with
# keep_blank_values) and urlencode (quote_plus) for what an address can hold; e2e/test_address.py checks
# them against urllib.parse.
_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~/")


def _unquote_plus(text: str) -> str:
    """``+`` is a space and ``%XX`` a byte of UTF-8; a ``%`` not followed by two hex digits stays."""
    raw = text.replace("+", " ").encode()
    out = bytearray()
    i = 0
    while i < len(raw):
        if raw[i] == 0x25 and _is_hex(raw[i + 1 : i + 3]):
            out.append(int(raw[i + 1 : i + 3], 16))
            i += 3
        else:
            out.append(raw[i])
            i += 1
    return out.decode("utf-8", "replace")


def _is_hex(pair: bytes) -> bool:
    return len(pair) == 2 and all(c in b"0123456789abcdefABCDEF" for c in pair)


def _quote_plus(text: str) -> str:
    return "".join(
        chr(b) if b in _SAFE else "+" if b == 0x20 else f"%{b:02X}" for b in text.encode()
    )


def parse_query(search: str) -> dict[str, list[str]]:
    """A query string's values by name, in order (``urllib.parse.parse_qs(..., keep_blank_values=True)``)."""
    params: dict[str, list[str]] = {}
    for field in search.split("&"):
        if not field:
            continue
        name, _, value = field.partition("=")
        params.setdefault(_unquote_plus(name), []).append(_unquote_plus(value))
    return params


def encode_query(params: dict[str, str]) -> str:
    """``name=value&...`` with spaces as ``+`` and ``/`` kept (``urlencode(params, safe="/")``)."""
    return "&".join(f"{_quote_plus(name)}={_quote_plus(value)}" for name, value in params.items())


@dataclass(frozen=True)
class Asked:
    """What the address asks for. ``kind`` is "deal", "daily", "code" or "" (no deal)."""

    kind: str = ""
    game: Solitaire | None = None
    """The game named (by ``game`` or a deal code's prefix), or None when none is."""
    number: int | None = None
    daily: str | None = None
    deal: Deal | None = None
    rules: Any = None
    """The game's rules the link names, or None."""
    problem: str | None = None
    """A message for the player when part of the address could not be read."""


def _shown(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _number(text: str) -> int | None:
    """A deal number written in plain digits (never ``²``, nor thousands of digits), else None."""
    text = text.strip().replace(",", "")
    if text.isascii() and text.isdigit() and len(text) <= 10:
        number = int(text)
        if 1 <= number <= MAX_DEAL:
            return number
    return None


def read(search: str, last_game: Solitaire = DEFAULT_GAME) -> Asked:
    """Read a query string (with or without its leading ``?``); ``last_game`` is the game a link
    that names no deal and no game opens. Never raises: a bad value comes back as ``problem``,
    with whatever else could be read."""
    params = parse_query(search.lstrip("?"))

    def one(name: str) -> str | None:
        values = params.get(name)
        return values[0] if values else None

    problems: list[str] = []
    named: Solitaire | None = None
    implied: Any = None  # the rules the game's name implies (Relaxed Pyramid), if it names some
    if (game_text := one("game")) is not None:
        try:
            named, implied = find_game_and_rules(game_text)
        except ValueError as error:
            problems.append(say.link_problem("game", str(error)))
    asked = Asked(game=named)
    code, number_text = one("code"), one("deal")
    if code is None and number_text is not None and _number(number_text) is None:
        code = number_text if " " in number_text.strip() or "/" in number_text else None
    if code is not None:
        try:
            deal = Deal.parse(code, named)
            asked = Asked("code", deal.solitaire, deal=deal)
        except InvalidDealError as error:
            problems.append(say.link_problem("code", str(error)))
    elif number_text is not None:
        number = _number(number_text)
        if number is not None:
            asked = Asked("deal", named, number=number)
        else:
            problems.append(say.link_problem("deal", _shown(number_text.strip())))
    elif (daily := one("daily")) is not None:
        try:
            day = dt.date.fromisoformat(daily.strip())
            asked = Asked("daily", named, daily=day.isoformat())
        except ValueError:
            problems.append(say.link_problem("daily", _shown(daily)))
    game = asked.game or (DEFAULT_GAME if asked.kind else named or last_game)
    asked = replace(asked, game=game if (asked.kind or named) else None)
    rules_text = one("rules")
    if rules_text is not None:
        try:
            asked = replace(asked, rules=game.rules_from_key(rules_text))
        except ValueError as error:
            problems.append(say.link_problem("rules", str(error)))
        if implied is not None and asked.rules is not None and asked.rules != implied:
            problems.append(say.link_rules_disagree(str(game_text), implied.label))
            asked = replace(asked, rules=None)
    elif implied is not None and game is asked.game:
        asked = replace(asked, rules=implied)
    if problems:
        problems.append(say.LINK_FRESH if not asked.kind else say.LINK_OWN_RULES)
        return replace(asked, problem=" ".join(problems))
    return asked


def query(game: Game) -> str:
    """The query string that puts ``game``'s deal back on the table."""
    params = {} if game.solitaire is DEFAULT_GAME else {"game": game.solitaire.id}
    if game.daily:
        params["daily"] = game.daily
    elif game.number is not None:
        params["deal"] = str(game.number)
    else:
        params["code"] = game.deal.code
    params["rules"] = game.rules.key
    return "?" + encode_query(params)


def same_deal(game: Game, asked: Asked) -> bool:
    """Whether the address names the deal (and rules, if it names them) of ``game``."""
    if asked.game is not None and asked.game is not game.solitaire:
        return False
    if asked.rules is not None and asked.rules != game.rules:
        return False
    if asked.kind == "deal":
        return game.number == asked.number and game.daily is None
    if asked.kind == "daily":
        return game.daily == asked.daily
    if asked.kind == "code":
        return game.deal == asked.deal
    return False
