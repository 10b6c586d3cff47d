"""Browser tests: the built site served over HTTP and driven in real Chromium.

The site is built once per session (``build.py --out DIR``; once for a whole
``make test``: see tests/conftest.py) and served by
``http.server`` on a free port under a sub-path, as GitHub Pages serves a
project site (``any_site_url`` serves it at the server's root too); the
computer players move at the "instant" speed so a whole deal takes a moment.

``site_url`` serves it with the engine answered in CPython behind the real page
(cpython_engine.py says why); ``pyodide_site_url``, for the tests whose subject is
the runtime, serves it as built, Pyodide and all.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import functools
import http.server
import io
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import cpython_engine
import pytest
from cpython_engine import CPythonEngine
from gameplay import open_game
from playwright.sync_api import Browser, BrowserContext, Page
from warm import PYODIDE_SITES, SEED, SEED_PATH, SITES, SNAPSHOT_CACHE, Snapshot, keep_open, seed_every_site, warm_page

ROOT = Path(__file__).resolve().parents[2]
# The tests drive Debian's chromium-headless-shell: the same Chromium release as the chromium package, built for
# automation without the full browser's user interface (Playwright's own default for headless Chromium). The same
# browser test suite: 251 s of processor time in the headless shell, 310 s in the full browser (test_p* to test_z*);
# most of the difference was the full browser's own process, at about 0.5 s a start of the game page against 0.2 s.
# The full browser (CHROMIUM) remains for what only it has (test_blocked_storage.py: a setting read from a profile)
# and for the benchmarks, which measure what a learner's browser does. SEVENS_CHROMIUM=/usr/bin/chromium runs the
# whole suite in the full browser (SEVENS_CHROMIUM=/usr/bin/chromium make test); both are installed by
# `make browser-deps`.
CHROMIUM = Path("/usr/bin/chromium")
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")


def browser_to_test() -> Path:
    """The browser the tests launch: SEVENS_CHROMIUM if set (it must name a file), else the headless shell if
    installed, else the full browser."""
    named = os.environ.get("SEVENS_CHROMIUM")
    if not named:
        return HEADLESS_SHELL if HEADLESS_SHELL.exists() else CHROMIUM
    if not Path(named).is_file():
        raise pytest.UsageError(f"SEVENS_CHROMIUM={named!r} names no file: give the path of a Chromium, or unset it")
    return Path(named)


TEST_BROWSER = browser_to_test()
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
    # WebAssembly by V8's baseline compiler only: every page that starts Pyodide compiled its hot functions again with
    # the optimising one, about a second of processor time a start that the tests' short games never won back
    # (a reload of the game page: 3.5 s of processor time, 2.5 s with this). The code does the same either way.
    launch = {**browser_type_launch_args, "args": [*args, "--disable-sync", "--js-flags=--liftoff-only"]}
    if TEST_BROWSER.exists():
        launch["executable_path"] = str(TEST_BROWSER)
    return launch


@pytest.fixture(scope="session")
def base_url() -> None:
    """No base address: tests name their pages from ``site_url``. (Defined here so that pytest-playwright's own
    fallback, a session fixture written as an instance method, does not run: pytest 9 warns about those.)"""
    return None


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # Service workers are tested on their own; elsewhere their precaching would only slow the suite.
    return {**browser_context_args, "service_workers": "block"}


# An init script: the visitor asks to save data, so a page without a game does not warm the engine up in the background
# (runtime.js: warmUp). A lesson read for three seconds would otherwise start Python for nothing a test looks at, and
# the slower the machine, the more tests read that long. The warm-up has tests of its own (test_first_visit.py: in
# contexts of their own, without this script); contexts from the `context` fixture (so pytest-playwright's `page`)
# and the warm contexts get it.
NO_WARM_UP = "Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) });"


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    """pytest-playwright's fresh context, for a test that needs one of its own (see ``page``), where pages without a
    game do not warm up (NO_WARM_UP) and the game page of a site with Pyodide starts from the run's Python snapshot
    (warm.seed_every_site)."""
    context.add_init_script(NO_WARM_UP)
    seed_every_site(context)
    return context


SUB_PATH = "/sevens/"  # as GitHub Pages serves a project site: https://USER.github.io/sevens/


@pytest.fixture(scope="session")
def built_site(real_site: Callable[[str], Path]) -> Callable[[str], Path]:
    """``built_site(base)``: the real site built for *base* (see tests/conftest.py: once for a whole ``make test``)."""
    if not PYODIDE.exists():
        pytest.skip("Pyodide is not installed: run `npm ci` first")
    return real_site


@pytest.fixture(scope="session")
def site_dir(built_site: Callable[[str], Path]) -> Path:
    """The site built for serving under SUB_PATH."""
    return built_site(SUB_PATH)


class PagesHandler(http.server.SimpleHTTPRequestHandler):
    """Serve the site at ``base`` and nothing else, as GitHub Pages does.

    Addresses outside ``base`` are plain 404s (so a link that climbs out of the
    site fails); a missing address inside gets the site's ``404.html`` with
    status 404; a folder without its trailing slash is redirected. With an
    ``engine``, the engine is answered in CPython (cpython_engine.py).
    """

    base = "/"
    engine: CPythonEngine | None = None

    def send_head(self) -> Any:
        path = urlsplit(self.path).path
        if not path.startswith(self.base):
            self.send_error(404, "outside the site")
            return None
        if path == self.base + SEED_PATH and SEED:
            return self._snapshot(SEED[0])
        if self.engine and path == self.base + cpython_engine.LOADER:
            return self._bytes(cpython_engine.MODULE.read_bytes(), "text/javascript")
        if self.engine and path == self.base + cpython_engine.INTERPRETER:
            return self._bytes(b"", "application/wasm")
        self.path = "/" + self.path[len(self.base) :]
        local = Path(self.translate_path(self.path))
        if local.is_dir() and not path.endswith("/"):
            self.send_response(301)
            self.send_header("Location", path + "/")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not local.exists() or (local.is_dir() and not (local / "index.html").exists()):
            return self._bytes((Path(self.directory) / "404.html").read_bytes(), "text/html; charset=utf-8", 404)
        return super().send_head()

    def do_POST(self) -> None:
        """The stand-in's requests to the engine in CPython (cpython_engine.py), on a site served with one."""
        if not self.engine or urlsplit(self.path).path != self.base + cpython_engine.PATH:
            self.send_error(405, "nothing to post to here")
            return
        try:
            answer = self.engine.answer(self.rfile.read(int(self.headers["Content-Length"])))
        except LookupError as error:
            self.send_error(410, str(error))
            return
        self.copyfile(self._bytes(answer, "application/json"), self.wfile)

    def _bytes(self, body: bytes, content_type: str, status: int = 200) -> io.BytesIO:
        """Send the headers of *body*; the body to send after them."""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def _snapshot(self, snapshot: Snapshot) -> Any:
        """The run's Python snapshot, for warm.seed: a test's address, never the site's."""
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(snapshot.file.stat().st_size))
        self.send_header("x-sha256", snapshot.sha256)
        self.end_headers()
        return snapshot.file.open("rb")

    def log_message(self, format: str, *args: Any) -> None:
        pass


class Server(http.server.ThreadingHTTPServer):
    # Connections waiting to be accepted: a game page opens dozens at once, and with an engine each request of its
    # worker is one more, answered in this process while its accepting thread waits for the interpreter lock. At the
    # default 5, a connection the kernel refuses is tried again only after a second, then three, then seven...
    request_queue_size = 128


@contextlib.contextmanager
def serve(site: Path, base: str, engine: CPythonEngine | None = None) -> Iterator[str]:
    """Serve *site* at ``http://127.0.0.1:PORT{base}``, with Pyodide or, given an *engine*, with the engine answered
    in CPython; yield that address."""
    attributes = {"base": base, "engine": engine}
    handler = functools.partial(type("Handler", (PagesHandler,), attributes), directory=str(site))
    server = Server(("127.0.0.1", 0), handler)
    site = f"http://127.0.0.1:{server.server_port}{base}"
    SITES.add(site)  # while served, warm pages forget their storage there (warm.py)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield site
    finally:
        SITES.discard(site)
        server.shutdown()
        server.server_close()
        thread.join()


# Which engine answers the pages of ``site_url``: "cpython" (the default) or "pyodide", as for pyodide_site_url.
ENGINES = ("cpython", "pyodide")


def engine_to_test() -> str:
    """The engine behind ``site_url``'s pages: SEVENS_ENGINE if set (one of ENGINES), else CPython."""
    named = os.environ.get("SEVENS_ENGINE") or ENGINES[0]
    if named not in ENGINES:
        raise pytest.UsageError(f"SEVENS_ENGINE={named!r} is not an engine to test: give one of {', '.join(ENGINES)}")
    return named


TEST_ENGINE = engine_to_test()


@pytest.fixture(scope="session")
def site_url(site_dir: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """The site under a real sub-path (the server's root is not the site's root), its engine answered in CPython
    behind the real page (cpython_engine.py); with SEVENS_ENGINE=pyodide, the site of ``pyodide_site_url``."""
    if TEST_ENGINE == "pyodide":
        yield request.getfixturevalue("pyodide_site_url")
        return
    with serve(site_dir, SUB_PATH, CPythonEngine()) as url:
        yield url


@contextlib.contextmanager
def seeded(site: str) -> Iterator[str]:
    """While a test uses the site at *site*, the contexts of warm pages and ``context`` are given the run's snapshot
    there (warm.seed_every_site)."""
    PYODIDE_SITES.add(site)
    try:
        yield site
    finally:
        PYODIDE_SITES.discard(site)


@pytest.fixture(scope="session")
def full_browser() -> Path | None:
    """The full Chromium, for what the headless shell lacks (see CHROMIUM); None where it is not installed.

    (A test module asks a fixture rather than importing from here: in a run of all of tests/, ``conftest`` is whichever
    folder's conftest.py was imported last.)"""
    return CHROMIUM if CHROMIUM.exists() else None


@pytest.fixture(scope="session")
def own_server(site_dir: Path) -> Callable[[], contextlib.AbstractContextManager[str]]:
    """Start a server of the test's own for the site under the sub-path, its engine in Pyodide: ``with
    own_server() as url:``, the server gone after the block."""
    return lambda: serve(site_dir, SUB_PATH)


@pytest.fixture(scope="session")
def pyodide_server(site_dir: Path) -> Iterator[str]:
    """The site under the sub-path, as built: its engine runs in Pyodide."""
    with serve(site_dir, SUB_PATH) as url:
        yield url


@pytest.fixture(scope="session")
def pyodide_site_url(pyodide_server: str, python_snapshot: Snapshot) -> Iterator[str]:
    """The site of ``pyodide_server``, where the pages of warm contexts start Python from the run's snapshot, as on
    a second visit: for the tests whose subject is the runtime (see ``site_url``)."""
    with seeded(pyodide_server) as url:
        yield url


@pytest.fixture(scope="session", params=["/", SUB_PATH], ids=["root", "sub-path"])
def any_site_url(
    request: pytest.FixtureRequest, built_site: Callable[[str], Path], python_snapshot: Snapshot
) -> Iterator[str]:
    """The site at the server's root and under a sub-path, each built for its base (404.html differs), with Pyodide:
    where the runtime's files are found is part of the subject."""
    base: str = request.param
    site = built_site(base)
    with serve(site, base) as url, seeded(url):
        yield url


SIZES = {"desk": (1280, 800), "phone": (390, 844)}  # the screens the table must fit


@pytest.fixture(scope="session")
def python_snapshot(
    browser: Browser, browser_context_args: dict[str, Any], site_dir: Path, pyodide_server: str
) -> Snapshot:
    """The run's Python snapshot (see warm.py), kept beside the built site: made by the first test process to ask, by
    a cold start of the game page in a fresh context, which holds a lock meanwhile; the others read its copy."""
    build = json.loads((site_dir / "runtime" / "manifest.json").read_text())["build"]
    folder = site_dir.parent
    with (folder / "python-snapshot.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        made = sorted(folder.glob(f"snapshot-{build}-*.bin"))
        if made:
            snapshot = Snapshot(made[0], made[0].name, made[0].with_suffix(".sha256").read_text())
        else:
            snapshot = _make_snapshot(browser.new_context(**browser_context_args), pyodide_server, folder)
    SEED[:] = [snapshot]
    return snapshot


def _make_snapshot(context: BrowserContext, site_url: str, folder: Path) -> Snapshot:
    """Start the game page in *context* (then closed), wait for worker.js to keep its snapshot, and copy it into
    *folder*."""
    try:
        page = context.new_page()
        open_game(page, site_url)
        origin = site_url[: site_url.index("/", len("http://"))]
        cdp = context.new_cdp_session(page)
        deadline = time.monotonic() + 60
        entries: list[dict[str, Any]] = []
        while not entries:
            if time.monotonic() > deadline:
                raise AssertionError("the game page kept no Python snapshot within 60 s (worker.js: saveSnapshot)")
            page.wait_for_timeout(100)
            caches = cdp.send("CacheStorage.requestCacheNames", {"securityOrigin": origin})["caches"]
            cache = next((cache["cacheId"] for cache in caches if cache["cacheName"] == SNAPSHOT_CACHE), None)
            if cache:
                entries = cdp.send("CacheStorage.requestEntries", {"cacheId": cache, "skipCount": 0, "pageSize": 1})[
                    "cacheDataEntries"
                ]
        (entry,) = entries
        headers = {header["name"].lower(): header["value"] for header in entry["responseHeaders"]}
        body = cdp.send(
            "CacheStorage.requestCachedResponse",
            {"cacheId": cache, "requestURL": entry["requestURL"], "requestHeaders": []},
        )["response"]["body"]
    finally:
        context.close()
    file = folder / entry["requestURL"].rsplit("/", 1)[1]
    written = file.with_suffix(".part")
    written.write_bytes(base64.b64decode(body))
    written.replace(file)
    file.with_suffix(".sha256").write_text(headers["x-sha256"])
    return Snapshot(file, file.name, headers["x-sha256"])


@pytest.fixture(scope="session")
def warm_contexts(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[dict[str, BrowserContext]]:
    """Browser contexts kept for the session, one per screen ("default", "desk", "phone"), made when first used.

    Starting Pyodide in a new context costs seconds of processor time: it compiles the interpreter, starts Python
    and then copies its memory for the snapshot. Each of these is given the run's snapshot at every site with Pyodide
    (warm.seed_every_site), so its pages start from it in about a quarter of that time, as a learner's second visit
    does. Tests that change no context-wide setting (routes, permissions, offline, init scripts of the context) take
    their pages from these; the first visit, the snapshot and the service worker have tests of their own, in fresh
    contexts.
    """

    class Contexts(dict[str, BrowserContext]):
        def __missing__(self, screen: str) -> BrowserContext:
            size = (
                {} if screen == "default" else {"viewport": dict(zip(("width", "height"), SIZES[screen], strict=True))}
            )
            phone = screen == "phone"
            self[screen] = browser.new_context(**browser_context_args, **size, is_mobile=phone, has_touch=phone)
            self[screen].add_init_script(NO_WARM_UP)
            keep_open(self[screen])
            return self[screen]

    contexts = Contexts()
    yield contexts
    for context in contexts.values():
        context.close()


@pytest.fixture
def sized(request: pytest.FixtureRequest, warm_contexts: dict[str, BrowserContext], site_url: str) -> Iterator[Page]:
    """A page on the screen named by the test's parameter (``indirect``): "desk" or "phone" (mobile, touch),
    from the warm context of that screen (see warm_contexts)."""
    with warm_page(warm_contexts, request.param) as page:
        yield page


@pytest.fixture
def page(warm_contexts: dict[str, BrowserContext], site_url: str) -> Iterator[Page]:
    """The page a test is given: from the warm context of the default screen, storage forgotten before the next test
    (see warm_contexts). pytest-playwright's own, in a fresh context, costs a start of Python without its snapshot,
    seconds of processor time: a test that changes the context (offline, permissions, its storage at the start) or
    is about the first visit takes ``context`` or ``browser`` instead."""
    with warm_page(warm_contexts, "default") as page:
        yield page
