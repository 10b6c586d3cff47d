"""The site works when the browser will not let it keep anything: one quiet line says progress is not kept.

"site data" is Chromium's own setting (cookies and site data blocked): localStorage and sessionStorage throw
a SecurityError when touched, Cache Storage and service workers refuse, in the engine's worker too. The
other cases block one storage alone with an init script, as some browsers and privacy extensions do.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from gameplay import START_MS, play_to_the_end, wait_for_ready
from lessonflow import show_puzzle
from playwright.sync_api import BrowserContext, BrowserType, Page, expect
from warm import seed

NOT_KEPT = (
    "Your browser is not letting this site save anything, so your progress will not be kept after you leave this page."
)
BLOCK = "Object.defineProperty(window, %r, { get() { throw new DOMException('blocked', 'SecurityError'); } });"


@pytest.fixture
def blocked(
    request: pytest.FixtureRequest,
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    browser_context_args: dict[str, Any],
    tmp_path: Path,
    full_browser: Path | None,
) -> Iterator[BrowserContext]:
    """A browser context where *request.param* is blocked: "site data", "localStorage" or "sessionStorage"."""
    if request.param == "site data":
        # Chromium reads the setting from its profile; the context is the profile's only one. Only the full browser
        # reads it (the headless shell the other tests run in keeps no such profile: conftest.py).
        (tmp_path / "Default").mkdir()
        preferences = {"profile": {"default_content_setting_values": {"cookies": 2}}}
        (tmp_path / "Default" / "Preferences").write_text(json.dumps(preferences), encoding="utf-8")
        launch = {**browser_type_launch_args}
        if full_browser:
            launch["executable_path"] = str(full_browser)
        context = browser_type.launch_persistent_context(tmp_path, **launch)
    else:
        context = request.getfixturevalue("browser").new_context(**browser_context_args)
        # The run's Python snapshot, before storage is blocked.
        seed(context, request.getfixturevalue("pyodide_site_url"), request.getfixturevalue("python_snapshot"))
        context.add_init_script(BLOCK % request.param)
    yield context
    context.close()


def new_page(context: BrowserContext) -> tuple[Page, list[str]]:
    """A tab in *context* and the list its uncaught errors go to."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


@pytest.mark.parametrize("blocked", ["site data", "localStorage", "sessionStorage"], indirect=True)
def test_a_whole_deal_can_be_played(
    blocked: BrowserContext, pyodide_site_url: str, request: pytest.FixtureRequest
) -> None:
    page, errors = new_page(blocked)
    page.goto(f"{pyodide_site_url}play/?seed=5")
    wait_for_ready(page)
    note = page.locator(".storage-note")
    if request.node.callspec.params["blocked"] == "sessionStorage":
        expect(note).to_have_count(0)  # progress is still kept; only a reload starts a new deal
    else:
        expect(note).to_have_text(NOT_KEPT)
        expect(note).to_have_attribute("role", "status")
    page.click("summary:has-text('Settings')")
    page.select_option("#game-speed", "instant")  # kept for this page even where it cannot be saved
    play_to_the_end(page)
    assert errors == []


@pytest.mark.parametrize("blocked", ["site data"], indirect=True)
def test_puzzles_answer_and_a_guided_deal_is_played_through(blocked: BrowserContext, pyodide_site_url: str) -> None:
    page, errors = new_page(blocked)
    page.goto(f"{pyodide_site_url}tutorials/how-a-deal-ends/")
    expect(page.locator(".storage-note")).to_have_text(NOT_KEPT)
    show_puzzle(page, "last-card-fits")
    puzzle = page.locator("#last-card-fits")
    puzzle.locator("[data-choice=play]").click()
    puzzle.locator("button[data-card='4C']").click()  # Play asks which card
    expect(puzzle.locator(".puzzle__feedback")).to_have_text(re.compile(r"^Right first time! "))
    expect(page.locator("#first-out-wins [data-stage-status]")).to_have_text("Puzzles solved: 1 of 4.")  # for this page

    guided = page.locator("#guided-finish")
    show_puzzle(page, "guided-finish")  # the lesson shows one puzzle at a time
    page.wait_for_selector("#guided-finish[data-state=your-turn]", timeout=START_MS)
    guided.locator("[data-code='9C']").click()
    page.wait_for_selector("#guided-finish[data-state=your-turn]", timeout=START_MS)
    expect(guided.locator(".log-scroll li")).to_have_count(4)  # you, then Robin, Alex and Sam replied
    guided.get_by_role("button", name="Pass").click()
    # Your pass and the three replies in the log first: until the pass is taken, the deal still says it is your turn.
    expect(guided.locator(".log-scroll li")).to_have_count(8, timeout=START_MS)
    page.wait_for_selector("#guided-finish[data-state=your-turn]", timeout=START_MS)
    guided.locator("[data-code='3H']").click()
    expect(guided.locator("[data-guided-status]")).to_have_text("You win, going out with 3♥. Goal reached.")

    for path in ("", "progress/"):  # every page says it once, and the progress page still shows its table
        page.goto(f"{pyodide_site_url}{path}")
        expect(page.locator(".storage-note")).to_have_text(NOT_KEPT)
    expect(page.locator("[data-game=sevens] [data-stat=games]")).to_have_text("0")
    violations = Axe().run(page).response["violations"]
    assert [(v["id"], v["impact"]) for v in violations if v["impact"] in ("serious", "critical")] == []
    assert errors == []
