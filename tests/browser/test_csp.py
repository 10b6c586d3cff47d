"""Every page under its Content-Security-Policy: no violation, no console error, no uncaught error.

The policy is a meta tag (tests/site/test_deploy.py checks it is on every page).
Violations are collected by csp_listener.js, added as an init script from its
file; console messages and uncaught page errors are collected too. The game
page plays a few moves and a lesson starts its guided deal, so the worker,
Pyodide and the engine all run under the policy.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gameplay import INSTANT, START_MS, log_length, play_one, wait_for_ready, wait_until
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, expect

LISTENER = Path(__file__).with_name("csp_listener.js")


class Watched:
    """A tab whose CSP violations, console errors and page errors are all kept."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.problems: list[str] = []
        page.add_init_script(path=str(LISTENER))
        page.add_init_script(INSTANT)
        page.on("console", self.on_console)
        page.on("pageerror", lambda error: self.problems.append(f"uncaught: {error}"))

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error" or "Content Security Policy" in message.text:
            self.problems.append(f"console {message.type}: {message.text} ({message.location.get('url')})")

    def visit(self, url: str) -> None:
        self.problems.clear()
        self.page.goto(url)
        self.page.wait_for_load_state("load")

    def violations(self) -> list[str]:
        found: list[str] = self.page.evaluate("window.__cspViolations")
        return found + self.problems


@pytest.fixture(scope="module")
def allowing_workers(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    """One context for these tests, where the service worker runs too: its registration and precaching are under
    the policy as well. (A context each cost every test the precaching and a start of Python without its
    snapshot; each test has a tab of its own.)"""
    context = browser.new_context(**{**browser_context_args, "service_workers": "allow"})
    yield context
    context.close()


@pytest.fixture
def watched(allowing_workers: BrowserContext) -> Iterator[Watched]:
    page = allowing_workers.new_page()
    yield Watched(page)
    page.close()


def all_pages(site_dir: Path) -> list[str]:
    return sorted(p.parent.relative_to(site_dir).as_posix() + "/" for p in site_dir.rglob("index.html"))


def test_the_listener_reports_a_violation(watched: Watched, pyodide_site_url: str) -> None:
    """The check itself can fail: an inline style added by a test is refused and reported."""
    watched.visit(pyodide_site_url)
    watched.page.evaluate("document.body.insertAdjacentHTML('beforeend', '<div style=\"color: red\"></div>')")
    wait_until(watched.page, "() => window.__cspViolations.length > 0")
    assert any("style-src" in line for line in watched.violations())


def test_no_page_breaks_the_policy_or_logs_an_error(watched: Watched, site_url: str, site_dir: Path) -> None:
    """Every page but the game's, with the engine's stand-in (cpython_engine.py) behind them: a lesson's guided deal
    starts there, not in Pyodide (0.8 s of processor time a page). The game and a guided deal run in the real Pyodide
    under the policy in the tests below."""
    paths = [path.removeprefix("./") for path in all_pages(site_dir) if path != "play/"]
    assert "" in paths and "tutorials/where-a-card-belongs/" in paths
    report = {}
    for path in paths:
        watched.visit(site_url + path)
        watched.page.wait_for_timeout(300)  # idle work (cache warming, progress) runs after load
        report[path] = watched.violations()
    assert report == {path: [] for path in paths}


def test_the_404_page_breaks_no_policy(watched: Watched, pyodide_site_url: str) -> None:
    missing = pyodide_site_url + "no/such/page/"
    watched.visit(missing)
    # Chromium logs the 404 of the address itself; anything else is a problem.
    expected = (
        f"console error: Failed to load resource: the server responded with a status of 404 (Not Found) ({missing})"
    )
    assert [line for line in watched.violations() if line != expected] == []


def test_the_game_plays_under_the_policy(watched: Watched, pyodide_site_url: str) -> None:
    page = watched.page
    watched.visit(pyodide_site_url + "play/?seed=11")
    wait_for_ready(page)
    for _ in range(4):
        if page.get_attribute("#game", "data-state") == "over":
            break
        play_one(page)
    if page.locator("#game-suggest").is_enabled():
        page.click("#game-suggest")
        page.wait_for_selector("#game-hand .card.suggested, #game-message:not(:empty)")
    assert log_length(page) >= 4
    assert watched.violations() == []


def test_a_guided_deal_plays_under_the_policy(watched: Watched, pyodide_site_url: str) -> None:
    page = watched.page
    watched.visit(pyodide_site_url + "tutorials/how-a-deal-ends/#guided-finish")  # the lesson opened at its deal
    page.wait_for_selector("#guided-finish[data-state=your-turn]", timeout=START_MS)
    page.locator("#guided-finish [data-code='9C']").click()
    # You, then the scripted Robin, Alex and Sam; the state stays "your-turn" until the click lands.
    expect(page.locator("#guided-finish .log-scroll li")).to_have_count(4, timeout=START_MS)
    page.wait_for_selector("#guided-finish[data-state=your-turn]", timeout=START_MS)
    assert watched.violations() == []
