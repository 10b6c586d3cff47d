"""``python -m engine``: the command line (see :mod:`engine.core.cli`)."""

from .core.cli import main

raise SystemExit(main(prog="python -m engine"))
