"""``python -m tripeaks``: the command line."""

import os
import sys

from .cli import main

try:
    code = main()
    sys.stdout.flush()
except BrokenPipeError:  # the reader went away (``... | head``): not an error worth a traceback
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    code = 1
except KeyboardInterrupt:
    code = 130
raise SystemExit(code)
