"""Build web/vendor/: the pinned browser runtime, the engine wheel and its manifest, all offline-ready.

Run by `make build` (after `npm ci`). Everything written here is generated and git-ignored:

    web/vendor/pyodide/    Pyodide from node_modules, and PyPI's micropip wheel (the lock rewritten to it);
                           snapshot.mjs splits python_stdlib.zip, the modules the page imports compiled
    web/vendor/pyscript/   @pyscript/core's dist (core.js, core.css and the chunks they import)
    web/vendor/wheels/     tripeaks-<version>-py3-none-any.whl, built from this source tree
    web/vendor/engine.json the engine's version, the wheel's name and sha256, a sha256 per tripeaks/**/*.py
    web/vendor/engine.zip   tripeaks/**/*.py with their bytecode (scripts/modules.mjs)
    web/vendor/modules.zip  the page's modules with their bytecode (scripts/modules.mjs)
    web/vendor/pyscript.zip PyScript's own Python package as bytecode, for pyscript/__pycache__/ (the same)
    web/vendor/pyodide.snapshot Pyodide's memory after start-up, the engine imported, for web/interpreter.mjs
                            (scripts/snapshot.mjs)
                           the same bytes from the same inputs
    .cache/pyodide-wheels/ pytest, hypothesis and their pure-Python dependencies for the Pyodide test run
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "web" / "vendor"
TEST_WHEELS = ROOT / ".cache" / "pyodide-wheels"

# The files pyodide.mjs fetches at boot (the npm package ships no packages; micropip is added below).
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
]

# micropip is what PyScript installs `packages = [...]` with. It is not in the pyodide npm package, and the
# PyPI wheel's bytes differ from the hash in pyodide-lock.json, so the lock entry is rewritten to match it.
MICROPIP = "micropip==0.11.1"

# Pure-Python wheels to run tests/ inside Pyodide (scripts/pyodide_pytest.mjs). Versions follow
# constraints.txt, except hypothesis: since 6.156 it ships only CPython wheels with a native (Rust)
# module, which cannot load in WebAssembly, so Pyodide gets 6.155.7, its last pure-Python release.
PYODIDE_TEST_WHEELS = [
    "pytest==9.2.0",
    "pluggy==1.7.0",
    "iniconfig==2.3.1",
    "packaging==26.4",
    "Pygments==2.21.0",
    "hypothesis==6.155.7",
    "sortedcontainers==2.4.0",
]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pip_download(requirements: list[str], dest: Path) -> None:
    """Fetch pure-Python wheels for Pyodide's CPython 3.14, skipping any already in dest."""
    missing = [r for r in requirements if not any(dest.glob(wheel_glob(r)))]
    if not missing:
        return
    dest.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "--python-version", "3.14", "--implementation", "py", "--abi", "none", "--platform", "any",
         "--dest", str(dest), *missing],
        check=True,
    )


def wheel_glob(requirement: str) -> str:
    name, version = requirement.split("==")
    return f"{name.lower().replace('-', '_')}-{version}-*.whl"


def copy_pyodide() -> None:
    source = NODE_MODULES / "pyodide"
    dest = VENDOR / "pyodide"
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(source / name, dest / name)

    pip_download([MICROPIP], dest)
    (micropip,) = dest.glob(wheel_glob(MICROPIP))
    lock_path = dest / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    entry = lock["packages"]["micropip"]
    entry["file_name"] = micropip.name
    entry["version"] = MICROPIP.split("==")[1]
    entry["sha256"] = sha256(micropip)
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))
    (dest / "pyodide.asm.js").write_text(classic_asm((dest / "pyodide.asm.mjs").read_text()))


# pyodide.asm.mjs ends with this export and names its own URL three times (import.meta.url): for Node, and
# where Pyodide is not told where its files are. Nothing else ties it to being a module.
ASM_EXPORT = "export default _createPyodideModule;"
ASM_FACTORY = "__tripeaksCreatePyodideModule"


def classic_asm(module: str) -> str:
    """pyodide.asm.mjs as a classic script that sets globalThis.__tripeaksCreatePyodideModule.

    Chromium keeps a script's compiled code beside the copy a service worker cached while installing (V8's
    code cache, made at once for a classic script), but not a module's: the page (web/interpreter.mjs) loads
    Pyodide's 1.2 MB of JavaScript this way, so a return visit starts it compiled."""
    body = module.rstrip()
    if not body.endswith(ASM_EXPORT) or body.count(ASM_EXPORT) != 1 or module.count("import.meta.url") != 3:
        raise SystemExit("pyodide.asm.mjs changed shape: check classic_asm() in scripts/build.py")
    body = body[: -len(ASM_EXPORT)].replace("import.meta.url", "scriptUrl")
    return (
        '"use strict";\n'
        f"globalThis.{ASM_FACTORY} = (function () {{\n"
        "const scriptUrl = document.currentScript ? document.currentScript.src : location.href;\n"
        f"{body}\n"
        "return _createPyodideModule;\n"
        "})();\n"
    )


def copy_pyscript() -> None:
    source = NODE_MODULES / "@pyscript" / "core" / "dist"
    dest = VENDOR / "pyscript"
    if dest.exists():
        shutil.rmtree(dest)
    # Source maps are only fetched by an open DevTools; leaving them out halves the folder.
    shutil.copytree(source, dest, ignore=shutil.ignore_patterns("*.map"))


def build_wheel() -> Path:
    """Build the engine wheel from a clean copy of the sources, so no stale build/ output slips in."""
    dest = VENDOR / "wheels"
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="tripeaks-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        # pyproject.toml carries the package's metadata, its long description included (not README.md, so
        # that editing the README leaves the wheel, and so web/vendor/ and the site, as they are).
        shutil.copy2(ROOT / "pyproject.toml", src / "pyproject.toml")
        shutil.copytree(ROOT / "tripeaks", src / "tripeaks", ignore=shutil.ignore_patterns("__pycache__"))
        env = dict(os.environ, SOURCE_DATE_EPOCH=os.environ.get("SOURCE_DATE_EPOCH", "315532800"))
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--wheel-dir", str(dest), str(src)],
            check=True,
            env=env,
        )
    (wheel,) = dest.glob("tripeaks-*-py3-none-any.whl")
    return wheel


def make_manifest(wheel: Path) -> dict[str, object]:
    """Describe what the page will run; refuse a wheel whose tripeaks/**/*.py differ from the source tree."""
    with zipfile.ZipFile(wheel) as archive:
        shipped = {
            name: hashlib.sha256(archive.read(name)).hexdigest()
            for name in archive.namelist()
            if name.startswith("tripeaks/") and name.endswith(".py")
        }
    source = {
        path.relative_to(ROOT).as_posix(): sha256(path) for path in sorted((ROOT / "tripeaks").rglob("*.py"))
    }
    if shipped != source:
        differ = sorted(set(shipped.items()) ^ set(source.items()))
        raise SystemExit(f"the wheel's files differ from tripeaks/: {differ}")
    return {
        "name": "tripeaks",
        "version": wheel_version(wheel),
        "wheel": f"wheels/{wheel.name}",
        "wheel_sha256": sha256(wheel),
        "files": dict(sorted(shipped.items())),
    }


def wheel_version(wheel: Path) -> str:
    return wheel.name.split("-")[1]


def check_config(wheel: Path) -> None:
    """pyscript.toml names the wheel file, version included: catch a version bump it missed."""
    config = (ROOT / "pyscript.toml").read_text()
    if f"web/vendor/wheels/{wheel.name}" not in config:
        raise SystemExit(f"pyscript.toml does not load ./web/vendor/wheels/{wheel.name}; update it")


def make_snapshot() -> None:
    """web/vendor/pyodide/python_stdlib.zip compiled and web/vendor/pyodide.snapshot, Pyodide's memory after
    start-up with it, made by the release just vendored (the two only work together)."""
    subprocess.run(["node", str(ROOT / "scripts" / "snapshot.mjs")], check=True)


def compile_bytecode() -> None:
    """web/vendor/engine.zip and modules.zip: Pyodide on Node compiles the engine and the page modules (see
    the script)."""
    subprocess.run(["node", str(ROOT / "scripts" / "modules.mjs")], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-test-wheels", action="store_true", help="skip the wheels for the Pyodide tests")
    parser.add_argument("--wheel", action="store_true",
                        help="only build the engine wheel again and rewrite engine.json (after a full build: "
                        "the Makefile's rule for pyproject.toml, whose metadata only the wheel carries)")
    args = parser.parse_args()
    if args.wheel:
        if not (VENDOR / "engine.json").exists():
            raise SystemExit("web/vendor/ is not built: run `make build` first")
        write_manifest(build_wheel())
        return
    if not (NODE_MODULES / "pyodide" / "pyodide.mjs").exists():
        raise SystemExit("node_modules/ is missing: run `npm ci` first (or `make build`)")
    # engine.json is written last: make takes it as the mark of a complete build.
    (VENDOR / "engine.json").unlink(missing_ok=True)
    VENDOR.mkdir(parents=True, exist_ok=True)
    copy_pyodide()
    compile_bytecode()  # first: the snapshot imports the engine from web/vendor/engine.zip
    make_snapshot()
    copy_pyscript()
    wheel = build_wheel()
    if not args.no_test_wheels:
        pip_download(PYODIDE_TEST_WHEELS, TEST_WHEELS)
        wanted = {w for r in PYODIDE_TEST_WHEELS for w in TEST_WHEELS.glob(wheel_glob(r))}
        for stale in set(TEST_WHEELS.glob("*.whl")) - wanted:
            stale.unlink()
    write_manifest(wheel)


def write_manifest(wheel: Path) -> None:
    manifest = make_manifest(wheel)
    check_config(wheel)
    (VENDOR / "engine.json").write_text(json.dumps(manifest, indent=2) + "\n")
    print(f"built web/vendor/ with tripeaks {manifest['version']} ({len(manifest['files'])} engine files)")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
