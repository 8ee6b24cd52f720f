// Write web/vendor/engine.zip and web/vendor/modules.zip: the engine and the page's modules, which the page
// imports straight from the zips.
//
//   node scripts/modules.mjs            (run by scripts/build.py and by `make build` when tripeaks/ or web/*.py change)
//
// engine.zip holds every tripeaks/*.py, modules.zip every web/*.py but web/main.py (the page's script, which
// PyScript compiles itself), each source beside its bytecode, compiled by Pyodide from node_modules (the release
// the page vendors, so the bytecode's magic number is the page's):
//   engine.zip:  tripeaks/game.py, tripeaks/game.pyc, ...   (the engine package, at the top of the zip)
//   modules.zip: app.py, app.pyc, table.py, table.pyc, ...  (the page modules: `import app` finds them there)
// Two zips, because the memory snapshot of Pyodide's start (scripts/snapshot.mjs) has the engine imported from
// engine.zip already: a deploy that changes only the page changes modules.zip, not engine.zip, and so leaves
// the snapshot as it was. pyscript.toml copies both into Python's working directory, and web/main.py puts
// modules.zip first on sys.path and has web/engine.py check the engine (the snapshot's, if it is engine.zip's,
// else imported from engine.zip). Python's zipimport reads each module from its zip, so a boot unpacks nothing
// and writes no file per module.
// Each pyc is an unchecked hash-based pyc: it carries the hash of its source, which e2e/test_runtime.py checks
// against the source beside it, and Python runs it without reading the source again (the build made both from
// the same bytes, and ships them in the same file). The sources stay for tracebacks (zipimport's get_source).
// Entries are stored, not deflated: the host compresses the whole file (scripts/site.py writes .br and .gz
// beside it), and a stored entry is read without inflating it. Each zip is the same bytes for the same sources
// (sorted, fixed timestamps, no build paths inside). Nothing is written into the source tree.

import { loadPyodide } from "pyodide";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const VENDOR = resolve(ROOT, "web", "vendor");

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

def archive(sources, where):
    entries = {}
    for path in sources:
        name = where(path)
        source = path.read_bytes()
        code = compile(source, name, "exec", dont_inherit=True)
        entries[name] = source
        entries[name + "c"] = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as made:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            made.writestr(info, entries[name])
    return buffer.getvalue(), len(sources)

engine = archive(sorted(REPO.glob("tripeaks/**/*.py")), lambda path: path.relative_to(REPO).as_posix())
page = archive(sorted(p for p in REPO.glob("web/*.py") if p.name != "main.py"), lambda path: path.name)
(engine, page, sys.implementation.cache_tag)
`);
const [engine, page, tag] = result.toJs();
result.destroy();
mkdirSync(VENDOR, { recursive: true });
for (const [name, [data, count], what] of [["engine.zip", engine, "engine"], ["modules.zip", page, "page"]]) {
  const out = resolve(VENDOR, name);
  // Written whole, then renamed: make never sees half a zip.
  writeFileSync(`${out}.tmp`, data);
  renameSync(`${out}.tmp`, out);
  console.log(`web/vendor/${name}: ${count} ${what} modules with their bytecode for ${tag}, ${data.length.toLocaleString("en")} bytes`);
}
