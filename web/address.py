"""The page's address names the deal on the table: ?deal=123&rules=strict, ?daily=2026-11-30, ?code=<code>."""

import datetime as dt
from dataclasses import dataclass

from tripeaks import MAX_DEAL, Deal, Game, InvalidDealError, Rules

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
    """What the address asks for. ``kind`` is "deal", "daily", "code" or "" (nothing)."""

    kind: str = ""
    number: int | None = None
    daily: str | None = None
    deal: Deal | None = None
    rules: Rules | None = None
    problem: str | None = None
    """A message for the player when part of the address could not be read."""


def rules_from_key(key: str) -> Rules:
    """The rules a :attr:`Rules.key` names (the engine reads it)."""
    return Rules.from_key(key)


def read(search: str) -> Asked:
    """Read a query string (with or without its leading ``?``). Never raises: a bad value comes
    back as ``problem``, with whatever else could be read."""
    params = parse_query(search.lstrip("?"))

    def one(name: str) -> str | None:
        values = params.get(name)
        return values[0] if values else None

    problems: list[str] = []
    rules = None
    rules_text = one("rules")
    if rules_text is not None:
        try:
            rules = rules_from_key(rules_text)
        except ValueError as error:
            problems.append(f"The link's rules could not be read: {error}.")
    asked = Asked(rules=rules)
    if (code := one("code")) is not None:
        try:
            asked = Asked("code", deal=Deal.parse(code), rules=rules)
        except InvalidDealError as error:
            problems.append(f"The link's deal code is not a deal: {error}.")
    elif (number_text := one("deal")) is not None:
        number = int(number_text) if number_text.strip().isdigit() else 0
        if 1 <= number <= MAX_DEAL:
            asked = Asked("deal", number=number, rules=rules)
        else:
            problems.append(
                f"The link's deal number '{number_text[:40]}' is not a deal: deals go from 1 "
                f"to {MAX_DEAL:,}."
            )
    elif (daily := one("daily")) is not None:
        try:
            day = dt.date.fromisoformat(daily.strip())
            asked = Asked("daily", daily=day.isoformat(), rules=rules)
        except ValueError:
            problems.append(f"The link's date '{daily[:40]}' is not a date like 2026-11-30.")
    if problems:
        problems.append(
            "Here is a fresh game instead." if not asked.kind else "It is dealt with your own rules."
        )
        return Asked(asked.kind, asked.number, asked.daily, asked.deal, asked.rules, " ".join(problems))
    return asked


def query(game: Game) -> str:
    """The query string that puts ``game``'s deal back on the table."""
    if game.daily:
        params = {"daily": game.daily}
    elif game.number is not None:
        params = {"deal": str(game.number)}
    else:
        params = {"code": game.deal.code}
    params["rules"] = game.rules.key
    return "?" + encode_query(params)


def same_deal(game: Game, asked: Asked) -> bool:
    """Whether the address names the deal (and rules, if it names them) of ``game``."""
    if asked.rules is not None and asked.rules != game.rules:
        return False
    if asked.kind == "deal":
        return game.number == asked.number and game.daily is None
    if asked.kind == "daily":
        return game.daily == asked.daily
    if asked.kind == "code":
        return game.deal == asked.deal
    return False
