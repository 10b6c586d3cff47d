"""Each page downloads only the table module of the game it plays (the game page and a lesson's guided deal)."""

from __future__ import annotations

import pytest
from gameplay import INSTANT, READY, START_MS, wait_for_ready
from playwright.sync_api import Page

from engine.core.game import find_game, game_names

PAGES = [
    ("play/", "sevens", READY),
    ("play-knock-knock/", "knock-knock", READY),
    ("tutorials/how-a-deal-ends/", "sevens", "#guided-finish[data-state=your-turn]"),
    ("tutorials/knock-knock/", "knock-knock", "#kk-guided-knock[data-state=your-turn]"),
]


@pytest.mark.parametrize(("path", "game", "ready"), PAGES, ids=[path for path, _, _ in PAGES])
def test_a_page_downloads_the_table_of_its_game_and_no_other(
    page: Page, site_url: str, path: str, game: str, ready: str
) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.add_init_script(INSTANT)
    page.goto(f"{site_url}{path}")
    page.wait_for_selector(ready, state="attached", timeout=START_MS)  # a lesson may show another puzzle first
    tables = {name: f"/static/js/{find_game(name).table_module}" for name in game_names()}
    fetched = sorted(name for name, module in tables.items() if any(url.endswith(module) for url in requested))
    assert fetched == [game]


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


@pytest.mark.parametrize("path", ["play/", "play-knock-knock/", "play-blackjack/"])
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
