"""Each variant on the home page leads first to what differs, then to its table (issue 25).

A name a game goes by with a preset of its own (its registry entry's ``other_names``) must have a lesson stage that
teaches it: a stage whose puzzles are asked under that preset (``rules: fan-tan``), each drawing saying so. Its home
page line (in its game's course) links to that stage first, in words taken from the stages' titles, and then to the table with the preset.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from html import escape
from pathlib import Path

import pytest

import build
from engine.blackjack.puzzles import parse_bj
from engine.games import GAMES
from engine.sevens.puzzles import parse
from sitebuild.puzzle_html import puzzle_html

# A name's line in its game's course on the home page (chosen in the game's tile, it shows that course).
TILE = re.compile(
    r'<li class="course__variant" data-variant-of="(?P<game>[a-z-]+)"><strong>(?P<name>[^<]+)</strong>:\s*'
    r'<span class="game-choice__about" data-variant="(?P<preset>[a-z-]*)">(?P<about>.*?)</span>',
    re.S,
)
LINK = re.compile(r'<a href="(?P<href>[^"]+)"(?P<marks>[^>]*)>(?P<text>[^<]+)</a>')


@pytest.fixture(scope="module")
def site(real_lessons: Callable[[str], Path]) -> Path:
    return real_lessons("/")


def tiles(site: Path) -> dict[str, dict[str, str]]:
    home = (site / "index.html").read_text(encoding="utf-8")
    return {html.unescape(m["name"]): m.groupdict() for m in TILE.finditer(home)}


def stage_section(site: Path, href: str) -> str:
    """The ``<section>`` of the stage that *href* (from the home page) points at."""
    path, _, anchor = href.partition("#")
    page = (site / path.removeprefix("./") / "index.html").read_text(encoding="utf-8")
    start = page.index(f'<section class="stage" id="{anchor}"')
    end = page.find('<section class="stage"', start + 1)
    return page[start : end if end > 0 else len(page)]


@pytest.mark.parametrize(
    ("game", "name", "preset"),
    [(game.name, name, preset) for game in GAMES for name, preset in game.other_names.items() if preset],
)
def test_each_preset_named_on_the_home_page_leads_to_its_stage_then_its_table(
    site: Path, game: str, name: str, preset: str
) -> None:
    tile = tiles(site)[name]
    assert (tile["game"], tile["preset"]) == (game, preset)
    links = LINK.findall(tile["about"])
    assert [marks.strip() for _, marks, _ in links] == ["data-variant-stage", "data-variant-table"], (
        f"{name}: no stage teaches the {preset} preset (a stage whose puzzles say 'rules: {preset}')"
    )
    (stage, _, learn), (table, _, play) = links
    assert learn == "Learn what changes" and play == f"play {name}"
    assert table.endswith(f"?rules={preset}")
    section = stage_section(site, stage)
    # The stage's puzzles say under which rules they are asked, and the stage ends at that table.
    assert f'class="puzzle__rules" data-rules="{preset}"' in section
    assert f"?rules={preset}" in section
    # What differs, in the words of the stage's title after the name ("Fan Tan: any seven opens").
    title = re.search(r'<h2 class="stage__title"[^>]*>(.*?)</h2>', section, re.S)
    heading = html.unescape(re.sub(r"<[^>]+>", "", title[1] if title else section)).split(": ", 1)[-1].strip()
    assert heading and heading in html.unescape(tile["about"])


def test_names_without_a_preset_keep_the_same_lessons_and_table(site: Path) -> None:
    for game in GAMES:
        for name, preset in game.other_names.items():
            if not preset:
                about = html.unescape(tiles(site)[name]["about"])
                assert about.startswith(f"Another name for {game.title}") and "data-variant-stage" not in about


def test_a_preset_without_a_stage_keeps_the_old_tile(tmp_path: Path) -> None:
    """Without a stage that teaches it, a preset's tile does not claim one (and the real site's test above fails)."""
    folder = tmp_path / "tutorials"
    (folder / "pages").mkdir(parents=True)
    (folder / "pages" / "home.md").write_text("---\ntitle: Home\nsummary: s\nlayout: home\n---\nHi.\n")
    puzzle = "```puzzle\nid: p{suit_id}\nkind: fits\nrules: fan-tan\ntable: -\ncard: 7{suit}\nanswer: yes\nquestion: q\nhint: h\n```\n"
    stage = "".join(puzzle.format(suit=suit, suit_id=suit.lower()) for suit in "SHC")
    lesson = (
        f"---\ntitle: One\nsummary: s\norder: 1\n---\n# One\n\n## Stage: Fan Tan: any seven opens\n\nText.\n\n{stage}"
    )
    (folder / "01-one.md").write_text(lesson)
    assert build.build(folder, tmp_path / "_site", runtime=False) == []
    found = tiles(tmp_path / "_site")
    assert "data-variant-stage" in found["Fan Tan"]["about"]
    assert "any seven opens" in found["Fan Tan"]["about"]
    assert "data-variant-stage" not in found["Parliament"]["about"]
    assert "the same lessons" in found["Parliament"]["about"]


def test_a_puzzle_under_a_variant_names_it_above_the_position() -> None:
    head = "id: p\nquestion: q\nhint: h\n"
    fan = puzzle_html(parse(head + "rules: fan-tan\nkind: fits\ntable: -\ncard: 7S\nanswer: yes"), escape)
    note = '<p class="puzzle__rules" data-rules="fan-tan"><strong>Fan Tan rules, for this puzzle only:</strong>'
    assert note in fan and fan.index(note) < fan.index('class="table"')
    assert "any seven may begin its row" in fan
    plain = puzzle_html(parse(head + "kind: fits\ntable: -\ncard: 7D\nanswer: yes"), escape)
    assert "puzzle__rules" not in plain
    # A dozen changes (Crazy Eights) are named in view and listed behind a summary, so the position stays in sight.
    crazy = puzzle_html(parse_bj(head + "rules: crazy-eights\nkind: fits\npile: 5H\ncard: 8S\nanswer: yes"), escape)
    assert '<details class="puzzle__rules" data-rules="crazy-eights"><summary><strong>Crazy Eights rules' in crazy
    assert "<li>Eights are wild: they fit on anything, and their player names the suit.</li>" in crazy
