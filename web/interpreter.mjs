// The page's Python: the vendored Pyodide, started from a memory snapshot of its start-up when that is quick.
// pyscript.toml names this module as PyScript's `interpreter`; PyScript calls its loadPyodide() as it would
// Pyodide's own.
//
// scripts/snapshot.mjs saves Pyodide's memory just after it has started; loading that is several times
// faster than starting CPython afresh, but it is 5.2 MB to download, which on a phone network takes longer
// than the start it saves (benchmarks/network.py). So:
// 1. a page that the service worker serves boots from the snapshot in the worker's cache (the worker
//    fetched it in the background on an earlier visit, after the game was playable);
// 2. a first visit on a fast network (Pyodide's runtime files, which index.html preloads, arrive within
//    SNAPSHOT_IF_UNDER_MS of being requested) downloads it and boots from it, and so does a page that does
//    not preload them (nothing tells how fast the network is before Pyodide has started);
// 3. otherwise Python starts afresh, from its compiled standard library, and never waits for the snapshot.
// Any trouble with the snapshot (missing, corrupt, a browser without DecompressionStream) falls back to a
// fresh start, with a warning in the console: slower, never broken. `?python-start=snapshot` (or `=fresh`)
// in the page's address decides instead of the network, for tests and for anyone comparing the two.
//
// The standard library Pyodide mounts (python_stdlib.zip) holds only the modules the page imports; the
// others are in python_stdlib_rest.zip (scripts/snapshot.mjs). Python gets a finder that fetches that,
// once, the first time something imports one of them, so nothing is missing, only further away.

import { loadPyodide as pyodideLoader, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

// Pyodide started without WebAssembly stack switching (JSPI). Chromium's sampling heap profiler, which runs in
// some of its processes (most of them in builds outside the stable channel, such as Debian's), walks the native
// stack by its frame pointers when it samples an allocation, and reads past the end of a JSPI stack: the tab
// crashes ("Aw, Snap!", a SIGSEGV in base::debug::TraceStackFramePointers, Chromium 156). Pyodide runs every
// asyncio step on such a stack when the browser has JSPI, which the page needs for nothing (it never calls
// run_sync): Pyodide decides once, as it starts, by looking for WebAssembly.Suspending, so it is hidden from it
// for that moment and put back for the rest of the page. e2e/test_heap_profiler.py plays with the profiler on.
async function startPyodide(settings) {
  const hidden = ["Suspending", "Suspender"]
    .filter((name) => name in WebAssembly)
    .map((name) => [name, Object.getOwnPropertyDescriptor(WebAssembly, name)]);
  for (const [name] of hidden) delete WebAssembly[name];
  try {
    return await pyodideLoader(settings);
  } finally {
    for (const [name, descriptor] of hidden) Object.defineProperty(WebAssembly, name, descriptor);
  }
}

// Pyodide's files; PyScript would take the folder of this module instead.
const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
// Pyodide's JavaScript as a classic script (scripts/build.py makes it from pyodide.asm.mjs, which Pyodide
// would import): Chromium keeps the code it compiles from a classic script that the service worker cached
// while installing, not from a module, so a page the worker serves starts it compiled. In a new tab, with
// nothing compiled in memory, that is a fifth less time to the first card (benchmarks/network.py, reopen).
const ASM_SCRIPT_URL = new URL("./vendor/pyodide/pyodide.asm.js", import.meta.url).href;
const ASM_FACTORY = "__tripeaksCreatePyodideModule";

// Pyodide's module factory, from that script: what pyodide.mjs would import. index.html has run it already
// (a deferred script before PyScript's); another page gets it loaded now.
function createPyodideModule(settings) {
  const loaded = globalThis[ASM_FACTORY]
    ? Promise.resolve(globalThis[ASM_FACTORY])
    : new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = ASM_SCRIPT_URL;
        script.onload = () =>
          globalThis[ASM_FACTORY] ? resolve(globalThis[ASM_FACTORY]) : reject(new Error(`${ASM_SCRIPT_URL} set no factory`));
        script.onerror = () => reject(new Error(`${ASM_SCRIPT_URL} did not load`));
        document.head.append(script);
      });
  return loaded.then((factory) => factory(settings));
}
const SNAPSHOT_URL = new URL("./vendor/pyodide.snapshot", import.meta.url).href;
// What index.html preloads and Pyodide needs first: how fast these came says how fast the snapshot would.
const RUNTIME = ["pyodide.asm.wasm", "python_stdlib.zip"].map((name) => INDEX_URL + name);
// The snapshot is about as large as those two, and a fresh start takes about this much longer than one from
// the snapshot (this machine, benchmarks/network.py): on a network that brings them in under this, it pays.
const SNAPSHOT_IF_UNDER_MS = 1000;
// What PyScript fetches only once Python is up (pyscript.toml's [files], the page's script): scripts/site.py
// lists them here in the built site, and a fresh start fetches them while CPython initialises, when the
// network has nothing else to do; PyScript's own requests then find them in the HTTP cache (a 304).
const PREFETCH = [];

const REST_URL = new URL("./vendor/pyodide/python_stdlib_rest.zip", import.meta.url).href;

// The rest of the standard library, as a finder at the end of sys.meta_path: a module that only
// python_stdlib_rest.zip holds (its names are python_stdlib_rest.txt in the mounted zip) makes it fetch the
// archive, synchronously (an import cannot wait), and find the module there; a package that is in both
// (encodings) finds its other submodules in the archive's copy of its folder.
const REST_FINDER = `
def _tripeaks_rest_of_stdlib(url, fetch):
    import sys
    import zipimport
    from importlib.machinery import PathFinder

    mounted = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
    rest = mounted.removesuffix(".zip") + "-rest.zip"

    class RestOfStdlib:
        """Standard-library modules the page does not import: fetched on first need."""

        names = None
        fetched = False

        @classmethod
        def find_spec(cls, name, path=None, target=None):
            if cls.names is None:
                listing = zipimport.zipimporter(mounted).get_data("python_stdlib_rest.txt")
                cls.names = frozenset(listing.decode().split())
            if name not in cls.names:
                return None
            if not cls.fetched:
                try:
                    data = fetch(url).to_bytes()
                except Exception as error:
                    print(f"TriPeaks: {name} is in {url}, which could not be fetched: {error}", file=sys.stderr)
                    return None
                with open(rest, "wb") as file:
                    file.write(data)
                cls.fetched = True
            package = name.rpartition(".")[0]
            return PathFinder.find_spec(name, [rest + "/" + package.replace(".", "/") if package else rest], target)

    sys.meta_path.append(RestOfStdlib)
`;

// The rest of the standard library, once read from the service worker's cache (see keepTheRest).
let restKept = null;

// A page the service worker serves may be offline, and a synchronous request never goes through the worker:
// once the game is playable, read the rest of the standard library from the worker's cache into memory.
// Until it is in (the performance mark "tripeaks:rest-kept"), an import from the rest asks the network.
function keepTheRest() {
  if (!globalThis.navigator?.serviceWorker?.controller || !globalThis.document) {
    return;
  }
  const root = document.documentElement;
  const read = () => {
    fetch(REST_URL, { cache: "only-if-cached", mode: "same-origin" })
      .then((response) => (response.ok ? response.arrayBuffer() : null))
      .then((data) => {
        restKept = data && new Uint8Array(data);
        if (restKept) performance.mark("tripeaks:rest-kept");
      })
      .catch(() => {});
  };
  const idle = () => (globalThis.requestIdleCallback ? requestIdleCallback(read) : setTimeout(read, 0));
  if (root.dataset.ready === "1") {
    idle();
    return;
  }
  const observer = new MutationObserver(() => {
    if (root.dataset.ready === "1") {
      observer.disconnect();
      idle();
    }
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

// A synchronous GET of bytes (binary through a text response: XHR in a page cannot return an ArrayBuffer
// synchronously).
function fetchBytesNow(url) {
  if (url === REST_URL && restKept) {
    return restKept;
  }
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.overrideMimeType("text/plain; charset=x-user-defined");
  request.send();
  if (request.status !== 200) {
    throw new Error(`HTTP ${request.status}`);
  }
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    bytes[i] = text.charCodeAt(i) & 0xff;
  }
  return bytes;
}

function findTheRest(pyodide) {
  keepTheRest();
  pyodide.runPython(REST_FINDER);
  const install = pyodide.globals.get("_tripeaks_rest_of_stdlib");
  install(REST_URL, fetchBytesNow);
  install.destroy();
  pyodide.globals.delete("_tripeaks_rest_of_stdlib");
}

// The snapshot's bytes as Pyodide wants them, from url: raw memory (the service worker stores it unpacked,
// or a web server sent it with Content-Encoding: gzip and the browser unpacked it), else gunzipped here.
// Self-contained: it also runs as a worker's script (readInWorker).
async function readSnapshot(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) {
    throw new Error(`${url}: HTTP ${response.status}`);
  }
  const data = new Uint8Array(await response.arrayBuffer());
  if (data[0] !== 0x1f || data[1] !== 0x8b) {
    return data;
  }
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// readSnapshot in a worker of its own, the bytes handed over (transferred, not copied). Pyodide waits for
// them before it starts its WebAssembly, and reading a 30 MB response (or unpacking one) keeps the thread
// that reads it busy. On a return visit with the CPU slowed 4x the page's main thread is never idle: read
// there, the snapshot came 370 ms after Python's start; in a worker, 140 ms, beside the page's work
// instead of in its way (benchmarks/network.py). A dedicated worker's requests go through the page's
// service worker, as the page's do.
const READER = `onmessage = async ({ data: { url, init } }) => {
  try {
    const bytes = await (${readSnapshot})(url, init);
    postMessage({ bytes }, [bytes.buffer]);
  } catch (error) {
    postMessage({ error: String(error?.message ?? error) });
  }
};`;

// What the worker answers: {bytes} or, if reading failed, {error}; rejects only if the worker itself failed.
function readInWorker(url, init) {
  return new Promise((resolve, reject) => {
    const script = URL.createObjectURL(new Blob([READER], { type: "text/javascript" }));
    const worker = new Worker(script);
    URL.revokeObjectURL(script);
    const done = (settle, value) => {
      worker.terminate();
      settle(value);
    };
    worker.onmessage = ({ data }) => done(resolve, data);
    worker.onerror = (event) => {
      event.preventDefault();
      done(reject, new Error(`the worker reading the snapshot failed: ${event.message}`));
    };
    worker.postMessage({ url, init });
  });
}

// Whether the page preloads url (index.html preloads the runtime; a built site's page not the snapshot).
function preloaded(url) {
  return [...(globalThis.document?.querySelectorAll('link[rel="preload"]') ?? [])].some((link) => link.href === url);
}

// Whether the runtime arrives within SNAPSHOT_IF_UNDER_MS of being requested: a fast network, on which the
// snapshot costs less time than it saves. Waiting for the answer costs nothing: Pyodide could not start
// before the runtime is in anyway.
function fastNetwork() {
  if (typeof PerformanceObserver !== "function") {
    return Promise.resolve(false);
  }
  if (!RUNTIME.every(preloaded)) {
    // A page that does not preload the runtime (bootcheck.html, benchmarks/boot.py's pages) gives no early
    // measure of the network, and Pyodide only fetches it once started: the snapshot, as before issue 18.
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    const seen = new Map();
    let timer;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (RUNTIME.includes(entry.name)) seen.set(entry.name, entry);
      }
      if (seen.size === RUNTIME.length) {
        const entries = [...seen.values()];
        const start = Math.min(...entries.map((entry) => entry.requestStart || entry.startTime));
        const end = Math.max(...entries.map((entry) => entry.responseEnd));
        done(end - start < SNAPSHOT_IF_UNDER_MS);
      }
    });
    function done(fast) {
      observer.disconnect();
      clearTimeout(timer);
      resolve(fast);
    }
    // Requested by index.html's preloads, else by Pyodide in a moment: either way, no later than now.
    const requested = Math.min(
      performance.now(),
      ...RUNTIME.flatMap((url) => performance.getEntriesByName(url).map((entry) => entry.startTime)),
    );
    timer = setTimeout(() => done(false), Math.max(0, requested + SNAPSHOT_IF_UNDER_MS - performance.now()));
    observer.observe({ type: "resource", buffered: true });
  });
}

// Where the snapshot would come from quickly: "worker" (the service worker's cache), "network" (a fast one),
// or null for a fresh start.
async function snapshotSource() {
  const asked = new URLSearchParams(globalThis.location?.search ?? "").get("python-start");
  if (typeof DecompressionStream !== "function" || asked === "fresh") {
    return null;
  }
  if (globalThis.navigator?.serviceWorker?.controller) {
    return "worker";
  }
  return asked === "snapshot" || (await fastNetwork()) ? "network" : null;
}

// Read in a worker where the browser gives one (a page's policy may forbid workers from blob: addresses),
// else here: a worker that fails to run only costs the time it took. A page that preloads the snapshot
// reads it here, where its preload is: a worker would download it again.
function fetchSnapshot(source) {
  // From the service worker's cache, never the network: it answers 504 if its cache lacks it.
  const init = source === "worker" ? { cache: "only-if-cached", mode: "same-origin" } : {};
  if (typeof Worker !== "function" || preloaded(SNAPSHOT_URL)) {
    return readSnapshot(SNAPSHOT_URL, init);
  }
  return readInWorker(SNAPSHOT_URL, init).then(
    (answer) => {
      if (answer.error !== undefined) throw new Error(answer.error);
      return answer.bytes;
    },
    (error) => {
      console.warn("TriPeaks: reading the snapshot on the page instead:", error);
      return readSnapshot(SNAPSHOT_URL, init);
    },
  );
}

// Fetch PREFETCH into the HTTP cache. Called by Pyodide as its file system is set up (options.fsInit): its
// WebAssembly has arrived then, and CPython is about to initialise, a long task in which the network has
// nothing else to do (an observer of the downloads would only run after it).
function prefetch() {
  for (const path of PREFETCH) {
    fetch(new URL(path, import.meta.url)).catch(() => {}); // PyScript's own request reports any failure
  }
}

// How Python started, for the tests and for anyone looking: <html data-python-start="snapshot|fresh">.
function started(how) {
  const root = globalThis.document?.documentElement;
  if (root) {
    root.dataset.pythonStart = how;
  }
}

export async function loadPyodide(options = {}) {
  // The boot's phases, for benchmarks/network.py: PyScript has started and asks for Python ... Python is up.
  performance.mark("tripeaks:python-start");
  // Packages load once the finder of the rest of the standard library is in place (loading one imports
  // importlib.metadata, which only the rest holds), not during Pyodide's start as `packages` would.
  const { packages, ...given } = options;
  const settings = { ...given, indexURL: INDEX_URL };
  if (globalThis.document) {
    settings.createPyodideModule = createPyodideModule;
  }
  const ready = async (pyodide, how) => {
    findTheRest(pyodide);
    if (packages?.length) {
      await pyodide.loadPackage(packages);
    }
    started(how);
    performance.mark("tripeaks:python-ready");
    return pyodide;
  };
  const source = await snapshotSource();
  if (source) {
    const memory = fetchSnapshot(source);
    memory.catch(() => {}); // Pyodide awaits it once its runtime is in; until then a failure is not "unhandled"
    let pyodide = null;
    try {
      pyodide = await startPyodide({ ...settings, _loadSnapshot: memory });
      // The snapshot holds the generator `random` seeded when it was made: every visit would draw the
      // same numbers. Seeded again from the browser's crypto, as a fresh start seeds it.
      pyodide.runPython("import random\nrandom.seed()");
    } catch (error) {
      console.warn("TriPeaks: starting Python without its snapshot, which could not be used:", error);
      pyodide = null;
    }
    if (pyodide) {
      return ready(pyodide, "snapshot");
    }
  }
  const fsInit = settings.fsInit;
  const pyodide = await startPyodide({
    ...settings,
    fsInit: (fs, info) => {
      prefetch();
      return fsInit?.(fs, info);
    },
  });
  return ready(pyodide, "fresh");
}
