// The page's Python: the vendored Pyodide, started from a memory snapshot of its start-up when that is quick.
// pyscript.toml names this module as PyScript's `interpreter`; PyScript calls its loadPyodide() as it would
// Pyodide's own.
//
// scripts/snapshot.mjs saves Pyodide's memory just after it has started; loading that is several times
// faster than starting CPython afresh, but it is 4.6 MB to download, which on a phone network takes longer
// than the start it saves (benchmarks/network.py). So:
// 1. a page that the service worker serves boots from the snapshot in the worker's cache (the worker
//    fetched it in the background on an earlier visit, after the game was playable);
// 2. a first visit on a fast network (Pyodide's runtime files, which index.html preloads, have arrived by
//    the time Python is to start, in under SNAPSHOT_IF_UNDER_MS) downloads it and boots from it;
// 3. otherwise Python starts afresh, from its compiled standard library, and never waits for the snapshot.
// Any trouble with the snapshot (missing, corrupt, a browser without DecompressionStream) falls back to a
// fresh start, with a warning in the console: slower, never broken.

import { loadPyodide as startPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

// Pyodide's files; PyScript would take the folder of this module instead.
const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const SNAPSHOT_URL = new URL("./vendor/pyodide.snapshot", import.meta.url).href;
// What index.html preloads and Pyodide needs first: how fast these came says how fast the snapshot would.
const RUNTIME = ["pyodide.asm.wasm", "python_stdlib.zip"].map((name) => INDEX_URL + name);
// The snapshot is about as large as those two; this long is what it saves over a fresh start, roughly.
const SNAPSHOT_IF_UNDER_MS = 600;

// The snapshot's bytes as Pyodide wants them: raw memory (the service worker stores it unpacked, or a web
// server sent it with Content-Encoding: gzip and the browser unpacked it), else gunzipped here.
async function unpacked(response) {
  if (!response.ok) {
    throw new Error(`${SNAPSHOT_URL}: HTTP ${response.status}`);
  }
  const data = new Uint8Array(await response.arrayBuffer());
  if (data[0] !== 0x1f || data[1] !== 0x8b) {
    return data;
  }
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The runtime arrived quickly: a fast network, on which the snapshot costs less time than it saves.
function fastNetwork() {
  const entries = RUNTIME.map((url) => performance.getEntriesByName(url, "resource")[0]);
  if (entries.some((entry) => !entry)) {
    return false; // still downloading
  }
  const start = Math.min(...entries.map((entry) => entry.requestStart || entry.startTime));
  const end = Math.max(...entries.map((entry) => entry.responseEnd));
  return end - start < SNAPSHOT_IF_UNDER_MS;
}

// The snapshot, if it is quick to have: a promise of its bytes, or null for a fresh start.
function snapshot() {
  if (typeof DecompressionStream !== "function") {
    return null;
  }
  if (globalThis.navigator?.serviceWorker?.controller) {
    // The worker's cache, never the network: the worker answers 504 if its cache lacks it.
    return fetch(SNAPSHOT_URL, { cache: "only-if-cached", mode: "same-origin" }).then(unpacked);
  }
  return fastNetwork() ? fetch(SNAPSHOT_URL).then(unpacked) : null;
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
  const memory = snapshot();
  if (memory) {
    memory.catch(() => {}); // Pyodide awaits it once its runtime is in; until then a failure is not "unhandled"
    try {
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
