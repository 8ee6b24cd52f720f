// Write web/vendor/pyodide.snapshot: Pyodide's memory just after it has started, so that the page can boot
// from it instead of starting Python afresh (web/interpreter.mjs).
//
//   node scripts/snapshot.mjs            (run by scripts/build.py and by `make build`)
//
// Starting Pyodide is mostly CPython initialising itself: unpacking and importing its standard library
// into WebAssembly memory. That memory is the same on every start, so Pyodide can save it (its
// `_makeSnapshot` / `makeMemorySnapshot` API) and a later start can load it instead (`_loadSnapshot`).
// The release is the one in node_modules, the one the build vendors: a snapshot only fits the
// pyodide.asm.wasm it was made with, so scripts/build.py makes a new one whenever it vendors Pyodide.
//
// Nothing but Pyodide's own start-up is in it: no engine, no page module (those still arrive as the wheel
// and bytecode.zip, byte for byte the sources). What a snapshot freezes, and what is done about it:
// - `random`'s generator, which Pyodide's start-up imports and seeds: web/interpreter.mjs reseeds it from
//   the browser's crypto after every boot, or every visit would deal the same "random" deals;
// - the str hash secret, and the state of the C library's own random generator (which nothing in the
//   page uses): the same on every visit, different in every build, so two builds are never the same bytes;
// - Node's script path, which Pyodide puts in sys.executable and $_: set to what a browser start has.
// The file is gzip-compressed (about a fifth of the 30 MB of memory); the page decompresses it with the
// browser's DecompressionStream. Its name does not end in .gz, so no web server labels it
// Content-Encoding: gzip and has the browser unpack it first (the page copes with that too).

import { loadPyodide, version } from "pyodide";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = resolve(ROOT, "web", "vendor", "pyodide.snapshot");

const pyodide = await loadPyodide({ _makeSnapshot: true });
pyodide.runPython(`
import os
import sys

# What a start in the browser has; Node's start put the path of this script in both.
sys.executable = "/home/pyodide/this.program"
os.environ["_"] = "./this.program"
`);
const memory = pyodide.makeMemorySnapshot();
const data = gzipSync(memory, { level: 6 });
mkdirSync(dirname(OUT), { recursive: true });
// Written whole, then renamed: make never sees half a file.
writeFileSync(`${OUT}.tmp`, data);
renameSync(`${OUT}.tmp`, OUT);
console.log(
  `web/vendor/pyodide.snapshot: Pyodide ${version} after start-up, ` +
    `${memory.length.toLocaleString("en")} bytes of memory, ${data.length.toLocaleString("en")} gzipped`,
);
