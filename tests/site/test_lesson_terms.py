"""Words before they are taught (issue 44 item 5): each lesson says in its front matter the words it introduces
(sitebuild.terms), and no lesson's page, no guided deal played in it and no practice puzzle served to a learner
who has not met that lesson uses one of them before it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import build
from engine.core.game import find_game
from engine.core.puzzles import parse_puzzle
from engine.games import GAMES
from sitebuild.lessons import Page, find_pages
from sitebuild.practice import bank_files
from sitebuild.puzzle_ext import kinds_of
from sitebuild.render import MarkdownRenderer
from sitebuild.terms import Term, terms_of, too_early, visible_text

ROOT = Path(build.__file__).resolve().parent
FENCE = re.compile(r"^```puzzle\n(.*?)^```", re.DOTALL | re.MULTILINE)
STEPS = 40  # more than any lesson's guided deal takes


@pytest.fixture(scope="module")
def pages() -> list[Page]:
    found, errors = find_pages(ROOT / "tutorials")
    assert errors == []
    return found


def lessons(pages: list[Page]) -> list[Page]:
    return [page for page in pages if page.kind == "tutorial"]


def test_the_check_finds_a_word_before_its_lesson_and_not_in_the_games_own_name() -> None:
    wild = [Term("wild", 3, "wild-aces")]
    assert too_early("9♦ does not fit on 7♣: play a club, or a wild ace.", wild, "blackjack", 1)
    assert too_early("9♦ does not fit on 7♣: play a club, or a wild ace.", wild, "blackjack", 3) == []
    knock = [Term("knock", 4, "knock-knock")]
    assert too_early("The aim of Knock! Knock!: be the first to go out.", knock, "knock-knock", 1) == []
    assert too_early("Knock as you put down your third-to-last card.", knock, "knock-knock", 1)


def test_the_later_lessons_of_each_game_with_lessons_introduce_words(pages: list[Page]) -> None:
    for game in ("blackjack", "knock-knock"):
        assert len({term.slug for term in terms_of(pages, game)}) >= 3, game


def test_no_lesson_page_uses_a_word_before_the_lesson_that_teaches_it(pages: list[Page]) -> None:
    renderer = MarkdownRenderer()
    problems = []
    for page in lessons(pages):
        assert renderer.render(page) == []
        terms = terms_of(pages, page.game or "")
        said = too_early(visible_text(page.html), terms, page.game or "", page.order)
        problems += [f"{page.source.name}: {problem}" for problem in said]
    assert problems == []


def state_words(state: dict[str, Any]) -> list[str]:
    """Every sentence of a guided deal's state that the learner may read."""
    words = [state.get(key) or "" for key in ("prompt", "comment", "setback", "table_text", "call_text", "goal")]
    words += [entry["text"] for entry in state["log"]]
    words += [card["why"] or "" for card in state["hand"]]
    words += [(state.get("pickup") or {}).get("text", "")]
    return words


def played_words(game: Any, deal: Any) -> list[str]:
    """What a guided deal says along the lesson's line, the adviser's moves (off it, the deal becomes one of the
    whole game, whose players use every rule), with the reasons of every card of yours that may not go down."""
    session = game.session()
    state = session.guided(deal.position, deal.script, deal.goal, rules=deal.rules or None, marks=deal.marks)
    said = state_words(state)
    for _ in range(STEPS):
        if state["over"]:
            break
        if state["your_turn"]:
            advice = session.suggest()
            said.append(advice["text"])
            action = advice["action"]
            if "chain" in action:  # a turn built in steps, laid one card at a time as the learner does
                for card in action["chain"]:
                    said += state_words(session.act({"lay": card})["state"])
                action = {"stop": True} | {key: action[key] for key in ("suit", "last") if key in action}
            reply = session.act(action)
        else:
            reply = session.computer_move()
        assert reply["ok"], reply
        state = reply["state"]
        said += state_words(state)
    return said


@pytest.mark.parametrize("game", [game for game in GAMES if game.puzzle_kinds], ids=lambda game: game.name)
def test_no_guided_deal_says_a_word_before_its_lesson(pages: list[Page], game: Any) -> None:
    kinds = kinds_of(game)
    terms = terms_of(pages, game.name)
    problems = []
    for page in lessons(pages):
        if page.game != game.name:
            continue
        for block in FENCE.findall(page.source.read_text(encoding="utf-8")):
            deal = parse_puzzle(block, kinds).guided()
            if deal is None:
                continue
            said = " ".join(played_words(game, deal))
            problems += [f"{page.source.name}: {problem}" for problem in too_early(said, terms, game.name, page.order)]
    assert problems == []


def test_a_practice_puzzle_lists_the_lessons_whose_words_it_uses(pages: list[Page]) -> None:
    game = find_game("blackjack")
    terms = terms_of(pages, game.name)
    entries = [entry for text in bank_files(None, [], game, terms).values() for entry in json.loads(text)]
    wild = [entry for entry in entries if re.search(r"\bwild\b", visible_text(entry["html"]), re.IGNORECASE)]
    assert wild and all("wild-aces" in entry["lessons"] for entry in wild)
    first = [entry for entry in entries if not entry["lessons"]]  # what a new visitor is served
    assert len(first) >= 50
    assert not [entry for entry in first for term in terms if term.found(visible_text(entry["html"]))]
