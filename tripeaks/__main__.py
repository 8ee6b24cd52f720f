"""``python -m tripeaks``: the command line (its exit codes: see :func:`tripeaks.cli.main`)."""

from .cli import main

raise SystemExit(main())
