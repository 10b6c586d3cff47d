"""What the game page reads back, from the tab's saved deal and from its address, is checked before it is used.

A damaged saved deal is set aside with a notice and a fresh deal starts; a table the address asks for that the
page cannot deal is named in a notice, and the address and storage carry the table dealt instead.

Each start of the page costs a start of Python (about a second of processor time), so the page is started for a few
cases of each path, and every case is checked against the functions the page asks (store.js's dealProblem,
table-menu.js's tableInUrl) in the one page already started.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from gameplay import INSTANT, wait_for_ready
from playwright.sync_api import BrowserContext, Page, expect
from warm import warm_page

FRESH = "so here is a fresh one."
VALID_RULES = {"sevens", "fan-tan", "shichinarabe", "parliament", ""}  # "": every option at its default


@pytest.fixture(scope="module")
def game(warm_contexts: dict[str, BrowserContext], site_url: str) -> Iterator[Page]:
    """One game page for the module, from the warm context (conftest.py)."""
    with warm_page(warm_contexts, "default") as page:
        page.add_init_script(INSTANT)
        page.goto(f"{site_url}play/?seed=31")
        wait_for_ready(page)
        yield page


def address(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query, keep_blank_values=True)


def saved(page: Page) -> dict[str, Any]:
    deal: dict[str, Any] = page.evaluate("JSON.parse(sessionStorage.getItem('sevens.deal'))")
    return deal


CASES: list[tuple[str, Any, str]] = [
    # The stall of issue 27: the page drew the Table menu from seats that were null.
    ("seats-null", {"table": {"rules": "sevens", "players": 4, "seats": None}}, "“seats” are not the computer players"),
    ("no-record", {"record": None}, "its “record” is not a game record"),
    ("record-number", {"record": 5}, "its “record” is not a game record"),
    ("seed-text", {"seed": "<b>31</b>"}, "its “seed” is not a whole number"),
    ("over-text", {"over": "no"}, "its “over” is not true or false"),
    ("earlier-junk", {"earlier": [1, 2]}, "its “earlier” is not a list of game records"),
    (
        "rules-html",
        {"table": {"rules": "<img src=x onerror=alert(1)>", "players": 4, "seats": ["robin", "alex", "sam"]}},
        "its table's “rules” are not rules",
    ),
    ("players-text", {"table": {"rules": "sevens", "players": "4", "seats": ["robin", "alex", "sam"]}}, "“players”"),
    ("stranger", {"table": {"rules": "sevens", "players": 4, "seats": ["robin", "eve", "sam"]}}, "“seats”"),
    # Well formed, but not a table this page deals, or not the one the record was dealt at: the page finds these
    # once the engine has restored the deal.
    ("two-players", {"table": {"rules": "sevens", "players": 2, "seats": ["robin"]}}, "it is for 2 players"),
    ("bad-option", {"table": {"rules": "opening=8H", "players": 4, "seats": ["robin", "alex", "sam"]}}, "“opening”"),
    (
        "wrong-count",
        {"table": {"rules": "sevens", "players": 5, "seats": ["robin"] * 4}},
        "not the one it was dealt at",
    ),
]


AFTER_RESTORE = {"two-players", "bad-option", "wrong-count"}
# Started for: one that store.js finds (the stall of issue 27), and each that the page finds after the restore.
STARTED = [case for case in CASES if case[0] in {"seats-null", *AFTER_RESTORE}]


def test_every_damage_store_js_finds_in_a_saved_deal_is_named(game: Page) -> None:
    good = saved(game)
    found = game.evaluate(
        """async (deals) => {
            const { dealProblem } = await import('../static/js/store.js');
            return deals.map((deal) => dealProblem(deal));
        }""",
        [{**good, "over": False, **change} for _, change, _ in CASES],
    )
    for (case, _, why), problem in zip(CASES, found, strict=True):
        if case in AFTER_RESTORE:
            assert problem is None, (case, problem)  # well formed: the page finds it once the engine has restored it
        else:
            assert problem is not None and why in problem, (case, why, problem)


@pytest.mark.parametrize(("case", "change", "why"), STARTED, ids=[case for case, _, _ in STARTED])
def test_a_damaged_saved_deal_is_set_aside_with_a_notice_and_a_fresh_deal_starts(
    game: Page, site_url: str, case: str, change: dict[str, Any], why: str
) -> None:
    good = saved(game)
    assert good["table"] == {"rules": "sevens", "players": 4, "seats": ["robin", "alex", "sam"]}
    bad = {**good, "over": False, **change}
    game.evaluate("text => sessionStorage.setItem('sevens.deal', text)", json.dumps(bad))
    game.goto(f"{site_url}play/")  # the Play link continues the saved deal, if it can
    wait_for_ready(game)
    notice = game.locator("#game-notice")
    expect(notice).to_contain_text("Your last deal could not be continued (")
    expect(notice).to_contain_text(why)
    expect(notice).to_contain_text(FRESH)
    expect(game.locator("#game-hand .card")).to_have_count(13)
    query = address(game)
    assert query["rules"] == ["sevens"] and query["players"] == ["4"], query
    assert saved(game)["table"] == good["table"]  # the fresh deal replaced the damaged one
    # A damaged record of a deal is kept aside, as damaged progress is; one the engine restored is replaced.
    aside = game.evaluate(
        "Object.keys(sessionStorage).filter((key) => key.startsWith('sevens.corrupt.')).map((key) => sessionStorage.getItem(key))"
    )
    if case not in AFTER_RESTORE:
        assert any(json.loads(text) == bad for text in aside)


def test_a_saved_deal_that_is_not_json_is_set_aside_too(game: Page, site_url: str) -> None:
    game.evaluate("() => sessionStorage.setItem('sevens.deal', '{\"id\": \"x\", ')")
    game.goto(f"{site_url}play/")
    wait_for_ready(game)
    expect(game.locator("#game-notice")).to_have_text(
        "Your last deal could not be continued (it is not JSON), so here is a fresh one."
    )
    expect(game.locator("#game-hand .card")).to_have_count(13)


def test_a_good_saved_deal_still_continues(game: Page, site_url: str) -> None:
    game.goto(f"{site_url}play/?seed=808")
    wait_for_ready(game)
    before = game.locator("#game-hand .card").evaluate_all("cards => cards.map(c => c.dataset.code)")
    game.goto(f"{site_url}play/")
    wait_for_ready(game)
    expect(game.locator("#game-seed")).to_have_text("808")
    expect(game.locator("#game-notice")).to_be_hidden()
    assert game.locator("#game-hand .card").evaluate_all("cards => cards.map(c => c.dataset.code)") == before


ADDRESSES = [
    ("rules=players=2", "“players=2”: this table seats 3, 4, 5, 6, 7 or 8 players", 4),
    ("rules=sevens&players=2", "“players=2”: this table seats 3, 4, 5, 6, 7 or 8 players", 4),
    ("rules=fan-tan,players=6&players=6", "the number of players is given 2 times", 4),
    ("rules=opening=any-seven,opening=7D", "“opening” is given twice", 4),
    ("rules=scoring=chips,scoring=wins&players=5", "“scoring” is given twice", 5),
    ("rules=snap", "“snap” is not one of the presets", 4),
    ("rules=jokers=wild", "“jokers=wild” is not one of the options", 4),
    ("rules=opening=8H", "“opening” is one of 7D, any-seven, all-sevens", 4),
    ("players=abc", "“players=abc”: this table seats", 4),
]
# Started for: the number of players in the rules, apart, and both; rules refused with a good number kept.
STARTED_AT = [
    case for case in ADDRESSES if case[0].startswith(("rules=sevens&", "rules=fan-tan,", "rules=scoring", "players"))
]


def forget_the_table(page: Page) -> None:
    """No deal of this tab to continue, and no remembered table."""
    page.evaluate("() => ['rules', 'players', 'table'].forEach((key) => localStorage.removeItem('sevens.' + key))")
    page.evaluate("() => sessionStorage.removeItem('sevens.deal')")


def test_every_address_the_page_cannot_deal_is_named(game: Page) -> None:
    forget_the_table(game)
    found = game.evaluate(
        """async (queries) => {
            const { tableInUrl } = await import('../static/js/table-menu.js');
            return queries.map((query) => {
                const { table, problem } = tableInUrl(new URL(`?seed=12&${query}`, location.href));
                return [problem, table.players];
            });
        }""",
        [query for query, _, _ in ADDRESSES],
    )
    for (query, why, players), (problem, dealt) in zip(ADDRESSES, found, strict=True):
        assert problem is not None and why in problem, (query, why, problem)
        assert dealt == players, (query, dealt)


@pytest.mark.parametrize(("query", "why", "players"), STARTED_AT)
def test_a_table_the_page_cannot_deal_is_named_and_not_kept(
    game: Page, site_url: str, query: str, why: str, players: int
) -> None:
    forget_the_table(game)  # a fresh deal, at no remembered table
    game.goto(f"{site_url}play/?seed=12&{query}")
    wait_for_ready(game)
    notice = game.locator("#game-notice")
    expect(notice).to_contain_text("The address asks for a table this page cannot deal (")
    expect(notice).to_contain_text(why)
    expect(notice).to_contain_text(re.compile(r"so this is (Sevens|Fan Tan)\b.* with Robin( 1)?, Alex"))
    expect(game.locator("#game-players .player")).to_have_count(players)
    # Nothing the page refused stays in the address or in storage.
    asked = address(game)
    assert asked["rules"][0] in VALID_RULES and asked["players"] == [str(players)], asked
    kept = game.evaluate("[localStorage.getItem('sevens.rules'), localStorage.getItem('sevens.players')]")
    assert kept[0] in VALID_RULES and kept[1] == str(players), kept


def test_rules_naming_the_players_as_the_engine_writes_them_are_dealt(game: Page, site_url: str) -> None:
    game.goto(f"{site_url}play/?seed=12&rules=fan-tan,players=6")
    wait_for_ready(game)
    expect(game.locator("#game-notice")).to_be_hidden()
    expect(game.locator("#game-players .player")).to_have_count(6)
    assert address(game)["rules"] == ["fan-tan"] and address(game)["players"] == ["6"]
