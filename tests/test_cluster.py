"""``stats`` on a Dask cluster (the ``cluster`` extra): the same lines as ``--jobs``, a lost worker's deals
solved again, Ctrl-C that ends every process, and clear words for a scheduler that cannot be reached, a bad
address or a missing extra. Dask is imported by services/cluster.py alone, and only when asked for."""

from __future__ import annotations

import ast
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tripeaks
from tripeaks.cli import main
from tripeaks.registry import DEFAULT_GAME
from tripeaks.services import cluster

NO_PROCESSES = pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in the browser")
ENGINE = Path(tripeaks.__file__).parent


def lines_of(path: Path) -> dict[int, dict[str, Any]]:
    """A file's lines by deal, without the time each took."""
    lines = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]
    assert len({line["deal"] for line in lines}) == len(lines)
    return {line["deal"]: {k: v for k, v in line.items() if k != "seconds"} for line in lines}


def test_only_the_cluster_module_imports_dask_and_only_when_asked() -> None:
    """The engine, the page and the rest of the command line never import Dask; services/cluster.py
    imports it inside a function, so that importing the module (the site's build imports every module,
    in Pyodide) needs no Dask."""
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(name.partition(".")[0] in ("dask", "distributed") for name in names):
                assert path == ENGINE / "services" / "cluster.py", f"{path} imports Dask"
                assert node not in tree.body, "services/cluster.py imports Dask as it loads"


def test_a_bad_address_or_a_missing_extra_is_said_plainly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for address in ("tcp://host", "udp://host:8786", "host:8786", "tcp://host:99999", "x" * 500):
        assert main(["stats", "--deals", "1", "--cluster", address]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: --cluster takes 'local' or a scheduler's address tcp://HOST:PORT, not ")
        assert len(err) < 200
    assert cluster.check_address("tcp://[::1]:8786") == "tcp://[::1]:8786"
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the extra were not installed
    assert main(["stats", "--deals", "1", "--cluster", "local"]) == 1
    assert capsys.readouterr().err == (
        "error: --cluster needs Dask, which is not installed here: pip install 'tripeaks[cluster]'\n"
    )


def _dask() -> Any:
    return pytest.importorskip("distributed", reason="the cluster extra is not installed")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@NO_PROCESSES
def test_a_scheduler_that_cannot_be_reached_is_said_within_seconds(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:  # pragma: no cover - not in Pyodide
    _dask()
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    address = f"tcp://127.0.0.1:{_free_port()}"  # nothing listens there
    out = tmp_path / "deals.jsonl"
    assert main(["stats", "--deals", "1-5", "--cluster", address, "--out", str(out)]) == 1
    captured = capsys.readouterr()
    assert captured.err == (f"error: no Dask scheduler answered at {address} within 1 s: is `dask scheduler` "
                            "running there, and the port open? (docs/hosting.md)\n")
    assert captured.out == "" and not out.exists()


@pytest.fixture(scope="module")
def local_cluster() -> Iterator[Any]:  # pragma: no cover - not in Pyodide
    """A LocalCluster of two worker processes for this module's tests, reached by its address."""
    distributed = _dask()
    made = cluster._local_cluster(distributed, 2)
    try:
        yield made
    finally:
        made.close()


@NO_PROCESSES
@pytest.mark.parametrize(
    ("deals", "how"),
    [
        (20, ["--rules", "strict"]),
        (20, ["--game", "relaxed-pyramid"]),
        (20, ["--game", "pyramid", "--rules", "standard"]),
        (4, ["--game", "golf", "--rules", "strict"]),  # scored by cards left: the search for each lost deal
    ],
    ids=["tripeaks-strict", "relaxed-pyramid", "pyramid", "dead-king-golf"],
)
def test_a_cluster_writes_the_same_lines_as_processes(
    local_cluster: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], deals: int, how: list[str]
) -> None:  # pragma: no cover - not in Pyodide
    """Issue 37: ``--cluster`` and ``--jobs N`` give the same lines for the same range, apart from timings."""
    on_cluster, on_processes = tmp_path / "cluster.jsonl", tmp_path / "processes.jsonl"
    argv = ["stats", "--deals", f"1-{deals}", *how]
    assert main([*argv, "--cluster", local_cluster.scheduler_address, "--out", str(on_cluster)]) == 0
    said = capsys.readouterr().out
    assert main([*argv, "--jobs", "2", "--out", str(on_processes)]) == 0
    assert lines_of(on_cluster) == lines_of(on_processes) and len(lines_of(on_cluster)) == deals
    assert capsys.readouterr().out.splitlines()[1] == said.splitlines()[1]  # the same counts
    ((game, _),) = {(line["game"], line["rules"]) for line in lines_of(on_cluster).values()}
    assert ("fewest cards left: " in said) == (game == "golf")  # Golf is scored by cards left only


@NO_PROCESSES
def test_a_lost_workers_deals_are_solved_again(local_cluster: Any) -> None:  # pragma: no cover - not Pyodide
    from tripeaks.services.sweep import sweep

    rules = DEFAULT_GAME.default_rules
    lines: list[dict[str, Any]] = []
    killed: list[int] = []

    def take(line: dict[str, Any]) -> None:
        lines.append(line)
        if not killed:  # one worker dies, in the middle of its chunks
            pid = next(iter(local_cluster.workers.values())).pid
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    with cluster.connect(local_cluster.scheduler_address, 1) as runner:
        sweep(range(1, 61), DEFAULT_GAME, rules, runner, take)
    assert killed and sorted(line["deal"] for line in lines) == list(range(1, 61))


@NO_PROCESSES
def test_leaving_early_cancels_the_tasks_in_flight(local_cluster: Any) -> None:  # pragma: no cover
    with cluster.connect(local_cluster.scheduler_address, 1) as runner:
        runner.submit(("tripeaks", "strict", tuple(range(1, 200)), 5_000_000, False, False, False))
        flying = set(runner._flying)
    assert flying and runner._flying == set()
    assert {future.status for future in flying} <= {"cancelled", "lost", "finished"}


def _group_left(group: int) -> list[str]:
    """The processes still alive in a process group (zombies aside, which init reaps)."""
    left = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
        except (OSError, NotADirectoryError):
            continue
        fields = stat.rpartition(")")[2].split()
        if int(fields[2]) == group and fields[0] != "Z":
            left.append(stat[:60])
    return left


@NO_PROCESSES
@pytest.mark.parametrize("where", [["--jobs", "2"], ["--cluster", "local", "--jobs", "2"]],
                         ids=["jobs", "cluster"])
def test_ctrl_c_stops_every_process_and_keeps_every_line(
    tmp_path: Path, where: list[str]
) -> None:  # pragma: no cover - not in Pyodide
    """Issue 35 part 5 and issue 37: Ctrl-C at the terminal (SIGINT to the whole process group) stops the run,
    says what was done, keeps every line whole, and leaves no process behind."""
    if "--cluster" in where:
        _dask()
    out = tmp_path / "deals.jsonl"
    command = [sys.executable, "-m", "tripeaks", "stats", "--deals", "1-100000", "--yes", "--out", str(out)]
    command += where
    # Ctrl-C's default, as a terminal's command has it: a run started from a background job of a shell
    # without job control (``make test &``, some CI runners) inherits SIGINT ignored, and so would this one
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           start_new_session=True, env=os.environ | {"PYTHONPATH": str(ENGINE.parent)},
                           preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        for _ in range(1200):  # until a few lines are written (or the run ended, which fails below)
            if (out.exists() and out.read_text(encoding="utf-8").count("\n") >= 4) or run.poll() is not None:
                break
            time.sleep(0.05)
        os.killpg(run.pid, signal.SIGINT)
        stdout, stderr = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 130, stderr
    assert "Traceback" not in stderr
    solved = int(stderr.rpartition("interrupted: ")[2].partition(" of 100,000")[0].replace(",", ""))
    lines = lines_of(out)
    assert len(lines) == solved >= 4 and stdout.splitlines()[1].startswith(f"deals: {solved}   won: ")
    for _ in range(200):
        if not _group_left(run.pid):
            break
        time.sleep(0.05)
    assert _group_left(run.pid) == []
