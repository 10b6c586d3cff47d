"""``python -m engine``: the command line (see :mod:`engine.cli`)."""

from .cli import main

raise SystemExit(main(prog="python -m engine"))
