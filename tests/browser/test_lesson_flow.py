"""A lesson one puzzle at a time (issue #25 item 5), in lichess Learn's rhythm: a progress bar, one puzzle in view,
and a right answer that brings the next puzzle into view with the focus on it; without scripts, the page still
reads in full. And the home page's choice of game keeps its Start button in view (item 4)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lessonflow import show_puzzle
from playwright.sync_api import Browser, BrowserContext, Page, expect

from engine.games import GAMES
from sitebuild.lessons import tutorials_of

ROOT = Path(__file__).resolve().parents[2]
LESSON = "tutorials/where-a-card-belongs/"
# Lesson 1's first stage: every puzzle and its right answer.
STAGE_1 = [("fit-6h", "yes"), ("fit-5h-no-row", "no"), ("fit-7c-start", "yes"), ("wrong-suit", "no")]
SIZES = {"desk": (1280, 800), "phone": (390, 844)}


def first_lessons() -> list[str]:
    """The address of lesson 1 of every game that has lessons (the flow knows no game)."""
    found = []
    for game in GAMES:
        lessons = tutorials_of(ROOT / "tutorials", game.name)
        if lessons:
            slug = re.sub(r"^\d+-", "", lessons[0].stem)
            found.append(f"tutorials/{slug}/")
    return found


SHOWN = "[...document.querySelectorAll('.puzzle')].filter((p) => p.checkVisibility()).map((p) => p.id)"
IN_VIEW = """(element) => {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < innerHeight && box.top >= 0;
}"""
# The whole element on the screen as the page opens, before any scrolling.
ON_FIRST_SCREEN = (
    "(element) => { const box = element.getBoundingClientRect(); return box.top >= 0 && box.bottom <= innerHeight; }"
)


@pytest.mark.parametrize("lesson", first_lessons())
def test_a_lesson_shows_one_puzzle_at_a_time(page: Page, site_url: str, lesson: str) -> None:
    page.goto(site_url + lesson)
    expect(page.locator("[data-lesson-flow] progress")).to_be_visible()
    shown = page.evaluate(SHOWN)
    first = page.locator(".puzzle").first.get_attribute("id")
    assert shown == [first], f"{lesson}: puzzles drawn at once: {shown}"
    # The way on and back: "Skip" shows the next puzzle, "Back" the first again.
    page.get_by_role("button", name="Skip").click()
    second = page.locator(".puzzle").nth(1).get_attribute("id")
    assert page.evaluate(SHOWN) == [second]
    page.get_by_role("button", name="Back").click()
    assert page.evaluate(SHOWN) == [first]


@pytest.fixture
def no_scripts(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    yield context
    context.close()


def test_without_scripts_the_lesson_reads_in_full(no_scripts: BrowserContext, site_url: str) -> None:
    page = no_scripts.new_page()
    page.goto(site_url + LESSON)
    total = page.locator(".puzzle").count()
    assert total > 10
    assert len(page.evaluate(SHOWN)) == total
    expect(page.locator("[data-lesson-flow]")).to_be_hidden()
    for stage in page.locator("section.stage").all():
        expect(stage).to_be_visible()


def test_the_progress_bar_counts_the_puzzles_done(page: Page, site_url: str) -> None:
    page.goto(site_url + LESSON)
    bar = page.locator("[data-lesson-flow] progress")
    total = page.locator(".puzzle").count()
    assert bar.get_attribute("max") == str(total)
    assert bar.evaluate("(bar) => bar.value") == 0
    expect(page.locator("[data-lesson-flow]")).to_contain_text(f"0 of {total} puzzles done")
    page.locator("#fit-6h [data-choice=no]").click()  # a wrong answer is not a puzzle done
    page.locator("#fit-6h [data-choice=yes]").click()
    expect(page.locator("[data-lesson-flow]")).to_contain_text(f"1 of {total} puzzles done")
    assert bar.evaluate("(bar) => bar.value") == 1
    page.locator("#fit-5h-no-row [data-choice=no]").click()
    expect(page.locator("[data-lesson-flow]")).to_contain_text(f"2 of {total} puzzles done")
    assert bar.evaluate("(bar) => bar.value") == 2
    # After a reload the lesson starts at the first puzzle not yet done, and the bar still counts two.
    page.reload()
    expect(page.locator("[data-lesson-flow]")).to_contain_text(f"2 of {total} puzzles done")
    assert page.evaluate(SHOWN) == ["fit-7c-start"]


@pytest.mark.parametrize("sized", list(SIZES), indirect=True)
def test_a_right_answer_brings_the_next_puzzle_into_view_with_the_focus(sized: Page, site_url: str) -> None:
    sized.goto(site_url + LESSON)
    for (puzzle, right), (following, _) in itertools.pairwise(STAGE_1):
        sized.locator(f"#{puzzle} [data-choice={right}]").click()
        expect(sized.locator(f"#{puzzle} .puzzle__feedback")).to_have_text(re.compile(r"^Right first time!"))
        nxt = sized.locator(f"#{following}")
        expect(nxt).to_be_focused()
        assert sized.evaluate(SHOWN) == [following]
        assert nxt.evaluate(IN_VIEW), f"{following} is not in view after the right answer to {puzzle}"
        # The praise and the reason go with the learner, above the next puzzle.
        expect(sized.locator(".lesson-flow__said")).to_contain_text("Right first time!")
        assert sized.locator(".lesson-flow__said").evaluate(IN_VIEW)
    # Back on the home page, the learner's "Continue" is on its first screen.
    sized.goto(site_url)
    step = sized.locator("[data-next-step]")
    expect(step).to_have_text(re.compile(r"^Continue: Where a card belongs, "))
    expect(sized.locator("[data-next-intro]")).to_have_text("Welcome back: your next step.")
    assert step.evaluate(ON_FIRST_SCREEN), step.bounding_box()


def test_a_wrong_answer_keeps_the_puzzle_in_place(page: Page, site_url: str) -> None:
    page.goto(site_url + LESSON)
    page.locator("#fit-6h [data-choice=no]").click()
    page.wait_for_timeout(1500)  # longer than the praise waits before a right answer moves on
    assert page.evaluate(SHOWN) == ["fit-6h"]
    expect(page.locator("#fit-6h .puzzle__feedback")).to_have_class(re.compile(r"\bis-wrong\b"))


def test_a_course_map_link_to_a_stage_shows_that_stage(page: Page, site_url: str) -> None:
    page.goto(site_url + LESSON + "#read-every-row")
    shown = page.evaluate(SHOWN)
    assert len(shown) == 1 and page.locator(f"#read-every-row #{shown[0]}").count() == 1
    show_puzzle(page, "fit-5c-low")
    assert page.evaluate(SHOWN) == ["fit-5c-low"]


@pytest.mark.parametrize("sized", list(SIZES), indirect=True)
def test_choosing_a_game_on_the_home_page_keeps_its_start_button_in_view(sized: Page, site_url: str) -> None:
    sized.goto(site_url)
    start = sized.locator("[data-next-step]")
    # A newcomer's one first step is on the first screen, at a desk and on a phone.
    expect(start).to_have_text("Start lesson 1")
    expect(sized.locator("[data-next-intro]")).to_contain_text("New to card games?")
    assert start.evaluate(ON_FIRST_SCREEN), start.bounding_box()
    for option in sized.locator(".game-choice [data-choose-game]").all():
        option.scroll_into_view_if_needed()
        option.click()
        expect(option).to_have_attribute("aria-current", "true")
        assert start.evaluate(IN_VIEW), f"the Start button scrolled away after choosing {option.inner_text()}"
        expect(start).to_have_attribute("href", re.compile(r"tutorials/"))


def test_after_the_last_puzzle_next_leads_back_to_one_skipped_and_focus_goes_on(page: Page, site_url: str) -> None:
    page.goto(site_url + LESSON)
    page.get_by_role("button", name="Skip").click()  # fit-6h left unsolved
    last = page.locator(".puzzle").last
    show_puzzle(page, last.get_attribute("id") or "")
    back = page.get_by_role("button", name="To do: stage 1, puzzle 1")  # says where it leads (issue 44 item 13)
    expect(back).to_have_text("To do ›")
    last.locator("[data-choice=yes]").click()  # 5♥ fits below 6♥
    expect(page.locator(".pager__next")).to_be_focused()  # the lesson's way on, once its last puzzle is done
    back.click()
    assert page.evaluate(SHOWN) == ["fit-6h"]
