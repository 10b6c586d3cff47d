"""Pages from a warm browser context (see ``warm_contexts`` in conftest.py) that forget the site's storage after use.

Imported as ``from warm import warm_page`` (tests/browser is on ``sys.path``, as for gameplay.py).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page

# Kept by a warm context from one test to the next: the HTTP cache and Cache Storage, where the page keeps Python's
# memory snapshot. Everything else the site can keep is forgotten after each test.
FORGET = "cookies,local_storage,indexeddb,websql,file_systems,service_workers"


@contextlib.contextmanager
def warm_page(contexts: dict[str, BrowserContext], screen: str, site_url: str) -> Iterator[Page]:
    """A new page in the warm context of *screen*; afterwards it is closed and the site's storage but the caches
    forgotten, so the next test starts as on a fresh visit with a warm cache (sessionStorage goes with the page)."""
    context = contexts[screen]
    page = context.new_page()
    try:
        yield page
    finally:
        page.close()
        session = context.new_cdp_session(context.new_page())
        origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))
        session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": FORGET})
        session.detach()
        for left in context.pages:
            left.close()
