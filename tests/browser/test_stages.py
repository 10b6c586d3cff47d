"""Stages as a learner meets them: stars for first tries, nudges instead of answers, a reload that keeps
everything, and the home page's one button going from Start to Continue."""

from __future__ import annotations

import re

from lessonflow import show_puzzle
from playwright.sync_api import Page, expect

LESSON = "tutorials/where-a-card-belongs/"


def answer(page: Page, puzzle: str, choice: str) -> None:
    show_puzzle(page, puzzle)  # the lesson shows one puzzle at a time
    page.locator(f"#{puzzle} [data-choice={choice}]").click()


def test_stars_count_first_tries_and_a_reload_keeps_every_answer(page: Page, site_url: str) -> None:
    page.goto(site_url)
    button = page.locator("[data-next-step]")
    expect(button).to_have_text("Start lesson 1")
    button.click()
    expect(page).to_have_url(re.compile(LESSON + "$"))

    # Stage 1: every puzzle right first time -> three stars.
    for puzzle, choice in [("fit-6h", "yes"), ("fit-5h-no-row", "no"), ("fit-7c-start", "yes"), ("wrong-suit", "no")]:
        answer(page, puzzle, choice)
    expect(page.locator("#fit-6h .puzzle__feedback")).to_have_text(re.compile(r"^Right first time! 6♥ fits"))
    status = page.locator("#one-row-per-suit [data-stage-status]")
    expect(status).to_have_text("Stage complete: ★★★ (3 stars of 3).")

    # Stage 2: a wrong answer gets a nudge about the learner's choice, not the answer; right after it, no star.
    answer(page, "fit-10c-gap", "yes")
    nudge = page.locator("#fit-10c-gap .puzzle__feedback")
    expect(nudge).to_have_text("Look at both ends of the clubs row: is 10♣ the very next rank beyond one of them?")
    expect(nudge).not_to_contain_text("9♣")
    expect(page.locator("#fit-10c-gap")).not_to_have_class(re.compile(r"\bis-solved\b"))
    answer(page, "fit-10c-gap", "no")
    expect(nudge).to_have_text(re.compile(r"^Right\. 10♣ does not fit: the clubs row runs 6♣–8♣"))
    answer(page, "fit-9c", "yes")
    answer(page, "fit-5c-low", "yes")
    show_puzzle(page, "pick-two-ends")
    for card in ("3D", "10D"):
        page.locator(f"#pick-two-ends button[data-card='{card}']").click()
    page.locator("#pick-two-ends [data-check]").click()
    expect(page.locator("#the-next-rank-at-either-end [data-stage-status]")).to_have_text(
        "Stage complete: ★★☆ (2 stars of 3)."
    )

    # Stage 3: "Show the answer" before answering costs the star just as a miss does; two misses leave one.
    show_puzzle(page, "fit-ace")
    page.locator("#fit-ace .puzzle__answer summary").click()
    answer(page, "fit-ace", "yes")
    expect(page.locator("#fit-ace .puzzle__feedback")).to_have_text(re.compile(r"^Right\. "))
    answer(page, "fit-king", "no")
    answer(page, "fit-king", "yes")
    answer(page, "fit-ace-above-king", "no")
    answer(page, "fit-ace-early", "no")
    expect(page.locator("#aces-low-kings-high [data-stage-status]")).to_have_text("Stage complete: ★☆☆ (1 star of 3).")

    # Stage 4, half done: a pick with a card missing says how many, and a reload keeps it all.
    show_puzzle(page, "pick-hearts")
    page.locator("#pick-hearts button[data-card='4H']").click()
    page.locator("#pick-hearts [data-check]").click()
    expect(page.locator("#pick-hearts .puzzle__feedback")).to_have_text("1 more card fits: look again.")
    page.reload()
    expect(page.locator("#fit-6h [data-choice=yes]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#fit-10c-gap .puzzle__feedback")).to_have_text(re.compile(r"^Right\. 10♣ does not fit"))
    expect(page.locator("#pick-two-ends button[data-card='3D']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#one-row-per-suit [data-stage-status]")).to_have_text("Stage complete: ★★★ (3 stars of 3).")
    expect(page.locator("#aces-low-kings-high [data-stage-status]")).to_have_text("Stage complete: ★☆☆ (1 star of 3).")
    expect(page.locator("#read-every-row [data-stage-status]")).to_have_text("Puzzles solved: 0 of 4.")

    # Home now continues where the learner stopped, and the map shows the stars earned.
    page.goto(site_url)
    expect(button).to_have_text("Continue: Where a card belongs, Read every row")
    expect(page.locator('a[data-map-stage][href$="#one-row-per-suit"] [data-stars]')).to_have_text("★★★")
    expect(page.locator('a[data-map-stage][href$="#the-next-rank-at-either-end"] [data-stars]')).to_have_text("★★☆")
    button.click()
    expect(page).to_have_url(re.compile(LESSON + "#read-every-row$"))


def test_play_or_pass_asks_which_card_and_a_wrong_card_gets_a_nudge(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}tutorials/when-to-pass/")
    show_puzzle(page, "pass-or-play-1")
    puzzle = page.locator("#pass-or-play-1")
    which = puzzle.locator(".puzzle__which")
    expect(which).to_be_hidden()
    puzzle.locator("[data-choice=play]").click()
    expect(which).to_have_text("Which card? Select it in your hand.")
    puzzle.locator("button[data-card='QH']").click()
    feedback = puzzle.locator(".puzzle__feedback")
    expect(feedback).to_have_text("Q♥ is a heart: has the hearts row started yet? Only its seven can begin it.")
    puzzle.locator("button[data-card='8C']").click()
    # Which card fits is said once, with its reason.
    expect(feedback).to_have_text(re.compile(r"^Right\. You must play\. 8♣ fits: the clubs row"))
    # Nothing fits: a pass is right, and the reason lists each card.
    show_puzzle(page, "pass-or-play-3")
    other = page.locator("#pass-or-play-3")
    other.locator("[data-choice=play]").click()  # a mistake already: no card may be played here
    other.locator("[data-choice=pass]").click()
    expect(other.locator(".puzzle__feedback li")).to_have_count(4)
    expect(other.locator(".puzzle__feedback")).to_have_text(re.compile(r"^Right\. "))  # not "Right first time!"
