"""The service worker's cache keeps a bounded set of entries: one per file of the site, whatever the query strings."""

from __future__ import annotations

from typing import Any

from gameplay import START_MS, open_game, wait_until
from playwright.sync_api import Browser

ENTRIES = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("sevens-"));
  const cache = await caches.open(names[0]);
  return (await cache.keys()).map((request) => request.url);
}"""


def test_addresses_with_distinct_queries_do_not_grow_the_cache(
    browser: Browser, browser_context_args: dict[str, Any], pyodide_site_url: str
) -> None:
    context = browser.new_context(**{**browser_context_args, "service_workers": "allow"})
    try:
        page = context.new_page()
        open_game(page, pyodide_site_url, "?seed=9")  # the engine is ready: the service worker is registered
        wait_until(page, "() => navigator.serviceWorker.controller !== null", timeout=START_MS)
        before = page.evaluate(ENTRIES)
        # Pages and files, each asked for under many addresses, as links with a seed, a table or a tracker's tag.
        for n in range(15):
            page.goto(f"{pyodide_site_url}rules/?from=link{n}")
            page.goto(f"{pyodide_site_url}progress/?utm_source=x{n}#top")
            page.evaluate("n => fetch(`../static/js/store.js?v=${n}`).then((reply) => reply.ok)", n)
        after = page.evaluate(ENTRIES)
        assert [url for url in after if "?" in url] == []
        paths = {f"{pyodide_site_url}rules/", f"{pyodide_site_url}progress/", f"{pyodide_site_url}static/js/store.js"}
        assert set(after) <= set(before) | paths
        assert len(after) == len(set(after))
    finally:
        context.close()
