"""What a room of the page may ask of the page as a whole (web/app.py's App is the one there is): the game on
the table and its marks, drawing and speaking, the shared parts, and the other rooms. A protocol, so that
the rooms import it and never app.py, which imports them."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from background import Slices
    from drag import Drag
    from effects import Effects
    from notices import Notices
    from scene import Scene
    from settings import Settings
    from sound import Sound
    from storage import Store
    from table import TableView

    from tripeaks import Card, Game, Records


class Page(Protocol):
    game: Game
    game_id: str
    settings: Settings
    records: Records
    store: Store
    scene: Scene | None
    selected: Card | None
    hinted: frozenset[str]
    hint_control: str | None
    defer_save: bool
    replacing: dict[str, Any] | None
    last_tick: float
    drag: Drag | None
    view: TableView
    effects: Effects
    sound: Sound
    notices: Notices
    slices: Slices
    # The rooms, which import this module: each is typed where it is defined, and here by what it is.
    searches: Any
    watcher: Any
    reviewer: Any
    keeper: Any
    play: Any
    sheets: Any
    boot: Any
    events: Any

    @property
    def key(self) -> str: ...

    @property
    def scoring(self) -> str: ...

    def render(self) -> None: ...

    def say(self, text: str, *, announce: bool = True) -> None: ...

    def where_words(self) -> str: ...

    def put(self, game: Game, game_id: str) -> None: ...

    def start(self, game: Game, game_id: str | None = None, *, give_up: bool = True) -> None: ...

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None: ...

    def act(self, name: str) -> None: ...

    def apply_display_settings(self) -> None: ...

    def wire(self) -> None: ...
