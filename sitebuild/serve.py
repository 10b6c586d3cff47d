"""A small development server: serve the built site and rebuild when a source file changes.

The watcher polls modification times (no extra dependency); a rebuild runs
the build command in a new process, and a failed one leaves the last good
site being served.
"""

from __future__ import annotations

import functools
import subprocess
import threading
import time
from collections.abc import Iterable, Sequence
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

POLL_SECONDS = 0.5


def snapshot(folders: Iterable[Path]) -> dict[Path, float]:
    """Modification time of every file under *folders* (caches left out)."""
    times = {}
    for folder in folders:
        for path in folder.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                times[path] = path.stat().st_mtime
    return times


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(rebuild: Sequence[str], out: Path, port: int, watched: Sequence[Path]) -> None:
    """Serve *out* on 127.0.0.1:*port* until interrupted, running *rebuild* after changes."""
    # The handler opens the folder by name on each request, so it follows the swapped-in build.
    handler = functools.partial(QuietHandler, directory=str(out))
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    print(f"serving {out} on http://127.0.0.1:{port}/ (Ctrl-C to stop)", flush=True)
    seen = snapshot(watched)
    try:
        while True:
            time.sleep(POLL_SECONDS)
            now = snapshot(watched)
            if now != seen:
                seen = now
                print("change seen: rebuilding…", flush=True)
                done = subprocess.run(rebuild, check=False)
                print(
                    "rebuilt" if done.returncode == 0 else "rebuild failed: still serving the last good site",
                    flush=True,
                )
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        server.server_close()
