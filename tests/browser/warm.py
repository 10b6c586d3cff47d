"""Pages from a warm browser context (see ``warm_contexts`` in conftest.py) that forget the site's storage after use.

Imported as ``from warm import warm_page`` (tests/browser is on ``sys.path``, as for gameplay.py).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import BrowserContext, CDPSession, Page

# Kept by a warm context from one test to the next: the HTTP cache and Cache Storage, where the page keeps Python's
# memory snapshot. Everything else the site can keep is forgotten after each test.
FORGET = "cookies,local_storage,indexeddb,websql,file_systems,service_workers"

# The address of every site a test server of this session serves (conftest.py: serve adds it while it serves): a
# test may visit any of them.
SITES: set[str] = set()
# Those of them whose pages run Pyodide while a test uses them (conftest.py: seeded): the run's snapshot is put there.
PYODIDE_SITES: set[str] = set()


def keep_open(context: BrowserContext) -> None:
    """Keep a blank page open in *context* for as long as it lives, with the DevTools session that forgets the sites'
    storage after each test. Measured on the game page (a new page, its start, the page closed, storage forgotten):
    1.7 s of processor time with a page kept open, 3.0 s when the context's last page closed after each test and a
    new one was opened to forget the storage; the renderer's share fell from 1.9 to 1.1 s and the other
    processes' from 0.9 to 0.5 s. Most likely Chromium tore down and set up again what a context with no page
    needs no more; which parts, the figures do not say. tests/browser alone in one process: 930 -> 722 s."""
    keeper = context.new_page()
    KEEPERS[context] = (keeper, context.new_cdp_session(keeper))


KEEPERS: dict[BrowserContext, tuple[Page, CDPSession]] = {}


@contextlib.contextmanager
def warm_context(contexts: dict[str, BrowserContext], screen: str) -> Iterator[BrowserContext]:
    """The warm context of *screen*, for a test that opens its own pages (two tabs, say); afterwards its pages are
    closed (all but the blank one kept open: keep_open) and the sites' storage but the caches forgotten at every
    site served (SITES), so the next test starts as on a fresh visit with a warm cache (sessionStorage goes with
    the pages)."""
    context = contexts[screen]
    keeper, session = KEEPERS[context]
    seed_every_site(context)
    try:
        yield context
    finally:
        for page in context.pages:
            if page != keeper:
                page.close()
        for origin in {site[: site.index("/", len("http://"))] for site in SITES}:
            session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": FORGET})


@contextlib.contextmanager
def warm_page(contexts: dict[str, BrowserContext], screen: str) -> Iterator[Page]:
    """A new page in the warm context of *screen* (see warm_context)."""
    with warm_context(contexts, screen) as context:
        yield context.new_page()


# Python's memory snapshot, as worker.js keeps it in Cache Storage. Without one, the first game page of each warm
# context would start Python cold (compile the interpreter, start Python, copy its memory) at each site with Pyodide:
# about 5 s of processor time against 1.2 s from the snapshot. One cold start makes the snapshot for the whole run
# instead (conftest.py: python_snapshot), and each context is given a copy in about 0.4 s (seed), as if the learner
# had visited before. The snapshot, the first visit and the service worker keep tests of their own, in fresh contexts
# without a copy.
SNAPSHOT_CACHE = "pyodide-snapshot"  # worker.js: SNAPSHOT_CACHE
SEED_PATH = "__test__/python-snapshot"  # where the test server serves the copy (conftest.py: PagesHandler)


@dataclass(frozen=True)
class Snapshot:
    file: Path  # its bytes
    name: str  # the last part of its Cache Storage key (worker.js: snapshotKey), snapshot-BUILD-FORMAT.bin
    sha256: str  # the checksum worker.js stores with it and checks before use


SEED: list[Snapshot] = []  # the run's snapshot, once made (conftest.py: python_snapshot): served at SEED_PATH

PUT = """async ([from, key, cacheName]) => {
  const response = await fetch(from);
  if (!response.ok) throw new Error(`${from}: HTTP ${response.status}`);
  await (await caches.open(cacheName)).put(key, response);
}"""


SEEDED: dict[BrowserContext, set[str]] = {}


def seed_every_site(context: BrowserContext) -> None:
    """Seed *context* (see seed) at every site with Pyodide in use (PYODIDE_SITES) that it has not been seeded at: a
    test server started for a few tests (test_subpath.py: the site at the server's root) gets the snapshot too."""
    seeded = SEEDED.setdefault(context, set())
    for site in sorted(PYODIDE_SITES - seeded):
        seed(context, site, *SEED)
        seeded.add(site)


def seed(context: BrowserContext, site_url: str, snapshot: Snapshot) -> None:
    """Put the run's *snapshot* (the python_snapshot fixture) into *context*'s Cache Storage for the site at
    *site_url*, from a page of no game (the site's 404 page), so the first game page there starts from it."""
    page = context.new_page()
    try:
        page.goto(f"{site_url}404.html")
        page.evaluate(PUT, [f"{site_url}{SEED_PATH}", f"{site_url}runtime/{snapshot.name}", SNAPSHOT_CACHE])
    finally:
        page.close()
