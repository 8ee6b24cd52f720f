// Run a benchmark script inside Pyodide (WebAssembly CPython) on Node, offline, against the SOURCE tree.
//
//   node benchmarks/pyodide.mjs benchmarks/solver.py --limit 100 --json out.json
//   node benchmarks/pyodide.mjs benchmarks/hints.py --deals 50
//
// Pyodide comes from node_modules (the same pinned release the page vendors); nothing is fetched. The
// repository is mounted (NODEFS) at its own host path and so is the current directory (unless one
// holds the other), which becomes Pyodide's working directory: the script's own paths (`__file__`,
// benchmarks/deals-1000.txt) and relative paths on the command line mean the same as on the host, and
// `import tripeaks` finds the source tree, as in CPython (not the wheel: scripts/pyodide_pytest.mjs
// tests that). Nothing is written but what the script writes itself (no bytecode).
// The script runs as `python script.py args...` would: sys.argv, sys.path[0] = its directory,
// __name__ == "__main__". Its stdout and stderr go straight through; the exit code is the script's.

import { loadPyodide } from "pyodide";
import { existsSync, statSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...args] = process.argv.slice(2);
if (!script || !existsSync(script) || !statSync(script).isFile()) {
  console.error("usage: node benchmarks/pyodide.mjs SCRIPT.py [args...]");
  process.exit(2);
}
const inside = (path, dir) => path === dir || !relative(dir, path).startsWith("..");
const scriptPath = resolve(script);
const cwd = process.cwd();
if (!inside(scriptPath, ROOT) && !inside(scriptPath, cwd)) {
  console.error(`${script}: only scripts in ${ROOT} or the current directory can run in Pyodide`);
  process.exit(2);
}

const pyodide = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } });
const raw = (stream) => ({ write: (bytes) => (stream.write(bytes), bytes.length) });
pyodide.setStdout(raw(process.stdout));
pyodide.setStderr(raw(process.stderr));
const { FS } = pyodide;
// Emscripten paths are POSIX; a host path is mounted at the same path so both sides agree.
const mount = (hostPath) => {
  FS.mkdirTree(hostPath.split(sep).join("/"));
  FS.mount(FS.filesystems.NODEFS, { root: hostPath }, hostPath.split(sep).join("/"));
};
mount(ROOT);
// A working directory above the repository stays a plain directory: the repository shows through it.
if (!inside(cwd, ROOT) && !inside(ROOT, cwd)) mount(cwd);
else FS.mkdirTree(cwd.split(sep).join("/"));

pyodide.globals.set("SCRIPT", scriptPath);
pyodide.globals.set("ARGS", pyodide.toPy(args));
pyodide.globals.set("CWD", cwd);
let code;
try {
  code = await pyodide.runPythonAsync(`
import os, runpy, sys

sys.dont_write_bytecode = True
os.chdir(CWD)
sys.argv = [SCRIPT, *ARGS]
sys.path.insert(0, os.path.dirname(SCRIPT))

def _run():
    try:
        runpy.run_path(SCRIPT, run_name="__main__")
    except SystemExit as stop:
        if stop.code is None or isinstance(stop.code, int):
            return stop.code or 0
        print(stop.code, file=sys.stderr)
        return 1
    return 0

_code = _run()
sys.stdout.flush()
sys.stderr.flush()
_code
`);
} catch (error) {
  // A PythonError's message is the traceback; its JS stack says nothing useful.
  console.error(error.type ? error.message : error);
  code = 1;
}
process.exit(code);
