"""The game page in real Chromium: loading, a whole deal by mouse and by keyboard, seeds, errors."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from gameplay import (
    INSTANT,
    READY,
    START_MS,
    arrow_to_first_fitting,
    log_length,
    open_game,
    play_one,
    wait_after_move,
    wait_for_ready,
    wait_until,
)
from playwright.sync_api import Browser, Page, expect
from warm import Snapshot, seed

from engine.core.cards import Card, cards_of
from engine.sevens.deal import deal_hands
from engine.sevens.position import Position

CARD_NAME = re.compile(
    r"^(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of (clubs|diamonds|hearts|spades)$"
)


@pytest.fixture(scope="module")
def game(
    browser: Browser, browser_context_args: dict[str, Any], python_snapshot: Snapshot, pyodide_site_url: str
) -> Iterator[Page]:
    """One game page for the module, from the run's Python snapshot (warm.seed): starting Python takes a second, a
    new deal takes milliseconds."""
    context = browser.new_context(**browser_context_args)
    seed(context, pyodide_site_url, python_snapshot)
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.on("worker", lambda worker: requested.append(worker.url))
    open_game(page, pyodide_site_url, "?test")  # ?test: the page's runtime is window.__sevensRuntime
    page.requested = requested  # type: ignore[attr-defined]
    yield page
    context.close()


def deal(page: Page, seed: object) -> None:
    """Go to another deal as the Back and Forward buttons do: a new ``?seed=`` without reloading the page."""
    page.evaluate(
        "seed => { history.pushState(null, '', '?seed=' + seed); dispatchEvent(new PopStateEvent('popstate')); }",
        str(seed),
    )
    wait_for_ready(page)


def hand_codes(page: Page) -> list[str]:
    return page.locator("#game-hand .card").evaluate_all("cards => cards.map(c => c.dataset.code)")


def seed_where_you_open() -> int:
    return next(seed for seed in range(1, 1000) if deal_hands(seed)[0] & Card.parse("7D").bit)


def test_game_page_loads_with_a_sorted_hand_of_named_card_buttons(game: Page) -> None:
    page = game
    deal(page, 42)
    cards = page.locator("#game-hand button.card")
    expect(cards).to_have_count(13)
    names = cards.evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")
    assert all(CARD_NAME.match(name) for name in names), names
    assert hand_codes(page) == [card.code for card in cards_of(deal_hands(42)[0])]
    expect(page.locator("#game-players li")).to_have_count(4)
    expect(page.locator("#game-rows li")).to_have_count(4)


def test_every_request_stays_on_the_sites_own_origin(game: Page, pyodide_site_url: str) -> None:
    requested: list[str] = game.requested  # type: ignore[attr-defined]
    assert any(url.endswith(".wasm") for url in requested), requested
    assert [url for url in requested if not url.startswith(pyodide_site_url)] == []


def requests(page: Page) -> dict[str, int]:
    """How many times the page has asked the worker each method (runtime.js counts them)."""
    asked: dict[str, int] = page.evaluate("({ ...window.__sevensRuntime.requests })")
    return asked


def test_a_whole_game_played_by_clicking_reaches_the_result(game: Page) -> None:
    page = game
    deal(page, 123)
    before = requests(page)
    for _ in range(60):
        if page.get_attribute("#game", "data-state") == "over":
            break
        play_one(page)
    result = page.locator("#game-result")
    expect(result).to_be_visible()
    expect(page.locator("#game-result-text")).to_have_text(
        re.compile(r"^(You win|Robin wins|Alex wins|Sam wins), going out with \S+\.$")
    )
    expect(page.locator("#game-result-left li")).to_have_count(4)
    expect(page.locator("#game-result-left li", has_text="out")).to_have_count(1)
    expect(page.locator("#game-log li").first).to_have_text(re.compile(r"played 7♦$"))
    # The log, drawn a move at a time, holds each move of the deal's record once and shows the newest: it is
    # scrolled to its end.
    record = json.loads(json.loads(page.evaluate("sessionStorage.getItem('sevens.deal')"))["record"])
    expect(page.locator("#game-log li")).to_have_count(len(record["moves"]))
    # One round trip a step: each reply told the page what the record gained, so it never asked for the record.
    asked = {method: n - before.get(method, 0) for method, n in requests(page).items() if n > before.get(method, 0)}
    steps = asked.get("act", 0) + asked.get("computer_move", 0)
    assert sum(asked.values()) == steps >= len(record["moves"]) // 2, asked
    wait_until(
        page,
        "() => { const box = document.getElementById('game-log').parentElement;"
        " return box.scrollHeight > box.clientHeight && box.scrollTop + box.clientHeight >= box.scrollHeight - 1; }",
    )


def test_a_pass_while_a_card_fits_is_refused_with_the_engines_reason(game: Page) -> None:
    page = game
    deal(page, seed_where_you_open())
    expect(page.locator("#game-hand .card.legal")).to_have_count(1)  # only the 7♦ can open
    page.keyboard.press("p")
    expect(page.locator("#game-message")).to_have_text(
        "You may pass only when no card in your hand fits, and one does now."
    )
    page.click("#game-pass")
    expect(page.locator("#game-live")).to_have_text(
        "You may pass only when no card in your hand fits, and one does now."
    )
    expect(page.locator("#game-log li")).to_have_count(0)


def test_an_illegal_card_cannot_be_played_and_the_engine_says_why(game: Page) -> None:
    page = game
    seed = seed_where_you_open()
    deal(page, seed)
    start = Position.deal(deal_hands(seed))
    wrong = next(card for card in start.hand(0) if card.code != "7D")
    button = page.locator(f"#game-hand [data-code='{wrong.code}']")
    expect(button).to_have_attribute("aria-disabled", "true")
    button.click(force=True)  # aria-disabled, not disabled: a person can still click it
    expect(page.locator("#game-play")).to_be_disabled()
    reason = start.why_illegal(wrong)
    assert reason is not None
    expect(page.locator("#game-message")).to_have_text(reason[0].upper() + reason[1:] + ".")
    button.dblclick(force=True)
    expect(page.locator("#game-log li")).to_have_count(0)
    expect(page.locator("#game-hand .card")).to_have_count(13)


def test_suggest_highlights_a_legal_card_with_a_reason(game: Page) -> None:
    page = game
    deal(page, 8)
    if page.get_attribute("#game", "data-state") == "over":
        pytest.fail("deal 8 should not be over before the learner's first turn")
    page.click("#game-suggest")
    message = page.locator("#game-message")
    expect(message).to_have_text(re.compile(r"^(Sam would (play|hold) |Nothing fits)"))
    expect(message).not_to_contain_text("imagined")
    suggested = page.locator("#game-hand .card.suggested")
    if page.locator("#game-hand .card.legal").count():
        expect(suggested).to_have_count(1)
        expect(suggested).to_have_class(re.compile(r"\blegal\b"))
        expect(page.locator("#game-play")).to_be_enabled()
    else:
        expect(message).to_have_text("Nothing fits, so you pass.")


def test_deal_again_deals_a_fresh_hand_and_updates_the_link(game: Page) -> None:
    page = game
    deal(page, 77)
    first = hand_codes(page)
    while page.get_attribute("#game", "data-state") != "over":
        before = log_length(page)
        legal = page.locator("#game-hand .card.legal")
        if legal.count():
            legal.first.dblclick()
        else:
            page.click("#game-pass")
        wait_after_move(page, before)
    page.click("#game-again")
    wait_until(page, "() => !new URL(location.href).searchParams.get('seed')?.match(/^77$/)")
    page.wait_for_selector(READY)
    expect(page.locator("#game-result")).to_be_hidden()
    seed = page.evaluate("new URL(location.href).searchParams.get('seed')")
    assert seed and seed != "77"
    assert hand_codes(page) != first
    assert hand_codes(page) == [card.code for card in cards_of(deal_hands(int(seed))[0])]


def test_the_same_seed_gives_the_same_deal_after_a_reload(game: Page, page: Page, pyodide_site_url: str) -> None:
    deal(game, 31415)
    open_game(page, pyodide_site_url, "?seed=31415")
    assert hand_codes(page) == hand_codes(game)
    assert page.locator("#game-log li").all_inner_texts() == game.locator("#game-log li").all_inner_texts()
    expect(page.locator("#game-seed")).to_have_text("31415")


def test_a_garbage_seed_says_so_and_deals_afresh(game: Page) -> None:
    page = game
    deal(page, "banana")
    expect(page.locator("#game-notice")).to_have_text(re.compile(r"seed 'banana' is not a whole number.*fresh deal"))
    seed = page.evaluate("new URL(location.href).searchParams.get('seed')")
    assert seed.isdigit()
    expect(page.locator("#game-hand .card")).to_have_count(13)


def test_a_whole_game_played_with_the_keyboard_only(game: Page) -> None:
    page = game
    deal(page, 2024)
    page.evaluate("document.activeElement.blur()")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('#game-hand') !== null"):
            break
    else:
        pytest.fail("Tab never reached the hand")
    for _ in range(60):
        if page.get_attribute("#game", "data-state") == "over":
            break
        before = log_length(page)
        if not page.locator("#game-hand .card.legal").count():
            page.keyboard.press("p")
        else:
            target = arrow_to_first_fitting(page)
            assert page.evaluate("document.activeElement.dataset.code") == target
            page.keyboard.press("Enter")
        wait_after_move(page, before)
    expect(page.locator("#game-result")).to_be_visible()
    expect(page.locator("#game-next")).to_be_focused()  # every deal is one of a match: the next deal is the next step


@pytest.mark.parametrize("missing", ["**/runtime/manifest.json", "**/pyodide.asm.wasm", "**/sevens_games-*.whl"])
def test_a_runtime_that_cannot_load_says_so_and_retry_recovers(page: Page, pyodide_site_url: str, missing: str) -> None:
    page.add_init_script(INSTANT)
    page.route(missing, lambda route: route.fulfill(status=404, body="not here"))
    page.goto(f"{pyodide_site_url}play/?seed=5")
    error = page.locator("#game-error")
    expect(error).to_be_visible(timeout=START_MS)
    expect(page.locator("#game-error-text")).to_have_text(re.compile(r"could not be downloaded \(HTTP 404\)"))
    expect(page.locator(".game-intro")).to_be_visible()
    page.unroute(missing)
    page.click("#game-retry")
    wait_for_ready(page)
    expect(page.locator("#game-hand .card")).to_have_count(13)
