"""The service worker: after one visit the game starts from the cache, even with the network gone."""

from __future__ import annotations

from gameplay import READY, START_MS, open_game
from playwright.sync_api import Browser, expect


def test_the_game_works_offline_after_one_visit(browser: Browser, site_url: str) -> None:
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        open_game(page, site_url, "?seed=9")
        # Installed means the runtime, the pages and the assets are all in the cache.
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=START_MS)
        names = page.evaluate("caches.keys()")
        assert any(name.startswith("sevens-") for name in names)
        context.set_offline(True)
        page.reload()
        page.wait_for_selector(READY, timeout=START_MS)
        expect(page.locator("#game-hand .card")).to_have_count(13)
        page.goto(f"{site_url}")
        expect(page.locator("main")).to_be_visible()
    finally:
        context.close()
