"""The page's modules that run under CPython: web/ on sys.path, as pyscript.toml puts it in the browser."""

import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))
