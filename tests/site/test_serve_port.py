"""``build.py serve`` on a port it cannot use says so in one line and exits with status 1, before building."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _serve(port: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(ROOT / "build.py"), "serve", "--port", port, "--no-runtime"]
    command += ["--tutorials", str(tmp_path / "tutorials"), "--out", str(tmp_path / "_site")]
    return subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False)


def test_a_busy_port_is_named_without_a_traceback(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _serve(str(port), tmp_path)
    assert done.returncode == 1
    assert done.stderr == (
        f"build.py serve: --port {port}: cannot serve on 127.0.0.1:{port}: the port is in use "
        "(is another server running there?): stop it or choose another --port\n"
    )
    assert not (tmp_path / "_site").exists()  # refused before building anything


@pytest.mark.parametrize("port", ["70000", "-1", "0"])
def test_a_port_out_of_range_is_named_without_a_traceback(tmp_path: Path, port: str) -> None:
    done = _serve(port, tmp_path)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"build.py serve: --port {port}: a port is a whole number from 1 to 65535, like 8000\n"
