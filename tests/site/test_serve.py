"""The dev server's watcher sees edits, new files and deletions; the server serves the swapped-in build."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from conftest import ROOT

from sitebuild.serve import snapshot


def test_snapshot_changes_when_a_file_is_edited_added_or_removed(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("one")
    first = snapshot([tmp_path])
    assert snapshot([tmp_path]) == first
    os.utime(tmp_path / "a.md", (time.time() + 5, time.time() + 5))
    second = snapshot([tmp_path])
    assert second != first
    (tmp_path / "b.md").write_text("two")
    third = snapshot([tmp_path])
    assert set(third) == {tmp_path / "a.md", tmp_path / "b.md"}
    (tmp_path / "b.md").unlink()
    assert snapshot([tmp_path]) == second


def test_serve_rebuilds_after_a_change_and_keeps_serving(tmp_path: Path) -> None:
    lessons = tmp_path / "tutorials"
    (lessons / "pages").mkdir(parents=True)
    page = lessons / "pages" / "rules.md"
    page.write_text("---\ntitle: Rules\nsummary: s\n---\n# First version\n")
    out = tmp_path / "_site"
    command = [sys.executable, str(ROOT / "build.py"), "serve", "--port", "8799", "--no-runtime"]
    server = subprocess.Popen([*command, "--tutorials", str(lessons), "--out", str(out)], cwd=tmp_path)
    try:
        assert "First version" in fetch("http://127.0.0.1:8799/rules/")
        page.write_text("---\ntitle: Rules\nsummary: s\n---\n# Second version\n")
        assert "Second version" in fetch("http://127.0.0.1:8799/rules/", expect="Second version")
        page.write_text("---\ntitle: Rules\n---\n# Broken: no summary\n")
        time.sleep(3)
        assert "Second version" in fetch("http://127.0.0.1:8799/rules/")
    finally:
        server.terminate()
        server.wait(timeout=10)


def fetch(url: str, expect: str = "", seconds: float = 20) -> str:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                text = str(response.read().decode("utf-8"))
            if expect in text:
                return text
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"{url} did not serve {expect!r} within {seconds} s")
        time.sleep(0.2)
