"""The browser tests' waits wait. Playwright's ``wait_for_function`` takes the Promise that an async predicate returns
for true and returns at once: three tests waited that way for nothing (one of them failed now and then for it), so an
async predicate goes through ``gameplay.wait_for_async``, which polls until it resolves to something true."""

from __future__ import annotations

import re
from pathlib import Path

BROWSER_TESTS = Path(__file__).resolve().parents[1] / "browser"
ASYNC_WAIT = re.compile(r"wait_for_function\(\s*[fr]?[\"']async\b")


def async_waits(text: str) -> list[int]:
    """The lines of *text* where a wait_for_function call begins with an async predicate."""
    return [text.count("\n", 0, found.start()) + 1 for found in ASYNC_WAIT.finditer(text)]


def test_the_check_finds_an_async_predicate_on_one_line_or_the_next() -> None:
    assert async_waits('page.wait_for_function("async () => (await caches.keys()).length > 0")') == [1]
    assert async_waits('x = 1\npage.wait_for_function(\n    "async ([a]) => a",\n    arg=[1],\n)') == [2]
    assert async_waits("page.wait_for_function(\"() => document.title === 'async'\")") == []


def test_no_browser_test_waits_on_an_async_predicate() -> None:
    found = {
        path.name: lines for path in sorted(BROWSER_TESTS.glob("*.py")) if (lines := async_waits(path.read_text()))
    }
    assert found == {}, f"use gameplay.wait_for_async for these: {found}"
