"""The warm pages that the table tests share a context through (conftest.py, warm.py): what one test leaves in the
site's storage, the next does not find, while Python's memory snapshot in Cache Storage is kept for it; and no page
without a game warms the engine up in the background there. And the engine in CPython behind most tests' pages
(cpython_engine.py) deals and plays as Pyodide does."""

from __future__ import annotations

from typing import Any

from gameplay import open_game, play_one, wait_for_async, wait_until
from playwright.sync_api import Browser, BrowserContext
from warm import Snapshot, seed, warm_page


def test_a_warm_page_forgets_the_sites_storage_but_keeps_the_snapshot(
    warm_contexts: dict[str, BrowserContext], pyodide_site_url: str
) -> None:
    with warm_page(warm_contexts, "default") as page:
        open_game(page, pyodide_site_url, "?seed=5")
        page.evaluate("localStorage.setItem('sevens.left-behind', 'yes')")
        wait_for_async(page, "async () => (await (await caches.open('pyodide-snapshot')).keys()).length > 0")
    with warm_page(warm_contexts, "default") as page:
        page.goto(f"{pyodide_site_url}rules/")
        assert page.evaluate("localStorage.getItem('sevens.left-behind')") is None
        assert page.evaluate("localStorage.length") == 0
        assert page.evaluate("async () => (await (await caches.open('pyodide-snapshot')).keys()).length") == 1
        # Nor does a page without a game start the engine in the background (conftest.py: NO_WARM_UP).
        page.goto(pyodide_site_url)
        wait_until(page, "performance.getEntriesByName('sevens-warm-skipped').length === 1")


def test_a_seeded_context_starts_its_first_game_page_from_the_runs_snapshot(
    browser: Browser, browser_context_args: dict[str, Any], python_snapshot: Snapshot, pyodide_site_url: str
) -> None:
    # What every warm context is given when made (warm.seed): without it, each would start Python cold once.
    context = browser.new_context(**browser_context_args)
    try:
        seed(context, pyodide_site_url, python_snapshot)
        page = context.new_page()
        open_game(page, pyodide_site_url, "?seed=5")
        marks = page.evaluate("performance.getEntriesByType('mark').map((m) => m.name)")
        assert "sevens-snapshot-restored" in marks, marks
        assert python_snapshot.file.stat().st_size > 1_000_000
    finally:
        context.close()


def test_the_engine_in_cpython_deals_and_plays_as_pyodide_does(
    warm_contexts: dict[str, BrowserContext], site_url: str, pyodide_site_url: str
) -> None:
    seen = []
    for url in (site_url, pyodide_site_url):
        with warm_page(warm_contexts, "default") as page:
            open_game(page, url, "?seed=5")
            play_one(page)
            marks = page.evaluate("performance.getEntriesByType('mark').map((m) => m.name)")
            seen.append((page.locator("#game-hand").inner_text(), page.locator("#game-log").inner_text(), marks))
    (cpython_hand, cpython_log, cpython_marks), (pyodide_hand, pyodide_log, pyodide_marks) = seen
    assert "sevens-snapshot-restored" in pyodide_marks, pyodide_marks
    if site_url != pyodide_site_url:
        # The stand-in answered: it keeps no snapshot, and worker.js says so.
        assert "sevens-snapshot-unsupported" in cpython_marks and "sevens-snapshot-restored" not in cpython_marks
    assert (cpython_hand, cpython_log) == (pyodide_hand, pyodide_log)
    assert cpython_log.count("\n") >= 3  # your move and the computer players' replies
