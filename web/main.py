"""The page's script (index.html): PyScript compiles it from source at every boot, so it stays this short and
the page itself lives in web/app.py, which Python reads compiled from web/vendor/modules.zip (pyscript.toml
copies it into the working directory; scripts/modules.mjs makes it). web/engine.py makes the engine the one in
engine.zip (as the snapshot of Pyodide's start imported it, or afresh)."""

import sys

sys.path.insert(0, "modules.zip")

import engine  # noqa: F401, I001  (first: the engine app imports is then engine.zip's; both in the zip)
import app

app.start()
