"""The real lessons in tutorials/: they build, and each static puzzle's embedded answer is the engine's.

The answers are recomputed here straight from the rules (``Position``), not
through ``sitebuild.puzzles``, and compared with the JSON baked into each page:
what a learner sees with no JavaScript and no Pyodide must be what the engine says.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import build
from engine.core.cards import Card, parse_cards
from engine.sevens.position import OPENING_CARD, Position, parse_table
from sitebuild.puzzles import SEAT_NAMES, read_fields

ROOT = Path(build.__file__).resolve().parent

TUTORIALS = ROOT / "tutorials"
pytestmark = pytest.mark.skipif(not any(TUTORIALS.rglob("*.md")), reason="no lessons in tutorials/ yet")

FENCE = re.compile(r"^```puzzle\n(.*?)^```", re.DOTALL | re.MULTILINE)
SECTION = re.compile(r'<section class="puzzle[^"]*" data-kind="([^"]+)" id="([^"]+)".*?</section>', re.DOTALL)
DATA = re.compile(r'<script type="application/json" class="puzzle__data">(.*?)</script>')


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("real") / "_site"
    errors = build.build(TUTORIALS, out, runtime=False)
    assert [str(e) for e in errors] == []
    return out


def source_puzzles() -> dict[tuple[str, str], dict[str, str]]:
    """Every puzzle's fields, by (source file, id)."""
    found = {}
    for path in sorted(TUTORIALS.rglob("*.md")):
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


def to_move(table: int, hand: int) -> Position:
    """Seat 0 to move with *hand*; the others hold a card each so the deal is not over."""
    other = next(card.bit for card in map(Card, range(52)) if not (table | hand) & card.bit)
    return Position(table, [hand, other, other, other], 0)


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
        reasons = data["reasons"]
        assert isinstance(answer, list) and isinstance(reasons, dict)
        if kind == "fits":
            table = parse_table(fields["table"])
            card = Card.parse(fields["card"])
            fits = card in to_move(table, card.bit).legal_moves()
            assert answer == (["yes"] if fits else ["no"]), pid
            if not fits:
                assert reasons["yes"] == to_move(table, card.bit).why_illegal(card)
        elif kind in ("pick", "play-or-pass"):
            table = parse_table(fields["table"])
            hand = parse_cards(fields["hand"])
            position = to_move(table, sum(c.bit for c in hand))
            legal = [c.code for c in position.legal_moves()]
            if kind == "pick":
                assert answer == legal, pid
                for card in hand:
                    if card.code not in legal:
                        assert reasons[card.code] == position.why_illegal(card), (pid, card)
            else:
                assert answer == (["play"] if legal else ["pass"]), pid
                if legal:
                    assert reasons["pass"] == position.why_illegal(None), pid
        elif kind == "opener":
            holders = [name for name in SEAT_NAMES if OPENING_CARD in parse_cards(fields[name.lower()])]
            assert answer == holders, pid
        else:
            pytest.fail(f"{pid}: unknown kind {kind}")
        assert "<summary>Show the answer</summary>" in section
        checked += 1
    assert checked >= 1
