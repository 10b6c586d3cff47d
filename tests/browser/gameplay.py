"""Driving the game page (``play/``) from the browser tests: open it, make your move, wait for the replies.

Imported as ``from gameplay import ...``: tests/browser has no ``__init__.py``, so
pytest puts this folder on ``sys.path`` for its test files.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

READY = "#game[data-your-turn=true], #game[data-state=over]"  # your turn, or the deal is over
START_MS = 90_000  # starting Pyodide and the engine on a loaded machine
INSTANT = "localStorage.setItem('sevens.speed', 'instant')"  # an init script: the computer players move at once


# How often a wait in the page checks its condition. Playwright's wait_for_function checks at every animation frame
# unless told otherwise, which has Chromium draw sixty frames a second for as long as a test waits; its
# wait_for_selector asks the page from the test's side, a round trip each time, the pauses between them growing to
# half a second. The browser tests' three parts side by side, with every wait of theirs that way and then through
# wait_until: 487 -> 418 s of processor time, 279 -> 234 s wall.
POLL_MS = 40


def wait_until(page: Page, predicate: str, arg: Any = None, *, timeout: float | None = None) -> None:
    """Wait until the JavaScript *predicate* (given *arg*) is true in *page*, checking every POLL_MS, for at most
    *timeout* ms (None: Playwright's default)."""
    page.wait_for_function(predicate, arg=arg, timeout=timeout, polling=POLL_MS)


def wait_for(page: Page, selector: str, *, timeout: float | None = START_MS) -> None:
    """Wait until an element of *page* matches *selector* (see wait_until): for a selector that matches only what is
    drawn, as Playwright's wait_for_selector would wait for it to be visible."""
    wait_until(page, "selector => document.querySelector(selector) !== null", selector, timeout=timeout)


def wait_for_ready(page: Page, *, timeout: float | None = START_MS) -> None:
    """Wait until it is your turn or the deal is over (READY)."""
    wait_for(page, READY, timeout=timeout)


def open_game(page: Page, url: str, query: str = "") -> None:
    """Open ``play/{query}`` under the site at *url* at the instant speed and wait until you can move."""
    page.add_init_script(INSTANT)
    page.goto(f"{url}play/{query}")
    wait_for_ready(page)


def wait_for_async(page: Page, predicate: str, arg: Any = None, *, timeout: float = 10_000) -> None:
    """Wait until the async JavaScript function *predicate* (given *arg*) resolves to something true, for at most
    *timeout* ms. Playwright's wait_for_function takes the Promise an async function returns for true and returns
    at once: three tests waited that way for nothing (the other tab's results, the snapshot, the offline cache)."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(predicate, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout / 1000:g} s: {predicate}")
        page.wait_for_timeout(50)


def log_length(page: Page) -> int:
    return page.locator("#game-log li").count()


def make_move(page: Page) -> None:
    """Your move by mouse: the first card that fits and Play, or Pass when none fits."""
    legal = page.locator("#game-hand .card.legal")
    if legal.count():
        legal.first.click()
        page.click("#game-play")
    else:
        page.click("#game-pass")


def wait_after_move(page: Page, before: int, *, ready: bool = True, timeout: float | None = None) -> None:
    """Wait until the log has more than *before* moves and (if *ready*) it is your turn or the deal is over.

    *timeout* is in milliseconds (None: Playwright's default).
    """
    wait_until(
        page,
        "([n, ready]) => document.querySelectorAll('#game-log li').length > n"
        " && (ready === null || document.querySelector(ready) !== null)",
        [before, READY if ready else None],
        timeout=timeout,
    )


def play_one(page: Page, *, ready: bool = True, timeout: float | None = None) -> None:
    """Your move (see make_move), then wait for it and the computer players' replies (see wait_after_move)."""
    before = log_length(page)
    make_move(page)
    wait_after_move(page, before, ready=ready, timeout=timeout)


def play_to_the_end(page: Page) -> None:
    """Your moves (see play_one) until the deal is over and its result is shown."""
    for _ in range(60):
        if page.get_attribute("#game", "data-state") == "over":
            break
        play_one(page, timeout=START_MS)
    expect(page.locator("#game-result")).to_be_visible()


# Where each selector's one element is: its box in the viewport's coordinates (as Playwright's bounding_box gives it),
# or why there is none. One round trip to the page for the whole list: the table tests check a dozen elements at
# every move of a deal, and a call to Playwright a selector cost more processor time than the deal itself.
BOXES = """(selectors) => selectors.map((selector) => {
    const found = document.querySelectorAll(selector);
    if (found.length !== 1) return `matches ${found.length} elements`;
    if (!found[0].getClientRects().length) return "is not drawn";
    const box = found[0].getBoundingClientRect();
    return { x: box.x, y: box.y, width: box.width, height: box.height };
})"""


def out_of_view(page: Page, selectors: list[str]) -> list[str]:
    """The *selectors* whose element is not wholly inside the viewport (or not drawn, or not one element), with
    their boxes."""
    return outside(page, selectors, page.evaluate(BOXES, selectors))


def outside(page: Page, selectors: list[str], boxes: list[dict[str, float] | str]) -> list[str]:
    """Those of *selectors* whose box (BOXES gave *boxes*, one a selector) is not wholly inside *page*'s viewport."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]  # type: ignore[index]
    wrong = []
    for selector, box in zip(selectors, boxes, strict=True):
        if (
            isinstance(box, str)
            or box["x"] < 0
            or box["y"] < 0
            or box["x"] + box["width"] > width
            or box["y"] + box["height"] > height
        ):
            wrong.append(f"{selector}: {box}")
    return wrong


def restore_finished(page: Page, site_url: str, game: str, seed: int, finish: Callable[[str], str]) -> None:
    """Open *game*'s page at deal *seed*, let *finish* play the page's deal (its record) to its end in the engine, and
    put the finished deal back where the page keeps it (this tab's storage and this history entry): the page shows
    the deal over, ready for its review, without a whole deal played by the page."""
    page.add_init_script(INSTANT)
    page.goto(f"{site_url}play-{game}/?seed={seed}")
    wait_for_ready(page)
    key = f"sevens.deal.{game}"
    wait_until(page, f"sessionStorage.getItem('{key}') !== null")
    deal = json.loads(page.evaluate(f"sessionStorage.getItem('{key}')"))
    deal.update(record=finish(deal["record"]), over=True)
    page.evaluate(
        """([key, deal]) => {
            sessionStorage.setItem(key, JSON.stringify(deal));
            history.replaceState({ deal }, '', location.href);
        }""",
        [key, deal],
    )
    page.reload()
    page.wait_for_selector("#game[data-state=over]", timeout=START_MS)


def arrow_to_first_fitting(page: Page) -> str:
    """With the arrow keys only, move the focus from the card of your hand that has it to the first card marked as
    fitting, as a player at the keyboard does; that card's code."""
    codes = page.locator("#game-hand .card").evaluate_all("cards => cards.map(c => c.dataset.code)")
    focused = page.evaluate("document.activeElement.dataset.code")
    target: str = page.locator("#game-hand .card.legal").first.get_attribute("data-code") or ""
    steps = codes.index(target) - codes.index(focused)
    for _ in range(abs(steps)):
        page.keyboard.press("ArrowRight" if steps > 0 else "ArrowLeft")
    return target


# What the chance badges over the review's hand cover that a reader needs: a line of the status text above the hand
# ("Move 3: … Next: You lay 3♥."), or a card other than the badge's own (the played card is raised, its badge with it).
BADGES_COVER = """() => {
    const words = document.createRange();
    words.selectNodeContents(document.getElementById('review-status'));
    const lines = [...words.getClientRects()];
    const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const covered = [];
    for (const badge of document.querySelectorAll('#review-hand .chance')) {
        const box = badge.getBoundingClientRect();
        if (lines.some((line) => meets(box, line))) covered.push(`${badge.textContent} covers the status line`);
        for (const card of document.querySelectorAll('#review-hand .card')) {
            if (!card.contains(badge) && meets(box, card.getBoundingClientRect())) {
                covered.push(`${badge.textContent} covers ${card.dataset.code}`);
            }
        }
    }
    return covered;
}"""


def review_badges_cover(page: Page) -> list[str]:
    """What the review's chance badges cover (see BADGES_COVER): nothing, when the review is drawn well."""
    covered: list[str] = page.evaluate(BADGES_COVER)
    return covered


def lay_or_draw(page: Page) -> None:
    """Your turn at a discard-pile table (Knock! Knock!) by mouse: the first card that fits and Play, naming hearts
    if the card asks for a suit; Draw when none fits."""
    legal = page.locator("#game-hand .card.legal")
    if legal.count():
        legal.first.click()
        page.get_by_role("button", name="Play", exact=True).click()
        if page.locator("#kk-suits:not([hidden])").count():
            page.get_by_role("button", name="Hearts", exact=True).click()
    else:
        page.get_by_role("button", name="Draw", exact=True).click()
