"""Every game's rules sheet (a page of its nav_pages built with the sheet layout) prints on one sheet of A4 and of
Letter, as its header promises."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page

from engine.games import GAMES

PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?!s)")  # one per printed page in the PDF Chromium writes


def sheets(site_dir: Path, game: str) -> list[str]:
    pages = next(g for g in GAMES if g.name == game).nav_pages
    built = [(slug, site_dir / slug / "index.html") for slug, _ in pages]
    return [slug for slug, path in built if path.exists() and 'class="layout-sheet"' in path.read_text("utf-8")]


@pytest.mark.parametrize("game", [game.name for game in GAMES])
def test_each_games_rules_sheet_prints_on_one_page(page: Page, site_url: str, site_dir: Path, game: str) -> None:
    found = sheets(site_dir, game)
    if not found:
        pytest.skip(f"{game} has no rules sheet in its nav_pages")
    for slug in found:
        page.goto(f"{site_url}{slug}/")
        page.emulate_media(media="print")
        for paper in ("A4", "Letter"):
            pdf = page.pdf(format=paper, print_background=True)
            assert len(PAGE_OBJECT.findall(pdf)) == 1, f"{slug} takes {len(PAGE_OBJECT.findall(pdf))} pages on {paper}"
