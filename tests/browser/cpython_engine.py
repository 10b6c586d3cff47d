"""The engine in CPython, behind the real page, for the browser tests whose subject is not the runtime.

A start of the game page from Python's memory snapshot costs about 1.2 s of processor time, 0.65 s of it Pyodide's
(compiling its JavaScript, instantiating the interpreter, restoring the snapshot); a start with this stand-in costs
about 0.5 s. Most browser tests start the game page, and what they look at is the page: what it draws, what a click
or a key does, what it keeps. So the test server of ``site_url`` (conftest.py) serves, in place of Pyodide's loader
module (``runtime/pyodide/pyodide.mjs``), a module of the same interface (cpython_pyodide.mjs) whose interpreter
sends each request, synchronously as Pyodide answers it, to this server, where the same engine answers in CPython.
Everything else is the site as built: the page, runtime.js, worker.js and its protocol, the manifest, the wheel's
download; only Pyodide's interpreter file, which nothing runs here, is served empty (INTERPRETER).

The runtime keeps tests of its own, against the real Pyodide (``pyodide_site_url``): its start, its snapshot, the
first visit, offline play, the content security policy, a worker that dies, the site at the server's root, a whole
deal of each game. The engine's own tests run in Pyodide too (``make pyodide-test``). ``SEVENS_ENGINE=pyodide
make test`` runs every browser test against the real Pyodide.
"""

from __future__ import annotations

import importlib
import itertools
import json
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

PATH = "__test__/engine"  # under the site's base: where the stand-in module sends its requests
MODULE = Path(__file__).with_name("cpython_pyodide.mjs")  # served at LOADER instead of Pyodide's loader
LOADER = "runtime/pyodide/pyodide.mjs"
# Pyodide's interpreter, which worker.js asks for as it starts, to hand it to Pyodide: served empty, as nothing runs it.
INTERPRETER = "runtime/pyodide/pyodide.asm.wasm"

# Each worker in the browser has a Python of its own, with its own deals (webapi.SESSIONS). The interpreters of
# pages closed long ago are forgotten: a test server serves one test process, whose tests open pages one by one.
KEPT = 64


class CPythonEngine:
    """The interpreters of one test server's pages: each the engine's request module with a registry of its own."""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # the module's registry is swapped in for each request
        self._ids = itertools.count(1)
        self._interpreters: OrderedDict[str, tuple[Any, dict[str, Any]]] = OrderedDict()

    def answer(self, body: bytes) -> bytes:
        """Answer the stand-in's POST: ``{"start": MODULE}`` (worker.js's ``pyimport`` of the manifest's module)
        gives ``{"interpreter": ID}``; ``{"interpreter": ID, "request": TEXT}`` gives the module's ``handle(TEXT)``."""
        message = json.loads(body)
        with self._lock:
            if "start" in message:
                module = importlib.import_module(message["start"])
                name = str(next(self._ids))
                self._interpreters[name] = (module, {})
                while len(self._interpreters) > KEPT:
                    self._interpreters.popitem(last=False)
                return json.dumps({"interpreter": name}).encode()
            found = self._interpreters.get(message["interpreter"])
            if found is None:
                raise LookupError(f"no interpreter {message['interpreter']!r}: its page closed long ago")
            module, sessions = found
            kept = module.SESSIONS
            module.SESSIONS = sessions
            try:
                reply: str = module.handle(message["request"])
            finally:
                module.SESSIONS = kept
            return reply.encode()
