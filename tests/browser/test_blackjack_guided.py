"""A Blackjack lesson's guided deal, played in the browser on the game's own table: the seed's six-card chain, then
out with the card kept, under the rules the lessons have taught so far (no "Last cards" yet)."""

from __future__ import annotations

import re

from gameplay import INSTANT, START_MS
from playwright.sync_api import Page, expect


def test_the_chain_lessons_guided_deal_is_won_with_the_six_card_chain(page: Page, site_url: str) -> None:
    page.add_init_script(INSTANT)
    page.goto(f"{site_url}tutorials/chains/#bj-guided-chain")  # the lesson shows one puzzle at a time
    section = page.locator("#bj-guided-chain")
    page.wait_for_selector("#bj-guided-chain[data-state=your-turn]", timeout=START_MS)
    # Play before any card is laid: refused, in words that name what the learner sees.
    section.get_by_role("button", name="Play", exact=True).click()
    expect(section.locator(".puzzle__feedback")).to_have_text(
        "Not allowed. Nothing is laid yet: press a card that fits to lay it, then Play ends your turn."
    )
    chain = (
        "five of spades",
        "six of spades",
        "six of clubs",
        "seven of clubs",
        "seven of diamonds",
        "six of diamonds",
    )
    for name in chain:
        section.get_by_role("button", name=name).click()
        expect(section.get_by_role("button", name=name)).to_have_count(0)  # laid: it has left your hand
    # Lesson 2 has not taught "Last cards": its deal is played without the call, and shows no such button.
    expect(section.get_by_role("button", name="Last cards!")).to_be_hidden()
    section.get_by_role("button", name="Play", exact=True).click()
    moves = section.locator(".log-scroll li")
    expect(moves).to_have_count(4, timeout=START_MS)  # your chain, then the script's three turns
    expect(moves.first).to_have_text("You lay 5♠ 6♠ 6♣ 7♣ 7♦ 6♦")
    page.wait_for_selector("#bj-guided-chain[data-state=your-turn]", timeout=START_MS)
    section.get_by_role("button", name="nine of hearts").click()
    # Laid once it has left your hand: until then the page is waiting on the engine and takes no other click.
    expect(section.get_by_role("button", name="nine of hearts")).to_have_count(0)
    section.get_by_role("button", name="Play", exact=True).click()
    expect(section.locator("[data-guided-status]")).to_have_text("You win, going out with the 9♥. Goal reached.")
    expect(section).to_have_class(re.compile(r"\bis-solved\b"))
