"""The game inside another page (web/embed.js's <tri-peaks>): embed mode, its notice, and events to the host.

web/pwa.js decides embed mode before PyScript starts (``?embed=1``, or any frame) and marks it with
``<html data-embed="1">``; progress then lives in memory only. The host receives, through
``window.parent.postMessage``, ``{"type": "tripeaks:move" | "tripeaks:won" | "tripeaks:lost" |
"tripeaks:ready", "detail": {...}}``; web/embed.js turns each into a DOM event on the element.
"""

from typing import Any

from js import URL, Object
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from tripeaks import Game, Status
from tripeaks import page_words as say

NOTICE = say.EMBED_NOTICE


def is_embedded() -> bool:
    return str(document.documentElement.getAttribute("data-embed")) == "1"


def _post(kind: str, detail: dict[str, Any]) -> None:
    if not is_embedded() or window.parent == window:
        return
    message = to_js({"type": f"tripeaks:{kind}", "detail": detail}, dict_converter=Object.fromEntries)
    # Nothing secret goes out (deal, moves, score), and the host's origin is unknown: any origin may hear.
    window.parent.postMessage(message, "*")


def _summary(game: Game) -> dict[str, Any]:
    return {
        "game": game.solitaire.id,
        "score": game.score,
        "moves": game.moves_made,
        "seconds": round(game.seconds),
        "deal": game.number,
        "daily": game.daily,
        "rules": game.rules.key,
    }


def _full_game_address() -> str:
    url = URL.new(str(window.location.href))
    url.searchParams.delete("embed")
    return str(url.href)


def _open_full_game(event: Any) -> None:
    event.currentTarget.href = _full_game_address()  # the deal on the table now, not the one first shown


def start(game: Game) -> None:
    """At boot: in embed mode, say that progress is not kept and link to the full game; tell the host."""
    if not is_embedded():
        return
    box = document.getElementById("notices")
    # querySelector's "nothing" is JS null (jsnull), which `is None` misses: count instead.
    if box and box.querySelectorAll('[data-notice="embed"]').length == 0:
        notice = document.createElement("div")
        notice.className = "notice embed"
        notice.dataset.notice = "embed"
        notice.setAttribute("role", "status")
        text = document.createElement("p")
        text.textContent = NOTICE + " "
        link = document.createElement("a")
        link.id = "open-full-game"
        link.textContent = say.OPEN_FULL_GAME
        link.href = _full_game_address()
        link.target = "_blank"
        link.rel = "noopener"
        link.addEventListener("click", create_proxy(_open_full_game))
        text.appendChild(link)
        notice.appendChild(text)
        box.appendChild(notice)
    _post("ready", _summary(game))


def notify_move(game: Game, kind: str) -> None:
    """After a play, draw, reset, undo or redo (``kind``: "play", "draw" or "undo")."""
    moves = game.moves
    detail = _summary(game)
    detail.update({
        "kind": kind,
        "move": moves[-1].notation if moves and kind != "undo" else None,
        "run": game.run,
        "stock": len(game.position.stock),
        "waste": game.position.waste[-1].code if game.position.waste else None,
        "status": str(game.status),
    })
    _post("move", detail)


def notify_won(game: Game) -> None:
    _post("won", _summary(game))


def notify_lost(game: Game) -> None:
    _post("lost", _summary(game))


def moved(game: Game, kind: str) -> None:
    """The one call web/app.py makes after each move: the move, then a win or a loss if it ended the game."""
    if not is_embedded():
        return
    notify_move(game, kind)
    if game.status is Status.WON:
        notify_won(game)
    elif game.status is Status.OUT_OF_MOVES:
        notify_lost(game)
