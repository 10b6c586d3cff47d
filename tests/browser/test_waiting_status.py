"""The status line names who the table waits for: never "You is thinking…" while the others may still call; a card
pressed while they move says whom you wait for."""

from __future__ import annotations

import re

from gameplay import (
    INSTANT,
    START_MS,
    lay_or_draw,
    log_length,
    make_move,
    wait_after_move,
    wait_for_ready,
    wait_until,
)
from playwright.sync_api import Page, expect


def test_while_others_may_call_the_status_does_not_say_you_are_thinking(page: Page, site_url: str) -> None:
    page.add_init_script(INSTANT)
    # Every status line the page shows, however briefly.
    page.add_init_script("""
      window.__statuses = [];
      addEventListener("DOMContentLoaded", () => {
        const status = document.getElementById("game-status");
        new MutationObserver(() => window.__statuses.push(status.textContent)).observe(status, { childList: true, characterData: true, subtree: true });
      });""")
    page.goto(f"{site_url}play-knock-knock/?seed=3")
    wait_for_ready(page)
    for _ in range(6):  # a few rounds: each discard before yours opens a moment when the others may call it
        before = log_length(page)
        if page.locator("#kk-let-pass:not([hidden])").count():
            page.locator("#kk-let-pass").click()
        else:
            lay_or_draw(page)
        wait_after_move(page, before, timeout=START_MS)
        if page.get_attribute("#game", "data-state") == "over":
            break
    statuses: list[str] = page.evaluate("window.__statuses")
    assert [text for text in statuses if "You is" in text] == []
    assert any("The other players are thinking…" in text for text in statuses), statuses[-10:]


def test_a_card_pressed_while_the_others_move_says_wait_for_your_turn(page: Page, site_url: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # Slow, so the computer players' moves after yours take seconds: the card is pressed while they move.
    page.add_init_script("localStorage.setItem('sevens.speed', 'slow')")
    page.goto(f"{site_url}play/?seed=1")
    wait_for_ready(page, timeout=START_MS)
    before = log_length(page)
    make_move(page)
    wait_until(page, "n => document.querySelectorAll('#game-log li').length > n", before)
    expect(page.locator("#game")).to_have_attribute("data-busy", "true")
    page.locator("#game-hand .card").first.click()
    expect(page.locator("#game-message")).to_have_text(re.compile(r"^Wait for your turn: \w+ is thinking…$"))
    # The words follow the turn as it goes round, and are gone once it is your turn: no "Robin is thinking…" left
    # under a table where Sam is thinking, or where you are to play (issue 44's last pass).
    wait_for_ready(page, timeout=START_MS)
    expect(page.locator("#game-message")).not_to_contain_text("Wait for your turn")
    assert errors == []
