"""What a learner sees when they answer a puzzle: every choice they make looks chosen.

Attributes are not enough (``aria-pressed`` was set while the style sheet looked at another attribute, so a
tapped card looked like every other): these tests compare what Chromium draws, the computed style of the
chosen card or button against one left alone beside it, in every kind of puzzle that offers cards or choices.
"""

from __future__ import annotations

from typing import Any

import pytest
from lessonflow import show_puzzle
from playwright.sync_api import Locator, Page, expect

# The parts of a card or button's computed style that show a choice: its face and its place.
LOOK = """(element) => {
  const face = element.querySelector('.face') ?? element;
  const own = getComputedStyle(element);
  const drawn = getComputedStyle(face);
  // A card's ink is its suit's colour, so only a button's own ink can show that it is pressed.
  const ink = face === element ? drawn.color : null;
  return {transform: own.transform, background: drawn.backgroundColor, shadow: drawn.boxShadow, colour: ink};
}"""


def look(locator: Locator) -> dict[str, Any]:
    shown: dict[str, Any] = locator.evaluate(LOOK)
    return shown


def assert_looks_chosen(chosen: Locator, other: Locator) -> None:
    expect(chosen).to_have_attribute("aria-pressed", "true")
    expect(other).not_to_have_attribute("aria-pressed", "true")
    # Compare once the page is still (a card may move in an animation) and the pointer has left (hover colours).
    chosen.page.mouse.move(0, 0)
    chosen.page.wait_for_timeout(300)
    mine, theirs = look(chosen), look(other)
    assert mine != theirs, f"the chosen {chosen} is drawn exactly like the one beside it: {mine}"
    # A pressed choice differs in its colours, not only in a shift of place (which reduced motion removes).
    assert {key: mine[key] for key in ("background", "shadow", "colour")} != {
        key: theirs[key] for key in ("background", "shadow", "colour")
    }, f"the chosen {chosen} differs only by its place: {mine} against {theirs}"


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_cards_picked_in_a_select_puzzle_look_picked(page: Page, site_url: str, motion: str) -> None:
    page.emulate_media(reduced_motion=motion)  # type: ignore[arg-type]
    page.goto(f"{site_url}tutorials/where-a-card-belongs/")
    show_puzzle(page, "pick-hearts")
    cards = page.locator("#pick-hearts button[data-card]")
    cards.first.click()
    assert_looks_chosen(cards.first, cards.nth(1))
    cards.first.click()  # tapped again: no longer picked, and drawn like the others again
    expect(cards.first).to_have_attribute("aria-pressed", "false")
    page.wait_for_timeout(300)
    assert look(cards.first) == look(cards.nth(1))


def test_a_yes_or_no_answer_looks_pressed(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}tutorials/where-a-card-belongs/")
    page.locator("#fit-6h [data-choice=no]").click()  # wrong: stays pressed while the nudge shows
    assert_looks_chosen(page.locator("#fit-6h [data-choice=no]"), page.locator("#fit-6h [data-choice=yes]"))
    page.locator("#fit-6h [data-choice=yes]").click()
    assert_looks_chosen(page.locator("#fit-6h [data-choice=yes]"), page.locator("#fit-6h [data-choice=no]"))


def test_play_then_the_card_both_look_chosen(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}tutorials/when-to-pass/")
    show_puzzle(page, "pass-or-play-two-fit")
    puzzle = page.locator("#pass-or-play-two-fit")
    puzzle.locator("[data-choice=play]").click()
    assert_looks_chosen(puzzle.locator("[data-choice=play]"), puzzle.locator("[data-choice=pass]"))
    cards = puzzle.locator("button[data-card]")
    cards.first.click()
    assert_looks_chosen(cards.first, cards.nth(1))


def test_the_card_you_would_play_looks_chosen(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}tutorials/playing-well/")
    show_puzzle(page, "well-ace-not-eights")
    cards = page.locator("#well-ace-not-eights button[data-card]")
    cards.first.click()
    assert_looks_chosen(cards.first, cards.nth(1))


def test_knock_knock_answers_look_chosen(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}tutorials/knock-knock/")
    show_puzzle(page, "kk-call-silent")
    choices = page.locator("#kk-call-silent [data-choice]")
    choices.first.click()
    assert_looks_chosen(choices.first, choices.nth(1))
