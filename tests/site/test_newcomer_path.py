"""A newcomer's path that needs no prior knowledge (issue #25 item 4, issue 44 item 11): the home page's first step,
above the choice of game, is for someone who plays none of the games yet, and the first lesson of every game states
the aim of the game before its first puzzle."""

from __future__ import annotations

import re
from collections.abc import Callable
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


def test_the_home_page_puts_a_start_for_someone_who_plays_none_of_the_games_yet_before_the_choice(
    real_lessons: Callable[[str], Path],
) -> None:
    """Its first step, above the choice of game: the first game's lesson 1, which assumes no card game, said so."""
    home = (real_lessons("/") / "index.html").read_text(encoding="utf-8")
    first = GAMES[0]
    lesson = tutorials_of(ROOT / "tutorials", first.name)[0]
    step = re.search(r'<div class="first-step">(.*?)</div>', home, re.S)
    assert step, "the home page has no first step"
    assert home.index('class="first-step"') < home.index('<ul class="game-choice"')
    intro = re.search(r"<p [^>]*data-next-intro>([^<]*)</p>", step.group(1))
    assert intro and "New to card games?" in intro.group(1) and "lesson 1" in intro.group(1)
    button = re.search(r'<a class="button button--primary" href="([^"]+)" data-next-step>([^<]+)</a>', step.group(1))
    assert button and button.group(2) == "Start lesson 1"
    assert button.group(1).rstrip("/").endswith(lesson.stem.split("-", 1)[1]), (button.group(1), lesson.name)
