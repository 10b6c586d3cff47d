"""On a phone (390×844) every seat's words are whole at every moment of a deal, in every game: four seats share a
row there, and a status such as "0 cards · went out first" was cut to "went ou…"."""

from __future__ import annotations

import pytest
from gameplay import INSTANT, START_MS, log_length, wait_after_move, wait_for_ready
from playwright.sync_api import Page

# Each drawn text of a seat round the table that does not fit its box (cut, or clamped with "…"), with the seat.
# What is only read out (your seat when you do not deal, "your turn" and "thinking…") is a 1px box: not drawn.
CUT = """() => {
  const drawn = (node) => node.checkVisibility() && node.getBoundingClientRect().width > 1;
  return [...document.querySelectorAll('#game-players .player')].filter(drawn)
  .flatMap((seat) => [...seat.querySelectorAll('span')].filter(drawn).map((part) => ({
    seat: seat.querySelector('.player-name').firstChild.textContent,
    text: part.textContent,
    cut: part.scrollWidth > part.clientWidth + 0.5 || part.scrollHeight > part.clientHeight + 0.5,
  })));
}"""


def seat_words(page: Page, seen: set[str]) -> list[str]:
    """The cut seat texts now; every seat's text is added to *seen*."""
    parts = page.evaluate(CUT)
    seen.update(part["text"] for part in parts)
    return [f"{part['seat']}: {part['text']!r}" for part in parts if part["cut"]]


def open_table(page: Page, site_url: str, path: str) -> None:
    page.add_init_script(INSTANT)
    page.goto(f"{site_url}{path}")
    wait_for_ready(page)


def sevens_move(page: Page, turn: int, *, passes: bool) -> None:
    """The first card that fits, else a pass; with *passes* (the rules let you pass at will) a pass every third turn,
    so that passes are counted against the limit."""
    legal = page.locator("#game-hand .card.legal")
    if legal.count() and not (passes and turn % 3 == 0):
        legal.first.click()
        page.click("#game-play")
    else:
        page.click("#game-pass")


def knock_knock_move(page: Page) -> None:
    """Let a missed knock pass, else the first card that fits (knocking when due, naming hearts), else draw."""
    if page.locator("#kk-let-pass:not([hidden])").count():
        page.get_by_role("button", name="Let it pass", exact=True).click()
        return
    legal = page.locator("#game-hand .card.legal")
    if not legal.count():
        page.get_by_role("button", name="Draw", exact=True).click()
        return
    if page.locator("#game-hand .card").count() == 3:
        page.get_by_role("button", name="Knock", exact=True).click()
    legal.first.click()
    page.get_by_role("button", name="Play", exact=True).click()
    if page.locator("#kk-suits:not([hidden])").count():
        page.get_by_role("button", name="Hearts", exact=True).click()


@pytest.mark.parametrize(
    ("path", "words"),
    [
        # You deal, so your seat joins the row (four seats to it); the winner's seat says it went out.
        ("play/?seed=3&players=4", ["passes", "went out"]),
        # Passes counted against a limit, a player put out by one pass too many, places as players go out.
        ("play/?seed=6&rules=shichinarabe&players=8", ["/3 passes", "out of deal", "place"]),
        ("play-knock-knock/?seed=3&players=8", ["last card"]),
    ],
)
@pytest.mark.parametrize("sized", ["phone"], indirect=True)
def test_on_a_phone_no_seat_word_is_cut_at_any_moment_of_a_deal(
    sized: Page, site_url: str, path: str, words: list[str]
) -> None:
    page = sized
    open_table(page, site_url, path)
    seen: set[str] = set()
    cut: list[str] = []
    for turn in range(200):
        cut += seat_words(page, seen)
        if page.get_attribute("#game", "data-state") == "over":
            break
        before = log_length(page)
        if path.startswith("play-knock-knock"):
            knock_knock_move(page)
        else:
            sevens_move(page, turn, passes="shichinarabe" in path)
        wait_after_move(page, before, timeout=START_MS)
    cut += seat_words(page, seen)
    assert page.get_attribute("#game", "data-state") == "over"
    assert cut == []
    # The deal showed the statuses this table has (so the check saw them drawn).
    assert all(any(word in text for text in seen) for word in words), sorted(seen)
