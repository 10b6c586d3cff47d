"""The site works at the server's root and under a sub-path, as GitHub Pages serves a project site.

``any_site_url`` runs each test twice: at ``http://127.0.0.1:PORT/`` and at
``http://127.0.0.1:PORT/sevens/``, where the server answers nothing outside
``/sevens/`` (so a link that climbs out of the site, or starts with ``/``, fails).
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from urllib.parse import urljoin, urlsplit

import pytest
from gameplay import open_game, play_one
from playwright.sync_api import Page, Response, expect

PAGES = ["", "tutorials/where-a-card-belongs/", "rules/", "play/"]


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def failures(page: Page) -> list[str]:
    """Every response of 400 or more, and every request that failed, from now on."""
    failed: list[str] = []

    def on_response(response: Response) -> None:
        if response.status >= 400:
            failed.append(f"{response.status} {response.url}")

    page.on("response", on_response)
    page.on("requestfailed", lambda request: failed.append(f"failed {request.url}"))
    return failed


def test_under_a_sub_path_the_server_answers_nothing_outside_it(any_site_url: str) -> None:
    base = urlsplit(any_site_url).path
    if base == "/":
        pytest.skip("the root variant has no outside")
    origin = any_site_url.removesuffix(base.lstrip("/"))
    assert status(any_site_url) == 200
    assert status(any_site_url + "static/css/site.css") == 200
    assert status(origin) == 404
    assert status(origin + "static/css/site.css") == 404


@pytest.mark.parametrize("path", PAGES)
def test_every_link_and_asset_on_a_page_resolves_inside_the_site(page: Page, any_site_url: str, path: str) -> None:
    failed = failures(page)
    page.goto(any_site_url + path)
    page.wait_for_load_state("load")
    addresses = page.eval_on_selector_all(
        "a[href], link[href], script[src]", "els => els.map(e => e.getAttribute('href') ?? e.getAttribute('src'))"
    )
    checked = 0
    for address in addresses:
        url = urljoin(page.url, address).split("#")[0]
        if not url.startswith("http://127.0.0.1") or "?" in url:
            continue
        assert url.startswith(any_site_url), f"{path}: {address} leaves the site"
        assert status(url) == 200, f"{path}: {address} -> {url}"
        checked += 1
    assert checked > 10
    assert failed == []


def test_a_missing_address_at_any_depth_gets_the_styled_404_page_with_links_home(page: Page, any_site_url: str) -> None:
    failed = failures(page)
    response = page.goto(any_site_url + "tutorials/no/such/lesson/")
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("Page not found")
    assert page.eval_on_selector("header", "el => getComputedStyle(el).display") != "inline"  # site.css applied
    assert failed == [f"404 {any_site_url}tutorials/no/such/lesson/"]
    page.get_by_role("link", name="Go to the home page").click()
    expect(page).to_have_url(any_site_url)
    expect(page.locator(".course-map__lesson").first).to_be_visible()


def test_a_lesson_puzzle_answers(page: Page, any_site_url: str) -> None:
    page.goto(any_site_url + "tutorials/where-a-card-belongs/")
    puzzle = page.locator("#fit-6h")
    puzzle.get_by_role("button", name="Yes, it fits").click()
    expect(puzzle.locator(".puzzle__feedback")).to_have_text(re.compile(r"^Right first time!"))
    expect(puzzle).to_have_class(re.compile(r"\bis-solved\b"))


def test_the_game_loads_and_plays_a_move(page: Page, any_site_url: str) -> None:
    failed = failures(page)
    open_game(page, any_site_url, "?seed=7")
    play_one(page, ready=False)  # the move is in the log; the computer players' replies need not be awaited
    assert failed == []
