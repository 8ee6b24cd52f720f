"""Solving a range of deals on a Dask cluster: ``stats --cluster local`` (a LocalCluster of processes on
this machine) or ``stats --cluster tcp://HOST:PORT`` (a scheduler already running; docs/hosting.md).

Dask is an optional extra (``pip install 'tripeaks[cluster]'``), imported only by :func:`connect`, which
only the ``stats`` command calls, and only when asked for a cluster: the engine, the page and the rest of
the command line never import it, and this module imports without it. Each task is one chunk of deals
(:func:`tripeaks.services.sweep.solve_chunk`), submitted as the range goes with a few per worker in
flight; a worker that is lost has its tasks run again on another (the scheduler does that), and a task
whose code failed for a passing reason is tried again once.
"""

from __future__ import annotations

import logging
import os
import re
import signal
import warnings
from collections.abc import Iterator
from concurrent.futures import CancelledError
from contextlib import contextmanager, suppress
from typing import Any

from .sweep import Chunk, Line, solve_chunk

__all__ = ["CONNECT_SECONDS", "INSTALL", "ClusterError", "DaskRunner", "connect"]

INSTALL = "pip install 'tripeaks[cluster]'"
CONNECT_SECONDS = 5
"""How long to try to reach a scheduler before saying it cannot be reached."""
_ADDRESS = re.compile(r"tcp://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})")


class ClusterError(Exception):
    """The cluster cannot be used: Dask is not installed, or the scheduler cannot be reached or went away."""


def check_address(where: str) -> str:
    """``local`` or a scheduler's ``tcp://HOST:PORT``; ``ValueError`` for anything else."""
    if where == "local":
        return where
    match = _ADDRESS.fullmatch(where)
    if match is None or not 0 < int(match[2]) < 65536:
        shown = where if len(where) <= 60 else where[:60] + "…"
        raise ValueError(f"--cluster takes 'local' or a scheduler's address tcp://HOST:PORT, not {shown!r}")
    return where


class DaskRunner:
    """Chunks of deals solved as tasks of a Dask client: ``workers`` threads in all, a few chunks each
    in flight (see :class:`tripeaks.services.sweep.Runner`)."""

    chunk = 4
    task_seconds: float | None = 0.5

    def __init__(self, client: Any, name: str) -> None:
        self.client = client  # a distributed.Client: Dask's types are partly untyped, so Any here
        self.name = name
        self.found: int = sum(client.nthreads().values())
        """The worker threads the scheduler had when connected to (0: none yet)."""
        self.workers = max(1, self.found)
        self.slots = 3 * self.workers
        self._flying: set[Any] = set()

    def submit(self, chunk: Chunk) -> None:
        self._flying.add(self.client.submit(solve_chunk, chunk, pure=False, retries=1))

    def finished(self, timeout: float) -> list[list[Line]]:
        done: list[list[Line]] = []
        try:
            with suppress(TimeoutError):
                _dask().wait(list(self._flying), timeout=timeout, return_when="FIRST_COMPLETED")
            for future in [f for f in self._flying if f.done()]:
                self._flying.discard(future)
                done.append(future.result())
                future.release()
        except CancelledError:  # the scheduler cancelled them, or the connection to it was lost
            raise ClusterError(f"the scheduler at {self.name} dropped the work (did it stop?)") from None
        return done

    def cancel(self) -> None:
        """Drop the tasks still in flight (the workers stop them)."""
        if self._flying:
            with suppress(Exception):
                self.client.cancel(list(self._flying), force=True)
            self._flying.clear()


def _dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"--cluster needs Dask, which is not installed here: {INSTALL}") from None
    return distributed


_QUIET_WORKER = "import signal; signal.signal(signal.SIGINT, signal.SIG_IGN)"
"""Run in a local worker as it starts (a restarted one too): Ctrl-C at the terminal reaches every
process of the command, and the workers leave it to this one, which ends them."""


def _local_cluster(distributed: Any, jobs: int) -> Any:
    """A LocalCluster of ``jobs`` worker processes, one thread each, which ignore Ctrl-C: they are
    started with it ignored here (a process inherits that), and ignore it again as they start."""
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with warnings.catch_warnings():
            # Its scheduler's HTTP server moves to another port when 8787 is taken (another cluster's).
            warnings.filterwarnings("ignore", "Port .* is already in use", UserWarning)
            return distributed.LocalCluster(
                n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None,
                silence_logs=logging.CRITICAL, preload=[_QUIET_WORKER],
            )
    finally:
        signal.signal(signal.SIGINT, before)


@contextmanager
def connect(where: str, jobs: int) -> Iterator[DaskRunner]:
    """A runner on the cluster ``where`` (``local``: a LocalCluster of ``jobs`` worker processes, ended on
    leaving; else the scheduler at that address, whose workers are left running), for a ``with``."""
    check_address(where)
    distributed = _dask()
    for name in ["distributed", *logging.root.manager.loggerDict]:
        if name.startswith("distributed"):  # our own words say what went wrong, without Dask's tracebacks
            logging.getLogger(name).setLevel(logging.CRITICAL)
    cluster = None
    try:
        if where == "local":
            cluster = _local_cluster(distributed, jobs)
            client = distributed.Client(cluster)
            name = "a local cluster"
        else:
            try:
                client = distributed.Client(where, timeout=CONNECT_SECONDS)
            except (OSError, TimeoutError):
                raise ClusterError(
                    f"no Dask scheduler answered at {where} within {CONNECT_SECONDS} s: is `dask scheduler` "
                    "running there, and the port open? (docs/hosting.md)"
                ) from None
            name = where
        runner = DaskRunner(client, name)
        try:
            yield runner
        finally:
            runner.cancel()
            with suppress(Exception):
                client.close(timeout=2)
    finally:
        if cluster is not None:
            _end_local(cluster)


def _end_local(cluster: Any) -> None:
    """End a local cluster at once, however the run ended (Ctrl-C too): its nannies told not to start their
    workers again, the worker processes killed, then the cluster closed, with nothing left to wait for. A
    worker closed gracefully would first finish the chunk it is solving (seconds on a busy machine, and
    Dask's timeouts then add more); that chunk's deals were not written, and a run solves them again."""

    async def stand_down() -> list[int]:
        nannies = list(cluster.workers.values())
        for nanny in nannies:
            nanny.close_gracefully(reason="tripeaks-stats-ended")
        return [nanny.pid for nanny in nannies if nanny.pid]

    with suppress(Exception):
        for pid in cluster.sync(stand_down):
            with suppress(OSError):
                os.kill(pid, signal.SIGKILL)
    with suppress(Exception):
        cluster.close(timeout=2)
