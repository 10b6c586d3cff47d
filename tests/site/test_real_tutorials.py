"""The real lessons in tutorials/: they build, and each static puzzle's embedded answer is the engine's.

The answers are recomputed here straight from the rules (``Position``), not
through ``engine.sevens.puzzles``, and compared with the JSON baked into each page:
what a learner sees with no JavaScript and no Pyodide must be what the engine says.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import build
from engine.core.cards import Card, parse_cards
from engine.core.puzzles import SEAT_NAMES, read_fields
from engine.knock_knock.present import rules_menu as knock_knock_menu
from engine.sevens.position import OPENING_CARD, Position, parse_table
from engine.sevens.present import rules_menu as sevens_menu
from engine.sevens.rules import OPTIONS, PRESETS, SevensRules
from sitebuild.lessons import tutorials_of

ROOT = Path(build.__file__).resolve().parent

TUTORIALS = ROOT / "tutorials"
pytestmark = pytest.mark.skipif(not any(TUTORIALS.rglob("*.md")), reason="no lessons in tutorials/ yet")

FENCE = re.compile(r"^```puzzle\n(.*?)^```", re.DOTALL | re.MULTILINE)
SECTION = re.compile(r'<section class="puzzle[^"]*" data-kind="([^"]+)" id="([^"]+)".*?</section>', re.DOTALL)
DATA = re.compile(r'<script type="application/json" class="puzzle__data">(.*?)</script>')


@pytest.fixture(scope="module")
def site(real_lessons: Callable[[str], Path]) -> Path:
    """The real lessons, built (once for all the tests that read them: tests/conftest.py)."""
    return real_lessons("/")


def source_puzzles() -> dict[tuple[str, str], dict[str, str]]:
    """Every Sevens puzzle's fields, by (source file, id); tests/site/test_kk_tutorials.py checks Knock! Knock!'s."""
    found = {}
    for path in tutorials_of(TUTORIALS, "sevens"):
        for block in FENCE.findall(path.read_text(encoding="utf-8")):
            fields, _ = read_fields(block)
            found[(path.stem, fields["id"].value)] = {name: f.value for name, f in fields.items()}
    return found


def built_puzzles(site: Path) -> dict[tuple[str, str], tuple[str, dict[str, object]]]:
    found = {}
    for page in site.rglob("index.html"):
        text = page.read_text(encoding="utf-8")
        for match in SECTION.finditer(text):
            data = DATA.search(match.group(0))
            assert data is not None, f"{page}: puzzle {match.group(2)} has no data block"
            found[(page.parent.name, match.group(2))] = (match.group(0), json.loads(data.group(1)))
    return found


def solution(section: str) -> list[str]:
    """The engine's reason in a puzzle's "Show the answer" block: its sentence, then each listed item."""
    block = re.search(r'<div class="puzzle__solution">(.*?)</div>', section)
    assert block is not None
    return [html.unescape(text) for text in re.findall(r"<(?:p|li)>(.*?)</(?:p|li)>", block.group(1))]


def to_move(table: int, hand: int, rules: SevensRules | None = None, passed: int = 0) -> Position:
    """Seat 0 to move with *hand* (under *rules*, having passed *passed* times); the others hold a card each so the
    deal is not over."""
    other = next(card.bit for card in map(Card, range(52)) if not (table | hand) & card.bit)
    return Position(table, [hand, other, other, other], 0, rules, passes=(passed, 0, 0, 0))


def test_every_lesson_and_page_builds(site: Path) -> None:
    assert (site / "index.html").is_file()
    assert len(list((site / "tutorials").glob("*/index.html"))) == len(list(TUTORIALS.glob("[0-9][0-9]-*.md")))


def test_each_static_puzzle_embeds_the_engines_answer(site: Path) -> None:
    sources = source_puzzles()
    built = built_puzzles(site)
    by_id = {pid: value for (_, pid), value in built.items()}
    checked = 0
    for (stem, pid), fields in sources.items():
        assert pid in by_id, f"{stem}: puzzle {pid} is not on the built page"
        section, data = by_id[pid]
        kind = fields["kind"]
        if kind == "guided":
            position = Position.parse(fields["position"])
            assert f'data-position="{position.text()}"' in section
            continue
        answer = data["answer"]
        nudges = data["nudges"]
        assert isinstance(answer, list) and isinstance(nudges, dict)
        legal_shown: set[str] = set()
        # A puzzle asked under a variant's rules (its rules field) is judged under them.
        rules = OPTIONS.parse(fields["rules"]) if "rules" in fields else None
        passed = int(fields.get("passed", "0")) if kind == "play-or-pass" else 0
        if kind == "fits":
            table = parse_table(fields["table"])
            card = Card.parse(fields["card"])
            fits = card in to_move(table, card.bit, rules).legal_moves()
            assert answer == (["yes"] if fits else ["no"]), pid
            assert list(nudges) == (["no"] if fits else ["yes"]), pid  # a nudge for the wrong choice only
            if not fits:
                assert solution(section)[0] == to_move(table, card.bit, rules).why_illegal(card) + ".", pid
        elif kind in ("pick", "play-or-pass"):
            table = parse_table(fields["table"])
            hand = parse_cards(fields["hand"])
            position = to_move(table, sum(c.bit for c in hand), rules, passed)
            legal = [c.code for c in position.legal_moves()]
            legal_shown = {Card.parse(code).display for code in legal}
            illegal = [c for c in hand if c.code not in legal]
            if kind == "pick":
                assert answer == legal, pid
            else:
                limit = rules.pass_limit if rules else None
                may_pass = rules is not None and rules.voluntary_pass and (limit is None or passed < limit)
                assert answer == (["play", "pass"] if legal and may_pass else ["play"] if legal else ["pass"]), pid
                assert data.get("cards", []) == legal, pid
            for card in illegal:
                assert card.code in nudges, (pid, card)
                if kind == "play-or-pass" and not legal:  # the full reason lists every card that does not fit
                    assert position.why_illegal(card) + "." in solution(section)[1:], (pid, card)
            if kind == "pick":  # one sentence naming the selection, not a line per card (issue #25 item 5)
                assert len(solution(section)) == 1, (pid, solution(section))
        elif kind == "best":  # Sam's verdict is checked by the build (tests/site/test_best_puzzles.py)
            answer_card = Card.parse(fields["answer"])
            assert answer == [answer_card.code] and answer_card.code not in nudges, pid
            legal_shown = {answer_card.display}
        elif kind == "chips":  # the pool (a chip a player and a pass) and a chip for every card left in another hand
            assert rules is not None and rules.scoring == "chips", pid
            counts = [int(word) for word in fields["counts"].split()]
            passes = [int(word) for word in fields["passes"].split()]
            assert answer == [str(len(passes) + sum(passes) + sum(counts))], pid
        elif kind == "opener":
            holders = [name for name in SEAT_NAMES if OPENING_CARD in parse_cards(fields[name.lower()])]
            assert answer == holders, pid
            assert holders[0] not in nudges and all(holders[0] not in text for text in nudges.values()), pid
        else:
            pytest.fail(f"{pid}: unknown kind {kind}")
        # A nudge points at the learner's own choice and never names a card that would have been right.
        for choice, text in nudges.items():
            assert not any(shown in text for shown in legal_shown), (pid, choice, text)
            assert text != solution(section)[0], (pid, choice)
        assert "<summary>Show the answer</summary>" in section
        checked += 1
    assert checked >= 1


def test_the_house_rules_link_each_preset_to_the_game_page_and_the_game_page_offers_the_engines_menu(
    site: Path,
) -> None:
    house = (site / "house-rules/index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="\.\./play/\?rules=([a-z-]+)">Play this variant</a>', house)
    assert links == list(PRESETS)
    play = (site / "play/index.html").read_text(encoding="utf-8")
    assert re.findall(r'data-preset="([a-z-]+)"', play) == list(PRESETS)
    for option in sevens_menu()["options"]:
        name = option["name"]
        select = re.search(
            rf'<select id="game-(?:option-{name}|players-count)" data-option="{name}".*?</select>', play, re.DOTALL
        )
        assert select is not None, name
        assert re.findall(r'<option value="([^"]+)"', select.group(0)) == option["values"]
        if name != "players":  # the options are offered in words (the engine's), the players as numbers
            shown = re.findall(r'<option value="[^"]+"(?: selected)?>([^<]*)</option>', select.group(0))
            assert shown == [html.escape(words, quote=False) for words in option["words"]], name


def test_the_knock_knock_page_offers_its_engines_menu_and_no_presets(site: Path) -> None:
    page = (site / "play-knock-knock/index.html").read_text(encoding="utf-8")
    assert 'data-preset="' not in page
    assert 'data-default-rules=""' in page
    for option in knock_knock_menu()["options"]:
        name = option["name"]
        select = re.search(
            rf'<select id="game-(?:option-{name}|players-count)" data-option="{name}".*?</select>', page, re.DOTALL
        )
        assert select is not None, name
        assert re.findall(r'<option value="([^"]+)"', select.group(0)) == option["values"]
        assert re.search(rf'<option value="{option["default"]}" selected>', select.group(0)), name
    assert 'data-default-rules="sevens"' in (site / "play/index.html").read_text(encoding="utf-8")
