"""Each page downloads only the table module and the style sheet of the game it plays (the game page and a lesson's
guided deal), for every game of the registry."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from gameplay import INSTANT, READY, START_MS, wait_for_ready
from playwright.sync_api import Page

from engine.core.game import find_game, game_names
from sitebuild.lessons import find_pages

ROOT = Path(__file__).resolve().parents[2]
GUIDED_READY = "section.puzzle--guided[data-state=your-turn]"  # a lesson may show another puzzle first
TABLED = [name for name in game_names() if find_game(name).table_module]


def _pages() -> tuple[dict[str, str], list[tuple[str, str, str]]]:
    """Each game's game page, and for each game its game page and its first lesson with a guided deal, from the
    lessons' front matter."""
    pages, _ = find_pages(ROOT / "tutorials")
    game_pages = {page.game: page.url for page in pages if page.layout == "game" and page.game in TABLED}
    guided = {}
    for page in pages:
        if page.kind == "tutorial" and page.game in TABLED and "kind: guided" in page.source.read_text("utf-8"):
            guided.setdefault(page.game, page.url)
    tried = [(url, game, READY) for game, url in game_pages.items()]
    return game_pages, tried + [(url, game, GUIDED_READY) for game, url in guided.items()]


GAME_PAGES, PAGES = _pages()


@pytest.mark.parametrize(("path", "game", "ready"), PAGES, ids=[path for path, _, _ in PAGES])
def test_a_page_downloads_the_table_of_its_game_and_no_other(
    page: Page, site_url: str, path: str, game: str, ready: str
) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.add_init_script(INSTANT)
    page.goto(f"{site_url}{path}")
    page.wait_for_selector(ready, state="attached", timeout=START_MS)
    for kind, folder in (("table_module", "js"), ("table_styles", "css")):
        files = {name: f"/static/{folder}/{getattr(find_game(name), kind)}" for name in TABLED}
        fetched = sorted(name for name, file in files.items() if any(url.endswith(file) for url in requested))
        assert fetched == [game], kind
    # Its style sheet is the page's, rules and all.
    sheet = find_game(game).table_styles
    assert page.evaluate(
        "(end) => [...document.styleSheets].some((s) => s.href?.endsWith(end) && s.cssRules.length)", sheet
    )


def test_every_game_with_a_table_has_a_game_page_and_a_guided_deal_tried_above() -> None:
    assert sorted(GAME_PAGES) == TABLED and sorted(game for _, game, ready in PAGES if ready == GUIDED_READY) == TABLED


# Every enabled control of the table (Play, Pass, Draw, Suggest, ...) as the page draws it: its fill, its text colour
# and the table's ink colour it should be filled with.
CONTROLS = """() => {
    const ink = getComputedStyle(document.querySelector(".game")).getPropertyValue("--ink").trim();
    const probe = document.createElement("span");
    probe.style.color = ink;
    document.body.append(probe);
    const inkRgb = getComputedStyle(probe).color;
    probe.remove();
    return [...document.querySelectorAll(".game .actions button:not(:disabled)")]
        .filter((button) => button.getClientRects().length)
        .map((button) => {
            const style = getComputedStyle(button);
            return { text: button.textContent.trim(), fill: style.backgroundColor, color: style.color, ink: inkRgb };
        });
}"""


@pytest.mark.parametrize("path", sorted(GAME_PAGES.values()))
def test_the_tables_controls_look_like_buttons_of_the_table(page: Page, site_url: str, path: str) -> None:
    # A style rule lost in a merge once left every control as the browser's plain grey button; no other test saw it.
    # A set deal: in a random one a pick-up may wait for you, and Pick up is red on purpose (so is a call you owe).
    page.add_init_script(INSTANT)
    page.goto(f"{site_url}{path}?seed=1")
    wait_for_ready(page)
    controls = page.evaluate(CONTROLS)
    assert len(controls) >= 2, controls
    for control in controls:
        assert control["fill"] == control["ink"] and control["color"] == "rgb(255, 255, 255)", control


PEOPLE = ["Ana", None, "Ben", None]


def served_to_ben(game: str, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first state of a deal of *game* with Ana (seat 0) and Ben (seat 2) that serves Ben on his turn and is
    *wanted*, each person playing a random step of their own (the engine in CPython)."""
    for seed in range(1, 20):
        session = find_game(game).session()
        state, rng = session.new_game(seed, None, None, PEOPLE), random.Random(seed)
        while not state["over"]:
            table = state["table"]
            if table["screen"]:
                state = session.reveal() if table["waits"] else session.computer_move()["state"]
            elif not state["your_turn"]:
                state = session.computer_move()["state"]
            elif table["seat"] == 2 and wanted(state):
                return state
            else:
                own = [a for a in state["actions"] if a["seat"] == table["seat"] and not {"undo", "challenge"} & set(a)]
                state = session.act(rng.choice(own))["state"]
    raise AssertionError(f"no deal of {game} served Ben such a state")


# A game's table module drawn alone, on a page of the site, from *state*: its controls as the person sees them.
DRAW_TABLE = """async ([url, state]) => {
    const { createTable } = await import(url);
    const board = document.createElement("div");
    const actions = document.createElement("div");
    const before = document.createElement("span");
    actions.append(before);
    document.body.append(board, actions);
    const page = { state: () => state, act() {}, interrupts: () => false, say() {}, redraw() {}, advice: () => null,
        keyboard: () => false, focusCard() {} };
    const table = createTable({ board, actions, before, id: (name) => `t-${name}` }, page);
    table.draw(state, { yours: true, marks: true, hints: true });
    return [...actions.querySelectorAll("button")].filter((b) => !b.hidden && !b.disabled).map((b) => b.textContent);
}"""


def test_ben_in_seat_2_facing_a_pick_up_is_offered_to_pick_it_up(page: Page, site_url: str) -> None:
    # Only seat 0 was ever offered "Pick up N": Ben, facing one in seat 2, could only answer with a card, since Draw
    # is refused then. The state says whose seat is the person's; no table module assumes it.
    state = served_to_ben("blackjack", lambda state: bool(state["pickup"]) and state["pickup"]["seat"] == 2)
    assert state["seat"] == 2 and {"seat": 2, "pickup": state["pickup"]["size"]} in state["actions"]
    page.goto(f"{site_url}rules/")
    controls = page.evaluate(DRAW_TABLE, [f"{site_url}static/js/{find_game('blackjack').table_module}", state])
    assert state["pickup"]["button"] in controls, controls


# A comparison of a seat with seat 0, or a seat that falls back to 0: the person's seat taken for granted.
SEAT_ZERO = re.compile(r"\bseat\s*(?:[!=]==?\s*0\b|\?\?\s*0\b)|\b0\s*[!=]==?\s*[\w.?]*\bseat\b")


@pytest.mark.parametrize("game", game_names())
def test_no_table_module_assumes_which_seat_is_the_persons(game: str) -> None:
    # Blackjack's table offered "Pick up N" to seat 0 only, so Ben in seat 2 could not take a pick-up; the state
    # says whose seat is the person's (state.seat). The table module, and the board it draws with, ask it.
    js = Path(__file__).resolve().parents[2] / "site" / "static" / "js"
    for path in (js / find_game(game).table_module, js / "board.js"):
        code = re.sub(r"//.*", "", path.read_text(encoding="utf-8"))
        assert not SEAT_ZERO.findall(code), f"{path.name}: {SEAT_ZERO.findall(code)}"
