"""The examples in the engine's docstrings, run as tests: every module of the package, with plain
:mod:`doctest` (no pytest plugin), so that they run the same inside Pyodide."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tripeaks


def _raise(name: str) -> None:
    raise ImportError(f"could not import {name} to look for its examples")


def _modules() -> list[str]:
    """Every module of the package, found by walking it (the package itself first), but
    ``__main__``, which runs the command line when imported."""
    found = [
        name
        for _, name, _ in pkgutil.walk_packages(tripeaks.__path__, "tripeaks.", onerror=_raise)
        if name.rpartition(".")[2] != "__main__"
    ]
    return ["tripeaks", *sorted(found)]


MODULES = _modules()
# Modules whose examples run searches for seconds (the best score, the grades): not measured for coverage,
# which would slow them 5 to 8 times (tests/conftest.py); their code is covered by their own tests.
SEARCHING = {"tripeaks.services.best", "tripeaks.services.difficulty", "tripeaks.services.telling"}


def run_examples(name: str) -> tuple[int, int, str]:
    """Run the examples of module ``name``: (failed, attempted, the failures' report)."""
    module = importlib.import_module(name)
    report: list[str] = []
    runner = doctest.DocTestRunner(verbose=False)
    for test in doctest.DocTestFinder(exclude_empty=True).find(module, name):
        runner.run(test, out=report.append)
    failed, attempted = runner.summarize(verbose=False)
    return failed, attempted, "".join(report)


@pytest.mark.parametrize(
    "name", [pytest.param(name, marks=pytest.mark.no_cover) if name in SEARCHING else name
             for name in MODULES]
)
def test_the_examples_of_each_module_are_true(name: str) -> None:
    failed, _, report = run_examples(name)
    assert failed == 0, f"{failed} example(s) in {name} failed:\n{report}"


def test_every_module_is_walked() -> None:
    assert MODULES[0] == "tripeaks" and len(MODULES) == len(set(MODULES))
    for name in (
        "tripeaks.base.moves",
        "tripeaks.registry",
        "tripeaks.services.hint",
        "tripeaks.services.winnable",
        "tripeaks.games.tripeaks.rules",
        "tripeaks.games.triangle.rules",
        "tripeaks.kit.pairs.solver",
    ):
        assert name in MODULES
    assert "tripeaks.__main__" not in MODULES


def test_a_failing_example_fails() -> None:
    """The runner used above does report a wrong example (it is not silently passing)."""
    test = doctest.DocTestParser().get_doctest(">>> 1 + 1\n3\n", {}, "wrong", None, 0)
    report: list[str] = []
    runner = doctest.DocTestRunner(verbose=False)
    runner.run(test, out=report.append)
    assert runner.summarize(verbose=False).failed == 1
    assert "Expected:\n    3\nGot:\n    2" in "".join(report)


def test_there_are_examples() -> None:
    attempted = {
        name: run_examples(name)[1] for name in ("tripeaks", "tripeaks.base.moves", "tripeaks.registry")
    }
    assert all(attempted.values()), attempted
