"""The daily deal in the browser: one deal a day, the same for everyone, its end panel, its streak and Share.

The engine's side (the seed, Sam's play-outs, the share text) is checked in tests/engine/test_daily.py; here only
what the learner sees. The tests set the browser's clock, so "today" is a day they choose.
"""

from __future__ import annotations

import json
import re
from typing import Any

from gameplay import (
    INSTANT,
    START_MS,
    lay_or_draw,
    log_length,
    wait_after_move,
    wait_for_async,
    wait_for_ready,
    wait_until,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect
from warm import Snapshot, seed

from engine.games import GAMES

KEY = "sevens.v4"
GAME = "knock-knock"  # Sam's play-outs of Knock! Knock! take a fraction of Sevens' (the panel waits for all ten)
PLAY = "play-knock-knock/"
NAMES = [game.name for game in GAMES]
D1, D2, D3, D4 = "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"


def at(day: str) -> str:
    return f"{day}T09:30:00Z"


def part(daily: dict[str, str] | None = None, games: int = 0) -> dict[str, Any]:
    """One game's progress, with *daily* results when given."""
    wins = {"you": games, "robin": 0, "alex": 0, "sam": 0}
    stats = {"games": games, "wins": wins, "streak": 0, "best": 0, "counted": [], "tables": {}}
    return {"lessons": {}, "practice": {}, "stats": stats, **({"daily": daily} if daily is not None else {})}


def record(daily: dict[str, str] | None = None, games: int = 0) -> dict[str, Any]:
    """A whole record whose Knock! Knock! part has *daily* results and *games* games won."""
    return {"version": 4, "games": {name: part(daily, games) if name == GAME else part() for name in NAMES}}


def play_knock_knock(page: Page) -> None:
    """Your turns (see lay_or_draw) until the deal is over."""
    for _ in range(200):
        if page.get_attribute("#game", "data-state") == "over":
            return
        before = log_length(page)
        lay_or_draw(page)
        wait_after_move(page, before, timeout=START_MS)
    raise AssertionError("the deal did not end")


def test_a_daily_deal_to_its_end_shows_its_result_and_streak_and_shares_it(
    context: BrowserContext, site_url: str
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.clock.set_fixed_time(f"{D2}T23:58:00Z")
    # Yesterday's deal was played: today's makes a streak of two.
    page.goto(f"{site_url}rules/")
    page.evaluate("text => localStorage.setItem('sevens.v4', text)", json.dumps(record({D1: "won"})))
    page.add_init_script(INSTANT)
    page.goto(f"{site_url}{PLAY}?daily=today")
    wait_for_ready(page)
    assert page.url.endswith(f"?daily={D2}")  # "today" is the browser's date in UTC
    expect(page.locator("#game-notice")).to_contain_text(f"Today's deal ({D2}, UTC)")
    expect(page.locator("#game-deal-number")).to_have_text(f"daily deal of {D2}")
    # Midnight passes (UTC: 7 pm in New York) and the tab is reloaded: the deal is still 2 December's, dealt that
    # day, and counts for it. (It was lost once, and the streak dropped to 0: its date was compared with the day it
    # ended on.)
    wait_until(page, "key => sessionStorage.getItem(key) !== null", arg=f"sevens.deal.{GAME}.daily")
    page.clock.set_fixed_time(f"{D3}T00:01:00Z")
    page.reload()
    wait_for_ready(page)
    # Not "today's" any more, yet it still counts for its day.
    expect(page.locator("#game-notice")).to_contain_text(f"The daily deal of {D2} (UTC), dealt before midnight")
    play_knock_knock(page)

    panel = page.locator("#game-daily")
    expect(panel).to_be_visible()
    won = page.locator("#game-result-text").inner_text().startswith("You win")
    expect(page.locator("#game-daily-result")).to_have_text(
        f"{'You won' if won else 'You did not win'} the daily deal of {D2}."
    )
    expect(page.locator("#game-daily-streak")).to_contain_text("Your streak: 2 days in a row.")
    share = page.locator("#game-daily-share")
    expect(share).to_be_enabled(timeout=START_MS)  # Sam's ten play-outs from your seat
    sam = re.search(r"won (\d+)% of them", page.locator("#game-daily-sam").inner_text())
    assert sam, page.locator("#game-daily-sam").inner_text()
    share.click()
    expect(page.locator("#game-daily-copied")).to_contain_text("Copied to the clipboard")
    copied = page.evaluate("navigator.clipboard.readText()")
    outcome = "won" if won else "lost"
    assert copied.startswith(f"Knock! Knock! daily {D2}: {outcome}")
    assert copied.endswith(f" · Sam won {sam.group(1)}% from my seat · streak 2")
    assert not re.search(r"[♠♥♦♣]", copied)
    stored = json.loads(page.evaluate("localStorage.getItem('sevens.v4')"))
    assert stored["games"][GAME]["daily"] == {D1: "won", D2: outcome}
    assert stored["games"][GAME]["stats"]["games"] == 0  # the daily deal has its own results, not the statistics'

    # The daily deal has its review, as every deal has, from its end panel; played on from a choice, it stays the
    # day's deal, and the day's result stays as first played.
    page.click("#game-review-open")
    expect(page.locator("#review-heading")).to_have_text(f"Review of the daily deal of {D2}")
    # Its way on deals afresh, as the end panel's button does, and is named the same (no match: no "Next deal").
    expect(page.locator("#review-next-deal")).to_have_text("A fresh deal")
    expect(page.locator("#review-play")).to_be_enabled()  # it opens at your first choice
    page.click("#review-play")
    expect(page.locator("#game-notice")).to_contain_text(f"The daily deal of {D2} again from move")
    expect(page.locator("#game-deal-number")).to_have_text(f"daily deal of {D2}")
    assert page.url.endswith(f"?daily={D2}")
    play_knock_knock(page)
    expect(page.locator("#game-daily")).to_be_hidden()  # a replay is no new result: no panel, no play-outs
    stored = json.loads(page.evaluate("localStorage.getItem('sevens.v4')"))
    assert stored["games"][GAME]["daily"] == {D1: "won", D2: outcome}

    # A day later the streak still stands (today's deal is still to play); two days later it is broken.
    for day, streak in [(D3, "2"), (D4, "0")]:
        page.clock.set_fixed_time(at(day))
        page.goto(f"{site_url}progress/")
        game = page.locator(f"[data-game={GAME}]")
        expect(game.locator("[data-daily=streak]")).to_have_text(streak)
        expect(game.locator("[data-daily=best]")).to_have_text("2")
        expect(game.locator("[data-daily=played]")).to_have_text("2")
    # A past day's deal can be played again, and the page says it counts for no streak.
    page.goto(f"{site_url}{PLAY}?daily={D2}")
    wait_for_ready(page)
    expect(page.locator("#game-notice")).to_contain_text(
        "a past day: play it as often as you like, but it counts for no streak"
    )


def first_state(
    browser: Browser, args: dict[str, Any], site_url: str, *, offline: bool, snapshot: Snapshot | None = None
) -> tuple[str, str]:
    """The daily deal's name and your hand, as a fresh browser first sees them on 2 December; with *offline*,
    seen again after a reload with the network gone (the service worker serves the page and the engine). With
    *snapshot*, the browser has only Python's snapshot from an earlier visit (warm.seed): the deal is the day's,
    however Python started."""
    context = browser.new_context(**{**args, "service_workers": "allow" if offline else "block"})
    try:
        if snapshot:
            seed(context, site_url, snapshot)
        page = context.new_page()
        page.clock.set_fixed_time(at(D2))
        page.add_init_script(INSTANT)
        page.goto(f"{site_url}{PLAY}?daily=today")
        wait_for_ready(page)
        seen = (page.locator("#game-deal-number").inner_text(), page.locator("#game-hand").inner_text())
        if offline:
            wait_until(page, "() => navigator.serviceWorker.controller !== null", timeout=START_MS)
            wait_for_async(page, "async () => (await caches.keys()).length > 0", timeout=START_MS)
            context.set_offline(True)
            page.goto(f"{site_url}{PLAY}?daily={D2}")
            wait_for_ready(page)
            assert (page.locator("#game-deal-number").inner_text(), page.locator("#game-hand").inner_text()) == seen
        return seen
    finally:
        context.close()


def test_the_same_daily_deal_in_two_fresh_browsers_and_offline_once_visited(
    browser: Browser, browser_context_args: dict[str, Any], python_snapshot: Snapshot, pyodide_site_url: str
) -> None:
    first = first_state(browser, browser_context_args, pyodide_site_url, offline=True)
    second = first_state(browser, browser_context_args, pyodide_site_url, offline=False, snapshot=python_snapshot)
    assert first == second
    assert first[0] == f"daily deal of {D2}" and len(first[1]) > 10


def test_a_corrupt_or_future_dated_daily_result_is_set_aside_alone(page: Page, site_url: str) -> None:
    # On import: the file's other progress comes in, each bad daily result is named and left out.
    page.goto(f"{site_url}progress/")
    daily = {"2026-11-30": "won", "2999-01-01": "won", "2026-02-30": "won", "2026-11-29": "a draw"}
    page.set_input_files(
        "[data-import]",
        files=[
            {"name": "mine.json", "mimeType": "application/json", "buffer": json.dumps(record(daily, games=3)).encode()}
        ],
    )
    message = page.locator("[data-progress-message]")
    expect(message).to_contain_text("Imported mine.json.")
    expect(message).to_contain_text("daily result “2999-01-01” is dated after today")
    expect(message).to_contain_text("daily result “2026-02-30” is not dated YYYY-MM-DD")
    expect(message).to_contain_text("daily result “2026-11-29” is not “won” or “lost”")
    game = page.locator(f"[data-game={GAME}]")
    expect(game.locator("[data-stat=games]")).to_have_text("3")
    expect(game.locator("[data-daily=played]")).to_have_text("1")
    # On load: a future-dated result in storage is set aside with a notice naming it; the rest is kept.
    page.evaluate(
        "text => localStorage.setItem('sevens.v4', text)",
        json.dumps(record({"2026-11-30": "won", "2999-01-01": "lost"}, games=3)),
    )
    page.goto(f"{site_url}progress/")
    expect(page.get_by_text("your daily result of 2999-01-01")).to_be_visible()
    expect(game.locator("[data-stat=games]")).to_have_text("3")
    expect(game.locator("[data-daily=played]")).to_have_text("1")
    assert json.loads(page.evaluate("localStorage.getItem('sevens.v4')"))["games"][GAME]["daily"] == {
        "2026-11-30": "won"
    }
