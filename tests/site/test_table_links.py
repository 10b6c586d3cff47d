"""Links that open a game's table with a variant (``play.md?rules=fan-tan&players=5``): the build checks that they
name a game page and rules its engine reads, and shows them as text while a game has no table yet."""

from __future__ import annotations

from pathlib import Path

import pytest

import build
from engine.core.game import find_game


def page(game: str, body: str) -> str:
    return f"---\ntitle: Variations\nsummary: Play them.\ngame: {game}\n---\n# Variations\n\n{body}\n"


def site(tmp_path: Path, pages: dict[str, str], *, with_game_page: bool = False) -> list[str]:
    folder = tmp_path / "tutorials" / "pages"
    folder.mkdir(parents=True)
    if with_game_page:
        (folder / "play.md").write_text("---\ntitle: Play\nsummary: A game.\nlayout: game\n---\nPlay.\n", "utf-8")
    for name, text in pages.items():
        (folder / name).write_text(text, encoding="utf-8")
    errors = build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False)
    return [str(error).replace(str(folder) + "/", "") for error in errors]


def test_a_play_link_opens_the_game_page_with_its_rules(tmp_path: Path) -> None:
    links = "[Fan Tan](play.md?rules=fan-tan&players=5) and [six](play.md?players=6)"
    assert site(tmp_path, {"variants.md": page("sevens", links)}, with_game_page=True) == []
    html = (tmp_path / "_site/variants/index.html").read_text(encoding="utf-8")
    assert '<a href="../play/?rules=fan-tan&amp;players=5">Fan Tan</a>' in html
    assert '<a href="../play/?players=6">six</a>' in html


def test_a_play_link_with_rules_the_engine_refuses_fails_the_build(tmp_path: Path) -> None:
    links = (
        "[a](play.md?rules=fan-tan,players=99)\n\n[b](play.md?rules=sevens&rules=fan-tan)\n\n"
        "[c](questions.md?rules=fan-tan)\n\n[d](nowhere.md?rules=fan-tan)\n"
    )
    pages = {"variants.md": page("sevens", links), "questions.md": page("sevens", "Asked.")}
    errors = site(tmp_path, pages, with_game_page=True)
    assert len(errors) == 4, errors
    assert (
        errors[0].startswith("variants.md:")
        and "link play.md?rules=fan-tan,players=99: Sevens cannot deal" in errors[0]
    )
    assert "99" in errors[0].split("cannot deal these rules:")[1]  # the engine's reason
    assert "rules= or players= is given twice" in errors[1]
    assert "link questions.md?rules=fan-tan: only a game page reads rules= and players=" in errors[2]
    assert "link nowhere.md?rules=fan-tan: no such page" in errors[3]  # Sevens has a table: its page must exist


def test_a_game_without_a_table_yet_shows_its_play_links_as_text_with_their_rules_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = find_game("knock-knock")
    monkeypatch.setattr(game, "table_module", None)
    good = page(game.name, "[Play this variant](play-later.md?rules=direction=counter-clockwise&players=3).")
    assert site(tmp_path, {"variants.md": good}) == []
    html = (tmp_path / "_site/variants/index.html").read_text(encoding="utf-8")
    assert "<p>Play this variant.</p>" in html and "play-later" not in html
    bad = page(game.name, "[Play this variant](play-later.md?rules=direction=upwards).")
    errors = site(tmp_path / "bad", {"variants.md": bad})
    assert len(errors) == 1 and "cannot deal these rules:" in errors[0] and "upwards" in errors[0], errors
    assert site(tmp_path / "plain", {"variants.md": page(game.name, "[gone](play-later.md)")}) == [
        "variants.md:8: link play-later.md: no such page"
    ]
