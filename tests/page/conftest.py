"""The page's plain-Python modules (web/), tested under CPython and, like the engine, in Pyodide: web/ is put
on sys.path here (scripts/pyodide_pytest.mjs mounts it beside tests/)."""

import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))
