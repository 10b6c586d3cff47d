"""Every word the Table menu, Suggest and the review use is taught: in a lesson or on the glossary page.

The menu's words are read from each game's engine (``rules_menu()``: option labels, their values in words,
preset names) for every game the site has a table for, so a new option or a new game brings its words here.
The review's and Suggest's sentences are built in the engine; the terms they rest on are listed below, and each
is checked to be still in the engine's sentences, so the list cannot quietly outlive them.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.blackjack import review as blackjack_review
from engine.core import review as core_review
from engine.core.game import DEFAULT_GAME, find_game, game_names
from engine.knock_knock import review as knock_knock_review
from engine.sevens import review
from engine.sevens.players import alex

ROOT = Path(__file__).resolve().parents[2]
TUTORIALS = ROOT / "tutorials"
GLOSSARY = TUTORIALS / "pages" / "glossary.md"

# The terms Sam's review (the sentences every game's review shares, and each game's reasons) and Alex's
# suggestions rest on (engine/core/review.py, engine/*/review.py, players/alex.py).
SENTENCE_TERMS = {
    core_review: ["Sam's estimate", "percentage point", "wobble", "give or take", "fitted"],
    review: ["opens the way"],
    knock_knock_review: ["pick-up card", "playing suit", "pick up"],
    blackjack_review: ["in one chain", "pick-up", "naming", "draw", "whole hand"],
    alex: ["opens the way", "fits", "hold", "the others hold"],
}
PLAIN = re.compile(r"\d+|yes|no|\d+ \w+")  # numbers, yes and no, and counts ("2 passes") need no teaching


def normal(text: str) -> str:
    return " ".join(text.lower().replace("’", "'").split())


def taught() -> str:
    """The lessons' text and the glossary's, as one lower-case text."""
    return normal(" ".join(p.read_text(encoding="utf-8") for p in [*TUTORIALS.glob("*.md"), GLOSSARY]))


def games_with_a_table() -> list[str]:
    """The games the site has a game page for (front matter ``layout: game``; ``game:`` or the default game)."""
    names = []
    for page in (TUTORIALS / "pages").glob("*.md"):
        front = page.read_text(encoding="utf-8").split("---")[1]
        if re.search(r"^layout:\s*game\s*$", front, re.M):
            named = re.search(r"^game:\s*(\S+)", front, re.M)
            names.append(named.group(1) if named else DEFAULT_GAME)
    return sorted(names)


def menu_terms(name: str) -> list[str]:
    menu = find_game(name).rules_menu()
    terms = [preset["title"] for preset in menu["presets"]]
    for option in menu["options"]:
        terms.append(option["label"])
        terms += [word for word in option["words"] if not PLAIN.fullmatch(word)]
    return terms


def test_the_site_has_a_game_page_for_every_game_with_a_table() -> None:
    assert games_with_a_table() == sorted(name for name in game_names() if find_game(name).table_module)


@pytest.mark.parametrize("name", games_with_a_table())
def test_every_word_of_the_table_menu_is_taught_in_a_lesson_or_the_glossary(name: str) -> None:
    text = taught()
    terms = menu_terms(name)
    assert len(terms) >= 5
    assert [term for term in terms if normal(term) not in text] == []


@pytest.mark.parametrize("module", list(SENTENCE_TERMS), ids=lambda module: module.__name__)
def test_every_term_of_the_review_and_suggest_is_in_their_sentences_and_taught(module: object) -> None:
    source = normal(inspect.getsource(module))  # type: ignore[arg-type]
    text = taught()
    terms = SENTENCE_TERMS[module]  # type: ignore[index]
    assert [term for term in terms if normal(term) not in source] == [], "a listed term is no longer said"
    assert [term for term in terms if normal(term) not in text] == []


def test_every_games_review_has_its_terms_listed() -> None:
    for name in game_names():
        package = type(find_game(name)).__module__
        if importlib.util.find_spec(f"{package}.review"):
            assert importlib.import_module(f"{package}.review") in SENTENCE_TERMS, f"list {package}.review's terms"


@pytest.fixture(scope="module")
def site(real_lessons: Callable[[str], Path]) -> Path:
    return real_lessons("/")


def test_the_glossary_is_linked_from_the_questions_page_and_every_footer(site: Path) -> None:
    assert (site / "glossary" / "index.html").is_file()
    assert 'href="../glossary/"' in (site / "questions" / "index.html").read_text(encoding="utf-8")
    for page in ("rules", "practice", "play", "play-knock-knock", "tutorials/where-a-card-belongs"):
        footer = (site / page / "index.html").read_text(encoding="utf-8").split('<footer class="site-footer">')[1]
        assert "glossary/" in footer and "Words used at the table" in footer, page
