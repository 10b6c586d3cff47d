"""The review of a finished deal as a learner reads it: its words agree with its numbers, it has a key, it
says when no choice cost anything, and it fits a phone."""

from __future__ import annotations

import random
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from gameplay import log_length, open_game, play_one, restore_finished, review_badges_cover, wait_for
from playwright.sync_api import Page, expect

from engine.knock_knock.game import Game
from engine.knock_knock.players.robin import RobinPlayer


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    found: list[dict[str, float]] = page.eval_on_selector_all(
        selector,
        "(nodes) => nodes.map((n) => { const b = n.getBoundingClientRect(); return {x: b.x, y: b.y, w: b.width, h: b.height}; })",
    )
    return found


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]
    )


@pytest.mark.parametrize("sized", ["phone", "desk"], indirect=True)
def test_the_review_says_what_its_numbers_say_and_fits_the_screen(sized: Page, site_url: str) -> None:
    page = sized
    open_game(page, site_url, "?seed=42")
    while page.get_attribute("#game", "data-state") != "over":
        play_one(page)
    total = log_length(page)
    page.click("#game-review-open")
    expect(page.locator("#game-table")).to_be_hidden()
    # Named as the table named it (the deal's own number, 42, is the match's only for its first deal).
    expect(page.locator("#review-heading")).to_have_text("Review of deal 1 of match 42")
    expect(page.locator("#review-progress-text")).to_have_text(
        re.compile(r"^Sam weighed your \d+ choices?"), timeout=60_000
    )
    expect(page.locator("#review-status")).to_contain_text("Next: You played")  # it opens at your first choice
    expect(page.locator("#review-hand .card.played")).to_have_count(1)
    assert page.locator("#review-hand .chance").count() >= 2
    expect(page.locator("#review-key")).to_be_visible()
    expect(page.locator("#review-key")).to_contain_text("Sam's best estimate")
    # The list of costly choices is never silently empty.
    costly = page.locator("#review-costly li")
    expect(costly.first).to_be_visible()
    choices = int(re.search(r"your (\d+) choice", page.locator("#review-progress-text").inner_text()).group(1))  # type: ignore[union-attr]
    width = page.viewport_size["width"]  # type: ignore[index]
    for _ in range(choices):
        before = page.locator("#review-status").inner_text()
        page.click("#review-choice")
        if choices > 1:  # the next choice is drawn whole (hand, chances and sentence) before it is read
            expect(page.locator("#review-status")).not_to_have_text(before)
        expect(page.locator("#review-chances")).to_have_text(re.compile(r"^Your chance to win by Sam's estimate: "))
        said = page.locator("#review-chances").inner_text()
        badges = {
            card.get_attribute("data-code") or "": card.locator(".chance").inner_text()
            for card in page.locator("#review-hand .card:has(.chance)").all()
        }
        # Each card's number in the sentence is the number on the card, and the note uses only those numbers.
        listed = re.findall(r"(\S+) (\d+%)", said.split(". ")[0].removeprefix("Your chance to win by Sam's estimate: "))
        assert sorted(percent for _, percent in listed) == sorted(badges.values()), said
        note = said.split(". ", 1)[1]
        shown = {percent for _, percent in listed}
        assert set(re.findall(r"\d+%", note)) <= shown, f"{note!r} names a chance the cards do not show: {shown}"
        assert "as good a choice as any" not in note
        # Every badge whole on the screen, none over another.
        placed = boxes(page, "#review-hand .chance")
        for box in placed:
            assert box["x"] >= 0 and box["x"] + box["w"] <= width, f"a chance runs past the screen's edge: {box}"
        for i, a in enumerate(placed):
            for b in placed[i + 1 :]:
                assert not overlap(a, b), f"two chances overlap: {a} {b}"
        for box in boxes(page, "#review-hand .card"):
            assert box["x"] >= 0 and box["x"] + box["w"] <= width, f"a card runs past the screen's edge: {box}"
        assert review_badges_cover(page) == []
    if width > 640:
        violations = Axe().run(page).response["violations"]
        assert [v["id"] for v in violations if v["impact"] in ("serious", "critical")] == []
    # Play on from the choice shown: the same deal again from there, a new entry in the history that Back leaves.
    moves = int(re.match(r"Move (\d+):", page.locator("#review-status").inner_text()).group(1))  # type: ignore[union-attr]
    page.click("#review-play")
    wait_for(page, "#game[data-your-turn=true]")
    expect(page.locator("#game-notice")).to_contain_text(
        f"Deal 1 of match 42 again, as deal 42 on its own, from move {moves + 1}"
    )
    assert log_length(page) == moves
    page.go_back()
    expect(page.locator("#game")).to_have_attribute("data-state", "over")
    assert log_length(page) == total
    # The review's way on: "Next deal", styled as the table's buttons are (filled), and "Back to the table" beside it.
    page.click("#game-review-open")
    way_on = page.locator("#review-next-deal")
    expect(way_on).to_be_visible()
    assert way_on.evaluate("b => getComputedStyle(b).backgroundColor") == page.locator("#game-again").evaluate(
        "b => getComputedStyle(b).backgroundColor"
    )
    expect(page.locator("#review-close-end")).to_have_text("Back to the table")
    for back in ("#review-close", "#review-close-end"):  # outlined as the page's other buttons, not the browser's own
        assert page.locator(back).evaluate("b => getComputedStyle(b).borderStyle") == "solid", back
    way_on.click()
    expect(page.locator("#game-review")).to_be_hidden()
    expect(page.locator("#game-deal-number")).to_contain_text("deal 2")


@pytest.mark.parametrize("sized", ["phone", "desk"], indirect=True)
def test_a_knock_knock_deal_has_the_same_review_whose_words_agree_with_its_numbers(sized: Page, site_url: str) -> None:
    """The review every game gets through the core's hooks: a finished Knock! Knock! deal (played out by the engine
    here and restored on the page, to keep the test short) is reviewed choice by choice, as Sevens' deals are."""
    page = sized

    def finish(record: str) -> str:  # seed 12 is a short deal when Robin plays every seat
        live = Game.from_json(record)
        game = Game.new(live.rules, 12, dealer=live.dealer, names=live.names)
        game.play_to_end([RobinPlayer(random.Random(seat)) for seat in range(live.rules.players)])
        return game.to_json()

    restore_finished(page, site_url, "knock-knock", 12, finish)
    page.click("#game-review-open")
    expect(page.locator("#review-progress-text")).to_have_text(
        re.compile(r"^Sam weighed your \d+ choices?"), timeout=60_000
    )
    expect(page.locator("#review-key")).to_be_visible()
    expect(page.locator("#review-board #review-kk-top")).to_be_visible()  # the game's own board, drawn read-only
    expect(page.locator("#review-costly li").first).to_be_visible()
    width = page.viewport_size["width"]  # type: ignore[index]
    for _ in range(2):
        before = page.locator("#review-status").inner_text()
        page.click("#review-choice")
        expect(page.locator("#review-status")).not_to_have_text(before)
        expect(page.locator("#review-chances")).to_have_text(re.compile(r"^Your chance to win by Sam's estimate: "))
        said = page.locator("#review-chances").inner_text()
        badges = [card.inner_text() for card in page.locator("#review-hand .chance").all()]
        listed = re.findall(r"(\S+) (\d+%)", said.split(". ")[0].removeprefix("Your chance to win by Sam's estimate: "))
        assert sorted(percent for _, percent in listed) == sorted(badges), said
        note = said.split(". ", 1)[1]
        assert set(re.findall(r"\d+%", note)) <= {percent for _, percent in listed}, note
        for box in boxes(page, "#review-hand .chance"):
            assert box["x"] >= 0 and box["x"] + box["w"] <= width, f"a chance runs past the screen's edge: {box}"
        assert review_badges_cover(page) == []
    # At a choice of yours the table waits for you (the last discard's call window had closed), so the deal can be
    # played on from there: the same hand, your turn.
    expect(page.locator("#review-status")).to_contain_text("Next: your move")
    hand = sorted(page.locator("#review-hand .card").evaluate_all("cards => cards.map((c) => c.dataset.code)"))
    expect(page.locator("#review-play")).to_be_enabled()
    page.click("#review-play")
    wait_for(page, "#game[data-your-turn=true]")
    assert sorted(page.locator("#game-hand .card").evaluate_all("cards => cards.map((c) => c.dataset.code)")) == hand
