"""Pyodide's memory snapshot: a second visit starts Python from it, and a bad one only costs the speed-up."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gameplay import INSTANT, START_MS, wait_for_ready
from playwright.sync_api import Browser, BrowserContext, Page, expect
from warm import Snapshot, seed

# Waits (in the page) for a performance mark runtime.js sets on a snapshot message; its detail, or null.
MARK = """async ([name, timeout]) => {
  const end = performance.now() + timeout;
  while (performance.now() < end) {
    const [entry] = performance.getEntriesByName(name);
    if (entry) return entry.detail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}"""

MARKS = "performance.getEntriesByType('mark').map((m) => m.name).filter((n) => n.startsWith('sevens-snapshot-'))"

# Rewrites the stored snapshot in place. "flipped": bytes in the middle change, the stored checksum stays
# (what a damaged disk does); "bad header": its first bytes change and the checksum is recomputed to match,
# so the worker hands it to Pyodide, which refuses it.
CORRUPT = """async (how) => {
  const cache = await caches.open("pyodide-snapshot");
  const [request] = await cache.keys();
  const response = await cache.match(request);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let checksum = response.headers.get("x-sha256");
  if (how === "flipped") {
    for (let i = bytes.length >> 1; i < (bytes.length >> 1) + 4096; i += 1) bytes[i] ^= 0xff;
  } else {
    bytes.fill(0x2a, 0, 16);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    checksum = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  }
  const headers = { "content-type": "application/octet-stream", "x-sha256": checksum };
  await cache.put(request, new Response(bytes, { headers }));
  return bytes.length;
}"""


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    # No service worker: the snapshot lives in Cache Storage whether or not one controls the page.
    context = browser.new_context(service_workers="block")
    context.add_init_script(INSTANT)
    try:
        yield context
    finally:
        context.close()


def visit(context: BrowserContext, pyodide_site_url: str, query: str = "?seed=4&test") -> Page:
    page = context.new_page()
    page.goto(f"{pyodide_site_url}play/{query}")
    wait_for_ready(page)
    expect(page.locator("#game-hand .card")).to_have_count(13)
    return page


def saved(page: Page) -> int:
    detail = page.evaluate(MARK, ["sevens-snapshot-saved", START_MS])
    assert detail, page.evaluate(MARKS)
    return int(detail["bytes"])


def test_a_second_visit_starts_python_from_the_snapshot(context: BrowserContext, pyodide_site_url: str) -> None:
    first = visit(context, pyodide_site_url)
    assert not {"sevens-snapshot-restored", "sevens-snapshot-rejected"} & set(page_marks(first))  # none stored yet
    size = saved(first)
    assert 5 * 2**20 < size < 200 * 2**20
    first.close()
    second = visit(context, pyodide_site_url)
    assert page_marks(second) == ["sevens-snapshot-restored"]
    # The deal on screen is the one its seed names, and the engine plays on.
    third = visit(context, pyodide_site_url)
    same = [page.locator("#game-hand .card").all_inner_texts() for page in (second, third)]
    assert same[0] == same[1]
    # The random generator is not the frozen one: fresh deals differ from visit to visit.
    seeds = [
        page.evaluate("window.__sevensRuntime.call('new_game', {}, 'snapshot').then((s) => s.seed)")
        for page in (second, third)
    ]
    assert seeds[0] != seeds[1]


@pytest.mark.parametrize("how", ["flipped", "bad header"])
def test_a_corrupt_snapshot_falls_back_to_a_normal_start(
    context: BrowserContext, python_snapshot: Snapshot, pyodide_site_url: str, how: str
) -> None:
    # The snapshot an earlier visit kept (the run's: warm.seed; the test above sees one kept), then damaged.
    seed(context, pyodide_site_url, python_snapshot)
    first = context.new_page()
    first.goto(f"{pyodide_site_url}404.html")
    assert first.evaluate(CORRUPT, how) > 0
    first.close()
    second = visit(context, pyodide_site_url)
    assert page_marks(second)[0] == "sevens-snapshot-rejected"
    assert "sevens-snapshot-restored" not in page_marks(second)
    # The bad snapshot is replaced by a good one, which the next visit uses.
    saved(second)
    second.close()
    third = visit(context, pyodide_site_url)
    assert page_marks(third) == ["sevens-snapshot-restored"]


def page_marks(page: Page) -> list[str]:
    return list(page.evaluate(MARKS))
