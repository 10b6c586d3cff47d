"""Blackjack's review of a finished deal on a phone: the same review as every game's, its badges and its words
agreeing with each other, its turns (chains, draws, pick-ups) named in the lessons' words."""

from __future__ import annotations

import random
import re
from typing import Any

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


GREEN, YELLOW = "rgb(23, 112, 58)", "rgb(242, 194, 48)"  # --green (Sam's best) and --legal (another choice)


def named(note: str, listed: dict[str, str]) -> tuple[str, str]:
    """The turn played and the best turn, as the verdict sentence names them (each one of the turns listed)."""
    played = max((name for name in listed if f"he {name} you played" in note), key=len)
    if "you played had Sam's best estimate" in note or "you played and every other" in note:
        return played, played
    return played, max((name for name in listed if note.startswith(f"The {name} ")), key=len)


def cards_of(name: str) -> list[str]:
    """The cards a turn lays, as its name says them ("2♣ 2♠", "A♥ naming spades"; none for "draw")."""
    return [word for word in name.split(" naming ")[0].split() if word[-1] in "♠♥♦♣"]


def option_rows(page: Page) -> list[str]:
    return [row.inner_text() for row in page.locator("#review-options li").all()]


def look(locator: Any) -> list[dict[str, str]]:
    """Each element's outline colour and whether it is raised, as the browser draws it (computed style)."""
    found: list[dict[str, str]] = locator.evaluate_all(
        """(nodes) => nodes.map((n) => {
            const face = n.querySelector('.face') ?? n;
            return {shadow: getComputedStyle(face).boxShadow, raised: String(getComputedStyle(n).transform !== 'none')};
        })"""
    )
    return found


def colour(shadow: str) -> str:
    return "green" if GREEN in shadow else "yellow" if YELLOW in shadow else "none"


def marks(page: Page) -> dict[str, tuple[str, bool]]:
    """Each card of the hand and each listed turn: its outline's colour and whether it is raised."""
    cards = page.locator("#review-hand .card")
    codes = [Card.parse(code).display for code in cards.evaluate_all("cs => cs.map((c) => c.dataset.code)")]
    rows = [row.split(" — ")[0] for row in option_rows(page)]
    shown = look(cards) + look(page.locator("#review-options li"))
    return {
        name: (colour(seen["shadow"]), seen["raised"] == "true")
        for name, seen in zip([*codes, *rows], shown, strict=True)
    }


def expected_marks(page: Page, listed: dict[str, str], played: str, best: str) -> dict[str, tuple[str, bool]]:
    """What the sentence says the marks must be: every card of the turn played raised, every card of the best turn
    green, every other card some turn lays yellow; a listed turn green if best, else yellow, raised if played."""
    codes = page.locator("#review-hand .card").evaluate_all("cs => cs.map((c) => c.dataset.code)")
    laid = {card for name in listed for card in cards_of(name)}
    expected = {}
    for display in (Card.parse(code).display for code in codes):
        tint = "green" if display in cards_of(best) else "yellow" if display in laid else "none"
        expected[display] = (tint, display in cards_of(played))
    for name in (row.split(" — ")[0] for row in option_rows(page)):
        expected[name] = ("green" if name == best else "yellow", name == played)
    return expected


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
    seen_chain = seen_badge = seen_chain_played = False
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
        # A turn of one card that no other turn lays carries its chance on that card; every other turn (a chain, a
        # card with the suit it names, a draw) is listed beside the hand by its name and chance: together, what the
        # sentence lists.
        badges = {
            Card.parse(card.get_attribute("data-code") or "").display: card.locator(".chance").inner_text()
            for card in page.locator("#review-hand .card:has(.chance)").all()
        }
        rows = dict(re.fullmatch(r"(.+) — (\d+%)(?: \(played\))?", row).groups() for row in option_rows(page))  # type: ignore[union-attr]
        assert {**badges, **rows} == listed and not set(badges) & set(rows), said
        assert all(" " not in name for name in badges), badges
        # The status line points at marks only where there are some.
        assert badges or "marked" not in page.locator("#review-status").inner_text()
        seen_badge |= bool(badges)
        seen_chain |= any(" " in name and "naming" not in name for name in listed)
        note = said.split(". ", 1)[1]
        played, best = named(note, listed)
        seen_chain_played |= len(cards_of(played)) > 1
        assert marks(page) == expected_marks(page, listed, played, best), said
        # The sentence after the list uses only the numbers listed, and names the turn played.
        assert set(re.findall(r"\d+%", note)) <= set(listed.values()), note
        assert "you played" in note
        for box in page.eval_on_selector_all(
            "#review-hand .chance, #review-hand .card",
            "(nodes) => nodes.map((n) => { const b = n.getBoundingClientRect(); return {x: b.x, w: b.width}; })",
        ):
            assert box["x"] >= 0 and box["x"] + box["w"] <= width, f"runs past the screen's edge: {box}"
        assert review_badges_cover(page) == []
    assert seen_chain and seen_badge and seen_chain_played
