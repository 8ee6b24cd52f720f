"""The page's script (index.html): PyScript compiles it from source at every boot, so it stays two lines and
the page itself lives in web/app.py, which arrives compiled in web/vendor/bytecode.zip."""

import app

app.start()
