"""The warm pages that the table tests share a context through (conftest.py, warm.py): what one test leaves in the
site's storage, the next does not find, while Python's memory snapshot in Cache Storage is kept for it; and no page
without a game warms the engine up in the background there."""

from __future__ import annotations

from gameplay import open_game, wait_for_async
from playwright.sync_api import BrowserContext
from warm import warm_page


def test_a_warm_page_forgets_the_sites_storage_but_keeps_the_snapshot(
    warm_contexts: dict[str, BrowserContext], site_url: str
) -> None:
    with warm_page(warm_contexts, "default") as page:
        open_game(page, site_url, "?seed=5")
        page.evaluate("localStorage.setItem('sevens.left-behind', 'yes')")
        wait_for_async(page, "async () => (await (await caches.open('pyodide-snapshot')).keys()).length > 0")
    with warm_page(warm_contexts, "default") as page:
        page.goto(f"{site_url}rules/")
        assert page.evaluate("localStorage.getItem('sevens.left-behind')") is None
        assert page.evaluate("localStorage.length") == 0
        assert page.evaluate("async () => (await (await caches.open('pyodide-snapshot')).keys()).length") == 1
        # Nor does a page without a game start the engine in the background (conftest.py: NO_WARM_UP).
        page.goto(site_url)
        page.wait_for_function("performance.getEntriesByName('sevens-warm-skipped').length === 1")
