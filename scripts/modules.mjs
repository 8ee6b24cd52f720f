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
// (scripts/stored_zip.py; no build paths inside). Nothing is written into the source tree.

import { loadPyodide } from "pyodide";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { pyscriptCore } from "./pyscript_core.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const VENDOR = resolve(ROOT, "web", "vendor");

// PyScript's own Python package, as its core chunk writes it into pyscript/ at every boot: an object literal
// {pyscript: {"__init__.py": "...", ...}} in the chunk, read here as the JavaScript it is.
function pyscriptPackage() {
  const { name: chunk, text } = pyscriptCore();
  const at = text.indexOf("{pyscript:{");
  if (at < 0 || text.indexOf("{pyscript:{", at + 1) >= 0) {
    throw new Error(`${chunk}: not one package literal {pyscript:{...}}: PyScript changed, see scripts/modules.mjs`);
  }
  let depth = 0;
  let quote = null;
  let end = at;
  for (; end < text.length; end++) {
    const c = text[end];
    if (quote) {
      if (c === "\\") end++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) break;
  }
  const files = Function(`return ${text.slice(at, end + 1)}`)().pyscript;
  if (!files["__init__.py"] || Object.values(files).some((source) => typeof source !== "string")) {
    throw new Error(`${chunk}: the pyscript package is not flat files: PyScript changed, see scripts/modules.mjs`);
  }
  return files;
}

const pyodide = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } });
pyodide.globals.set("pyscript_sources", pyodide.toPy(pyscriptPackage()));
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: ROOT }, "/repo");

const result = pyodide.runPython(`
import importlib.util
import sys
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

REPO = Path("/repo")
sys.path.insert(0, str(REPO / "scripts"))
from stored_zip import pack

def archive(sources, where):
    entries = {}
    for path in sources:
        name = where(path)
        source = path.read_bytes()
        code = compile(source, name, "exec", dont_inherit=True)
        entries[name] = source
        entries[name + "c"] = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))
    return pack(entries), len(sources)

engine = archive(sorted(REPO.glob("tripeaks/**/*.py")), lambda path: path.relative_to(REPO).as_posix())
page = archive(sorted(p for p in REPO.glob("web/*.py") if p.name != "main.py"), lambda path: path.name)

# PyScript's package: only the pycs, named as Python looks for them in pyscript/__pycache__/ beside the
# sources PyScript writes. Checked hash-based: Python reads the source beside each and ignores the pyc if it
# does not match (a PyScript whose Python differs from this build's compiles its own, as before).
compiled = {}
for name, text in sorted(pyscript_sources.items()):
    source = text.encode("utf-8")  # as PyScript writes it: pathlib's write_text(..., encoding="utf-8")
    code = compile(source, f"/home/pyodide/pyscript/{name}", "exec", dont_inherit=True)
    pyc = f"{name.removesuffix('.py')}.{sys.implementation.cache_tag}.pyc"
    compiled[pyc] = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), True))
pyscript = (pack(compiled), len(compiled))
(engine, page, pyscript, sys.implementation.cache_tag)
`);
const [engine, page, pyscript, tag] = result.toJs();
result.destroy();
mkdirSync(VENDOR, { recursive: true });
const zips = [["engine.zip", engine, "engine"], ["modules.zip", page, "page"], ["pyscript.zip", pyscript, "PyScript"]];
for (const [name, [data, count], what] of zips) {
  const out = resolve(VENDOR, name);
  // Written whole, then renamed: make never sees half a zip.
  writeFileSync(`${out}.tmp`, data);
  renameSync(`${out}.tmp`, out);
  console.log(`web/vendor/${name}: ${count} ${what} modules with their bytecode for ${tag}, ${data.length.toLocaleString("en")} bytes`);
}
