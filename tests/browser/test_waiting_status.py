"""The status line names who the table waits for: never "You is thinking…" while the others may still call."""

from __future__ import annotations

from gameplay import INSTANT, START_MS, lay_or_draw, log_length, wait_after_move, wait_for_ready
from playwright.sync_api import Page


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
