"""The engine's layers: every module of tripeaks/ imports only from its own layer or the ones below, and no
imports go round in a circle.

Read from the source with ``ast``, as a newcomer reads it: imports inside functions and under
``TYPE_CHECKING`` count, and so does a package ``__init__`` that re-exports (it imports what it re-exports).
The layers, bottom first, are the folders (and the few top modules) named in ``LAYERS``.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

import pytest

import tripeaks

ROOT = Path(tripeaks.__file__).parent

LAYERS = ("base", "model", "kit", "games", "registry", "services", "cli", "tripeaks")
"""Bottom first: ``tripeaks/base/``, ``model/``, ``kit/``, ``games/`` (a folder a game), ``registry.py``,
``services/``, ``cli/`` with ``__main__.py``, and the package itself (its public face, which may
import anything)."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(ROOT.rglob("*.py"))}


MODULES = _sources()
HOOK = re.compile(r"\.+[\w.]*:\w+")
"""A game's hook, named by a path relative to its folder (see :class:`tripeaks.model.solitaire.Hook`)."""


def layer(module: str) -> str:
    """The layer of a module of tripeaks, by its folder."""
    parts = module.split(".")
    if len(parts) == 1:
        return "tripeaks"
    head = parts[1]
    if head in ("cli", "__main__"):
        return "cli"
    if head not in LAYERS:
        raise AssertionError(f"{module} is in no layer: put it in one of {', '.join(LAYERS)}")
    return head


def game_folder(module: str) -> str | None:
    """The game a module belongs to (``tripeaks.games.<game>…``), or ``None``."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def _is_package(module: str) -> bool:
    return MODULES[module].name == "__init__.py"


def imports_of(module: str) -> set[str]:
    """The modules of tripeaks that ``module`` imports, anywhere in it."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"), filename=str(MODULES[module]))
    package = module if _is_package(module) else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                if node.level > 1:
                    base = base[: -(node.level - 1)]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                found.add(submodule if submodule in MODULES else source)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and HOOK.fullmatch(node.value):
            # a game's hook (``hook(".solver:Solver")``) imports its module when first called
            found.add(importlib.util.resolve_name(node.value.partition(":")[0], package))
    return {name for name in found if name in MODULES and name != module}


GRAPH = {module: imports_of(module) for module in MODULES}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_every_module_is_in_a_layer() -> None:
    assert len(MODULES) > 40
    for module in MODULES:
        assert layer(module) in LAYERS


def test_no_module_imports_from_a_higher_layer() -> None:
    upward = [
        f"{module} ({layer(module)}) imports {other} ({layer(other)})"
        for module, imported in sorted(GRAPH.items())
        for other in sorted(imported)
        if LAYERS.index(layer(other)) > LAYERS.index(layer(module))
    ]
    assert not upward, "imports from a higher layer:\n" + "\n".join(upward)


def test_a_game_imports_no_other_game() -> None:
    crossing = [
        f"{module} imports {other}"
        for module, imported in sorted(GRAPH.items())
        for other in sorted(imported)
        if game_folder(module) and game_folder(other) and game_folder(module) != game_folder(other)
    ]
    assert not crossing, "a game imports another:\n" + "\n".join(crossing)


def test_only_the_registry_and_the_package_import_the_games() -> None:
    """Everything above the games finds them through the registry (the package re-exports a few names
    of theirs, its public API)."""
    reaching = [
        f"{module} imports {other}"
        for module, imported in sorted(GRAPH.items())
        for other in sorted(imported)
        if game_folder(other) and not game_folder(module) and module not in ("tripeaks", "tripeaks.registry")
    ]
    assert not reaching, "the games imported from outside the registry:\n" + "\n".join(reaching)


def test_no_imports_go_round_in_a_circle() -> None:
    cycles = _cycles(GRAPH)
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(cycle) for cycle in cycles)


def test_nothing_patches_sys_modules() -> None:
    """The registry lists the games by importing them; no module reaches into another through sys.modules."""
    patching = [
        module for module, path in MODULES.items() if "sys.modules" in path.read_text(encoding="utf-8")
    ]
    assert not patching, f"modules that use sys.modules: {', '.join(patching)}"


def test_the_reading_finds_what_the_source_says() -> None:
    """The reader itself: relative, nested and function-level imports are all found."""
    assert "tripeaks.registry" in GRAPH["tripeaks"]
    assert {"tripeaks.games.tripeaks", "tripeaks.games.triangle"} <= GRAPH["tripeaks.registry"]
    # a game's hooks, named by their paths, import their modules
    hooked = {"tripeaks.games.tripeaks.solver", "tripeaks.games.tripeaks.best"}
    assert hooked <= GRAPH["tripeaks.games.tripeaks"]
    assert "tripeaks.kit.pairs.solver" in GRAPH["tripeaks.games.triangle"]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    with pytest.raises(AssertionError, match="in no layer"):
        layer("tripeaks.elsewhere")
