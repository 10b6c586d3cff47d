"""The game page survives what real learners meet: a worker that dies mid-game, a reload, a second tab, a bad seed.

A worker's restart starts Python again, so those tests run on Pyodide (conftest.py: pyodide_site_url); the others
have the engine in CPython behind the page (cpython_engine.py)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from gameplay import (
    INSTANT,
    START_MS,
    make_move,
    open_game,
    play_one,
    play_to_the_end,
    wait_for_ready,
    wait_until,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect
from warm import warm_context

RESTORED = "The game engine restarted; your deal is restored."


@pytest.fixture
def context(warm_contexts: dict[str, BrowserContext]) -> Iterator[BrowserContext]:
    """The warm context (conftest.py): these tests open their own pages, two at once for the tabs."""
    with warm_context(warm_contexts, "default") as context:
        yield context


def new_game(context: BrowserContext, url: str, query: str) -> Page:
    """A new tab in *context* with the game page open at ``play/{query}`` of the site at *url*."""
    page = context.new_page()
    open_game(page, url, query)
    return page


def log_texts(page: Page) -> list[str]:
    return page.locator("#game-log li").all_inner_texts()


def hand(page: Page) -> list[str]:
    return page.locator("#game-hand .card").evaluate_all("cards => cards.map(c => c.dataset.code)")


def stats(page: Page) -> dict[str, Any]:
    return json.loads(page.evaluate("localStorage.getItem('sevens.v4')"))["games"]["sevens"]["stats"]


def wait_restored(page: Page, before_log: list[str], before_hand: list[str]) -> None:
    expect(page.locator("#game-notice")).to_have_text(RESTORED, timeout=START_MS)
    wait_for_ready(page)
    # The computer players may move on after the restore; everything shown before it is still there.
    assert log_texts(page)[: len(before_log)] == before_log
    if log_texts(page) == before_log:
        assert hand(page) == before_hand


def test_a_worker_that_dies_with_an_error_is_restarted_and_the_deal_restored(
    context: BrowserContext, pyodide_site_url: str
) -> None:
    page = new_game(context, pyodide_site_url, "?test&seed=4242")
    play_one(page, timeout=START_MS)
    play_one(page, timeout=START_MS)
    before_log, before_hand = log_texts(page), hand(page)
    old_worker = page.evaluate_handle("window.__sevensRuntime.worker")
    page.evaluate(
        """() => {
          const worker = window.__sevensRuntime.worker;
          worker.terminate();
          worker.dispatchEvent(new ErrorEvent("error", { message: "out of memory", cancelable: true }));
        }"""
    )
    wait_restored(page, before_log, before_hand)
    assert page.evaluate("w => window.__sevensRuntime.worker !== w", old_worker)
    expect(page.locator("#game-seed")).to_have_text("4242")
    play_to_the_end(page)
    assert stats(page)["games"] == 1


def test_a_worker_that_stops_answering_is_restarted_and_the_deal_restored(
    context: BrowserContext, pyodide_site_url: str
) -> None:
    page = new_game(context, pyodide_site_url, "?test&seed=777")
    play_one(page, timeout=START_MS)
    before_log, before_hand = log_texts(page), hand(page)
    # terminate() fires no event at all: only the request time-out can notice, so shorten it for the test, and
    # for the dead worker's request only: the restart puts it back before the restore is asked for, since a
    # restore slower than the short time-out (a loaded machine) would count as the new worker stopping too.
    page.evaluate(
        """() => {
          const runtime = window.__sevensRuntime;
          const usual = runtime.callTimeoutMs;
          runtime.addEventListener("crashed", () => { runtime.callTimeoutMs = usual; }, { once: true });
          runtime.callTimeoutMs = 1500;
          runtime.worker.terminate();
        }"""
    )
    make_move(page)
    wait_restored(page, before_log, before_hand)
    play_to_the_end(page)
    result = page.locator("#game-result-left li", has_text="out")
    expect(result).to_have_count(1)


def test_a_worker_that_never_answers_is_given_up_after_three_restarts(
    context: BrowserContext, pyodide_site_url: str
) -> None:
    page = new_game(context, pyodide_site_url, "?test&seed=11")
    # The three restarts start Python from the memory snapshot, as any restart after the first second does
    # (3 s of processor time less each than a start without it; tests/browser/test_snapshot.py checks both).
    wait_until(page, "() => ['saved', 'restored'].includes(window.__sevensRuntime.snapshot?.event)", timeout=START_MS)
    # From now on no worker receives a request, so none is answered and each times out, the restore after each
    # restart too: no endless restarting. (A timeout of 1 ms alone was not enough: on a loaded machine the timer
    # can fire after a quick answer has come, which counts as the worker answering and starts the count again.)
    page.evaluate("""() => {
        const post = Worker.prototype.postMessage;
        Worker.prototype.postMessage = function (message, ...rest) {
            if (window.__mute && message?.method) return;
            return post.call(this, message, ...rest);
        };
        window.__mute = true;
        window.__sevensRuntime.callTimeoutMs = 300;
    }""")
    make_move(page)
    expect(page.locator("#game-error-text")).to_contain_text("stopped 3 times in a row", timeout=3 * START_MS)
    page.evaluate("() => { window.__mute = false; window.__sevensRuntime.callTimeoutMs = 60000; }")
    page.click("#game-retry")
    wait_for_ready(page)
    expect(page.locator("#game-seed")).to_have_text("11")


def test_a_reload_mid_game_continues_the_same_deal(context: BrowserContext, site_url: str) -> None:
    page = new_game(context, site_url, "?seed=2718")
    play_one(page, timeout=START_MS)
    play_one(page, timeout=START_MS)
    before_log, before_hand = log_texts(page), hand(page)
    page.reload()
    wait_for_ready(page)
    assert log_texts(page) == before_log
    assert hand(page) == before_hand
    page.goto(f"{site_url}play/")  # the Play link, with no deal named, continues it too
    wait_for_ready(page)
    assert log_texts(page) == before_log
    expect(page.locator("#game-seed")).to_have_text("2718")


def test_a_game_finished_in_each_of_two_tabs_counts_twice(context: BrowserContext, site_url: str) -> None:
    first = new_game(context, site_url, "?seed=100")
    second = new_game(context, site_url, "?seed=100")  # even the same deal, played twice, is two games
    for page in (first, second):
        page.bring_to_front()  # a tab in the background has its timers slowed down
        play_to_the_end(page)
    counted = stats(first)
    assert counted["games"] == 2
    assert sum(counted["wins"].values()) == 2
    assert len(counted["counted"]) == 2
    # Drawing a finished deal again (a reload, the storage event) counts nothing more.
    first.reload()
    wait_for_ready(first)
    expect(first.locator("#game-result")).to_be_visible()
    first.goto(f"{site_url}play/")  # the Play link after a finished deal deals afresh
    wait_for_ready(first)
    expect(first.locator("#game-seed")).not_to_have_text("100")
    second.goto(f"{site_url}progress/")
    expect(second.locator("[data-game=sevens] [data-stat=games]")).to_have_text("2")
    assert stats(first)["games"] == 2


def test_winning_streaks_follow_your_wins(context: BrowserContext, site_url: str) -> None:
    page = new_game(context, site_url, "?seed=5")
    record = page.evaluate(
        "() => import('../static/js/store.js').then(s => [0, 0, 2, 0, 0, 0, 1].map((w, i) => s.recordGame('g' + i, w)))"
    )
    assert record == [True] * 7
    assert page.evaluate("() => import('../static/js/store.js').then(s => s.recordGame('g3', 0))") is False
    counted = stats(page)
    assert (counted["games"], counted["streak"], counted["best"]) == (7, 0, 3)
    assert counted["wins"] == {"you": 5, "robin": 1, "alex": 1, "sam": 0}


@pytest.fixture(scope="module")
def game(browser: Browser, browser_context_args: dict[str, Any], site_url: str) -> Iterator[Page]:
    context = browser.new_context(**browser_context_args)
    yield new_game(context, site_url, "?seed=1")
    context.close()


@pytest.mark.parametrize(
    ("seed", "message"),
    [
        ("abc", r"seed 'abc' is not a whole number: seeds are whole numbers from 0 to 9007199254740991"),
        ("-1", r"seed -1 is out of range"),
        ("1e999", r"seed '1e999' is not a whole number"),
        pytest.param(
            "9" * 5000,
            r"seed 9{20}… \(5000 digits\) is out of range: seeds are whole numbers from 0 to 9007199254740991\.",
            id="5000-digits",
        ),
        ("%20", r"seed '' is not a whole number"),
    ],
)
def test_a_garbage_seed_in_the_address_says_so_and_deals_afresh(game: Page, seed: str, message: str) -> None:
    # As the Back and Forward buttons do: a new address without reloading the page.
    game.evaluate(
        "seed => { history.pushState(null, '', '?seed=' + seed); dispatchEvent(new PopStateEvent('popstate')); }", seed
    )
    wait_until(game, "seed => new URL(location.href).searchParams.get('seed') !== seed", arg=seed)
    wait_for_ready(game)
    expect(game.locator("#game-notice")).to_have_text(re.compile(message + r".*Here is a fresh deal instead\."))
    fresh = game.evaluate("new URL(location.href).searchParams.get('seed')")
    assert fresh.isdigit() and fresh != seed
    expect(game.locator("#game-hand .card")).to_have_count(13)


def test_a_guided_deal_starts_again_when_the_engine_restarts(context: BrowserContext, pyodide_site_url: str) -> None:
    page = context.new_page()
    page.add_init_script(INSTANT)
    page.goto(f"{pyodide_site_url}tutorials/how-a-deal-ends/?test#guided-finish")  # the lesson opened at its deal
    section = page.locator("#guided-finish")
    page.wait_for_selector("#guided-finish[data-state=your-turn]", timeout=START_MS)
    section.locator("[data-code='9C']").click()
    expect(section.locator(".log-scroll li")).to_have_count(4, timeout=START_MS)
    page.wait_for_selector("#guided-finish[data-state=your-turn]", timeout=START_MS)
    page.evaluate(
        """() => {
          const worker = window.__sevensRuntime.worker;
          worker.terminate();
          worker.dispatchEvent(new ErrorEvent("error", { message: "out of memory", cancelable: true }));
        }"""
    )
    expect(section.locator(".log-scroll li")).to_have_count(0, timeout=START_MS)  # back at the lesson's start
    page.wait_for_selector("#guided-finish[data-state=your-turn]", timeout=START_MS)
    section.locator("[data-code='9C']").click()
    expect(section.locator(".log-scroll li")).to_have_count(4, timeout=START_MS)
