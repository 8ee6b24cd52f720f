"""``python -m tripeaks``: the command line."""

from .cli import main

raise SystemExit(main())
