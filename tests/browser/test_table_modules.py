"""Each page downloads only the table module of the game it plays (the game page and a lesson's guided deal)."""

from __future__ import annotations

import pytest
from gameplay import INSTANT, READY, START_MS
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
