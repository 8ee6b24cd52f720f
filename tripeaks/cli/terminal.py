"""Playing a game in the terminal: the table drawn as text, a move typed at the prompt."""

from __future__ import annotations

from collections.abc import Callable

from ..base.errors import IllegalMoveError, InvalidMoveError
from ..services.game import Game
from ..services.text import draw_table


def _read_line(read: Callable[[str], str]) -> str | None:
    """The next command, or ``None`` at the end of input (closed or gone standard input too)."""
    try:
        line = read("> ")
    except (EOFError, RuntimeError, OSError):
        return None
    return line.strip().lower()


def play(game: Game, read: Callable[[str], str], scoring: str | None = None) -> int:
    words = game.solitaire.words
    scoring = game.solitaire.check_scoring(scoring)
    title = f"deal {game.number}" if game.number else "this deal"
    scored = "" if scoring == game.solitaire.default_scoring else f" Scoring: {words.scoring_name(scoring)}."
    print(f"{game.solitaire.name}, {title}. {game.rules.describe()}.{scored}\n{words.typing}\n")
    while True:
        print(draw_table(game.position))
        print(words.scored_report(game.position, game.moves_made, scoring))
        command = _read_line(read)
        if command is None:
            print()
            return 0
        try:
            if command in ("q", "quit", "exit"):
                return 0
            elif command in ("u", "undo"):
                print(f"Undid {game.undo()}.")
            elif command in ("r", "redo"):
                print(f"Redid {game.redo()}.")
            elif command in ("d", "draw", ""):
                game.draw()
            elif command in ("h", "hint"):
                print(game.hint().text)
            elif command in ("?", "help"):
                print(words.typing)
            else:
                # Two cards may be typed with a space between them (Qh Ad) as well as a +.
                game.push("+".join(command.split()) if len(command) <= 12 else command)
        except (IllegalMoveError, InvalidMoveError) as error:
            print(error)
        print()
