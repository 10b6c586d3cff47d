"""Every game is one table module in the browser, named by its registry entry; the pages that use the tables
(the game page and the guided deals in lessons) know no game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core.game import find_game, game_names

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "site/static/js"


@pytest.mark.parametrize("name", game_names())
def test_each_game_names_a_table_module_that_builds_its_table(name: str) -> None:
    game = find_game(name)
    if game.table_module is None:
        # A game without its table yet has no game page and no guided deal: the build refuses to make one. (Its
        # rules and other pages need no table.)
        texts = {path: path.read_text("utf-8") for path in (ROOT / "tutorials").rglob("*.md")}
        mine = [path for path, text in texts.items() if f"game: {name}" in text]
        tables = [path for path in mine if re.search(r"^layout: game$|^kind: guided$", texts[path], re.MULTILINE)]
        assert not tables, f"{name} has no table module, yet {tables} need one"
        return
    module = JS / game.table_module
    assert module.is_file(), module
    assert "export function createTable(parts, page)" in module.read_text(encoding="utf-8")
    assert game.options.said(game.options.default)["keys"].startswith("Keys: ")


@pytest.mark.parametrize(
    "path", ["static/js/game.js", "static/js/guided.js", "static/js/tables.js", "templates/game.html"]
)
def test_the_pages_that_draw_a_table_know_no_game(path: str) -> None:
    text = (ROOT / "site" / path).read_text(encoding="utf-8")
    for name in game_names():
        game = find_game(name)
        words = {game.name, game.title, game.name.replace("-", "_"), game.title.rstrip("!").split("!")[0]}
        found = [word for word in words if re.search(rf"(?<![\w.-]){re.escape(word)}(?![\w-])", text, re.IGNORECASE)]
        # The site's own name ("sevens." storage keys, "sevens:" events, "sevens-playable") is not the game's.
        found = [word for word in found if not re.fullmatch(r"sevens", word, re.IGNORECASE) or _named(text)]
        assert not found, (path, found)


def _named(text: str) -> bool:
    """Whether *text* names Sevens as a game rather than as the site (its storage keys, events and marks)."""
    return bool(
        re.search(r"(?<![\w.-])sevens(?![\w.:-])", re.sub(r"[\"'`]sevens[.:-][\w.-]*[\"'`]", "", text), re.IGNORECASE)
    )
