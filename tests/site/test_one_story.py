"""Every page tells the same story about which game and rules are played: the lessons use one version,
the table deals it until you choose another, and the table's range of players is the engine's."""

from __future__ import annotations

from pathlib import Path

from engine.core.game import find_game
from engine.core.text import NUMBER_WORDS

PAGES = Path(__file__).resolve().parents[2] / "tutorials" / "pages"


def test_the_pages_that_describe_the_sevens_table_give_the_players_the_engine_offers() -> None:
    menu = find_game("sevens").rules_menu()
    players = next(option for option in menu["options"] if option["name"] == "players")
    counts = [int(value["value"] if isinstance(value, dict) else value) for value in players["values"]]
    seats = f"{NUMBER_WORDS[min(counts)]} to {NUMBER_WORDS[max(counts)]}"
    for page in ("home.md", "questions.md"):
        text = " ".join((PAGES / page).read_text(encoding="utf-8").split())
        assert seats in text, f"tutorials/pages/{page} does not say the table seats {seats}"


def test_no_page_says_the_site_plays_one_fixed_version() -> None:
    for page in PAGES.glob("*.md"):
        text = " ".join(page.read_text(encoding="utf-8").split()).lower()
        for claim in ("one fixed version", "always has four players", "four players only"):
            assert claim not in text, f"tutorials/pages/{page.name} says {claim!r}, but the Table menu offers more"
