"""Pages from a warm browser context (see ``warm_contexts`` in conftest.py) that forget the site's storage after use.

Imported as ``from warm import warm_page`` (tests/browser is on ``sys.path``, as for gameplay.py).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from playwright.sync_api import BrowserContext, Page

# Kept by a warm context from one test to the next: the HTTP cache and Cache Storage, where the page keeps Python's
# memory snapshot. Everything else the site can keep is forgotten after each test.
FORGET = "cookies,local_storage,indexeddb,websql,file_systems,service_workers"

# Every origin a test server of this session serves at (conftest.py: serve adds it): a test may visit any of them.
SERVED: set[str] = set()


@contextlib.contextmanager
def warm_context(contexts: dict[str, BrowserContext], screen: str) -> Iterator[BrowserContext]:
    """The warm context of *screen*, for a test that opens its own pages (two tabs, say); afterwards its pages are
    closed and the sites' storage but the caches forgotten at every origin served (SERVED), so the next test starts
    as on a fresh visit with a warm cache (sessionStorage goes with the pages)."""
    context = contexts[screen]
    try:
        yield context
    finally:
        for page in context.pages:
            page.close()
        session = context.new_cdp_session(context.new_page())
        for origin in SERVED:
            session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": FORGET})
        session.detach()
        for left in context.pages:
            left.close()


@contextlib.contextmanager
def warm_page(contexts: dict[str, BrowserContext], screen: str) -> Iterator[Page]:
    """A new page in the warm context of *screen* (see warm_context)."""
    with warm_context(contexts, screen) as context:
        yield context.new_page()
