"""Blackjack at the game table: a whole deal by mouse on a phone and one by keyboard only at a desk.

Both play as a family newcomer might: lay the first card marked, then go on laying the first card marked while
there is one (a chain), name hearts after an ace, call "Last cards!" when the button says it is due, and
otherwise pick up a pick-up waiting or draw. Match 2 played so has a chain of several cards, an ace whose
suit you name, a pick-up of 9 you take, a "Last cards" call and your win; match 40 has them too, and a pick-up
you answer. (Found by playing the same way through engine.blackjack.session.Session.)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

import pytest
from gameplay import (
    INSTANT,
    START_MS,
    arrow_to_first_fitting,
    log_length,
    out_of_view,
    wait_after_move,
    wait_for_ready,
    wait_until,
)
from playwright.sync_api import BrowserContext, Page, expect
from warm import warm_page

BOARD = ["#bj-top", "#bj-suit", "#bj-direction", "#bj-pickup", "#bj-stock", "#game-hand"]
BOARD += ["#bj-play", "#bj-undo", "#bj-draw", "#bj-last", "#game-suggest", "#game-status"]
BOARD += [f".felt .player.seat-{seat}" for seat in (1, 2, 3)]


@pytest.fixture
def phone(warm_contexts: dict[str, BrowserContext], site_url: str) -> Iterator[Page]:
    with warm_page(warm_contexts, "phone") as page:
        yield page


@pytest.fixture
def desk(warm_contexts: dict[str, BrowserContext], site_url: str) -> Iterator[Page]:
    with warm_page(warm_contexts, "desk") as page:
        yield page


def open_table(page: Page, site_url: str, seed: int) -> None:
    page.add_init_script(INSTANT)
    page.goto(f"{site_url}play-blackjack/?seed={seed}")
    wait_for_ready(page)


def laid(page: Page) -> int:
    return page.locator("#bj-chain .face").count()


def after_lay(page: Page, before: int) -> None:
    """Wait for the card just pressed to join the chain, and for the table to wait for you again."""
    wait_until(page, "n => document.querySelectorAll('#bj-chain .face').length > n", arg=before)
    wait_for_ready(page)


def after_turn(page: Page, before: int) -> None:
    """Wait for the step that ended your turn to reach the log, and for your next turn or the end."""
    wait_after_move(page, before, timeout=START_MS)


def in_view(page: Page) -> list[str]:
    """What must be on the screen now: the board, the hand, the controls, the seats, and what the moment adds."""
    extra = [s for s in ("#bj-pickup-take", "#bj-suits") if page.locator(f"{s}:not([hidden])").count()]
    return out_of_view(page, BOARD + extra)


# The pick-up mark's lettering and its shape (a circle, or a pill when the number is wider): left, right, top, bottom.
PICKUP_BOXES = """() => {
    const mark = document.getElementById('bj-pickup');
    const range = document.createRange();
    range.selectNodeContents(mark);
    const [text, shape] = [range.getBoundingClientRect(), mark.getBoundingClientRect()];
    return [text, shape].map((box) => [box.left, box.right, box.top, box.bottom]);
}"""


def pickup_spills(page: Page, text: str | None = None) -> str | None:
    """How the pick-up mark's lettering (*text* in its place, if given) leaves its rounded shape, or None: the ends of
    a pill are half circles, so the lettering's corners must stay inside them."""
    if text is not None:
        page.eval_on_selector("#bj-pickup", "(mark, text) => { mark.textContent = text; }", text)
    (left, right, top, bottom), (x0, x1, y0, y1) = page.evaluate(PICKUP_BOXES)
    radius, half = (y1 - y0) / 2, (bottom - top) / 2
    inset = radius - math.sqrt(max(radius * radius - half * half, 0))
    inside = left >= x0 + inset - 0.5 and right <= x1 - inset + 0.5 and top >= y0 - 0.5 and bottom <= y1 + 0.5
    return None if inside else f"{page.inner_text('#bj-pickup')!r} at {left:.0f}-{right:.0f} in {x0:.0f}-{x1:.0f}"


def face_style(page: Page, selector: str) -> dict[str, str]:
    style: dict[str, str] = page.eval_on_selector(
        f"{selector} .face",
        "face => ({shadow: getComputedStyle(face).boxShadow, back: getComputedStyle(face).backgroundColor})",
    )
    return style


def test_a_whole_deal_by_mouse_on_a_phone(phone: Page, site_url: str) -> None:
    page = phone
    open_table(page, site_url, 2)
    expect(page.locator("#game-hand .card").first).to_have_attribute("aria-label", "ace of clubs")
    expect(page.locator("#game-play")).to_be_hidden()  # the table's own Play ends the turn
    # The cards that may come next look marked, the others greyed out: not only their classes say so.
    marked, unmarked = face_style(page, "#game-hand .card.legal"), face_style(page, "#game-hand .card:not(.legal)")
    assert marked["shadow"] != "none" and unmarked["shadow"] == "none" and marked["back"] != unmarked["back"]
    # Refused steps say why, in the engine's words naming the buttons you see, and change nothing.
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator("#game-message")).to_have_text(
        "Nothing is laid yet: press a card that fits to lay it, then Play ends your turn."
    )
    page.get_by_role("button", name="nine of diamonds").click(force=True)  # aria-disabled: it says why
    expect(page.locator("#game-message")).to_have_text("9♦ does not fit on 7♣: play a club or a seven, or a wild ace.")
    # Sam's advice marks the card it would lay.
    page.get_by_role("button", name="Suggest").click()
    expect(page.locator("#game-message")).to_contain_text("Sam would lay K♣")
    expect(page.locator("#game-hand .card.suggested")).to_have_attribute("data-code", "KC")
    # A card laid and taken back.
    page.locator("#game-hand .card.legal").first.click()
    after_lay(page, 0)
    expect(page.locator("#game-status")).to_contain_text("name the suit to follow for the A♣, and play")
    # After a wild card Sam's advice names the suit: its button is marked, and Play (which asks for a suit) is not
    # marked at all, neither as Sam's step nor as the step that ends the turn.
    page.get_by_role("button", name="Suggest").click()
    expect(page.locator("#game-message")).to_contain_text("Sam would end the turn here and name hearts")
    expect(page.locator("#bj-suits button.suggested")).to_have_attribute("data-suit", "H")
    expect(page.locator("#bj-play")).not_to_have_class(re.compile(r"\b(suggested|ready)\b"))
    page.get_by_role("button", name="Undo card").click()
    wait_until(page, "() => document.querySelectorAll('#bj-chain .face').length === 0")
    expect(page.locator("#game-hand .card")).to_have_count(7)

    seen = {"chain": 0, "suit": 0, "pickup": 0, "last": 0}
    for _ in range(200):
        if page.get_attribute("#game", "data-state") == "over":
            break
        assert in_view(page) == []
        legal = page.locator("#game-hand .card.legal")
        if legal.count():
            before = laid(page)
            legal.first.click()
            after_lay(page, before)
            continue
        before = log_length(page)
        if page.locator("#bj-last.due").count():
            page.get_by_role("button", name="Last cards!").click()
            expect(page.locator("#bj-last")).to_have_attribute("aria-pressed", "true")
            seen["last"] += 1
        if laid(page) >= 2:
            seen["chain"] += 1
        if page.locator("#bj-suits:not([hidden])").count():
            page.get_by_role("button", name="Hearts", exact=True).click()
            seen["suit"] += 1
        elif laid(page):
            page.get_by_role("button", name="Play", exact=True).click()
        elif page.locator("#bj-pickup-take:not([hidden])").count():
            expect(page.locator("#bj-pickup")).to_have_text(f"+{page.inner_text('#bj-pickup-take').split()[-1]}")
            # The number stays inside its mark: this one, and the widest a pick-up has (two figures).
            assert pickup_spills(page) is None
            assert pickup_spills(page, "+18") is None
            page.locator("#bj-pickup-take").click()
            seen["pickup"] += 1
        else:
            page.get_by_role("button", name="Draw", exact=True).click()
        after_turn(page, before)
    assert all(seen.values()), seen
    log = page.locator("#game-log").inner_text()
    assert "You lay A♣ A♥ and name hearts" in log and "You pick up 9 cards" in log
    assert "and call “Last cards!”" in log
    # The end: the result, the match's score and the buttons on the same screen.
    expect(page.locator("#game-result")).to_be_visible()
    expect(page.locator("#game-status")).to_contain_text("You win")
    assert out_of_view(page, ["#bj-top", "#game-status", "#game-result-score", "#game-next", "#game-again"]) == []
    # Suggest, then Play, on match 3: the whole turn Sam suggested is taken, as at the other games' tables.
    open_table(page, site_url, 3)
    page.get_by_role("button", name="Suggest").click()
    expect(page.locator("#game-message")).to_contain_text("Sam would lay 6♠ 6♦ 7♦ 7♣")
    expect(page.locator("#bj-play")).to_have_class(re.compile(r"\bsuggested\b"))
    before = log_length(page)
    page.get_by_role("button", name="Play", exact=True).click()
    after_turn(page, before)
    expect(page.locator("#game-log li").nth(before)).to_have_text(re.compile(r"^You lay 6♠ 6♦ 7♦ 7♣"))


def test_a_whole_deal_by_keyboard_at_a_desk(desk: Page, pyodide_site_url: str) -> None:
    page = desk
    open_table(page, pyodide_site_url, 40)
    assert "legal" in page.evaluate("document.activeElement.className").split()
    seen = {"chain": 0, "suit": 0, "answered": 0, "last": 0}
    for _ in range(200):
        if page.get_attribute("#game", "data-state") == "over":
            break
        assert in_view(page) == []
        if page.locator("#game-hand .card.legal").count():
            if page.evaluate("document.activeElement.closest('#game-hand') === null"):
                page.locator("#game-hand .card[tabindex='0']").focus()
            arrow_to_first_fitting(page)
            if not laid(page) and page.locator("#bj-pickup-take:not([hidden])").count():
                seen["answered"] += 1
            before = laid(page)
            page.keyboard.press("Enter")
            after_lay(page, before)
            continue
        before = log_length(page)
        if page.locator("#bj-last.due").count():
            page.keyboard.press("l")
            expect(page.locator("#bj-last")).to_have_attribute("aria-pressed", "true")
            seen["last"] += 1
        if laid(page) >= 2:
            seen["chain"] += 1
        if page.locator("#bj-suits:not([hidden])").count():
            # The suit choice has the focus; the arrows move through it.
            expect(page.get_by_role("button", name="Clubs", exact=True)).to_be_focused()
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowRight")
            expect(page.get_by_role("button", name="Hearts", exact=True)).to_be_focused()
            page.keyboard.press("Enter")
            seen["suit"] += 1
        else:
            page.keyboard.press("p" if laid(page) else "d")
        after_turn(page, before)
    assert all(seen.values()), seen
    expect(page.locator("#game-result")).to_be_visible()
    expect(page.locator("#game-next")).to_be_focused()  # every deal is one of a match
    assert "and name hearts" in page.locator("#game-log").inner_text()


def test_the_crazy_eights_table_is_its_own(desk: Page, site_url: str) -> None:
    """A preset's table says its own name, text and keys and draws its own board (issue 44): at Crazy Eights no
    pick-up, no direction, no "Last cards!", no chains, and no list of Blackjack's rules switched off."""
    page = desk
    page.add_init_script(INSTANT)
    page.goto(f"{site_url}play-blackjack/?seed=5&rules=crazy-eights")
    wait_for_ready(page)
    expect(page.locator("#game-title")).to_have_text("Play Crazy Eights")
    assert page.title().startswith("Play Crazy Eights · ")
    expect(page.locator("#game-about")).to_contain_text("An eight fits on anything")
    for said in ("#game-about", "#game-keys"):
        text = page.inner_text(said).lower()
        assert not [word for word in ("chain", "pick up", "last cards", "skip", "black jack") if word in text], said
    expect(page.locator(".bj-pickup")).to_be_hidden()
    expect(page.locator(".bj-direction")).to_be_hidden()
    expect(page.locator(".bj-suit")).to_be_visible()
    expect(page.locator("#bj-last")).to_be_hidden()
    expect(page.locator("#game-notes")).to_be_hidden()
