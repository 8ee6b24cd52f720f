"""The page's script (index.html): PyScript compiles it from source at every boot, so it stays this short and
the page itself lives in web/app.py, which Python reads compiled from web/vendor/modules.zip (pyscript.toml
copies it into the working directory; scripts/modules.mjs makes it)."""

import sys

sys.path.insert(0, "modules.zip")

import app  # found in the zip just put on the path

app.start()
