// Write Pyodide's start-up as the page ships it: web/vendor/pyodide/python_stdlib.zip, its standard library
// with the modules the page imports compiled ahead, and web/vendor/pyodide.snapshot, its memory just after
// starting with that library, so that a returning player's page boots from it (web/interpreter.mjs).
//
//   node scripts/snapshot.mjs            (run by scripts/build.py, after it vendors Pyodide, and by `make build`)
//   node scripts/snapshot.mjs --out DIR  (the same three files in DIR instead of web/vendor/: e2e/test_network.py
//                                         builds twice and compares)
//
// The standard library. Pyodide's npm package ships it as one zip of Python source: every module a start
// imports is compiled there and then, which is most of a fresh start's time (twice as long as from
// bytecode), and every module comes along, imported or not. This splits it in two, by doing here what a
// page does: Pyodide's own start-up, every module of the engine (tripeaks/), the standard-library modules
// web/*.py and PyScript's Python (inside @pyscript/core's core-*.js) name, and zipfile reading an archive's
// names (bootcheck.html reads modules.zip's):
// - python_stdlib.zip, what Pyodide fetches and mounts: the modules imported then, as sourceless
//   unchecked-hash pycs (a source hash, no timestamp), the data files, and python_stdlib_rest.txt, the
//   names of all the others;
// - python_stdlib_rest.zip: those others, as source. A page never fetches it unless it imports one of
//   them; web/interpreter.mjs installs a finder that fetches it then (and the service worker keeps it for
//   offline play), so nothing of the standard library is missing, a module missed here only costs a
//   download. e2e/test_network.py checks that a game played through never fetches it.
// Entries are stored, not deflated: the host compresses the whole file (scripts/site.py writes .br and .gz
// beside it), which packs it far smaller than deflating each entry.
//
// The snapshot. Starting is mostly CPython initialising itself: unpacking and importing its standard
// library into WebAssembly memory. That memory is the same on every start, so Pyodide can save it (its
// `_makeSnapshot` / `makeMemorySnapshot` API) and a later start can load it instead (`_loadSnapshot`). It
// fits only the pyodide.asm.wasm it was made with and the python_stdlib.zip it was made with (zipimport
// keeps the zip's directory in memory), so this script always writes the two together. It holds Pyodide's
// start-up and the engine imported: every module of web/vendor/engine.zip (scripts/modules.mjs, which runs
// first), from /home/pyodide/engine.zip, where pyscript.toml's [files] puts that zip at every boot. Importing
// the engine is a third of what a return visit's Python does before the first card (its dataclasses making
// their methods, above all), and here it is done once, at build time. web/engine.py checks at boot that the
// zip there is the one the snapshot imported (a snapshot and an engine.zip of two deploys, from a stale HTTP
// cache, say), and imports the engine from the zip if not. No page module is in it (those arrive in
// web/vendor/modules.zip, and import the browser's modules): the same engine, standard library and Pyodide
// give the same bytes, so a deploy that changes only the page leaves it alone and returning players do not
// download it again. What a start would draw at random is fixed here:
// - the entropy Pyodide reads at start-up, which makes the str hash secret (the same on every visit, as any
//   snapshot's is) and seeds `random` and the C library's generator: web/interpreter.mjs reseeds `random`
//   from the browser's crypto after every boot from the snapshot;
// - Node's script path, which Pyodide puts in sys.executable and $_: set to what a browser start has.
// The file is gzip-compressed (a fifth of the 30 MB of memory); the page or the service worker unpacks it
// with the browser's DecompressionStream. Its name does not end in .gz, so no web server labels it
// Content-Encoding: gzip and has the browser unpack it first (the page copes with that too).

import { loadPyodide, version } from "pyodide";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { pyscriptCore } from "./pyscript_core.mjs";
import { gzipSync } from "node:zlib";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT_FLAG = process.argv.indexOf("--out");
const VENDOR = OUT_FLAG > 0 ? resolve(process.argv[OUT_FLAG + 1]) : resolve(ROOT, "web", "vendor");
const STDLIB = resolve(VENDOR, "pyodide", "python_stdlib.zip");
const REST = resolve(VENDOR, "pyodide", "python_stdlib_rest.zip");
const OUT = resolve(VENDOR, "pyodide.snapshot");
// The engine the snapshot imports (scripts/modules.mjs writes it), and where it is in Pyodide's file system at boot.
const ENGINE_ZIP = resolve(ROOT, "web", "vendor", "engine.zip");
const ENGINE_AT = "/home/pyodide/engine.zip";

function writeWhole(path, data) {
  // Written whole, then renamed: make never sees half a file.
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp`, data);
  renameSync(`${path}.tmp`, path);
}

// PyScript's own Python is inlined in its core chunk as strings: the modules its import lines name.
function pyscriptImports() {
  const names = new Set();
  const lines = /\\n(?:\\t|\t| )*(import|from) ([A-Za-z_][\w.]*(?:,[A-Za-z_][\w.]*)*)/g;
  for (const [, kind, list] of pyscriptCore().text.matchAll(lines)) {
    for (const name of kind === "from" ? [list] : list.split(",")) names.add(name);
  }
  return [...names].sort();
}

async function compileStdlib() {
  const pyodide = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } });
  pyodide.FS.mkdirTree("/repo");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: ROOT }, "/repo");
  pyodide.globals.set("pyscript_imports", pyodide.toPy(pyscriptImports()));
  const result = pyodide.runPython(`
import ast
import importlib
import importlib.util
import io
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

ZIP = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
REPO = Path("/repo")
REST_NAMES = "python_stdlib_rest.txt"

def named(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module

# What the page imports beyond Pyodide's start-up (which has imported its share already).
wanted = set(pyscript_imports)
for path in sorted(REPO.glob("web/*.py")):
    wanted.update(named(ast.parse(path.read_bytes())))
sys.path.insert(0, str(REPO))
for path in sorted(REPO.glob("tripeaks/**/*.py")):
    parts = path.relative_to(REPO).with_suffix("").parts
    if parts[-1] == "__main__":
        continue  # the command line: importing it runs it
    importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
for name in sorted(wanted):
    if name.partition(".")[0] in sys.stdlib_module_names:
        try:
            importlib.import_module(name)
        except ImportError:
            pass  # a module Pyodide leaves out (or one that cannot load here): the page cannot import it either
archive = io.BytesIO()
with zipfile.ZipFile(archive, "w") as made:
    made.writestr("a.py", "")
zipfile.ZipFile(archive).namelist()  # names not flagged UTF-8 decode as cp437: encodings.cp437

imported = {
    module.__file__.removeprefix(ZIP + "/")
    for module in list(sys.modules.values())
    if (getattr(module, "__file__", None) or "").startswith(ZIP + "/")
}
source = zipfile.ZipFile(ZIP)
boot, rest = {}, {}
for info in source.infolist():
    if info.is_dir():
        continue
    data = source.read(info)
    if info.filename in imported and info.filename.endswith(".py"):
        code = compile(data, f"{ZIP}/{info.filename}", "exec", dont_inherit=True)
        boot[info.filename + "c"] = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
    elif info.filename.endswith(".py"):
        rest[info.filename] = data
    else:
        boot[info.filename] = data
# The modules python_stdlib_rest.zip holds, for web/interpreter.mjs's finder of the rest.
boot[REST_NAMES] = "".join(
    name.removesuffix(".py").removesuffix("/__init__").replace("/", ".") + chr(10) for name in sorted(rest)
).encode()

sys.path.insert(0, str(REPO / "scripts"))
from stored_zip import pack

(pack(boot), pack(rest), sum(name.endswith(".pyc") for name in boot), len(rest))
`);
  const [data, rest, pycs, others] = result.toJs();
  result.destroy();
  return { data, rest, pycs, others };
}

// The entropy a start draws (Pyodide on Node reads it with node:crypto's randomFillSync), from a fixed seed:
// the same snapshot from the same inputs.
function fixedEntropy() {
  const nodeCrypto = createRequire(import.meta.url)("node:crypto");
  let counter = 0;
  nodeCrypto.randomFillSync = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let at = 0; at < bytes.length; at += 32) {
      const block = createHash("sha256").update(`tripeaks snapshot ${counter++}`).digest();
      bytes.set(block.subarray(0, Math.min(32, bytes.length - at)), at);
    }
    return view;
  };
}

// The clocks a start reads, and Node's script path (which would name this checkout's folder), fixed too.
function fixedClocks() {
  let now = Date.UTC(2026, 0, 1);
  let monotonic = 0;
  Date.now = () => (now += 1);
  performance.now = () => (monotonic += 1);
  process.argv = [process.argv[0], "./this.program"];
}

async function makeSnapshot() {
  fixedEntropy();
  fixedClocks();
  const pyodide = await loadPyodide({
    _makeSnapshot: true,
    stdLibURL: STDLIB,
  });
  pyodide.runPython(`
import os
import sys

# What a start in the browser has; Node's start put the path of this script in both.
sys.executable = "/home/pyodide/this.program"
os.environ["_"] = "./this.program"
`);
  // The engine, imported from where the page has engine.zip (web/engine.py's ENGINE).
  pyodide.FS.writeFile(ENGINE_AT, readFileSync(ENGINE_ZIP));
  pyodide.globals.set("engine_at", ENGINE_AT);
  pyodide.runPython(`
import importlib
import sys
import zipfile

sys.path.insert(0, engine_at)
with zipfile.ZipFile(engine_at) as archive:
    names = sorted(archive.namelist())
for name in names:
    if name.endswith(".py") and not name.endswith("/__main__.py"):  # the command line: importing it runs it
        parts = name.removesuffix(".py").split("/")
        importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
del archive, name, names, parts
`);
  pyodide.globals.delete("engine_at");
  return pyodide.makeMemorySnapshot();
}

const stdlib = await compileStdlib();
writeWhole(STDLIB, stdlib.data);
writeWhole(REST, stdlib.rest);
console.log(
  `${STDLIB}: the ${stdlib.pycs} modules the page imports, compiled, ` +
    `${stdlib.data.length.toLocaleString("en")} bytes; python_stdlib_rest.zip: the other ${stdlib.others}, ` +
    `${stdlib.rest.length.toLocaleString("en")} bytes`,
);
const memory = await makeSnapshot();
const data = gzipSync(memory, { level: 9 });
writeWhole(OUT, data);
console.log(
  `${OUT}: Pyodide ${version} after start-up, ` +
    `${memory.length.toLocaleString("en")} bytes of memory, ${data.length.toLocaleString("en")} gzipped, ` +
    `sha256 ${createHash("sha256").update(data).digest("hex").slice(0, 16)}`,
);
