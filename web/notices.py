"""Messages over the table (storage trouble, a bad link, another tab, a game to continue), each with its
choices and a Dismiss."""

from collections.abc import Callable
from typing import Any

from dom import closest, nothing, on
from pyscript import document


class Notices:
    """Messages above the table (storage trouble, a bad link, another tab), each with choices."""

    def __init__(self) -> None:
        self.box = document.getElementById("notices")
        self.choices: dict[str, Callable[[], None] | None] = {}
        on(self.box, "click", self._click)

    def show(self, key: str, text: str, choices: tuple[tuple[str, Callable[[], None]], ...] = (), *,
             error: bool = False) -> None:
        self.hide(key)
        el = document.createElement("div")
        el.className = "notice error" if error else "notice"
        el.dataset.notice = key
        el.setAttribute("role", "alert" if error else "status")
        p = document.createElement("p")
        p.textContent = text
        el.appendChild(p)
        options: list[tuple[str, Callable[[], None] | None]] = [*choices, ("Dismiss", None)]
        for i, (label, action) in enumerate(options):
            button = document.createElement("button")
            button.type = "button"
            button.textContent = label
            button.dataset.choice = f"{key}:{i}"
            self.choices[f"{key}:{i}"] = action
            el.appendChild(button)
        self.box.appendChild(el)

    def hide(self, key: str) -> None:
        for el in self.box.querySelectorAll(f'[data-notice="{key}"]'):
            el.remove()
        for choice in [c for c in self.choices if c.startswith(key + ":")]:
            del self.choices[choice]

    def shown(self, key: str) -> bool:
        return not nothing(self.box.querySelector(f'[data-notice="{key}"]'))

    def _click(self, event: Any) -> None:
        button = closest(event, "[data-choice]")
        if button is None:
            return
        choice = str(button.dataset.choice)
        action = self.choices.get(choice)
        self.hide(choice.rsplit(":", 1)[0])
        if action is not None:
            action()
