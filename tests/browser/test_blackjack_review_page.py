"""Blackjack's review of a finished deal on a phone: the same review as every game's, its badges and its words
agreeing with each other, its turns (chains, draws, pick-ups) named in the lessons' words."""

from __future__ import annotations

import random
import re

import pytest
from gameplay import restore_finished, review_badges_cover
from playwright.sync_api import Page, expect

from engine.blackjack.game import Game
from engine.blackjack.players.simple import RobinPlayer
from engine.core.cards import Card

SEED = 3  # a short deal when Robin plays every seat: four choices, one a chain of four cards


def chances(said: str) -> dict[str, str]:
    """Each turn's name and chance as the review's sentence lists them: "6♠ 6♦ 40%, draw 31%. …"."""
    listed = said.split(". ")[0].removeprefix("Your chance to win by Sam's estimate: ")
    found = {}
    for item in listed.split(", "):
        name, percent = item.rsplit(" ", 1)
        assert re.fullmatch(r"\d+%", percent), said
        found[name] = percent
    return found


@pytest.mark.parametrize("sized", ["phone"], indirect=True)
def test_a_blackjack_deal_is_reviewed_with_badges_and_words_that_agree(sized: Page, site_url: str) -> None:
    page = sized

    def finish(record: str) -> str:
        live = Game.from_json(record)
        game = Game.new(live.rules, SEED, dealer=live.dealer, names=live.names)
        game.play_to_end([RobinPlayer(random.Random(SEED + seat)) for seat in range(live.rules.players)])
        return game.to_json()

    restore_finished(page, site_url, "blackjack", SEED, finish)
    dealer = page.locator("#game-players .player.dealer .player-name").inner_text()
    page.click("#game-review-open")
    expect(page.locator("#review-progress-text")).to_have_text(
        re.compile(r"^Sam weighed your \d+ choices?"), timeout=60_000
    )
    # The review's seats mark the match's dealer as the table did (on a phone your seat shows only when you deal).
    expect(page.locator("#review-players .player.dealer .player-name")).to_have_text(dealer)
    expect(page.locator("#review-players .player.dealer")).to_be_visible()
    expect(page.locator("#review-board #review-bj-top")).to_be_visible()  # the game's own board, drawn read-only
    expect(page.locator("#review-costly li").first).to_be_visible()
    width = page.viewport_size["width"]  # type: ignore[index]
    choices = int(re.search(r"your (\d+) choice", page.locator("#review-progress-text").inner_text()).group(1))  # type: ignore[union-attr]
    assert choices >= 2
    seen_chain = seen_badge = False
    for number in range(choices):
        before = page.locator("#review-status").inner_text()
        page.click("#review-choice")
        if number or choices > 1:
            expect(page.locator("#review-status")).not_to_have_text(before)
        expect(page.locator("#review-status")).to_contain_text("Next: ")
        expect(page.locator("#review-chances")).to_have_text(re.compile(r"^Your chance to win by Sam's estimate: "))
        said = page.locator("#review-chances").inner_text()
        listed = chances(said)
        assert len(listed) >= 2, said
        # A turn of one card carries its chance on that card in your hand, the number the sentence gives it.
        badges = {
            card.get_attribute("data-code") or "": card.locator(".chance").inner_text()
            for card in page.locator("#review-hand .card:has(.chance)").all()
        }
        codes = [card.get_attribute("data-code") or "" for card in page.locator("#review-hand .card").all()]
        single = {code: listed[Card.parse(code).display] for code in codes if Card.parse(code).display in listed}
        assert badges == single, said
        # The status line points at marks only where there are some (a chain's chance is in the sentence alone).
        assert badges or "marked" not in page.locator("#review-status").inner_text()
        seen_badge |= bool(badges)
        seen_chain |= any(" " in name and "naming" not in name for name in listed)
        # The sentence after the list uses only the numbers listed, and names the turn played.
        note = said.split(". ", 1)[1]
        assert set(re.findall(r"\d+%", note)) <= set(listed.values()), note
        assert "you played" in note
        for box in page.eval_on_selector_all(
            "#review-hand .chance, #review-hand .card",
            "(nodes) => nodes.map((n) => { const b = n.getBoundingClientRect(); return {x: b.x, w: b.width}; })",
        ):
            assert box["x"] >= 0 and box["x"] + box["w"] <= width, f"runs past the screen's edge: {box}"
        assert review_badges_cover(page) == []
    assert seen_chain and seen_badge
