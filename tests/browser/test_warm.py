"""The warm pages that the table tests share a context through (conftest.py, warm.py): what one test leaves in the
site's storage, the next does not find, while Python's memory snapshot in Cache Storage is kept for it; and no page
without a game warms the engine up in the background there."""

from __future__ import annotations

from typing import Any

from gameplay import open_game, wait_for_async
from playwright.sync_api import Browser, BrowserContext
from warm import Snapshot, seed, warm_page


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


def test_a_seeded_context_starts_its_first_game_page_from_the_runs_snapshot(
    browser: Browser, browser_context_args: dict[str, Any], python_snapshot: Snapshot, site_url: str
) -> None:
    # What every warm context is given when made (warm.seed): without it, each would start Python cold once.
    context = browser.new_context(**browser_context_args)
    try:
        seed(context, site_url, python_snapshot)
        page = context.new_page()
        open_game(page, site_url, "?seed=5")
        marks = page.evaluate("performance.getEntriesByType('mark').map((m) => m.name)")
        assert "sevens-snapshot-restored" in marks, marks
        assert python_snapshot.file.stat().st_size > 1_000_000
    finally:
        context.close()
