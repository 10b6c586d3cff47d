"""Progress survives any number of tabs: results recorded in two tabs at the same moment are all kept.

Each tab of a browser reads its own copy of localStorage, which the other tab's writes reach a moment later;
these tests make both tabs write in that moment, as often as they can.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from gameplay import wait_for_async
from playwright.sync_api import BrowserContext, Page
from warm import warm_context

# Both tabs start at the same moment (by the clock they share) and record results one after another, letting
# the browser deliver the other tab's writes between two of their own (a MessageChannel task: not slowed down
# like a timer in a tab that is not in front).
RECORD = """async ([url, at, count, kind]) => {
  const store = await import(url);
  const task = () => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  });
  while (Date.now() < at) await task();
  for (let i = 0; i < count; i += 1) {
    store.recordPractice(kind, i % 2 === 0);
    await task();
  }
  return true;
}"""
START = "(args) => { window.__recorded = (" + RECORD + ")(args); }"
MODEL = Path(__file__).with_name("store_model.mjs")
STORE = Path(__file__).resolve().parents[2] / "site" / "static" / "js" / "store.js"
# The counts of one kind of practice puzzle (whether it is still missed depends on which answer came last).
SEEN = "async ([url, kind]) => { const k = (await import(url)).read('sevens').practice[kind]; return k ? { tried: k.tried, first: k.first } : null; }"


@pytest.fixture
def tabs(warm_contexts: dict[str, BrowserContext], site_url: str) -> Iterator[list[Page]]:
    with warm_context(warm_contexts, "default") as context:
        pages = [context.new_page() for _ in range(2)]
        for page in pages:
            page.goto(f"{site_url}rules/")
        yield pages


def record_at_once(tabs: list[Page], url: str, count: int, kind: str, delays: list[float]) -> None:
    """Each tab records *count* results of *kind*, the first starting in 300 ms, the other *delays* ms apart."""
    at = tabs[0].evaluate("Date.now()") + 300
    for page, delay in zip(tabs, delays, strict=True):
        page.evaluate(START, [url, at + delay, count, kind])
    for page in tabs:
        assert page.evaluate("window.__recorded") is True


def wait_seen(page: Page, url: str, kind: str, tried: int) -> dict[str, int]:
    """What *page* reads of *kind*, once it has counted *tried* (the other tab's writes take a moment to arrive)."""
    wait_for_async(
        page,
        "async ([url, kind, tried]) => ((await import(url)).read('sevens').practice[kind]?.tried ?? 0) >= tried",
        [url, kind, tried],
    )
    seen: dict[str, int] = page.evaluate(SEEN, [url, kind])
    return seen


def test_a_hundred_results_in_each_of_two_tabs_at_once_are_all_kept(tabs: list[Page], site_url: str) -> None:
    url = f"{site_url}static/js/store.js"
    record_at_once(tabs, url, 100, "at-once", [0, 0])
    for page in tabs:
        assert wait_seen(page, url, "at-once", 200) == {"tried": 200, "first": 100}
    # A tab opened afterwards reads them all, and so does the progress page.
    later = tabs[0].context.new_page()
    later.goto(f"{site_url}rules/")
    assert later.evaluate(SEEN, [url, "at-once"]) == {"tried": 200, "first": 100}


def test_one_answer_in_each_tab_a_few_milliseconds_apart_is_never_lost(tabs: list[Page], site_url: str) -> None:
    url = f"{site_url}static/js/store.js"
    shuffle = random.Random(27)
    for trial in range(1, 9):
        record_at_once(tabs, url, 1, "one-each", [0, shuffle.uniform(0, 20)])
        for page in tabs:
            assert wait_seen(page, url, "one-each", 2 * trial)["tried"] == 2 * trial, f"trial {trial}"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (make setup needs it)")
def test_no_interleaving_of_writes_in_a_model_of_several_tabs_loses_a_result() -> None:
    # The browser shows a few interleavings; the model (store_model.mjs) tries many more, with store.js itself,
    # each tab's writes reaching the others in random order (copies out of date, folds overwriting folds).
    trials = 24
    run = subprocess.run(
        ["node", str(MODEL), STORE.as_uri(), str(trials)], capture_output=True, text=True, timeout=300, check=False
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["kept"] * trials, run.stdout
