"""The game table as a player sees it: one screen at desk and phone size, refusals in words, history, tables."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from gameplay import READY, START_MS, log_length, open_game, out_of_view, play_one, wait_after_move
from playwright.sync_api import Browser, Page, expect

from engine.core.cards import Card
from engine.sevens.deal import deal_hands
from engine.sevens.position import Position

SIZES = {"desk": (1280, 800), "phone": (390, 844)}
# What must be in view at every moment of a deal: the board, the other players, your hand and the buttons.
IN_VIEW = ["#game-rows", "#game-hand", ".felt .player.seat-1", ".felt .player.seat-2", ".felt .player.seat-3"]
BUTTONS = ["#game-play", "#game-pass", "#game-suggest"]


@pytest.fixture
def sized(request: pytest.FixtureRequest, browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    width, height = SIZES[request.param]
    phone = request.param == "phone"
    context = browser.new_context(
        **browser_context_args, viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone
    )
    yield context.new_page()
    context.close()


def seed_where(test: Any) -> int:
    return next(seed for seed in range(1, 1000) if test(deal_hands(seed)))


SEVEN = Card.parse("7D").bit


@pytest.mark.parametrize("sized", ["desk", "phone"], indirect=True)
def test_the_table_stays_in_view_and_still_through_a_whole_deal(sized: Page, site_url: str) -> None:
    page = sized
    # Robin opens and you hold a card next to the 7♦: your first turn has a card that fits.
    seed = seed_where(lambda hands: hands[1] & SEVEN and hands[0] & (Card.parse("6D").bit | Card.parse("8D").bit))
    open_game(page, site_url, f"?seed={seed}")
    assert out_of_view(page, IN_VIEW + BUTTONS) == []
    focused = page.evaluate("document.activeElement.className")
    assert "legal" in focused.split(), f"the focus should land on a card that fits, not {focused!r}"
    for _ in range(4):
        play_one(page)
    assert out_of_view(page, IN_VIEW + BUTTONS) == []
    # A move by keyboard with the page scrolled to its foot: the redraws that follow must leave it there.
    page.evaluate("""() => {
        const card = document.querySelector('#game-hand .card.legal') ?? document.querySelector('#game-hand .card');
        card.focus({ preventScroll: true });
        scrollTo(0, document.documentElement.scrollHeight);
    }""")
    scrolled = page.evaluate("scrollY")
    assert scrolled > 0
    before = log_length(page)
    page.keyboard.press("Enter" if page.locator("#game-hand .card.legal").count() else "p")
    wait_after_move(page, before)
    assert page.evaluate("scrollY") == scrolled, "a redraw scrolled the page"
    page.evaluate("scrollTo(0, 0)")
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")  # its scroll event
    page.evaluate("window.scrolls = 0; addEventListener('scroll', () => { window.scrolls += 1; })")
    while page.get_attribute("#game", "data-state") != "over":
        play_one(page)
    assert page.evaluate("window.scrolls") == 0, "a redraw scrolled the page"
    assert out_of_view(page, [*IN_VIEW, "#game-again"]) == []
    last = page.locator("#game-log li").last.inner_text()
    expect(page.locator("#game-status")).to_contain_text(last.split(". ", 1)[-1])
    expect(page.locator("#game-rows .slot.last")).to_have_count(1)
    stats = page.evaluate("JSON.parse(localStorage.getItem('sevens.v4')).games.sevens.stats")
    assert stats["games"] == 1 and stats["tables"]["robin,alex,sam"]["games"] == 1


def test_with_the_marks_off_a_card_that_does_not_fit_is_refused_with_the_engines_reason(
    page: Page, site_url: str
) -> None:
    page.add_init_script("localStorage.setItem('sevens.showFits', 'off')")
    seed = seed_where(lambda hands: hands[0] & SEVEN)
    open_game(page, site_url, f"?seed={seed}")
    expect(page.locator("#game-hand .card.legal")).to_have_count(0)
    expect(page.locator("#game-hand .card[aria-disabled]")).to_have_count(0)
    expect(page.locator("#game-rows .slot.open")).to_have_count(0)
    start = Position.deal(deal_hands(seed))
    wrong = next(card for card in start.hand(0) if card.code != "7D")
    page.click(f"#game-hand [data-code='{wrong.code}']")
    reason = start.why_illegal(wrong)
    assert reason is not None
    expect(page.locator("#game-message")).to_have_text(reason[0].upper() + reason[1:] + ".")
    expect(page.locator("#game-play")).to_be_disabled()
    page.click("#game-pass")
    expect(page.locator("#game-message")).to_have_text("You must play: 7♦ fits.")
    page.click("#game-hand [data-code='7D']")
    page.click("#game-play")
    expect(page.locator("#game-log li").first).to_have_text("You played 7♦")


def names(page: Page) -> list[str]:
    return page.locator("#game-players .player-name").all_inner_texts()


def test_back_and_forward_keep_both_deals_and_a_preset_changes_the_seats(page: Page, site_url: str) -> None:
    open_game(page, site_url, "?seed=101")
    for _ in range(2):
        play_one(page)
    first = page.locator("#game-log li").all_inner_texts()
    assert names(page) == ["You", "Robin", "Alex", "Sam"]
    page.click("#game-table-menu summary")
    page.click("[data-table='sam,sam,sam']")
    page.wait_for_function("() => new URL(location.href).searchParams.get('seed') !== '101'")
    page.wait_for_selector(READY, timeout=START_MS)
    assert names(page) == ["You", "Sam 1", "Sam 2", "Sam 3"]
    play_one(page)
    second = page.locator("#game-log li").all_inner_texts()
    sharks = page.evaluate("new URL(location.href).searchParams.get('seed')")
    page.go_back()
    page.wait_for_function("() => new URL(location.href).searchParams.get('seed') === '101'")
    expect(page.locator("#game-log li")).to_have_text(first)
    assert names(page) == ["You", "Robin", "Alex", "Sam"]
    page.go_forward()
    page.wait_for_function("seed => new URL(location.href).searchParams.get('seed') === seed", arg=sharks)
    expect(page.locator("#game-log li")).to_have_text(second)
    assert names(page) == ["You", "Sam 1", "Sam 2", "Sam 3"]
    assert log_length(page) == len(second)


def test_the_review_weighs_your_choices_and_plays_on_from_one(page: Page, site_url: str) -> None:
    open_game(page, site_url, "?seed=42")
    while page.get_attribute("#game", "data-state") != "over":
        play_one(page)
    total = log_length(page)
    page.click("#game-review-open")
    expect(page.locator("#game-table")).to_be_hidden()
    expect(page.locator("#review-progress-text")).to_have_text(
        re.compile(r"^Sam weighed your \d+ choices?"), timeout=60_000
    )
    status = page.locator("#review-status")
    expect(status).to_contain_text("Next: You played")  # the review opens at your first choice
    if not page.locator("#review-progress-text").inner_text().startswith("Sam weighed your 1 choice"):
        first = status.inner_text()
        page.click("#review-choice")
        expect(status).not_to_have_text(first)
        expect(status).to_contain_text("Next: You played")
    moves = int(re.match(r"Move (\d+):", status.inner_text()).group(1))  # type: ignore[union-attr]
    fitted = page.locator("#review-hand .chance")
    assert fitted.count() >= 2
    expect(page.locator("#review-hand .card.played")).to_have_count(1)
    expect(page.locator("#review-chances")).to_have_text(
        re.compile(r"^Your chance to win by Sam's estimate: .+%\. .+\.$")
    )
    violations = Axe().run(page).response["violations"]
    assert [v["id"] for v in violations if v["impact"] in ("serious", "critical")] == []
    page.click("#review-play")
    page.wait_for_selector("#game[data-your-turn=true]", timeout=START_MS)
    expect(page.locator("#game-notice")).to_contain_text(f"Deal 42 again from move {moves + 1}")
    assert log_length(page) == moves
    page.go_back()
    expect(page.locator("#game")).to_have_attribute("data-state", "over")
    assert log_length(page) == total
