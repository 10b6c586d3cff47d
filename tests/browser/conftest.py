"""Browser tests: the built site served over HTTP and driven in real Chromium.

The site is built once per session (``build.py --out DIR``) and served by
``http.server`` on a free port; the computer players move at the "instant"
speed so a whole deal takes a moment.
"""

from __future__ import annotations

import functools
import http.server
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
    launch = {**browser_type_launch_args, "args": [*args, "--disable-sync"]}
    if CHROMIUM.exists():
        launch["executable_path"] = str(CHROMIUM)
    return launch


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # Service workers are tested on their own; elsewhere their precaching would only slow the suite.
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not PYODIDE.exists():
        pytest.skip("Pyodide is not installed: run `npm ci` first")
    out = tmp_path_factory.mktemp("site") / "_site"
    result = subprocess.run(
        [sys.executable, "build.py", "--out", str(out)], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return out


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    # Served one folder down, as GitHub Pages serves a project site, so an absolute URL would break a test.
    handler = functools.partial(QuietHandler, directory=str(site_dir.parent))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/{site_dir.name}/"
    server.shutdown()
    thread.join()
