"""Knock! Knock! at the game table: a whole deal by mouse on a phone and one by keyboard at a desk.

Deal 3, played as these tests play it (the first card that fits, a pick-up card naming hearts,
a knock with the third-to-last card), has every moment the page must handle: a pick-up card played
at you, the suit choice, your knock, the computer players' knocks and a missed knock you are asked to call.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from gameplay import INSTANT, READY, START_MS, log_length, out_of_view
from playwright.sync_api import Browser, Page, expect

SEED = 3
IN_VIEW = ["#kk-top", "#kk-suit", "#kk-stock", "#game-hand", ".felt .player.seat-1", ".felt .player.seat-2"]
IN_VIEW += [".felt .player.seat-3", "#game-play", "#kk-draw", "#kk-knock", "#kk-call", "#game-suggest"]


@pytest.fixture
def phone(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    context = browser.new_context(
        **browser_context_args, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    yield context.new_page()
    context.close()


def open_table(page: Page, site_url: str) -> None:
    page.add_init_script(INSTANT)
    page.goto(f"{site_url}play-knock-knock/?seed={SEED}")
    page.wait_for_selector(READY, timeout=START_MS)


def wait_for_news(page: Page, before: int) -> None:
    page.wait_for_function("n => document.querySelectorAll('#game-log li').length > n", arg=before)
    page.wait_for_selector(READY, timeout=START_MS)


def asked(page: Page) -> bool:
    return page.locator("#kk-let-pass:not([hidden])").count() > 0


def test_a_whole_deal_by_mouse_on_a_phone_stays_on_one_screen(phone: Page, site_url: str) -> None:
    page = phone
    open_table(page, site_url)
    expect(page.locator("#game-hand .card")).to_have_count(7)
    expect(page.locator("#game-hand .card").first).to_have_attribute("aria-label", "seven of clubs")
    seen = {"suits": 0, "knock": 0, "called": 0}
    for _ in range(120):
        if page.get_attribute("#game", "data-state") == "over":
            break
        assert out_of_view(page, IN_VIEW) == []
        before = log_length(page)
        if asked(page):
            expect(page.locator("#game-status")).to_contain_text("without knocking: call Knock! Knock!")
            page.get_by_role("button", name="Knock! Knock!", exact=True).click()
            seen["called"] += 1
            wait_for_news(page, before)
            expect(page.locator("#game-log")).to_contain_text("Right call:")
            continue
        legal = page.locator("#game-hand .card.legal")
        if not legal.count():
            page.get_by_role("button", name="Draw", exact=True).click()
            wait_for_news(page, before)
            continue
        if page.locator("#game-hand .card").count() == 3:
            page.get_by_role("button", name="Knock", exact=True).click()
            expect(page.locator("#kk-knock")).to_have_attribute("aria-pressed", "true")
            seen["knock"] += 1
        legal.first.click()
        page.get_by_role("button", name="Play", exact=True).click()
        if page.locator("#kk-suits:not([hidden])").count():
            assert out_of_view(page, ["#kk-suits"]) == []
            page.get_by_role("button", name="Hearts", exact=True).click()
            seen["suits"] += 1
        wait_for_news(page, before)
    expect(page.locator("#game-result")).to_be_visible()
    assert out_of_view(page, ["#kk-top", "#game-again"]) == []
    assert all(seen.values()), seen
    log = page.locator("#game-log").inner_text()
    assert "You play " in log and "and name hearts" in log
    assert "knocks and plays" in log and "You knock and play" in log
    page.get_by_role("button", name="Deal again").click()
    page.wait_for_selector(READY, timeout=START_MS)
    expect(page.locator("#game-result")).to_be_hidden()
    assert page.locator("#game-hand .card").count() >= 7 and page.url.split("seed=")[1] != str(SEED)


def test_a_whole_deal_by_keyboard_with_the_focus_on_a_card_that_fits(page: Page, site_url: str) -> None:
    open_table(page, site_url)
    assert "legal" in page.evaluate("document.activeElement.className").split()
    called = 0
    for _ in range(120):
        if page.get_attribute("#game", "data-state") == "over":
            break
        before = log_length(page)
        if asked(page):
            expect(page.locator("#kk-call")).to_be_focused()
            page.keyboard.press("Enter")
            called += 1
        elif not page.locator("#game-hand .card.legal").count():
            page.keyboard.press("d")
        else:
            codes = [card.get_attribute("data-code") for card in page.locator("#game-hand .card").all()]
            if page.evaluate("document.activeElement.closest('#game-hand') === null"):
                page.locator("#game-hand .card[tabindex='0']").focus()
            focused = page.evaluate("document.activeElement.dataset.code")
            target = page.locator("#game-hand .card.legal").first.get_attribute("data-code")
            steps = codes.index(target) - codes.index(focused)
            for _ in range(abs(steps)):
                page.keyboard.press("ArrowRight" if steps > 0 else "ArrowLeft")
            if len(codes) == 3:
                page.keyboard.press("k")
            page.keyboard.press("Enter")
            if page.locator("#kk-suits:not([hidden])").count():
                expect(page.get_by_role("button", name="Clubs", exact=True)).to_be_focused()
                page.keyboard.press("ArrowRight")
                page.keyboard.press("ArrowRight")
                expect(page.get_by_role("button", name="Hearts", exact=True)).to_be_focused()
                page.keyboard.press("Enter")
        wait_for_news(page, before)
    expect(page.locator("#game-result")).to_be_visible()
    expect(page.locator("#game-again")).to_be_focused()
    assert called
    assert "You knock and play" in page.locator("#game-log").inner_text()


def test_while_the_table_waits_for_your_call_only_your_seat_is_waited_for(phone: Page, site_url: str) -> None:
    page = phone
    open_table(page, site_url)
    for _ in range(120):
        assert page.get_attribute("#game", "data-state") != "over", "the deal ended before a missed knock to call"
        if asked(page):
            break
        before = log_length(page)
        legal = page.locator("#game-hand .card.legal")
        if not legal.count():
            page.get_by_role("button", name="Draw", exact=True).click()
        else:
            if page.locator("#game-hand .card").count() == 3:
                page.get_by_role("button", name="Knock", exact=True).click()
            legal.first.click()
            page.get_by_role("button", name="Play", exact=True).click()
            if page.locator("#kk-suits:not([hidden])").count():
                page.get_by_role("button", name="Hearts", exact=True).click()
        wait_for_news(page, before)
    # Nobody else is thinking: the next player keeps the turn, but the table waits for your answer.
    expect(page.locator("#game-players .player-turn")).to_have_count(1)
    expect(page.locator("#game-players .to-play")).to_have_count(1)
    expect(page.locator("#game-players .you .player-turn")).to_have_text("your turn")
    expect(page.locator("#game-players")).not_to_contain_text("thinking")
    # Six buttons, three a line: "Knock! Knock!" on one line, the second line no taller than the first.
    heights = [page.locator(selector).bounding_box()["height"] for selector in ("#game-play", "#kk-call")]  # type: ignore[index]
    assert heights[0] == heights[1], f"Play and Knock! Knock! are {heights[0]} and {heights[1]} px high"


def test_after_naming_a_suit_by_keyboard_the_focus_stays_in_your_hand(page: Page, site_url: str) -> None:
    open_table(page, site_url)
    # Deal 3: the 7♣ first, then the 2♥, a pick-up card, is the first card that fits.
    for code in ("7C", "2H"):
        page.locator(f"#game-hand [data-code='{code}']").focus()
        before = log_length(page)
        page.keyboard.press("Enter")
        if code == "7C":
            wait_for_news(page, before)
    expect(page.get_by_role("button", name="Clubs", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    in_hand = "document.activeElement.closest('#game-hand') !== null"
    assert page.evaluate(in_hand), "the focus left the hand with the suit choice"
    wait_for_news(page, before)
    assert page.evaluate(in_hand) or page.evaluate("document.activeElement.id") == "kk-call"


def board_moves(page: Page, site_url: str) -> int:
    """How often the board moved while you made three moves and the computer players answered."""
    # At a pace where each computer player's turn is drawn: the seat on turn must not grow a line and shrink back.
    page.add_init_script("localStorage.setItem('sevens.speed', 'fast')")
    page.goto(f"{site_url}play-knock-knock/?seed={SEED}")
    page.wait_for_selector(READY, timeout=START_MS)
    page.evaluate("""() => {
        const board = document.querySelector('.felt .board');
        let last = board.getBoundingClientRect().top;
        window.moved = 0;
        const watch = () => {
            const top = board.getBoundingClientRect().top;
            if (top !== last) window.moved += 1;
            last = top;
            requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
    }""")
    for _ in range(3):
        before = log_length(page)
        legal = page.locator("#game-hand .card.legal")
        if legal.count():
            legal.first.click()
            page.get_by_role("button", name="Play", exact=True).click()
            if page.locator("#kk-suits:not([hidden])").count():
                page.get_by_role("button", name="Hearts", exact=True).click()
        else:
            page.get_by_role("button", name="Draw", exact=True).click()
        wait_for_news(page, before)
    moved: int = page.evaluate("window.moved")
    return moved


def test_on_a_phone_the_table_stays_still_as_the_turn_goes_round(phone: Page, site_url: str) -> None:
    assert board_moves(phone, site_url) == 0, "the board moved as the turn went round"


def test_at_a_desk_the_table_stays_still_as_the_turn_goes_round(page: Page, site_url: str) -> None:
    # Alex sits above the board: the line "thinking…" in his seat must not push the board down.
    assert board_moves(page, site_url) == 0, "the board moved as the turn went round"
