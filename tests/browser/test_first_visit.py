"""The first visit: the site runs on the trimmed standard library, and pages without a game warm the runtime up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gameplay import INSTANT, START_MS, play_one, wait_for_ready, wait_until
from playwright.sync_api import Browser, BrowserContext, Request, expect

LESSON = "tutorials/where-a-card-belongs/"  # a lesson without a guided deal: it warms up instead
GUIDED = "tutorials/how-a-deal-ends/"
WARM_AFTER_S = 3  # runtime.js: WARM_AFTER_MS

# Waits (in the page) for a performance mark; its start time, or null after the timeout.
MARK = """async ([name, timeout]) => {
  const end = performance.now() + timeout;
  while (performance.now() < end) {
    const [entry] = performance.getEntriesByName(name);
    if (entry) return entry.startTime;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}"""

CACHED = """async (paths) => {
  const runtime = new URL("runtime/", document.baseURI.replace(/tutorials\\/.*$/, ""));
  const found = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const path of paths) if (await cache.match(new URL(path, runtime).href)) found.push(path);
  }
  return found;
}"""


def requests_to(context: BrowserContext, part: str) -> list[str]:
    seen: list[str] = []

    def note(request: Request) -> None:
        if part in request.url:
            seen.append(request.url)

    context.on("request", note)
    return seen


def test_the_game_and_a_guided_deal_run_on_the_trimmed_library(
    browser: Browser, pyodide_site_url: str, site_dir: Path
) -> None:
    manifest = json.loads((site_dir / "runtime/manifest.json").read_text(encoding="utf-8"))
    trimmed = manifest["stdlib"]
    assert manifest["files"][trimmed] < 1_000_000  # Pyodide's full library is 2.5 MB
    assert not (site_dir / "runtime/pyodide/python_stdlib.zip").exists()
    context = browser.new_context(service_workers="block")
    context.add_init_script(INSTANT)
    fetched = requests_to(context, "python_stdlib")
    interpreter = requests_to(context, "pyodide.asm.wasm")
    try:
        page = context.new_page()
        page.goto(f"{pyodide_site_url}play/?seed=5")
        wait_for_ready(page)
        assert len(interpreter) == 1  # fetched early by the worker and handed to Pyodide, not fetched twice
        play_one(page)
        expect(page.locator("#game-log li").first).to_be_visible()
        guided = context.new_page()
        guided.goto(f"{pyodide_site_url}{GUIDED}#guided-finish")  # the lesson opened at its guided deal
        guided.wait_for_selector('section[data-kind="guided"][data-state="your-turn"]', timeout=START_MS)
    finally:
        context.close()
    assert fetched and all(url.endswith("/runtime/" + trimmed) for url in fetched)


def test_a_lesson_read_for_a_few_seconds_warms_the_runtime_and_the_snapshot(
    browser: Browser, pyodide_site_url: str
) -> None:
    context = browser.new_context(service_workers="allow")
    context.add_init_script(INSTANT)
    try:
        lesson = context.new_page()
        lesson.goto(f"{pyodide_site_url}{LESSON}")
        assert lesson.evaluate(MARK, ["sevens-warm-done", START_MS]) is not None
        wait_until(lesson, "() => navigator.serviceWorker.controller !== null", timeout=START_MS)
        assert sorted(lesson.evaluate(CACHED, ["pyodide/pyodide.asm.wasm"])) == ["pyodide/pyodide.asm.wasm"]
        game = context.new_page()
        game.goto(f"{pyodide_site_url}play/?seed=6")
        wait_for_ready(game)
        # The game's first start is a later visit's: Python comes from the snapshot the lesson stored.
        assert game.evaluate(MARK, ["sevens-snapshot-restored", 1000]) is not None
    finally:
        context.close()


@pytest.mark.parametrize(
    "connection", [{"saveData": True, "effectiveType": "4g"}, {"saveData": False, "effectiveType": "2g"}]
)
def test_no_warm_up_when_the_visitor_saves_data_or_the_connection_is_slow(
    browser: Browser, pyodide_site_url: str, connection: dict[str, object]
) -> None:
    context = browser.new_context(service_workers="allow")
    context.add_init_script(
        f"Object.defineProperty(Navigator.prototype, 'connection', {{ get: () => ({json.dumps(connection)}) }});"
    )
    fetched = requests_to(context, "/runtime/")
    try:
        page = context.new_page()
        page.goto(f"{pyodide_site_url}{LESSON}")
        assert page.evaluate(MARK, ["sevens-warm-skipped", 1000]) is not None
        page.wait_for_timeout((WARM_AFTER_S + 2) * 1000)
        assert page.evaluate("performance.getEntriesByName('sevens-warm-started').length") == 0
        assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
    finally:
        context.close()
    assert fetched == []
