"""The service worker: after one visit the game starts from the cache, even with the network gone."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from gameplay import START_MS, open_game, wait_for_ready, wait_until
from playwright.sync_api import Browser, expect


def test_the_game_works_offline_after_one_visit(
    browser: Browser, own_server: Callable[[], contextlib.AbstractContextManager[str]]
) -> None:
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        # A server of this test's own, stopped below: Chromium's offline switch does not reach the
        # service worker's own requests, so only a server that is gone shows what really comes from the cache.
        with own_server() as site_url:
            open_game(page, site_url, "?seed=9")
            # Installed means the runtime, the pages and the assets are all in the cache.
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            wait_until(page, "() => navigator.serviceWorker.controller !== null", timeout=START_MS)
            names = page.evaluate("caches.keys()")
            assert any(name.startswith("sevens-") for name in names)
        context.set_offline(True)
        page.reload()
        wait_for_ready(page)
        expect(page.locator("#game-hand .card")).to_have_count(13)
        page.goto(f"{site_url}")
        expect(page.locator("main")).to_be_visible()
        # The practice page fetches its bank for the next puzzle, a file this visit never asked for online.
        page.goto(f"{site_url}practice/")
        page.wait_for_selector("[data-practice-ready]", state="attached")
        first = page.locator("[data-practice-puzzle] .puzzle").get_attribute("id")
        page.locator("[data-practice-puzzle] .puzzle__answer summary").click()
        page.locator("[data-practice-next]").click()
        expect(page.locator(f"[data-practice-puzzle] .puzzle#{first}")).to_have_count(0)
        expect(page.locator("[data-practice-puzzle] .puzzle")).to_have_count(1)
    finally:
        context.close()
