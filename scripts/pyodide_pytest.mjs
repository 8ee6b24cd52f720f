// Run tests/ inside Pyodide (WebAssembly CPython 3.14) on Node, offline, against the engine WHEEL.
//
//   node scripts/pyodide_pytest.mjs [--shards N] [pytest args...]   (after `make build`; default args: tests)
//
// --shards N runs N such processes side by side, each the tests whose place in the collected order is k
// modulo N (tests/conftest.py reads TESTS_SHARD=k/N), prints each one's output whole as it ends, and exits
// with the first failure's code: a run alone is one Python thread, and CI has a second core.
//
// Pyodide comes from node_modules (the same pinned release the page vendors). The engine wheel
// (web/vendor/wheels/) and the pure-Python wheels of pytest, hypothesis and their dependencies
// (.cache/pyodide-wheels/, fetched by scripts/build.py) are unpacked into Pyodide's site-packages:
// a pure wheel's install is exactly that. Only tests/ is mounted (NODEFS), under /run/tests, next to a
// copy of pyproject.toml for pytest's settings; the source tree's tripeaks/ is mounted elsewhere, only
// to compare bytes, so `import tripeaks` can only find the installed wheel. The run checks that too.
// Exits with pytest's exit code.

import { loadPyodide } from "pyodide";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
let args = process.argv.slice(2);
if (args[0] === "--shards") {
  const shards = Number(args[1]);
  if (!Number.isInteger(shards) || shards < 1) {
    console.error("--shards takes a whole number of processes, 1 or more");
    process.exit(2);
  }
  args = args.slice(2);
  const runs = Array.from({ length: shards }, (_, k) => new Promise((done) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), ...args], {
      env: { ...process.env, TESTS_SHARD: `${k + 1}/${shards}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.on("data", (chunk) => out.push(chunk));
    child.on("close", (code) => {
      process.stdout.write(`--- Pyodide run, shard ${k + 1} of ${shards} ---\n`);
      process.stdout.write(Buffer.concat(out));
      done(code ?? 1);
    });
  }));
  const codes = await Promise.all(runs);
  process.exit(codes.find((code) => code !== 0) ?? 0);
}
const pytestArgs = args.length ? args : ["tests"];

const pyodide = await loadPyodide();
// Raw writes, not Pyodide's line batching: pytest's progress dots stay on one line.
const raw = (stream) => ({ write: (bytes) => (stream.write(bytes), bytes.length) });
pyodide.setStdout(raw(process.stdout));
pyodide.setStderr(raw(process.stderr));
const { FS } = pyodide;
const mount = (hostPath, path) => {
  FS.mkdirTree(path);
  FS.mount(FS.filesystems.NODEFS, { root: resolve(ROOT, hostPath) }, path);
};
mount("tests", "/run/tests");
mount("web", "/run/web"); // the page's plain-Python modules, which tests/page/ imports
mount("tripeaks", "/source/tripeaks");
mount("web/vendor", "/vendor");
mount(".cache/pyodide-wheels", "/test-wheels");
FS.writeFile("/run/pyproject.toml", readFileSync(resolve(ROOT, "pyproject.toml")));

pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(pytestArgs));
pyodide.globals.set("SHARD", process.env.TESTS_SHARD ?? "");
let code;
try {
  code = await pyodide.runPythonAsync(`
import hashlib, json, os, pathlib, sys, sysconfig, zipfile

site = pathlib.Path(sysconfig.get_paths()["purelib"]).resolve()
manifest = json.loads(pathlib.Path("/vendor/engine.json").read_text())
wheels = [pathlib.Path("/vendor", manifest["wheel"]), *sorted(pathlib.Path("/test-wheels").glob("*.whl"))]
for wheel in wheels:
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)

import tripeaks

installed = pathlib.Path(tripeaks.__file__).parent.resolve()
assert installed == site / "tripeaks", f"tests would import {installed}, not the wheel installed in {site}"
sha = lambda p: hashlib.sha256(p.read_bytes()).hexdigest()
running = {"tripeaks/" + p.relative_to(installed).as_posix(): sha(p) for p in sorted(installed.rglob("*.py"))}
source = {"tripeaks/" + p.relative_to("/source/tripeaks").as_posix(): sha(p)
          for p in sorted(pathlib.Path("/source/tripeaks").rglob("*.py"))}
assert running == manifest["files"], "the installed wheel differs from web/vendor/engine.json"
stale = sorted(k for k in running.keys() | source.keys() if running.get(k) != source.get(k))
assert not stale, f"the wheel differs from tripeaks/ in {stale}: run make build"

from importlib.metadata import version

import pytest  # not hypothesis: pytest must import its plugin itself, to rewrite its asserts

print(f"Pyodide {sys.version.split()[0]} ({sys.platform}), tripeaks {tripeaks.__version__} from {installed}, "
      f"pytest {pytest.__version__}, hypothesis {version('hypothesis')}", flush=True)
os.environ["TESTS_SHARD"] = SHARD
os.chdir("/run")
sys.dont_write_bytecode = True
int(pytest.main(["-p", "no:cacheprovider", *PYTEST_ARGS]))
`);
} catch (error) {
  // A PythonError's message is the traceback; its JS stack says nothing useful.
  console.error(error.type ? error.message : error);
  code = 3;
}
process.exit(code);
