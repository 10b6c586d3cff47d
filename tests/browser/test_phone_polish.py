"""A phone (390×844): every link in the header whole, hand cards wide enough to tap and board cards to read, the
current page marked."""

from __future__ import annotations

import pytest
from gameplay import open_game, out_of_view
from playwright.sync_api import Page, expect

# The header's links and "More" that are drawn, each with the part of it that its clipping boxes let show.
DRAWN_LINKS = """() => [...document.querySelectorAll('.site-header a, .site-header summary')]
  .filter((link) => link.checkVisibility() && link.getBoundingClientRect().width > 0)
  .map((link) => {
    const box = link.getBoundingClientRect();
    let shown = {left: 0, right: innerWidth};
    for (let up = link.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX !== 'visible' || style.maskImage !== 'none') {
        const clip = up.getBoundingClientRect();
        shown = {left: Math.max(shown.left, clip.left), right: Math.min(shown.right, clip.right)};
      }
    }
    return {text: link.textContent.trim(), left: box.left, right: box.right, shown};
  })"""

PAGES = ["tutorials/where-a-card-belongs/", "practice/", "rules/", "play/", "play-knock-knock/", "blackjack-rules/"]


def cut_links(page: Page) -> list[str]:
    return [
        f"{link['text']!r} at {link['left']:.0f}–{link['right']:.0f}, shown {link['shown']}"
        for link in page.evaluate(DRAWN_LINKS)
        if link["left"] < link["shown"]["left"] - 0.5 or link["right"] > link["shown"]["right"] + 0.5
    ]


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("sized", ["phone"], indirect=True)
def test_on_a_phone_every_header_link_is_whole_and_the_current_page_is_marked(
    sized: Page, site_url: str, path: str
) -> None:
    page = sized
    page.goto(site_url + path)
    page.wait_for_load_state("load")
    assert cut_links(page) == []
    assert page.locator(".site-header").bounding_box()["height"] <= 90  # type: ignore[index]  # the table's room
    # The current page: its own link on the line, or "More" marked because it holds it.
    marked = page.locator('.site-nav a[aria-current="page"]:visible, .site-nav__more.is-current > summary:visible')
    expect(marked).to_have_count(1)
    more = page.locator(".site-nav__more > summary")
    if path in ("rules/", "practice/"):
        expect(more).to_have_css("font-weight", "700")
    # "More" opens by keyboard, its links whole and on the screen; Escape closes it and leaves the focus on it.
    more.focus()
    page.keyboard.press("Enter")
    links = page.locator(".site-nav__more a:visible")
    expect(links.first).to_be_visible()
    assert links.count() >= 3
    assert cut_links(page) == []
    for box in (links.nth(n).bounding_box() for n in range(links.count())):
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 24
    page.keyboard.press("Escape")
    expect(links.first).to_be_hidden()
    assert page.evaluate("document.activeElement.matches('.site-nav__more > summary')")


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("sized", ["phone"], indirect=True)
def test_on_a_phone_every_hand_card_is_at_least_24px_wide_and_the_hand_and_play_stay_in_view(
    sized: Page, site_url: str, players: int
) -> None:
    page = sized
    open_game(page, site_url, f"?seed=1&players={players}")
    widths = page.evaluate(
        "[...document.querySelectorAll('#game-hand .card')].map((c) => c.getBoundingClientRect().width)"
    )
    assert len(widths) >= 52 // players
    assert min(widths) >= 24, widths
    # The board's places (a card laid, or its empty place) are wide enough to read a card's rank: the thirteen
    # take the felt's whole width (they were 24px, beside a column of the rows' names).
    places = page.evaluate(
        "[...document.querySelectorAll('#game-rows .sv-slot')].map((c) => c.getBoundingClientRect().width)"
    )
    assert len(places) == 52 and min(places) >= 27, places
    assert out_of_view(page, ["#game-hand", "#game-play", "#game-rows"]) == []
