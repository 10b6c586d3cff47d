"""The real site that ``make test`` builds once and shares between its pytest processes (tests/conftest.py)."""

from __future__ import annotations

import importlib.util
import threading
import time
from pathlib import Path

import pytest

CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"


def test_checks_running_side_by_side_share_one_build_of_each_base(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = importlib.util.spec_from_file_location("shared_site", CONFTEST)
    assert spec is not None and spec.loader is not None
    shared = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shared)
    built: list[str] = []

    def build(out: Path, base: str) -> None:  # as slow as a build to another process asking meanwhile
        built.append(base)
        time.sleep(0.5)
        out.mkdir()

    monkeypatch.setattr(shared, "_build", build)
    found: list[Path] = []
    asking = [threading.Thread(target=lambda: found.append(shared._shared(tmp_path, "/sevens/"))) for _ in range(3)]
    for thread in asking:  # each opens the lock file for itself, as another process would
        thread.start()
    for thread in asking:
        thread.join()
    assert built == ["/sevens/"] and found == [tmp_path / "sevens"] * 3
    assert shared._shared(tmp_path, "/") == tmp_path / "root" and built == ["/sevens/", "/"]
