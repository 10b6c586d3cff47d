"""Moving through a lesson page from the browser tests: a lesson shows one puzzle at a time (lesson-flow.js), so a
test that answers a puzzle further on brings it into view first, as the page's own address (#puzzle-id) does.

Imported as ``from lessonflow import show_puzzle`` (tests/browser is on ``sys.path``, as for gameplay.py).
"""

from __future__ import annotations

from playwright.sync_api import Page, expect


def show_puzzle(page: Page, puzzle: str) -> None:
    """Show the lesson's puzzle with the id *puzzle* (the one-at-a-time flow follows the address's #id)."""
    if not page.locator(f"#{puzzle}").is_visible():
        page.evaluate("id => { location.hash = ''; location.hash = id; }", puzzle)
    expect(page.locator(f"#{puzzle}")).to_be_visible()
