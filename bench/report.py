"""docs/benchmarks.md from bench/figures.json: one table of the latest figures against their targets.

    python bench/report.py            rewrite docs/benchmarks.md
    python bench/report.py --check    exit 1 if docs/benchmarks.md is not what figures.json gives

A benchmark that measures a figure records it with :func:`record` (``--record`` on the scripts that offer
it), or a person edits figures.json after a run; either way the table is made by this command, never by hand.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FIGURES = ROOT / "bench" / "figures.json"
DOC = ROOT / "docs" / "benchmarks.md"
FIELDS = ("id", "what", "command", "target", "figure", "status", "measured")

HEAD = """# Benchmarks

The latest figure of every target, made by `python bench/report.py` from `bench/figures.json`
(a test keeps the two in step). Figures only: none of them is a test, since the machines are
shared and noisy; each script prints its figures next to its targets, and its docstring says
how it measures. A figure measured on a loaded machine says so.

| What | Command | Target | Latest figure | Status | Measured |
| --- | --- | --- | --- | --- | --- |
"""


def load() -> list[dict[str, str]]:
    rows: list[dict[str, str]] = json.loads(FIGURES.read_text(encoding="utf-8"))
    for row in rows:
        missing = [name for name in FIELDS if not isinstance(row.get(name), str) or not row[name]]
        if missing:
            raise ValueError(f"bench/figures.json: {row.get('id', '?')!r} lacks {', '.join(missing)}")
    return rows


def record(row_id: str, figure: str, status: str, **fields: Any) -> None:
    """Set the latest *figure* and *status* of row *row_id* (today's date), for a benchmark to call; then run this
    module to rewrite the table."""
    rows = load()
    for row in rows:
        if row["id"] == row_id:
            row.update(figure=figure, status=status, measured=datetime.date.today().isoformat(), **fields)
            break
    else:
        raise KeyError(f"bench/figures.json has no row {row_id!r}")
    FIGURES.write_text(json.dumps(rows, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render(rows: list[dict[str, str]]) -> str:
    lines = [
        "| "
        + " | ".join(cell(row[name]) if name != "command" else f"`{cell(row[name])}`" for name in FIELDS[1:])
        + " |"
        for row in rows
    ]
    return HEAD + "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if docs/benchmarks.md is out of date")
    args = parser.parse_args()
    text = render(load())
    if args.check:
        if DOC.read_text(encoding="utf-8") != text:
            print("docs/benchmarks.md is out of date: run python bench/report.py", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
