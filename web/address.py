"""The page's address names the deal on the table: ?deal=123&rules=strict, ?daily=2026-11-30, ?code=<code>."""

import datetime as dt
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode

from tripeaks import MAX_DEAL, Deal, Game, InvalidDealError, Rules


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
    params = parse_qs(search.lstrip("?"), keep_blank_values=True)

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
    return "?" + urlencode(params, safe="/")


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
