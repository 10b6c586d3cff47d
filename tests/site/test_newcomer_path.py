"""A newcomer's path that needs no prior knowledge (issue #25 item 4): the home page offers a choice for someone
who plays none of the games yet, and the first lesson of every game states the aim of the game before its first
puzzle."""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

from engine.games import GAMES
from sitebuild.lessons import tutorials_of

ROOT = Path(__file__).resolve().parents[2]


def opening(lesson: Path) -> str:
    """What a lesson says before its first puzzle (or guided deal), in one line."""
    text = lesson.read_text(encoding="utf-8").split("\n---\n", 1)[-1]
    return " ".join(re.split(r"^```", text, maxsplit=1, flags=re.MULTILINE)[0].split())


def test_the_first_lesson_of_every_game_states_the_aim_before_its_first_puzzle() -> None:
    taught = [game for game in GAMES if tutorials_of(ROOT / "tutorials", game.name)]
    assert len(taught) >= 2
    for game in taught:
        first = tutorials_of(ROOT / "tutorials", game.name)[0]
        said = opening(first)
        aim = re.search(r"\bThe aim of [^:]+: ([^.]+)\.", said)
        assert aim, f"{first.name} does not state the aim of {game.title} before its first puzzle: {said[:200]}"
        assert re.search(r"\bfirst\b", aim.group(1)), f"{first.name}: the aim does not say who wins: {aim.group(0)}"


class Choices(HTMLParser):
    """The home page's game choices: (data-choose-game, href, link text, the text beside it)."""

    def __init__(self) -> None:
        super().__init__()
        self.items: list[dict[str, str]] = []
        self.inside = 0
        self.depth = 0
        self.field = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = {name: value or "" for name, value in attrs}
        classes = given.get("class", "").split()
        if tag == "ul" and "game-choice" in classes:
            self.inside = 1
        elif self.inside and tag == "li":
            self.items.append({"text": "", "about": "", **given})
        elif self.inside and tag == "a" and "game-choice__option" in classes:
            self.items[-1] |= {"game": given.get("data-choose-game", ""), "href": given.get("href", "")}
            self.field = "text"
        elif self.inside and tag == "span" and "game-choice__about" in classes:
            self.field = "about"

    def handle_endtag(self, tag: str) -> None:
        if tag in ("a", "span") and self.field:
            self.field = "" if tag == ("a" if self.field == "text" else "span") else self.field
        elif tag == "ul":
            self.inside = 0

    def handle_data(self, data: str) -> None:
        if self.inside and self.field and self.items:
            self.items[-1][self.field] += data


def test_the_home_page_offers_a_start_to_someone_who_plays_none_of_the_games_yet(
    real_lessons: Callable[[str], Path],
) -> None:
    parser = Choices()
    parser.feed((real_lessons("/") / "index.html").read_text(encoding="utf-8"))
    newcomer = [item for item in parser.items if "none" in item["text"].lower()]
    assert len(newcomer) == 1, [item["text"] for item in parser.items]
    first = GAMES[0]
    assert newcomer[0]["game"] == first.name
    assert newcomer[0]["href"] == f"#course-{first.name}"
    about = " ".join(newcomer[0]["about"].split())
    assert f"{first.title}, lesson 1" in about and "gentlest start" in about, about
