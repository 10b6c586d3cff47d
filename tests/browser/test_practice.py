"""The practice page serves a fresh puzzle after each answer and counts the results in progress."""

from __future__ import annotations

import json
import re

import pytest
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


PUZZLE = "[data-practice-puzzle] .puzzle"


def serve_first(page: Page, url: str) -> str:
    """Open the practice page at *url* (a fresh visit) and give the id of the first puzzle it serves."""
    page.goto(url)
    page.wait_for_selector("[data-practice-ready]", state="attached")
    expect(page.locator(".puzzle")).to_have_count(1)  # the page's own puzzle for readers without JavaScript is gone
    return page.locator(PUZZLE).get_attribute("id") or ""


def next_puzzle(page: Page) -> None:
    """Press Next and wait until the puzzle answered is gone (its answer still on screen would pass any wait)."""
    answered = page.locator(PUZZLE).get_attribute("id")
    page.locator("[data-practice-next]").click()
    expect(page.locator(f"{PUZZLE}#{answered}")).to_have_count(0)
    expect(page.locator(PUZZLE)).to_have_count(1)


def answer_right(page: Page) -> None:
    """Answer the puzzle served now right, from the answer the build baked into it."""
    puzzle = page.locator(PUZZLE)
    data = json.loads(puzzle.locator("script.puzzle__data").text_content() or "{}")
    if puzzle.locator("[data-check]").count():  # select every card that fits
        for card in data["answer"]:
            puzzle.locator(f"button[data-card='{card}']").click()
        puzzle.locator("[data-check]").click()
    elif data["kind"] == "best":
        puzzle.locator(f"button[data-card='{data['answer'][0]}']").click()
    else:
        puzzle.locator(f"[data-choice='{data['answer'][0]}']").click()
        if "cards" in data and data["answer"][0] == "play":  # play or pass/draw: then which card
            puzzle.locator(f"button[data-card='{data['cards'][0]}']").click()
    expect(puzzle.locator(".puzzle__feedback")).to_contain_text("Right first time!")


def test_each_visit_serves_the_bank_in_its_own_order_and_a_seed_repeats_it(page: Page, site_url: str) -> None:
    first = serve_first(page, f"{site_url}practice/?seed=1")
    assert serve_first(page, f"{site_url}practice/?seed=1") == first
    assert serve_first(page, f"{site_url}practice/?seed=2") != first
    # Without a seed each visit draws its own: three visits do not all start alike.
    assert len({serve_first(page, f"{site_url}practice/") for _ in range(3)}) > 1


def test_a_missed_kind_comes_back_until_it_is_right_first_time_also_after_a_reload(page: Page, site_url: str) -> None:
    serve_first(page, f"{site_url}practice/?seed=5")
    kind = page.locator(PUZZLE).get_attribute("data-kind")
    page.locator(f"{PUZZLE} .puzzle__answer summary").click()  # looked at the answer: missed
    next_puzzle(page)
    assert page.locator(PUZZLE).get_attribute("data-kind") == kind  # before the bank moves on
    # Kept in the progress store: another visit, in another order, brings it back too.
    serve_first(page, f"{site_url}practice/?seed=6")
    assert page.locator(PUZZLE).get_attribute("data-kind") == kind
    kept = page.evaluate("localStorage.getItem('sevens.v4')")
    assert json.loads(kept)["games"]["sevens"]["practice"][kind]["missed"] is True
    # The progress file keeps it through an export and import (store.js reads it back whole).
    imported = page.evaluate(
        "async (text) => (await import(new URL('../static/js/store.js', location.href))).parse(text)", kept
    )
    assert imported["record"]["games"]["sevens"]["practice"][kind]["missed"] is True
    answer_right(page)
    practice = json.loads(page.evaluate("localStorage.getItem('sevens.v4')"))["games"]["sevens"]["practice"]
    assert "missed" not in practice[kind]
    kinds = []
    for _ in range(6):  # now the bank moves on to every kind again
        next_puzzle(page)
        kinds.append(page.locator(PUZZLE).get_attribute("data-kind"))
        answer_right(page)
    assert set(kinds) - {kind}


@pytest.mark.parametrize("sized", ["phone", "desk"], indirect=True)
def test_next_puzzle_is_in_view_after_an_answer(sized: Page, site_url: str) -> None:
    page = sized
    for seed in (3, 4):  # the first puzzles of these visits: play or pass, and does a card fit
        serve_first(page, f"{site_url}practice/?seed={seed}")
        answer_right(page)  # the answer's reason is drawn under the puzzle, where Next was
        next_button = page.locator("[data-practice-next]")
        expect(next_button).to_be_visible()
        expect(next_button).to_be_in_viewport(ratio=1)


def test_knock_knock_has_its_own_practice(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}knock-knock-rules/")
    page.locator("header a", has_text="Practice").first.click()
    page.wait_for_selector("[data-practice-ready]", state="attached")
    assert page.url.endswith("/knock-knock-practice/")
    for _ in range(3):
        assert page.locator(PUZZLE).get_attribute("data-kind") in {"fits", "pick", "play-or-draw"}
        answer_right(page)
        next_puzzle(page)
    games = json.loads(page.evaluate("localStorage.getItem('sevens.v4')"))["games"]
    assert sum(kind["first"] for kind in games["knock-knock"]["practice"].values()) == 3
    assert not games["sevens"]["practice"]


# Words of Blackjack's lessons after the first (their front matter's ``introduces``, sitebuild.terms).
LATER_WORDS = re.compile(r"\b(wild|chain|skip|revers|pick-up|pick up|black jack|red jack|cover|last cards)", re.I)


def test_a_new_visitor_is_served_only_puzzles_of_the_first_lesson(page: Page, site_url: str) -> None:
    # Issue 44 item 5: a new visitor's first Blackjack practice puzzle asked about wild aces.
    for seed in range(1, 7):
        serve_first(page, f"{site_url}blackjack-practice/?seed={seed}")
        said = page.locator(PUZZLE).inner_text() + (page.locator(f"{PUZZLE} script").text_content() or "")
        assert not LATER_WORDS.search(said), (seed, LATER_WORDS.search(said))
