"""``python -m tripeaks``: the command line (its exit codes: see :func:`tripeaks.cli.main`)."""

import gc

from .cli import main

code = main()
# On the way out the interpreter's last collections would visit every object still alive: after a run on
# Dask (``stats --cluster``), its hundreds of thousands, 0.3-0.7 s on a busy machine, which Ctrl-C would wait
# for. Frozen, they are left to the operating system with the rest of the process.
gc.freeze()
raise SystemExit(code)
