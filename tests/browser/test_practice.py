"""The practice page serves a fresh puzzle after each answer and counts the results in progress."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect


def test_practice_serves_a_new_puzzle_after_each_answer_and_counts_it(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}practice/")
    page.wait_for_selector("[data-practice-ready]", state="attached")
    next_button = page.locator("[data-practice-next]")
    seen = []
    for _ in range(3):
        puzzle = page.locator("[data-practice-puzzle] .puzzle")
        expect(puzzle).to_have_count(1)
        expect(next_button).to_be_hidden()
        seen.append(puzzle.get_attribute("id"))
        puzzle.locator(".puzzle__answer summary").click()  # looking first: counted, not right first time
        expect(next_button).to_be_visible()
        next_button.click()
        expect(page.locator(f"[data-practice-puzzle] .puzzle#{seen[-1]}")).to_have_count(0)
    assert len(set(seen)) == 3
    expect(page.locator("[data-practice-score]")).to_have_text("Practice so far: 3 tried, 0 right first time.")
    practice = json.loads(page.evaluate("localStorage.getItem('sevens.v4')"))["games"]["sevens"]["practice"]
    assert sum(kind["tried"] for kind in practice.values()) == 3
    assert sum(kind["first"] for kind in practice.values()) == 0
    page.goto(f"{site_url}progress/")
    tried = page.locator("[data-practice-stat$='.tried']").all_inner_texts()
    assert sum(map(int, tried)) == 3
