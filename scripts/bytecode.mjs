// Write web/vendor/bytecode.zip: the page's Python compiled ahead, so the browser does not compile it at boot.
//
//   node scripts/bytecode.mjs            (run by scripts/build.py and by `make build` when web/*.py change)
//
// Pyodide from node_modules (the release the page vendors, so the bytecode's magic number and cache tag are
// the page's) compiles every tripeaks/*.py and every web/*.py but web/main.py (the page's script, which
// PyScript compiles itself) into checked-hash pycs: each pyc carries a hash of its source, and at import
// Python hashes the source file it has and ignores the pyc if they differ. A stale archive costs time,
// never runs anything but the sources. The zip holds them where the page's working directory wants them,
// next to the engine wheel's tripeaks/ and the page modules pyscript.toml copies there:
//   __pycache__/<module>.<tag>.pyc  and  tripeaks/__pycache__/<module>.<tag>.pyc
// pyscript.toml unpacks it into that directory ("./web/vendor/bytecode.zip" = "./*"). The zip is the same
// bytes for the same sources (sorted, fixed timestamps, no build paths inside). The repository is mounted
// read-only in spirit: nothing is written into it but the zip (no __pycache__ in the source tree).

import { loadPyodide } from "pyodide";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = resolve(ROOT, "web", "vendor", "bytecode.zip");

const pyodide = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: ROOT }, "/repo");

const result = pyodide.runPython(`
import importlib.util
import io
import py_compile
import sys
import zipfile
from pathlib import Path

REPO = Path("/repo")
BUILD = Path("/tmp/bytecode")  # Pyodide's in-memory file system: nothing lands on the host

sources = sorted(REPO.glob("tripeaks/**/*.py")) + sorted(p for p in REPO.glob("web/*.py") if p.name != "main.py")
entries = {}
for path in sources:
    # Where the page has the file: tripeaks/<name>.py from the wheel, <name>.py for a page module.
    where = path.relative_to(REPO).as_posix() if path.parts[2] == "tripeaks" else path.name
    cached = importlib.util.cache_from_source(where)  # Pyodide's own cache tag
    py_compile.compile(
        str(path), cfile=str(BUILD / cached), dfile=where, doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
    )
    entries[Path(cached).as_posix()] = (BUILD / cached).read_bytes()

buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w") as archive:
    for name in sorted(entries):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        archive.writestr(info, entries[name], compresslevel=9)
(buffer.getvalue(), len(entries), sys.implementation.cache_tag)
`);
const [data, count, tag] = result.toJs();
result.destroy();
mkdirSync(dirname(OUT), { recursive: true });
// Written whole, then renamed: make never sees half a zip.
writeFileSync(`${OUT}.tmp`, data);
renameSync(`${OUT}.tmp`, OUT);
console.log(`web/vendor/bytecode.zip: ${count} modules compiled for ${tag}, ${data.length.toLocaleString("en")} bytes`);
