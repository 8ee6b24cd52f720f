"""The runtime: the page boots the vendored Pyodide offline and runs, byte for byte, tripeaks/."""

from __future__ import annotations

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
    return {f"tripeaks/{p.name}": sha256(p.read_bytes()) for p in sorted((ROOT / "tripeaks").glob("*.py"))}


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


@pytest.mark.cold  # a first visit: every file of the runtime comes from the origin
def test_game_page_boots_offline(page: Page, requests_seen: list[str], manifest: dict[str, object]) -> None:
    if not (ROOT / "index.html").exists():
        pytest.skip("no index.html yet")
    page.goto("index.html")
    wait_ready(page)
    # The guards check the origin and the console; this checks that the runtime really came from web/vendor/.
    assert any(url.endswith("/web/vendor/pyodide/pyodide.asm.wasm") for url in requests_seen)
    assert any(url.endswith(f"/web/vendor/{manifest['wheel']}") for url in requests_seen)


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


def test_pyscript_toml_loads_the_shipped_wheel(manifest: dict[str, object]) -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert config["interpreter"] == "./web/vendor/pyodide/pyodide.mjs"
    wheel = f"./web/vendor/{manifest['wheel']}"
    assert config.get("files", {}).get(wheel) == "./*" or wheel in config.get("packages", [])


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
