"""The engine the page runs: tripeaks from engine.zip, which the memory snapshot of Pyodide's start has
imported already when it was made from that same zip (scripts/snapshot.mjs).

pyscript.toml's [files] copies web/vendor/engine.zip to ENGINE at every boot, after Python has started. A boot
from the snapshot finds the engine in sys.modules, imported from ENGINE when the snapshot was made: it is
used when the zip there now has the same entries (names, sizes, CRC-32s and places, as zipimport read them
then), and forgotten and imported again from the zip when not (a snapshot and an engine.zip of two deploys: a
stale HTTP cache, say). A fresh start imports it from the zip. web/main.py imports this module before the
page's own.
"""

import os
import sys
import zipfile
import zipimport

ENGINE = os.path.abspath("engine.zip")
"""Where pyscript.toml puts web/vendor/engine.zip (/home/pyodide/engine.zip), and where scripts/snapshot.mjs
imported the engine from."""


def _entries(archive: str) -> dict[str, tuple[int, int, int]]:
    with zipfile.ZipFile(archive) as zipped:
        return {info.filename: (info.file_size, info.CRC, info.header_offset) for info in zipped.infolist()}


def _imported() -> dict[str, tuple[int, int, int]] | None:
    """The entries of ENGINE as the snapshot's zipimport read them, or None (no such record)."""
    # zipimport's own record of a zip's directory: {name: (path, compress, data_size, file_size, offset,
    # time, date, crc)}, and None for the folders it implies (CPython 3.14). Anything else reads as "not the
    # same engine": a fresh import.
    directory = getattr(zipimport, "_zip_directory_cache", {}).get(ENGINE)
    if not isinstance(directory, dict):
        return None
    try:
        return {name: (entry[3], entry[7], entry[4]) for name, entry in directory.items() if entry}
    except (AttributeError, IndexError, TypeError):
        return None


def settle() -> str:
    """Make ``import tripeaks`` the engine in ENGINE; say where it came from: "snapshot" or "zip" ("path"
    when there is no ENGINE: benchmarks/boot.py's pages that install the engine's wheel instead)."""
    present = os.path.isfile(ENGINE)
    if present and ENGINE not in sys.path:
        sys.path.insert(0, ENGINE)
    if "tripeaks" in sys.modules:
        if present and _imported() == _entries(ENGINE):
            return "snapshot"
        for name in [name for name in sys.modules if name == "tripeaks" or name.startswith("tripeaks.")]:
            del sys.modules[name]
        getattr(zipimport, "_zip_directory_cache", {}).pop(ENGINE, None)
        sys.path_importer_cache.pop(ENGINE, None)
    import tripeaks  # noqa: F401  (from ENGINE, or wherever sys.path has it)

    return "zip" if present else "path"


FROM = settle()
"""Where this boot's engine came from: "snapshot", "zip" or "path" (bootcheck.html reports it)."""
