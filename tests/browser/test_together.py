"""Pass-and-play: a whole deal of each game with two people (Ana and Ben) and two computers on one device.

The people are seated through the Table menu. Whenever the device passes between them, the page shows the screen
("Pass the device to Ben — tap when ready") and, at that moment, no card of any hand is in the page (its text, its
cards, their codes) nor in the engine's last state, beyond the cards every seat's view names (the board's); every
state the page received while a screen was up holds no hand. After the tap, the hand shown is the one of the
person the screen named, as the deal's record has it. (The engine's side is checked at every step of many deals
in tests/engine/test_pass_and_play.py; this checks what the family sees.)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from gameplay import INSTANT, lay_or_draw, make_move, wait_for, wait_until
from playwright.sync_api import Page, expect

from engine.core.cards import Card
from engine.core.game import DEFAULT_GAME, find_game, game_names
from sitebuild.lessons import find_pages

ROOT = Path(__file__).resolve().parents[2]
# Each game's game page, as its page's front matter says.
PAGES = {page.game: page.url for page in find_pages(ROOT / "tutorials")[0] if page.layout == "game" and page.game}
PEOPLE = ["Ana", None, "Ben", None]

# Every state the engine sends the page, as JSON text, in order (a reply that is a state or carries one).
HOOK = """
window.__states = [];
const Native = window.Worker;
window.Worker = class extends Native {
  set onmessage(receive) {
    super.onmessage = (event) => {
      const result = event.data?.result;
      const state = result?.hand ? result : result?.state;
      if (state?.hand) window.__states.push(JSON.stringify(state));
      receive(event);
    };
  }
  get onmessage() {
    return super.onmessage;
  }
};
"""
# The page has settled: the deal is over, it is a person's turn, or the screen waits for a tap.
SETTLED = "#game[data-state=over], #game[data-your-turn=true], #game[data-busy=false] #game-screen:not([hidden])"


# The page's texts, card codes and labels, but the rules' (the Table menu's options and the notes on the rules at
# this table name cards: "J♠ and J♣ make the next player pick up").
PAGE_TEXTS = """() => {
    const rules = (node) => node.parentElement?.closest('.game-menu, #game-notes');
    const walker = document.createTreeWalker(document.getElementById('game'), NodeFilter.SHOW_TEXT);
    const texts = [];
    while (walker.nextNode()) if (!rules(walker.currentNode)) texts.push(walker.currentNode.textContent);
    for (const node of document.querySelectorAll('#game [data-code], #game [aria-label]')) {
        if (!node.closest('.game-menu, #game-notes')) texts.push(node.dataset.code ?? '', node.getAttribute('aria-label') ?? '');
    }
    return texts;
}"""


# The page at one settled moment, in one round trip: what check_screen, check_hand and a_turn look at, the last state
# the engine sent, and the deal as the page keeps it (its record, saved after every change). A whole deal of
# Knock! Knock! asked the page over a thousand questions one at a time, most of this file's processor time.
CONTROLS = [
    "#kk-let-pass:not([hidden])",
    "#game-hand .card.legal",
    "#bj-suits:not([hidden])",
    "#bj-chain .face",
    "#bj-last.due",
    "#bj-pickup-take:not([hidden])",
    "#bj-pass:not([hidden])",
]
MOMENT = f"""([key, controls]) => {{
    const game = document.getElementById('game');
    const ready = document.getElementById('game-screen-ready');
    return {{
        over: game.dataset.state === 'over',
        screen: document.querySelector('#game-screen:not([hidden])') !== null,
        states: window.__states.length,
        state: window.__states.at(-1) ?? null,
        deal: sessionStorage.getItem(key),
        ready: ready.innerText.trim(),
        ready_enabled: !ready.disabled,
        hand: [...document.querySelectorAll('#game-hand .card')].map((card) => card.dataset.code),
        heading: document.getElementById('game-hand-heading').innerText.trim(),
        status: document.getElementById('game-status').innerText,
        your_turn: game.dataset.yourTurn === 'true',
        texts: ({PAGE_TEXTS})(),
        controls: controls.filter((selector) => document.querySelector(selector) !== null),
    }};
}}"""


def deal_key(game: str) -> str:
    """Where the page keeps *game*'s deal in sessionStorage."""
    return "sevens.deal" if game == DEFAULT_GAME else f"sevens.deal.{game}"


def moment(page: Page, game: str) -> dict[str, Any]:
    wait_for(page, SETTLED)
    now: dict[str, Any] = page.evaluate(MOMENT, [deal_key(game), CONTROLS])
    now["state"] = json.loads(now["state"])
    return now


def strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    if isinstance(value, dict):
        return [text for key, item in value.items() if key != "rules" for text in strings(item)]
    return []


def naming(texts: list[str]) -> Callable[[Card], bool]:
    """Whether one of *texts* names a card: is its code, or holds its display ("7♥"). (Asked of every hidden card
    at every screen: the texts are read once.)"""
    exact, joined = set(texts), "\n".join(texts)
    return lambda card: card.code in exact or card.display in joined


def the_deal(deal: str, game: str) -> tuple[Any, dict[str, list[Card]], list[list[str]]]:
    """The *deal* as the page keeps it: a session restored from its record with the people, where every card is,
    and the texts of the state as each seat would be served it (its hand apart)."""
    record = json.loads(deal)["record"]
    session = find_game(game).session()
    session.restore(record, None, PEOPLE)
    session.screen = False
    views = []
    for seat in range(len(PEOPLE)):
        with session._serving(seat):
            views.append(strings({k: v for k, v in session._state_json().items() if k != "hand"}))
    return session, find_game(game).cards(session.game), views


def check_screen(now: dict[str, Any], game: str) -> int:
    """While the screen is up: no hidden card in the page nor in the last state; returns the seat it names."""
    state = now["state"]
    screen = state["table"]["screen"]
    assert screen and state["hand"] == [] and state["prompt"] is None
    assert now["ready"] == f"Pass the device to {screen['name']} — tap when ready" and now["ready_enabled"]
    assert now["hand"] == []
    # Everyone at the table is named: "You" would not say which of the people is meant.
    assert not re.search(r"\bYou\b", now["status"]), now["status"]
    _, places, views = the_deal(now["deal"], game)
    hidden = {card for name, cards in places.items() if name.startswith("hand ") for card in cards}
    in_views = [naming(view) for view in views]
    public = {card for card in hidden if all(named(card) for named in in_views)}
    in_page, in_state = naming(now["texts"]), naming(strings(state))
    shown = sorted(card.code for card in hidden - public if in_page(card) or in_state(card))
    assert not shown, f"shown behind the screen: {shown}"
    seat: int = screen["seat"]
    return seat


def check_hand(now: dict[str, Any], game: str, seat: int) -> None:
    """After the tap: the screen is gone and the hand is the one of the person the screen named."""
    assert not now["screen"]
    _, places, _ = the_deal(now["deal"], game)
    assert sorted(now["hand"]) == sorted(card.code for card in places[f"hand {seat}"])
    assert now["heading"] == f"{PEOPLE[seat]}'s hand"
    if now["your_turn"]:  # the status says whose turn "your turn" is
        # "Ana, your turn: …", or "Ana: " before a question; not "Ana: Your turn: …"
        assert re.search(rf"{PEOPLE[seat]}(, your turn|: (?!Your turn))", now["status"]), now["status"]


def _rows_turn(page: Page, controls: list[str]) -> None:
    make_move(page)


def _knock_turn(page: Page, controls: list[str]) -> None:
    if "#kk-let-pass:not([hidden])" in controls:
        page.locator("#kk-let-pass").click()
    else:
        lay_or_draw(page)


def _chain_turn(page: Page, controls: list[str]) -> None:
    if "#game-hand .card.legal" in controls:
        page.locator("#game-hand .card.legal").first.click()
    elif "#bj-suits:not([hidden])" in controls:
        page.get_by_role("button", name="Hearts", exact=True).click()
    elif "#bj-chain .face" in controls:
        if "#bj-last.due" in controls:
            page.locator("#bj-last").click()
        page.locator("#bj-play").click()
    elif "#bj-pickup-take:not([hidden])" in controls:
        page.locator("#bj-pickup-take").click()
    elif "#bj-pass:not([hidden])" in controls:
        page.locator("#bj-pass").click()
    else:
        page.locator("#bj-draw").click()


# How a person takes one step of each game, by mouse, as a newcomer plays: the first card that fits. A new game says
# how here, and the test below plays it.
TURNS: dict[str, Callable[[Page, list[str]], None]] = {
    "sevens": _rows_turn,
    "knock-knock": _knock_turn,
    "blackjack": _chain_turn,
}


def a_turn(page: Page, game: str, controls: list[str]) -> None:
    """One step of the person whose turn it is. *controls* are the CONTROLS in view."""
    TURNS[game](page, controls)


@pytest.mark.parametrize("game", [name for name in game_names() if find_game(name).table_module])
def test_two_people_and_two_computers_play_a_whole_deal_without_seeing_each_others_hands(
    page: Page, site_url: str, game: str
) -> None:
    assert game in PAGES and game in TURNS, f"{game}: give its game page and how a person plays a turn (TURNS)"
    page.add_init_script(INSTANT)
    page.add_init_script(HOOK)
    page.goto(f"{site_url}{PAGES[game]}?seed=3")
    wait_for(page, SETTLED)
    # Seat the people through the Table menu.
    page.click("#game-table-menu summary")
    page.fill("#game-name-0", "Ana")
    page.check("#game-person-2")
    page.fill("#game-name-2", "Ben")
    page.click("#game-table-deal")
    wait_for(page, "#game-screen:not([hidden])")
    # The menu dealt a fresh match; the same table (remembered, people and all) deals match 3 from the address.
    page.goto(f"{site_url}{PAGES[game]}?seed=3&players=4")
    wait_for(page, "#game-screen:not([hidden])")
    expect(page.locator("#game-deal-number")).to_contain_text("3")
    screens = 0
    played = {0: 0, 2: 0}
    for _ in range(400):
        now = moment(page, game)
        if now["over"]:
            break
        if now["screen"]:
            seat = check_screen(now, game)
            screens += 1
            if screens == 2:
                # A reload brings back the table of people and the screen (never a hand), and the names.
                page.reload()
                wait_for(page, "#game-screen:not([hidden])")
                now = moment(page, game)
                assert check_screen(now, game) == seat
                expect(page.locator("#game-name-2")).to_have_value("Ben")
                expect(page.locator("#game-person-2")).to_be_checked()
            page.click("#game-screen-ready")
            wait_until(page, "n => window.__states.length > n", arg=now["states"])
            check_hand(moment(page, game), game, seat)
            continue
        played[now["state"]["table"]["seat"]] += 1
        a_turn(page, game, now["controls"])
        wait_until(page, "n => window.__states.length > n", arg=now["states"])
    expect(page.locator("#game-result")).to_be_visible()
    assert screens >= 2 and played[0] and played[2], (screens, played)
    # Every state the page received behind a screen held no hand and no action of the person it named.
    states = [json.loads(text) for text in page.evaluate("window.__states")]
    for state in states:
        screen = (state.get("table") or {}).get("screen")
        if screen:
            assert state["hand"] == [] and all("challenge" in a for a in state["actions"]), state
    # The table's own tally, apart from the single player's statistics.
    expect(page.locator("#game-together-stats")).to_contain_text("At this table, 1 deal finished")
    review_each_person(page, game)


def review_each_person(page: Page, game: str) -> None:
    """The review after a deal at a table of people: one button a person, each person's review private behind a
    screen that names them (as the table's screen does) until they tap, then their own choices and hand as the
    engine finds them, its words naming them; the pressed button looking pressed."""
    session, _, _ = the_deal(page.evaluate("key => sessionStorage.getItem(key)", deal_key(game)), game)
    record = session.record()
    page.click("#game-review-open")
    ana, ben = page.locator("#review-people button").all()
    expect(ana).to_have_text("Ana's choices")
    expect(ben).to_have_text("Ben's choices")
    for seat, button, other in ((0, ana, ben), (2, ben, ana)):
        person = PEOPLE[seat]
        if seat:  # the review opens on the first person's screen
            button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        expect(other).to_have_attribute("aria-pressed", "false")
        # Pressed looks pressed: the pressed button is filled, the other is not.
        fills = [each.evaluate("b => getComputedStyle(b).backgroundColor") for each in (button, other)]
        assert fills[0] != fills[1], fills
        # The screen first: nothing of anyone's choices in sight, nor in the page, until the person taps.
        ready = page.locator("#review-screen-ready")
        expect(ready).to_have_text(f"Pass the device to {person} — tap when ready to see your review")
        expect(page.locator("#review-private")).to_be_hidden()
        expect(page.locator("#review-hand .card")).to_have_count(0)
        ready.click()
        expect(page.locator("#review-screen")).to_be_hidden()
        expect(page.locator("#review-hand")).to_have_attribute("aria-label", f"{person}'s hand")
        # The words name the person shown, never "your".
        expect(page.locator("#review-costly-heading")).to_have_text(f"The choices that cost {person} most")
        expect(page.locator("#review-progress-text")).to_contain_text(person)
        assert "your" not in page.locator("#review-progress-text").inner_text().lower()
        moves = session.review_points(record, seat)["moves"]
        if not moves:
            expect(page.locator("#review-costly")).to_contain_text(f"{person} had no choice to make in this deal")
            continue
        first = moves[0]
        if first:
            expect(page.locator("#review-status")).to_contain_text(f"Move {first}:")
        hand = sorted(card["code"] for card in session.replay(record, first, seat)["hand"])
        wait_until(
            page,
            "codes => JSON.stringify([...document.querySelectorAll('#review-hand .card')].map((c) => c.dataset.code).sort()) === codes",
            arg=json.dumps(hand, separators=(",", ":")),
        )
    page.click("#review-close")
    expect(page.locator("#game-result")).to_be_visible()


def test_a_deal_played_alone_is_dealt_afresh_once_people_sit_at_the_table(page: Page, site_url: str) -> None:
    # The tab last played deal 3 alone; the remembered table has since gained Ben (as the Table menu keeps it). The
    # address names deal 3 at four players: the page deals it for the people, not the tab's deal without them.
    # (A goto right after the Table menu's deal, before that deal was kept, met this in 1 run in 4 to 16.)
    page.add_init_script(INSTANT)
    page.goto(f"{site_url}play/?seed=3")
    wait_until(page, "() => sessionStorage.getItem('sevens.deal') !== null")
    expect(page.locator("#game-status")).to_contain_text("Your turn")
    page.evaluate(
        """() => localStorage.setItem('sevens.people', JSON.stringify({names: ['Ana', '', 'Ben'], seats: [2]}))"""
    )
    page.goto(f"{site_url}play/?seed=3&players=4")
    wait_for(page, "#game-screen:not([hidden])")
    expect(page.locator("#game-screen-ready")).to_contain_text("Pass the device to")
