// The page's Python: the vendored Pyodide, started from a memory snapshot of its start-up when there is one.
// pyscript.toml names this module as PyScript's `interpreter`; PyScript calls its loadPyodide() as it would
// Pyodide's own.
//
// scripts/snapshot.mjs saves Pyodide's memory just after it has started; loading that is several times
// faster than starting CPython afresh (benchmarks/boot.py). Any trouble with the snapshot (missing, not
// fetched, corrupt, a browser without DecompressionStream) falls back to a fresh start, with a warning in
// the console: slower, never broken.

import { loadPyodide as startPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

// Pyodide's files; PyScript would take the folder of this module instead.
const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("./vendor/pyodide.snapshot", import.meta.url).href;

async function snapshot() {
  const response = await fetch(SNAPSHOT_URL);
  if (!response.ok) {
    throw new Error(`${SNAPSHOT_URL}: HTTP ${response.status}`);
  }
  const data = new Uint8Array(await response.arrayBuffer());
  // gzip, unless a web server sent it with Content-Encoding: gzip and the browser has unpacked it already
  if (data[0] !== 0x1f || data[1] !== 0x8b) {
    return data;
  }
  const unpacked = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

// How Python started, for the tests and for anyone looking: <html data-python-start="snapshot|fresh">.
function started(how) {
  const root = globalThis.document?.documentElement;
  if (root) {
    root.dataset.pythonStart = how;
  }
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  if (typeof DecompressionStream === "function") {
    try {
      const memory = snapshot();
      memory.catch(() => {}); // Pyodide awaits it later; until then a failure is not "unhandled"
      const pyodide = await startPyodide({ ...settings, _loadSnapshot: memory });
      // The snapshot holds the generator `random` seeded when it was made: every visit would draw the
      // same numbers. Seeded again from the browser's crypto, as a fresh start seeds it.
      pyodide.runPython("import random\nrandom.seed()");
      started("snapshot");
      return pyodide;
    } catch (error) {
      console.warn("TriPeaks: starting Python without its snapshot, which could not be used:", error);
    }
  }
  const pyodide = await startPyodide(settings);
  started("fresh");
  return pyodide;
}
