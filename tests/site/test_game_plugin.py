"""A game added to the registry brings its own puzzle kinds, computer-player verdicts, pages, home-page entry, table
module and styles: the site build takes all of it from the game's registry entry and knows no game by name.

The toy game here is plugged in as docs/adding-a-game.md says a new game is: it registers itself (the one line of
engine/games.py) and brings its own files (its lessons and pages, its table module and style sheet); nothing else
is edited or patched."""

from __future__ import annotations

import ast
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

import pytest

import build
from engine.core import game as registry
from engine.core.cards import Card
from engine.core.options import Option, Options
from engine.core.puzzles import AnsweredBy, FieldReader, Judgement, Kind, Part, Puzzle, PuzzleKinds, Shown
from sitebuild import verdicts

ROOT = Path(build.__file__).resolve().parent
ACE = Card.parse("AS")  # a default for the dataclasses' fields; every puzzle gives its own


@dataclass(frozen=True, slots=True)
class ColourPuzzle(Puzzle):
    """Is this card red or black?"""

    kind: ClassVar[str] = "colour"
    card: Card = ACE

    def judge(self) -> Judgement:
        colour = "red" if self.card.suit.value in "DH" else "black"
        why = f"{self.card.display} is {colour}"
        return Judgement((colour,), why, {"red": why, "black": why}, {"red" if colour == "black" else "black": "Look"})

    def choices(self) -> tuple[tuple[str, str], ...]:
        return (("red", "Red card"), ("black", "Black card"))

    def drawing(self) -> tuple[Part, ...]:
        return (Shown("Toy card", self.card),)


@dataclass(frozen=True, slots=True)
class HighestPuzzle(Puzzle):
    """Which card would the toy's computer player play? Its play-outs judge it."""

    kind: ClassVar[str] = "highest"
    answered_by: ClassVar[AnsweredBy] = "card"
    answer: Card = ACE
    deals: int = 0
    wins: Mapping[str, int] | None = None

    def verdict_position(self) -> tuple[list[Any], str] | None:
        return ["toy", self.answer.code], self.answer.code

    def with_verdict(self, deals: int, wins: Mapping[str, int]) -> Puzzle:
        return replace(self, deals=deals, wins=dict(wins))

    def judge(self) -> Judgement:
        assert self.wins is not None
        why = f"won {self.wins[self.answer.code]} of {self.deals}"
        return Judgement((self.answer.code,), why, {self.answer.code: why})


def _read_colour(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    card = reader.convert("card", Card.parse)
    return None if card is None else ColourPuzzle(**common, card=card)


def _read_highest(reader: FieldReader, common: dict[str, Any]) -> Puzzle | None:
    answer = reader.convert("answer", Card.parse)
    return None if answer is None else HighestPuzzle(**common, answer=answer)


def _toy_play_outs(position: Sequence[Any], deals: int, seed: int) -> dict[str, int]:
    assert position[0] == "toy"
    return {position[1]: (1 << deals) - 1, "2C": 0}  # the stated card wins every imagined deal


TOY_OPTIONS: Options[ToyRules] = Options("Toy", [Option("players", (2, 3, 4), 2, "How many play.")])


@TOY_OPTIONS.rules
@dataclass(frozen=True, slots=True)
class ToyRules:
    players: int = 2


class ToyGame:
    name = "toy"
    title = "Toy"
    prefix = "ty-"
    table_module: str | None = None  # none until test_a_new_games_table_... gives it one
    table_styles: str | None = None
    options = TOY_OPTIONS
    blurb = "Name the colour of a card."
    three_steps: Sequence[tuple[str, str]] = (("Turn a card.", "Say its colour."), ("Be quick.", "First wins."))
    other_names: Mapping[str, str] = {"Colours": "", "Snap-ish": "snap"}
    rules_page = "toy-rules"
    nav_pages: Sequence[tuple[str, str]] = (("toy-rules", "Toy rules"),)
    presets: Mapping[str, Any] = {}
    puzzle_kinds = PuzzleKinds(
        (
            Kind("colour", ("question", "card"), (), _read_colour),
            Kind("highest", ("question", "answer"), (), _read_highest),
        )
    )
    play_outs = staticmethod(_toy_play_outs)

    def rules_menu(self) -> dict[str, Any]:
        return TOY_OPTIONS.menu()


TOY = ToyGame()

COLOUR = """
```puzzle
id: colour-{n}
kind: colour
question: Red or black?
card: {card}
hint: Hearts.
```
"""
LESSON = (
    """---
title: Colours
summary: Red or black.
order: 1
game: toy
---
# A lesson in colours

## Stage: Red or black
"""
    + "".join(COLOUR.format(n=n, card=card) for n, card in enumerate(["9H", "2C", "QD"], start=1))
    + """
```puzzle
id: highest-1
kind: highest
question: Which card?
answer: KS
hint: The highest.
```
"""
)
RULES = """---
title: Toy rules
summary: The whole of Toy.
game: toy
---
# Toy rules

Name the colour.
"""


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> ToyGame:
    """The toy game in the registry, after the real ones, as its registration puts it: nothing else is patched but
    where Sam's verdicts are kept (the test's own files, not the real ones)."""
    monkeypatch.setitem(registry._GAMES, TOY.name, TOY)  # type: ignore[arg-type]
    monkeypatch.setattr(verdicts, "CACHE", tmp_path / "cache.json")
    monkeypatch.setattr(verdicts, "FILE", tmp_path / "checked-in.json")
    return TOY


def test_a_new_games_puzzles_are_read_judged_drawn_and_asked_of_its_computer_player(
    toy: ToyGame, tmp_path: Path
) -> None:
    (tmp_path / "tutorials/pages").mkdir(parents=True)
    (tmp_path / "tutorials/01-colours.md").write_text(LESSON, encoding="utf-8")
    assert build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False) == []
    page = (tmp_path / "_site/tutorials/colours/index.html").read_text(encoding="utf-8")
    # Drawn from its neutral parts, with the answers it offers and its answer named in words.
    assert '<p class="puzzle__card">Toy card: <span class="face suit-H" role="img" aria-label="nine of hearts">' in page
    assert '<button type="button" class="choice" data-choice="red">Red card</button>' in page
    assert "<strong>Answer: red.</strong>" in page
    # Judged by its own computer player through the game's hook, the figures in the page.
    assert "Won 2000 of 2000." in page and "Play a card: select it in your hand." in page


def test_a_new_games_pages_and_home_page_entry_come_from_its_registry_entry(toy: ToyGame, tmp_path: Path) -> None:
    (tmp_path / "tutorials/pages").mkdir(parents=True)
    (tmp_path / "tutorials/01-colours.md").write_text(LESSON, encoding="utf-8")
    (tmp_path / "tutorials/pages/toy-rules.md").write_text(RULES, encoding="utf-8")
    assert build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False) == []
    home = (tmp_path / "_site/index.html").read_text(encoding="utf-8")
    assert '<span class="game-choice__about">Name the colour of a card.</span>' in home
    # Each of its other names leads to its course, which says of a name with a preset of its own that it is its house
    # rules; the course gives its rules in three steps.
    assert 'href="#course-toy" data-choose-game="toy">Snap-ish</a>' in home
    assert (
        '<strong>Snap-ish</strong>:\n      <span class="game-choice__about" data-variant="snap">Toy with its own house rules'
        in home
    )
    assert (
        '<strong>Colours</strong>:\n      <span class="game-choice__about" data-variant="">Another name for Toy' in home
    )
    assert "Toy: the rules in three steps</h3>" in home and "<li><strong>Be quick.</strong> First wins.</li>" in home
    assert '<a href="./toy-rules/">Toy rules</a>' in home  # its course links its rules page
    lesson = (tmp_path / "_site/tutorials/colours/index.html").read_text(encoding="utf-8")
    assert '<li><a href="../../toy-rules/">Toy rules</a></li>' in lesson  # in the header of its own pages
    assert "Toy is also called Colours or Snap-ish." in lesson
    assert "Sevens is also called" not in lesson  # another game's names stay on that game's pages


def _course(home: str, name: str) -> str:
    return home.split(f'<section class="course" id="course-{name}"', 1)[1].split("</section>", 1)[0]


def test_a_game_with_pages_but_no_lessons_yet_is_offered_with_its_pages_then_its_course_map(
    toy: ToyGame, tmp_path: Path
) -> None:
    (tmp_path / "tutorials/pages").mkdir(parents=True)
    (tmp_path / "tutorials/pages/toy-rules.md").write_text(RULES, encoding="utf-8")
    assert build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False) == []
    home = (tmp_path / "_site/index.html").read_text(encoding="utf-8")
    assert 'data-choose-game="toy">Toy</a>' in home and 'data-choose-game="toy">Colours</a>' in home
    assert " toy" in home.split('data-games="', 1)[1].split('"', 1)[0]  # store.js keeps its progress and choice
    course = _course(home, "toy")
    # Its pages instead of a course map, and the main button (lessons.js) leads to its rules.
    assert 'data-first-url="./toy-rules/"' in course and 'data-first-label="Read the rules"' in course
    assert '<li><a href="./toy-rules/">Toy rules</a>: The whole of Toy.</li>' in course
    assert "course-map" not in course and '<h2 id="course-title-toy">Toy</h2>' in course

    # Once it has a lesson, its course map with its stages and stars, as every game's.
    (tmp_path / "tutorials/01-colours.md").write_text(LESSON, encoding="utf-8")
    assert build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False) == []
    course = _course((tmp_path / "_site/index.html").read_text(encoding="utf-8"), "toy")
    assert 'data-first-url="./tutorials/colours/"' in course and "data-first-label" not in course
    assert '<ol class="course-map" data-game="toy">' in course and 'data-puzzles="colour-1 colour-2 colour-3' in course
    assert '<h2 id="course-title-toy">Toy: the course</h2>' in course


def test_the_site_build_imports_no_game_package() -> None:
    """sitebuild reaches games only through the registry (engine.core.game and the list in engine.games)."""
    allowed = ("engine.core", "engine.games")
    for path in sorted((ROOT / "sitebuild").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engine"):
                assert node.module.startswith(allowed), f"{path.name} imports {node.module}"
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("engine.") or alias.name.startswith(allowed), path.name


def test_another_games_kinds_are_unknown_on_a_new_games_page(toy: ToyGame, tmp_path: Path) -> None:
    (tmp_path / "tutorials/pages").mkdir(parents=True)
    (tmp_path / "tutorials/01-colours.md").write_text(LESSON.replace("kind: highest", "kind: fits"), encoding="utf-8")
    errors = [str(e) for e in build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False)]
    assert (
        f"{tmp_path / 'tutorials/01-colours.md'}:37: puzzle \"highest-1\": unknown kind 'fits': use colour, highest"
        in errors
    )


PLAY = """---
title: Play Toy
summary: Toy in your browser.
layout: game
game: toy
---

Name the colour.
"""


def test_a_new_games_table_is_its_registry_entry_and_its_own_two_files(
    toy: ToyGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its game page draws its table with its own module and styles, and no other game's; every page keeps its
    progress. Its two files are in its own folders: site/static/js/games/ and site/static/css/games/."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "site", site)  # the site's files with the toy's two added, as a branch adding it has them
    (site / "static/js/games/toy.js").write_text("export function createTable() {}\n", encoding="utf-8")
    (site / "static/css/games/toy.css").write_text(".game .ty-board { display: flex; }\n", encoding="utf-8")
    monkeypatch.setattr(build, "SITE", site)
    monkeypatch.setattr(toy, "table_module", "games/toy.js")
    monkeypatch.setattr(toy, "table_styles", "games/toy.css")
    (tmp_path / "tutorials/pages").mkdir(parents=True)
    (tmp_path / "tutorials/pages/toy-rules.md").write_text(RULES, encoding="utf-8")
    (tmp_path / "tutorials/pages/play-toy.md").write_text(PLAY, encoding="utf-8")
    assert build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False) == []
    page = (tmp_path / "_site/play-toy/index.html").read_text(encoding="utf-8")
    sheets = [line for line in page.splitlines() if 'rel="stylesheet"' in line and "/games/" in line]
    assert sheets == ['<link rel="stylesheet" href="../static/css/games/toy.css">']
    assert '<link rel="modulepreload" href="../static/js/games/toy.js">' in page
    assert 'data-game="toy" data-table-module="games/toy.js"' in page
    assert (tmp_path / "_site/static/css/games/toy.css").is_file()
    home = (tmp_path / "_site/index.html").read_text(encoding="utf-8")
    assert " toy" in home.split('data-games="', 1)[1].split('"', 1)[0]
    assert "games/" not in "".join(line for line in home.splitlines() if "stylesheet" in line)  # no table, no sheet
