"""Which Sevens do you play? Choosing Knock! Knock! on the home page, solving one of its puzzles, progress for that game only."""

from __future__ import annotations

import json
import re

from lessonflow import show_puzzle
from playwright.sync_api import Page, expect

from engine.games import GAMES


def test_choosing_knock_knock_leads_to_its_course_and_keeps_its_progress_apart(page: Page, site_url: str) -> None:
    page.goto(site_url)
    # Each game's course gives its rules in three steps, from its registry entry.
    for game in GAMES:
        steps = page.locator(f"#course-{game.name} .course__steps li")
        expect(steps).to_have_text([f"{lead} {text}" for lead, text in game.three_steps])
    expect(page.locator("#course-sevens")).to_be_visible()  # Sevens until the visitor chooses
    expect(page.locator("#course-knock-knock")).to_be_hidden()
    page.locator(".game-choice").get_by_role("link", name="Knock! Knock!").click()
    expect(page.locator("#course-knock-knock")).to_be_visible()
    expect(page.locator("#course-sevens")).to_be_hidden()
    page.get_by_role("link", name="Start lesson 1").click()
    expect(page).to_have_url(re.compile(r"/tutorials/follow-suit-or-rank/$"))
    expect(page.locator(".site-game")).to_have_text(re.compile("Knock! Knock!"))
    show_puzzle(page, "kk-suit-nine")  # the lesson shows one puzzle at a time
    puzzle = page.locator("#kk-suit-nine")
    puzzle.get_by_role("button", name="Yes, it fits").click()
    expect(puzzle.locator(".puzzle__feedback")).to_contain_text("Compare 9♥ with the playing suit")
    puzzle.get_by_role("button", name="No, it does not fit").click()
    expect(puzzle.locator(".puzzle__feedback")).to_have_text(
        "Right. 9♥ does not fit: the playing suit is clubs and the top card is the 6♣."
    )
    games = json.loads(page.evaluate("localStorage.getItem('sevens.v4')"))["games"]
    assert games["knock-knock"]["lessons"] == {
        "follow-suit-or-rank": {
            "finished": False,
            "puzzles": {"kk-suit-nine": {"solved": True, "missed": True, "choice": "no"}},
        }
    }
    assert games["sevens"]["lessons"] == {}
    # Back home the chosen game stays chosen and its course leads on; the Sevens course has nothing to show.
    page.goto(site_url)
    expect(page.locator("#course-knock-knock")).to_be_visible()
    expect(page.locator("[data-next-step]")).to_have_text("Continue: Follow suit or rank, Match the playing suit")
    page.goto(f"{site_url}progress/")
    expect(
        page.locator("[data-game=knock-knock] [data-progress-row=follow-suit-or-rank] [data-progress-status]")
    ).to_have_text("1 of 12 puzzles solved")
    expect(
        page.locator("[data-game=sevens] [data-progress-row=where-a-card-belongs] [data-progress-status]")
    ).to_have_text("Not started")


def test_every_name_on_the_home_page_leads_to_its_games_course(page: Page, site_url: str) -> None:
    """Each game under each of its names (its registry entry's title and other_names): its course alone is shown,
    and the main button leads to its first lesson, or to its first page while it has no lessons yet."""
    page.goto(site_url)
    options = page.locator(".game-choice [data-choose-game]")
    courses = page.locator("section[data-course]")
    games = sorted({option.get_attribute("data-choose-game") for option in options.all()})
    assert games == sorted(course.get_attribute("data-course") for course in courses.all())
    for index in range(options.count()):
        option = options.nth(index)
        game = option.get_attribute("data-choose-game")
        option.click()
        course = page.locator(f"#course-{game}")
        expect(course).to_be_visible()
        for other in games:
            if other != game:
                expect(page.locator(f"#course-{other}")).to_be_hidden()
        button = page.locator("[data-next-step]")
        expect(button).to_have_attribute("href", course.get_attribute("data-first-url") or "")
        lessons = course.locator(".course-map").count()
        expect(button).to_have_text("Start lesson 1" if lessons else course.get_attribute("data-first-label") or "")


def test_a_variant_leads_to_what_differs_then_to_its_table(page: Page, site_url: str) -> None:
    """Fan Tan, chosen in Sevens' tile, shows Sevens' course, whose line for Fan Tan leads first to its stage (puzzles
    drawn under Fan Tan's rules, said above the position), then to its table; a wrong then a right answer are judged
    under those rules."""
    page.goto(site_url)
    page.locator(".game-choice").get_by_role("link", name="Fan Tan", exact=True).click()
    tile = page.locator('#course-sevens .course__variant:has([data-variant="fan-tan"])')
    expect(tile).to_be_visible()
    expect(tile).to_contain_text("any seven opens and every pass costs a chip")
    expect(tile.locator("[data-variant-table]")).to_have_attribute("href", re.compile(r"play/\?rules=fan-tan$"))
    tile.get_by_role("link", name="Learn what changes").click()
    expect(page).to_have_url(re.compile(r"/tutorials/house-rules/#fan-tan-any-seven-opens$"))
    puzzle = page.locator("#fan-tan-seven-opens")
    expect(puzzle).to_be_in_viewport()
    expect(puzzle.locator(".puzzle__rules")).to_contain_text("Fan Tan rules, for this puzzle only")
    puzzle.get_by_role("button", name="No, it does not fit").click()
    expect(puzzle.locator(".puzzle__feedback")).to_contain_text("Under these rules, which cards may open the deal?")
    puzzle.get_by_role("button", name="Yes, it fits").click()
    expect(puzzle.locator(".puzzle__feedback")).to_have_text("Right. 7♠ fits: any seven may open the deal.")
    stage = page.locator("#fan-tan-any-seven-opens")
    expect(stage.get_by_role("link", name="Play Fan Tan")).to_have_attribute(
        "href", re.compile(r"play/\?rules=fan-tan$")
    )
