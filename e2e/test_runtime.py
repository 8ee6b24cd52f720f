"""The runtime: the page boots the vendored Pyodide offline and runs, byte for byte, tripeaks/ and web/, from
bytecode compiled from exactly those sources (web/vendor/modules.zip)."""

from __future__ import annotations

import _imp
import ast
import gzip
import hashlib
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
    """Each Python file the page has, by its path in web/vendor/modules.zip, with its bytes here."""
    files = engine_sources()
    files |= {name: (ROOT / "web" / name).read_bytes() for name in page_modules()}
    return files


def modules_archive() -> dict[str, bytes]:
    with zipfile.ZipFile(VENDOR / "modules.zip") as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_bootcheck_runs_bytecode_compiled_from_the_shipped_sources(page: Page) -> None:
    page.goto("bootcheck.html")
    wait_ready(page)
    report = json.loads(page.locator("#files").text_content() or "{}")
    archive = modules_archive()
    sources = shipped_sources()
    assert report["package"] == "modules.zip/tripeaks", "the engine did not come from modules.zip"
    # Every Python file the page imports from is one of ours, and is the bytes of this checkout.
    assert {path: entry["source_sha256"] for path, entry in report["bytecode"].items()} == {
        path: sha256(data) for path, data in sources.items()
    }, "the page's Python files are not tripeaks/ and the page modules of this checkout: run make build"
    for path, entry in report["bytecode"].items():
        # Beside each one its pyc, hash-based and checked (flags 3), for this Python (magic), of exactly the
        # source beside it (source hash): Python runs it, and would ignore it if any of these did not hold.
        assert entry["pyc"] == path + "c", f"no pyc for {path} in web/vendor/modules.zip: run make build"
        assert entry["pyc_sha256"] == sha256(archive[entry["pyc"]]), path
        assert entry["magic_ok"], f"{entry['pyc']} is for another Python than the page's: run make build"
        assert entry["flags"] == 3, f"{entry['pyc']} is not a checked-hash pyc"
        assert entry["source_hash_ok"], f"{entry['pyc']} is not of {path}: make build"
    assert set(archive) == set(report["bytecode"]) | {entry["pyc"] for entry in report["bytecode"].values()}
    # And importing the engine compiled nothing from source: it ran those pycs.
    assert report["compiled_at_import"] == []


def test_modules_archive_is_the_sources() -> None:
    """web/vendor/modules.zip, no browser: each shipped module's source, and beside it a checked-hash pyc of
    its exact bytes."""
    archive = modules_archive()
    sources = shipped_sources()
    names = list(archive)
    assert names == sorted(names)
    assert set(names) == set(sources) | {path + "c" for path in sources}
    with zipfile.ZipFile(VENDOR / "modules.zip") as zipped:
        assert {info.date_time for info in zipped.infolist()} == {(1980, 1, 1, 0, 0, 0)}  # reproducible
        assert {info.compress_type for info in zipped.infolist()} == {zipfile.ZIP_STORED}  # the host packs it
    for path, source in sources.items():
        assert archive[path] == source, f"{path} is stale: run make build"
        pyc = archive[path + "c"]
        assert int.from_bytes(pyc[4:8], "little") == 3, f"{path}c is not a checked-hash pyc"
        # importlib.util.source_hash of Pyodide's Python: the key is the magic number at the pyc's start.
        key = int.from_bytes(pyc[:4], "little")
        assert pyc[8:16] == _imp.source_hash(key, source), f"{path}c is stale: run make build"


def test_pyscript_toml_ships_the_modules_archive() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert config["files"] == {"./web/vendor/modules.zip": "./modules.zip"}


def test_page_script_stays_short() -> None:
    """PyScript compiles web/main.py from source at every boot; the page's code belongs in web/app.py."""
    assert 'src="./web/main.py"' in (ROOT / "index.html").read_text()
    tree = ast.parse((ROOT / "web" / "main.py").read_text())
    docstring = ast.get_docstring(tree, clean=False)
    code = tree.body[1:] if docstring is not None else tree.body
    assert [ast.unparse(node) for node in code] == [
        "import sys", "sys.path.insert(0, 'modules.zip')", "import app", "app.start()"
    ]


@pytest.mark.cold  # a first visit: every file of the runtime comes from the origin
def test_game_page_boots_offline(page: Page, requests_seen: list[str]) -> None:
    if not (ROOT / "index.html").exists():
        pytest.skip("no index.html yet")
    page.goto("index.html")
    wait_ready(page)
    # The guards check the origin and the console; this checks that the runtime really came from web/vendor/.
    assert any(url.endswith("/web/vendor/pyodide/pyodide.asm.wasm") for url in requests_seen)
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
