// Write web/vendor/modules.zip: the engine and the page's modules, imported by the page straight from the zip.
//
//   node scripts/modules.mjs            (run by scripts/build.py and by `make build` when tripeaks/ or web/*.py change)
//
// The archive holds every tripeaks/*.py and every web/*.py but web/main.py (the page's script, which PyScript
// compiles itself), each source beside its bytecode, compiled by Pyodide from node_modules (the release the page
// vendors, so the bytecode's magic number is the page's):
//   tripeaks/game.py, tripeaks/game.pyc, ...      (the engine package, at the top of the zip)
//   app.py, app.pyc, table.py, table.pyc, ...     (the page modules, `import app` finds them there too)
// pyscript.toml copies it into Python's working directory (`"./web/vendor/modules.zip" = "./modules.zip"`) and
// web/main.py puts it first on sys.path: Python's zipimport then reads each module from the one file, so a boot
// unpacks nothing and writes no file per module (unpacking the engine wheel and an archive of pycs into the
// working directory, as PyScript's "./*" does, cost a return visit a tenth of its main thread's time).
// Each pyc is a checked-hash pyc: it carries a hash of its source, and zipimport reads the source beside it and
// ignores the pyc if they differ, so a pyc never runs anything but its source. The sources stay for tracebacks
// (zipimport's get_source). Entries are stored, not deflated: the host compresses the whole file (scripts/site.py
// writes .br and .gz beside it), and a stored entry is read without inflating it. The zip is the same bytes for
// the same sources (sorted, fixed timestamps, no build paths inside). Nothing is written into the source tree.

import { loadPyodide } from "pyodide";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = resolve(ROOT, "web", "vendor", "modules.zip");

const pyodide = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: ROOT }, "/repo");

const result = pyodide.runPython(`
import importlib.util
import io
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

REPO = Path("/repo")

sources = sorted(REPO.glob("tripeaks/**/*.py")) + sorted(p for p in REPO.glob("web/*.py") if p.name != "main.py")
entries = {}
for path in sources:
    # Where the module is in the zip: tripeaks/<...>.py for the engine, <name>.py for a page module.
    where = path.relative_to(REPO).as_posix() if path.parts[2] == "tripeaks" else path.name
    source = path.read_bytes()
    code = compile(source, where, "exec", dont_inherit=True)
    entries[where] = source
    entries[where + "c"] = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), True))

buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
    for name in sorted(entries):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        archive.writestr(info, entries[name])
(buffer.getvalue(), len(sources), sys.implementation.cache_tag)
`);
const [data, count, tag] = result.toJs();
result.destroy();
mkdirSync(dirname(OUT), { recursive: true });
// Written whole, then renamed: make never sees half a zip.
writeFileSync(`${OUT}.tmp`, data);
renameSync(`${OUT}.tmp`, OUT);
console.log(`web/vendor/modules.zip: ${count} modules with their bytecode for ${tag}, ${data.length.toLocaleString("en")} bytes`);
