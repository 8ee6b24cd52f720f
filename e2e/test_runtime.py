"""The runtime: the page boots the vendored Pyodide offline and runs, byte for byte, tripeaks/ and web/, from
bytecode compiled from exactly those sources (web/vendor/engine.zip and modules.zip); the engine the snapshot
of Pyodide's start brought is used only when it is engine.zip's."""

from __future__ import annotations

import _imp
import ast
import gzip
import hashlib
import io
import json
import tomllib
import urllib.request
import zipfile

import pytest
from conftest import ROOT, wait_ready
from playwright.sync_api import Page, expect

VENDOR = ROOT / "web" / "vendor"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def source_hashes() -> dict[str, str]:
    return {name: sha256(data) for name, data in engine_sources().items()}


def engine_sources() -> dict[str, bytes]:
    """Every file of the engine package and its subpackages, by its path in the wheel."""
    return {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in sorted((ROOT / "tripeaks").rglob("*.py"))}


@pytest.fixture(scope="module")
def manifest() -> dict[str, object]:
    data: dict[str, object] = json.loads((VENDOR / "engine.json").read_text())
    return data


def project_version() -> str:
    """The version in the source tree (the venv installs tripeaks/ in editable mode)."""
    import tripeaks

    return tripeaks.__version__


def test_bootcheck_runs_the_engine_from_tripeaks(page: Page, manifest: dict[str, object]) -> None:
    page.goto("bootcheck.html")
    wait_ready(page)
    expect(page.locator("#version")).to_have_text(project_version())
    report = json.loads(page.locator("#files").text_content() or "{}")
    assert report["python"].startswith("3.")
    assert report["files"] == source_hashes(), "the page runs other bytes than tripeaks/: run make build"
    assert report["files"] == manifest["files"]


def page_modules() -> list[str]:
    """The page modules the page imports from modules.zip: every web/*.py but the page's script."""
    return sorted(p.name for p in (ROOT / "web").glob("*.py") if p.name != "main.py")


def shipped_sources() -> dict[str, bytes]:
    """Each Python file the page has, by its path in web/vendor/engine.zip or modules.zip, with its bytes
    here."""
    files = engine_sources()
    files |= {name: (ROOT / "web" / name).read_bytes() for name in page_modules()}
    return files


ZIPS = ("engine.zip", "modules.zip")  # the engine's, the page modules'


def modules_archive(*names: str) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    for name in names or ZIPS:
        with zipfile.ZipFile(VENDOR / name) as archive:
            files |= {entry: archive.read(entry) for entry in archive.namelist()}
    return files


def bootcheck_report(page: Page, query: str = "") -> dict[str, object]:
    page.goto("bootcheck.html" + query)
    wait_ready(page)
    report: dict[str, object] = json.loads(page.locator("#files").text_content() or "{}")
    return report


def test_bootcheck_runs_bytecode_compiled_from_the_shipped_sources(page: Page) -> None:
    report = bootcheck_report(page)
    archive = modules_archive()
    sources = shipped_sources()
    # The engine is the one the snapshot brought (bootcheck.html boots from it), and that is engine.zip's.
    assert report["package"] == "/home/pyodide/engine.zip/tripeaks", "the engine did not come from engine.zip"
    assert report["engine_from"] == "snapshot"
    bytecode: dict[str, dict[str, object]] = report["bytecode"]  # type: ignore[assignment]
    # Every Python file the page imports from is one of ours, and is the bytes of this checkout.
    assert {path: entry["source_sha256"] for path, entry in bytecode.items()} == {
        path: sha256(data) for path, data in sources.items()
    }, "the page's Python files are not tripeaks/ and the page modules of this checkout: run make build"
    for path, entry in bytecode.items():
        # Beside each one its pyc, hash-based (flags 1: Python runs it without reading the source again), for
        # this Python (magic), of exactly the source beside it (source hash).
        assert entry["pyc"] == path + "c", f"no pyc for {path} in web/vendor/: run make build"
        assert entry["pyc_sha256"] == sha256(archive[str(entry["pyc"])]), path
        assert entry["magic_ok"], f"{entry['pyc']} is for another Python than the page's: run make build"
        assert entry["flags"] == 1, f"{entry['pyc']} is not an unchecked hash-based pyc"
        assert entry["source_hash_ok"], f"{entry['pyc']} is not of {path}: make build"
    assert set(archive) == set(bytecode) | {str(entry["pyc"]) for entry in bytecode.values()}
    # And importing the engine compiled nothing from source: it ran those pycs.
    assert report["compiled_at_import"] == []
    # PyScript's own package has the pyc of each of its modules beside it (web/vendor/pyscript.zip).
    pyscript_pycs: dict[str, bool] = report["pyscript_pycs"]  # type: ignore[assignment]
    assert "__init__.py" in pyscript_pycs
    assert all(pyscript_pycs.values()), f"pycs not of PyScript's sources: {pyscript_pycs}: run make build"


def test_a_fresh_start_imports_the_engine_from_its_zip(page: Page) -> None:
    report = bootcheck_report(page, "?python-start=fresh")
    assert report["package"] == "/home/pyodide/engine.zip/tripeaks"
    assert report["engine_from"] == "zip"
    assert report["files"] == source_hashes()
    assert report["compiled_at_import"] == []


def test_the_snapshots_engine_is_dropped_for_another_engine_zip(page: Page) -> None:
    """A snapshot of one deploy beside an engine.zip of another (a stale HTTP cache, say): the page runs the
    engine in engine.zip, not the one in the snapshot."""
    other = io.BytesIO()
    with zipfile.ZipFile(other, "w") as made:
        for name, data in engine_sources().items():  # sources only: Python compiles them
            if name == "tripeaks/__init__.py":
                data = data.replace(f'__version__ = "{project_version()}"'.encode(), b'__version__ = "9.9.9"')
            made.writestr(name, data)
    body = other.getvalue()
    page.route("**/web/vendor/engine.zip", lambda route: route.fulfill(status=200, body=body))
    report = bootcheck_report(page)
    expect(page.locator("#version")).to_have_text("9.9.9")
    assert report["engine_from"] == "zip"
    assert report["compiled_at_import"]  # the other engine's modules, compiled from their sources


def test_modules_archives_are_the_sources() -> None:
    """web/vendor/engine.zip and modules.zip, no browser: each shipped module's source, and beside it a
    hash-based pyc of its exact bytes."""
    engine, page = modules_archive("engine.zip"), modules_archive("modules.zip")
    sources = shipped_sources()
    assert {name for name in engine if name.endswith(".py")} == set(engine_sources())
    assert {name for name in page if name.endswith(".py")} == set(page_modules())
    for name in ZIPS:
        with zipfile.ZipFile(VENDOR / name) as zipped:
            names = zipped.namelist()
            assert names == sorted(names)
            assert {info.date_time for info in zipped.infolist()} == {(1980, 1, 1, 0, 0, 0)}  # reproducible
            # Stored: the host compresses the whole file.
            assert {info.compress_type for info in zipped.infolist()} == {zipfile.ZIP_STORED}
    archive = engine | page
    assert set(archive) == set(sources) | {path + "c" for path in sources}
    for path, source in sources.items():
        assert archive[path] == source, f"{path} is stale: run make build"
        pyc = archive[path + "c"]
        assert int.from_bytes(pyc[4:8], "little") == 1, f"{path}c is not an unchecked hash-based pyc"
        # importlib.util.source_hash of Pyodide's Python: the key is the magic number at the pyc's start.
        key = int.from_bytes(pyc[:4], "little")
        assert pyc[8:16] == _imp.source_hash(key, source), f"{path}c is stale: run make build"


def test_pyscript_toml_ships_the_modules_archives() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert config["files"] == {
        "./web/vendor/engine.zip": "./engine.zip",
        "./web/vendor/modules.zip": "./modules.zip",
        "./web/vendor/pyscript.zip": "./pyscript/__pycache__/*",
    }


def test_page_script_stays_short() -> None:
    """PyScript compiles web/main.py from source at every boot; the page's code belongs in web/app.py."""
    assert 'src="./web/main.py"' in (ROOT / "index.html").read_text()
    tree = ast.parse((ROOT / "web" / "main.py").read_text())
    docstring = ast.get_docstring(tree, clean=False)
    code = tree.body[1:] if docstring is not None else tree.body
    assert [ast.unparse(node) for node in code] == [
        "import sys", "sys.path.insert(0, 'modules.zip')", "import engine", "import app", "app.start()"
    ]


@pytest.mark.cold  # a first visit: every file of the runtime comes from the origin
def test_game_page_boots_offline(page: Page, requests_seen: list[str]) -> None:
    if not (ROOT / "index.html").exists():
        pytest.skip("no index.html yet")
    page.goto("index.html")
    wait_ready(page)
    # The guards check the origin and the console; this checks that the runtime really came from web/vendor/.
    assert any(url.endswith("/web/vendor/pyodide/pyodide.asm.wasm") for url in requests_seen)
    assert any(url.endswith("/web/vendor/engine.zip") for url in requests_seen)
    assert any(url.endswith("/web/vendor/modules.zip") for url in requests_seen)


def test_game_page_starts_python_from_the_snapshot(page: Page, requests_seen: list[str]) -> None:
    page.goto("index.html?deal=7&python-start=snapshot")  # as on a fast network, whatever the load here
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
    assert any(url.endswith("/web/vendor/pyodide.snapshot") for url in requests_seen)


def test_every_visit_deals_its_own_random_deal(page: Page) -> None:
    """The snapshot holds `random` as seeded when it was made: the page must not deal that same "random"
    deal on every visit."""
    blank = "<!doctype html><title>blank</title><link rel='icon' href='data:,'>"
    page.route("**/blank.html", lambda route: route.fulfill(body=blank, content_type="text/html"))
    deals: list[str] = []
    for _ in range(2):
        if deals:
            # No game to continue, so a new random deal. Cleared from another page of the site: leaving
            # the game saves it.
            page.goto("blank.html")
            page.evaluate("localStorage.clear()")
        page.goto("index.html")
        wait_ready(page)
        deals.append(page.evaluate("new URLSearchParams(location.search).get('deal')"))
    assert deals[0] and deals[1] and deals[0] != deals[1]


@pytest.mark.allow_console_errors  # the browser logs the failed fetch
@pytest.mark.parametrize("problem", ["missing", "corrupt"])
def test_game_page_starts_python_afresh_without_a_usable_snapshot(page: Page, problem: str) -> None:
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    if problem == "missing":
        page.route("**/pyodide.snapshot", lambda route: route.fulfill(status=404, body="not here"))
    else:
        garbage = gzip.compress(bytes(range(256)) * 64)
        page.route("**/pyodide.snapshot", lambda route: route.fulfill(status=200, body=garbage))
    page.goto("index.html?deal=7&python-start=snapshot")
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "fresh"
    assert any("without its snapshot" in text for text in warnings)
    expect(page.locator("#deal-name")).to_contain_text("Deal 7")
    page.click("#stock")  # and it plays: a draw
    expect(page.locator("#stock-count")).to_have_text("22")


def test_shipped_wheel_is_the_source(manifest: dict[str, object]) -> None:
    wheel = VENDOR / str(manifest["wheel"])
    assert sha256(wheel.read_bytes()) == manifest["wheel_sha256"]
    with zipfile.ZipFile(wheel) as archive:
        shipped = {
            name: sha256(archive.read(name))
            for name in archive.namelist()
            if name.startswith("tripeaks/") and name.endswith(".py")
        }
    assert shipped == source_hashes() == manifest["files"]
    assert manifest["version"] == project_version()


def test_pyscript_toml_loads_the_vendored_pyodide() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert config["interpreter"] == "./web/interpreter.mjs"
    assert 'from "./vendor/pyodide/pyodide.mjs"' in (ROOT / "web" / "interpreter.mjs").read_text()


def test_vendored_lock_names_the_shipped_micropip() -> None:
    lock = json.loads((VENDOR / "pyodide" / "pyodide-lock.json").read_text())
    entry = lock["packages"]["micropip"]
    wheel = VENDOR / "pyodide" / entry["file_name"]
    assert sha256(wheel.read_bytes()) == entry["sha256"]


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        ("web/vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("web/vendor/pyodide/pyodide.mjs", "text/javascript"),
        ("web/vendor/pyscript/core.js", "text/javascript"),
        ("web/vendor/pyodide/pyodide-lock.json", "application/json"),
        ("pyscript.toml", "application/toml"),
        ("bootcheck.html", "text/html"),
    ],
)
def test_server_mime_types(server_url: str, path: str, content_type: str) -> None:
    assert (ROOT / path).exists()
    with urllib.request.urlopen(f"{server_url}/{path}") as response:
        assert response.headers.get_content_type() == content_type


def test_server_serves_wheels_as_zip(server_url: str, manifest: dict[str, object]) -> None:
    with urllib.request.urlopen(f"{server_url}/web/vendor/{manifest['wheel']}") as response:
        assert response.headers.get_content_type() == "application/zip"
        assert sha256(response.read()) == manifest["wheel_sha256"]
