"""A small development server: serve the built site and rebuild when a source file changes.

The watcher polls modification times (no extra dependency); a rebuild runs
the build command in a new process, and a failed one leaves the last good
site being served. The port is opened before anything is built
(:func:`open_server`), so a bad or busy one is said at once, in one line.
"""

from __future__ import annotations

import errno
import functools
import subprocess
import threading
import time
from collections.abc import Iterable, Sequence
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

POLL_SECONDS = 0.5
HOST = "127.0.0.1"


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


def open_server(out: Path, port: object) -> ThreadingHTTPServer:
    """A server for *out* on 127.0.0.1:*port*, not yet serving; a :class:`ValueError` saying why the port cannot
    be used (out of range, in use, not allowed)."""
    if type(port) is not int or not 1 <= port <= 65535:
        raise ValueError(f"--port {port}: a port is a whole number from 1 to 65535, like 8000")
    # The handler opens the folder by name on each request, so it follows the swapped-in build.
    handler = functools.partial(QuietHandler, directory=str(out))
    try:
        return ThreadingHTTPServer((HOST, port), handler)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            reason = "the port is in use (is another server running there?): stop it or choose another --port"
        elif error.errno == errno.EACCES:
            reason = "this user may not open that port (below 1024 needs special rights): choose another, like 8000"
        else:
            reason = error.strerror or str(error)
        raise ValueError(f"--port {port}: cannot serve on {HOST}:{port}: {reason}") from None


def serve(rebuild: Sequence[str], server: ThreadingHTTPServer, out: Path, watched: Sequence[Path]) -> None:
    """Serve *out* with *server* (from :func:`open_server`) until interrupted, running *rebuild* after changes."""
    port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    print(f"serving {out} on http://{HOST}:{port}/ (Ctrl-C to stop)", flush=True)
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
