"""Every page of the built site, checked with axe-core: no serious or critical violation."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from gameplay import INSTANT, START_MS, wait_for_ready
from playwright.sync_api import BrowserContext, Page
from warm import warm_page

from engine.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
# The built site is not known at collection time, so list the pages the lessons and pages will produce.
PAGES = ["", "play/", "play-knock-knock/"] + [
    f"tutorials/{path.stem.split('-', 1)[1]}/" for path in sorted((ROOT / "tutorials").glob("[0-9][0-9]-*.md"))
]


@pytest.fixture(scope="module")
def shared_page(warm_contexts: dict[str, BrowserContext], site_url: str) -> Iterator[Page]:
    """One tab of the warm context (conftest.py) for every page: the runtime starts from its snapshot."""
    with warm_page(warm_contexts, "default") as page:
        page.add_init_script(INSTANT)
        yield page


def all_pages(site_dir: Path) -> list[str]:
    return sorted(
        "" if p.parent == site_dir else p.parent.relative_to(site_dir).as_posix() + "/"
        for p in site_dir.rglob("index.html")
    )


# Checked whatever axe's impact: two landmarks of one name make a screen reader's list of landmarks ambiguous.
ALWAYS = {"landmark-unique"}


def serious(page: Page, path: str = "") -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical") or v["id"] in ALWAYS
    ]


def test_every_built_page_is_checked(site_dir: Path) -> None:
    assert set(PAGES) <= set(all_pages(site_dir))


@pytest.mark.parametrize("path", [*PAGES, *sorted({f"{slug}/" for game in GAMES for slug, _ in game.nav_pages})])
def test_no_serious_accessibility_violations(shared_page: Page, site_url: str, site_dir: Path, path: str) -> None:
    if not (site_dir / path / "index.html").exists():
        pytest.skip(f"{path} is not in this build")
    page = shared_page
    page.goto(f"{site_url}{path}")
    if path in ("play/", "play-knock-knock/"):
        wait_for_ready(page)
        legal = page.locator("#game-hand .card.legal")
        if legal.count():
            legal.first.click()  # a selected card and the enabled Play button are checked too
    for section in page.locator("section.puzzle[data-kind=guided]").all():
        # Started even while the one-at-a-time lesson shows another puzzle: attached, not necessarily visible.
        page.wait_for_selector(f"#{section.get_attribute('id')}[data-state]", state="attached", timeout=START_MS)
    assert serious(page, path) == []


@pytest.mark.parametrize("sized", ["phone"], indirect=True)
def test_on_a_phone_the_sites_links_take_one_line_and_every_one_can_be_reached(sized: Page, site_url: str) -> None:
    # Three wrapped lines of links cost the game's table about 70 px of a phone's height: one line holds the
    # lessons and Play, and "More" the other pages (each link whole: tests/browser/test_phone_polish.py).
    page = sized
    for path in ["", "play/", "tutorials/where-a-card-belongs/", "rules/"]:
        page.goto(f"{site_url}{path}")
        header = page.locator(".site-header").bounding_box()
        assert header is not None and header["height"] < 90, (path, header)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
    # The page's own link is in view, or "More", marked, holds it.
    for path in ["play/", "play-knock-knock/", "rules/"]:
        page.goto(f"{site_url}{path}")
        current = page.locator('.site-nav a[aria-current="page"]:visible, .site-nav__more.is-current > summary')
        box = current.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (path, box)
    # Every other page by keyboard: "More" opens with Enter, and its last link is on the screen.
    page.locator(".site-nav__more > summary").focus()
    page.keyboard.press("Enter")
    last = page.locator(".site-nav__more a").last
    last.focus()
    box = last.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
