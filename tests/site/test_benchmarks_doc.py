"""docs/benchmarks.md is the table bench/report.py makes from bench/figures.json, never edited by hand."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_benchmarks_page_is_what_the_figures_give() -> None:
    result = subprocess.run(
        [sys.executable, "bench/report.py", "--check"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_every_row_names_its_target_and_status() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import report
    finally:
        sys.path.pop(0)
    rows = report.load()
    assert len({row["id"] for row in rows}) == len(rows), "row ids must be unique"
    assert all(row["target"] and row["status"] for row in rows)
