"""The dev server's watcher sees edits, new files and deletions; the server serves the swapped-in build."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from sitebuild.serve import snapshot

ROOT = Path(__file__).resolve().parents[2]


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
    port = free_port()
    url = f"http://127.0.0.1:{port}/rules/"
    command = [sys.executable, str(ROOT / "build.py"), "serve", "--port", str(port), "--no-runtime"]
    command += ["--tutorials", str(lessons), "--out", str(tmp_path / "_site")]
    server = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    said: list[str] = []
    assert server.stdout is not None
    threading.Thread(target=lambda: said.extend(server.stdout or []), daemon=True).start()
    try:
        assert "First version" in fetch(url, "First version")
        page.write_text("---\ntitle: Rules\nsummary: s\n---\n# Second version\n")
        assert "Second version" in fetch(url, "Second version")
        page.write_text("---\ntitle: Rules\n---\n# Broken: no summary\n")
        wait_for(lambda: any("rebuild failed" in line for line in said))
        assert "Second version" in fetch(url, "Second version")
        assert any("rules.md:1: front matter: missing 'summary'" in line for line in said)
    finally:
        server.terminate()
        server.wait(timeout=10)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(condition: Callable[[], bool], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting after {seconds} s")
        time.sleep(0.2)


def fetch(url: str, expect: str) -> str:
    """The page at *url* once it contains *expect* (the server may still be starting or rebuilding)."""
    found: list[str] = []

    def served() -> bool:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                found.append(response.read().decode("utf-8"))
        except OSError:
            return False
        return expect in found[-1]

    wait_for(served)
    return found[-1]
