"""Building temporary lesson folders: the pages and links a good build writes, and every error of a bad one."""

from __future__ import annotations

import html
import posixpath
import re
import shutil
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

import build

ROOT = Path(build.__file__).resolve().parent


class Lessons:
    """A temporary ``tutorials/`` folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        (folder / "pages").mkdir(parents=True)

    def write(self, name: str, text: str) -> Path:
        path = self.folder / name
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path


@pytest.fixture
def lessons(tmp_path: Path) -> Lessons:
    return Lessons(tmp_path / "tutorials")


def fits(pid: str, card: str = "8D") -> str:
    """A puzzle block that builds: does *card* fit next to 7♦?"""
    return (
        f"```puzzle\nid: {pid}\nkind: fits\nquestion: Fits?\ntable: 7D\ncard: {card}\nanswer: yes\nhint: Ends.\n```\n"
    )


ROWS = (
    """
---
title: Where a card belongs
summary: One row per suit.
order: 1
---

# Where a card belongs

## Stage: One row per suit

See [when to pass](02-when-to-pass.md#pass-only-when-nothing-fits), the [rules](pages/rules.md)
and [this heading](#one-row-per-suit).

```puzzle
id: fit-8h
kind: fits
question: Does 8♥ fit? See [the rules](pages/rules.md#the-rows).
table: 7D 7H
card: 8H
answer: yes
hint: Next to the seven.
```
"""
    + fits("fit-8d")
    + fits("fit-6d", "6D")
)

PASS = (
    """
---
title: When to pass
summary: Pass only when nothing fits.
order: 2
---

# When to pass

## Stage: Pass only when nothing fits

Back to [tutorial 1](01-where-a-card-belongs.md#one-row-per-suit) or [play](pages/play.md).

"""
    + fits("fit-8d")
    + fits("fit-6d", "6D")
    + fits("fit-7c", "7C")
)

RULES = """
---
title: Sevens rules in one minute
summary: The whole game.
---

# Sevens rules in one minute

## The rows

Start with [tutorial 1](../01-where-a-card-belongs.md), or read [elsewhere](https://example.org/sevens).
Or [play Fan Tan](play.md?rules=fan-tan).

| Rank | Order |
|------|-------|
| A    | low   |
"""

PLAY = """
---
title: Play a full game
summary: You against Robin, Alex and Sam.
layout: game
---

Play against three computer players.
"""


def write_good_site(lessons: Lessons) -> None:
    lessons.write("01-where-a-card-belongs.md", ROWS)
    lessons.write("02-when-to-pass.md", PASS)
    lessons.write("pages/rules.md", RULES)
    lessons.write("pages/play.md", PLAY)


def run(lessons: Lessons, out: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    status = build.main(["--tutorials", str(lessons.folder), "--out", str(out), "--no-runtime"])
    return status, capsys.readouterr().err.splitlines()


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work from tmp_path, so errors name files as tutorials/NAME.md."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def good_site(lessons: Lessons, in_tmp: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The good lesson folder, built; the built site's folder."""
    write_good_site(lessons)
    assert run(lessons, in_tmp / "_site", capsys) == (0, [])
    return in_tmp / "_site"


def test_a_good_build_writes_every_page_at_its_agreed_address(good_site: Path, in_tmp: Path) -> None:
    site = good_site
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    assert pages == [
        "404.html",
        "index.html",
        "play/index.html",
        "rules/index.html",
        "tutorials/when-to-pass/index.html",
        "tutorials/where-a-card-belongs/index.html",
    ]
    assert (site / "static/css/site.css").is_file() and (site / "static/js/lessons.js").is_file()
    assert sorted(p.name for p in in_tmp.iterdir()) == ["_site", "tutorials"]  # no staging folder left behind


def test_md_links_become_relative_addresses(good_site: Path) -> None:
    lesson = (good_site / "tutorials/where-a-card-belongs/index.html").read_text(encoding="utf-8")
    assert 'href="../../tutorials/when-to-pass/#pass-only-when-nothing-fits"' in lesson
    assert 'href="../../rules/"' in lesson
    assert 'href="../../rules/#the-rows"' in lesson  # inside the puzzle's question
    assert 'href="#one-row-per-suit"' in lesson
    assert 'href="../../static/css/site.css"' in lesson
    rules = (good_site / "rules/index.html").read_text(encoding="utf-8")
    assert 'href="../tutorials/where-a-card-belongs/"' in rules and 'href="https://example.org/sevens"' in rules
    assert 'href="../play/?rules=fan-tan"' in rules  # a query is kept: the game page with a variant chosen
    assert "<table>" in rules


LINK = re.compile(r'(?:href|src)="([^"]*)"')


def test_every_link_in_the_built_site_resolves(good_site: Path) -> None:
    site = good_site
    ids = {
        p.relative_to(site).as_posix(): set(re.findall(r'\sid="([^"]*)"', p.read_text())) for p in site.rglob("*.html")
    }
    checked = 0
    for page in ids:
        if page == "404.html":
            continue  # absolute by design, served at any depth: tests/site/test_deploy.py checks its links
        for link in LINK.findall((site / page).read_text(encoding="utf-8")):
            link = html.unescape(link)
            if link.startswith("https://"):
                continue
            assert not link.startswith("/"), f"{page}: {link} is not relative"
            path, _, anchor = link.partition("#")
            path = path.partition("?")[0]
            target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path)) if path else page
            if path.endswith("/") or path == ".":
                target = posixpath.normpath(posixpath.join(target, "index.html"))
            assert (site / target).is_file(), f"{page}: {link} -> {target} is missing"
            if anchor:
                assert anchor in ids[target], f"{page}: {link} has no #{anchor}"
            checked += 1
    assert checked > 40


def test_pages_use_no_inline_scripts_or_styles(good_site: Path) -> None:
    for page in good_site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert " style=" not in text and "<style" not in text, page
        for tag in re.findall(r"<script[^>]*>", text):
            assert 'type="application/json"' in tag or " src=" in tag, (page, tag)


def test_lesson_pages_have_progress_and_previous_next(good_site: Path) -> None:
    second = (good_site / "tutorials/when-to-pass/index.html").read_text(encoding="utf-8")
    assert "Lesson 2 of 2" in second
    assert 'href="../../tutorials/where-a-card-belongs/" rel="prev"' in second
    assert 'href="../../play/"><span class="pager__label">Next</span> Play a full game' in second
    home = (good_site / "index.html").read_text(encoding="utf-8")
    assert 'href="./tutorials/where-a-card-belongs/" data-next-step>Start lesson 1</a>' in home


BROKEN_ROWS = """
---
title: Where a card belongs
summary: One row per suit.
order: 1
---

# Where a card belongs

## Stage: Links

A link to [nowhere](03-nope.md) and to [a missing heading](02-when-to-pass.md#nowhere).

```puzzle
id: fit-9h
kind: fits
question: Does 9♥ fit?
table: 7D 5H-7H
card: 9H
answer: yes
hint: Ends.
```
"""

BROKEN_PASS = """
---
title: When to pass
order: 2
---

# When to pass

```puzzle
id: who
kind: riddle
hint: h
```

```puzzle
id: pick
kind: pick
question: Which fit?
table: 7D
hand: 8D XX
answer: 8D
hint: h
```
"""

BROKEN_RULES = """
---
title: Rules
summary: The rules.
layout: poster
---

```puzzle
id: fit
kind: fits
question: q
table: 7D
card: 8D
answer: yes
colour: red
hint: h
```
"""


def test_a_broken_build_lists_every_error_and_keeps_the_last_good_site(
    lessons: Lessons, in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lessons.write("01-where-a-card-belongs.md", BROKEN_ROWS)
    lessons.write("02-when-to-pass.md", BROKEN_PASS)
    lessons.write("pages/rules.md", BROKEN_RULES)
    old = in_tmp / "_site"
    old.mkdir()
    (old / "index.html").write_text("last good build")
    status, errors = run(lessons, old, capsys)
    assert status == 1
    assert errors == [
        'tutorials/01-where-a-card-belongs.md:9: stage "Links": 1 puzzle; a stage has 3 to 6',
        "tutorials/01-where-a-card-belongs.md:11: link 02-when-to-pass.md#nowhere: "
        "no heading or puzzle with id 'nowhere' on 02-when-to-pass.md",
        "tutorials/01-where-a-card-belongs.md:11: link 03-nope.md: no such page",
        'tutorials/01-where-a-card-belongs.md:19: puzzle "fit-9h": answer says yes, but 9♥ does not fit: '
        "the hearts row runs 5♥–7♥, so the next hearts are 4♥ and 8♥",
        "tutorials/02-when-to-pass.md:1: front matter: missing 'summary'",
        "tutorials/02-when-to-pass.md:5: a tutorial needs at least one stage: start each with '## Stage: title'",
        "tutorials/02-when-to-pass.md:8: a puzzle must sit in a stage: put it under a '## Stage: title' line",
        "tutorials/02-when-to-pass.md:10: puzzle \"who\": unknown kind 'riddle': use fits, pick, play-or-pass, opener, best, guided, chips",
        "tutorials/02-when-to-pass.md:14: a puzzle must sit in a stage: put it under a '## Stage: title' line",
        "tutorials/02-when-to-pass.md:19: puzzle \"pick\": hand: unknown card 'XX': expected a rank (A, 2-10, J, Q, K) "
        "then a suit (C, D, H, S or ♣ ♦ ♥ ♠), like 7D, 10H or 7♦",
        "tutorials/pages/rules.md:4: unknown layout 'poster': use lesson, page, home, sheet, game, progress, practice",
        "tutorials/pages/rules.md:14: puzzle \"fit\": unknown field 'colour' for a fits puzzle: "
        "use answer, card, explain, hint, id, kind, question, table",
        "build failed: 12 errors",
    ]
    assert [p.name for p in old.iterdir()] == ["index.html"]
    assert (old / "index.html").read_text() == "last good build"
    assert sorted(p.name for p in in_tmp.iterdir()) == ["_site", "tutorials"]


def test_misnamed_files_and_clashing_orders(lessons: Lessons, in_tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stage = "## Stage: S\n" + fits("p1") + fits("p2") + fits("p3")
    lessons.write("01-rows.md", "---\ntitle: A\nsummary: a\norder: 1\n---\n# A\n" + stage)
    lessons.write("02-more.md", "---\ntitle: B\nsummary: b\norder: 1\n---\n# B\n" + stage)
    lessons.write("Rows.md", "---\ntitle: C\n---\n")
    lessons.write("pages/home.md", "no front matter\n")
    status, errors = run(lessons, in_tmp / "_site", capsys)
    assert status == 1
    assert errors[:-1] == [
        "tutorials/02-more.md:4: order 1 is also 01-rows.md's",
        "tutorials/Rows.md:1: a tutorial's file name must look like NN-slug.md, e.g. 01-rows.md",
        "tutorials/pages/home.md:1: the page must start with front matter between '---' lines",
    ]
    assert not (in_tmp / "_site").exists()


def test_the_game_page_keeps_its_introduction(good_site: Path) -> None:
    play = (good_site / "play/index.html").read_text(encoding="utf-8")
    assert "Play against three computer players." in play and 'class="layout-game"' in play


def test_the_game_page_draws_the_table_its_games_registry_entry_names(good_site: Path) -> None:
    from engine.core.game import find_game

    sevens = find_game("sevens")
    play = (good_site / "play/index.html").read_text(encoding="utf-8")
    assert f'data-table-module="{sevens.table_module}"' in play
    assert f'<link rel="modulepreload" href="../static/js/{sevens.table_module}">' in play
    said = sevens.options.said(sevens.options.default)
    assert f'<p id="game-keys" class="game-keys">{said["keys"]}</p>' in play
    assert f'<h1 id="game-title">{said["heading"]}</h1>' in play and said["about"][1] in play
    assert (good_site / "static/js" / sevens.table_module).is_file()


@pytest.mark.skipif(
    not (ROOT / "node_modules/pyodide/pyodide.mjs").is_file(), reason="Pyodide is not installed (npm ci)"
)
def test_the_runtime_is_written_when_its_module_exists(real_site: Callable[[str], Path]) -> None:
    # The real lessons, built once for all the tests that read them (tests/conftest.py): their guided deals are
    # part of the key of the trimmed library's cached trace (other lessons would start Pyodide twice again).
    assert (real_site("/") / "runtime/manifest.json").is_file()


GUIDED_LESSON = (
    """
---
title: The opening
summary: Open the deal.
order: 1
---

# The opening

## Stage: Open

"""
    + fits("fit-8d")
    + fits("fit-6d", "6D")
    + """
```puzzle
id: guided-opening
kind: guided
position: - / 7D 8D / 6D / 9D / 3S / 0
script: Robin: 6D
goal: Empty your hand first.
hint: Play the 7♦.
```
"""
)


def test_guided_lessons_load_the_game_code_only_when_it_exists(lessons: Lessons, tmp_path: Path) -> None:
    from sitebuild.lessons import find_pages
    from sitebuild.render import MarkdownRenderer, render_pages

    lessons.write("01-the-opening.md", GUIDED_LESSON)
    stage = "## Stage: R\n" + fits("a") + fits("b") + fits("c")
    lessons.write("02-rows.md", "---\ntitle: Rows\nsummary: r\norder: 2\n---\n# Rows\n" + stage)
    pages, errors = find_pages(lessons.folder)
    renderer = MarkdownRenderer()
    errors += [e for page in pages for e in renderer.render(page)]
    assert errors == []
    site = tmp_path / "site"
    shutil.copytree(ROOT / "site" / "templates", site / "templates")
    (site / "static" / "js").mkdir(parents=True)
    without, _ = render_pages(site / "templates", pages)
    (site / "static" / "js" / "guided.js").write_text("// game code")
    with_code, _ = render_pages(site / "templates", pages)
    tag = '<script type="module" src="../../static/js/guided.js" data-guided></script>'
    assert tag not in without["tutorials/the-opening/index.html"]
    assert tag in with_code["tutorials/the-opening/index.html"]
    assert "guided.js" not in with_code["tutorials/rows/index.html"]
    assert (
        'data-position="- / 7D 8D / 6D / 9D / 3S / 0" data-script="Robin: 6D"'
        in with_code["tutorials/the-opening/index.html"]
    )


def test_a_lesson_that_is_not_utf8_is_one_error_at_its_line(
    lessons: Lessons, in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_good_site(lessons)
    (lessons.folder / "03-x.md").write_bytes(b"---\ntitle: x\xff\n")
    status, errors = run(lessons, in_tmp / "_site", capsys)
    assert status == 1
    assert errors == [
        "tutorials/03-x.md:2: the file is not UTF-8: byte 0xff at column 9 is not valid UTF-8 (save the file as UTF-8)",
        "build failed: 1 error",
    ]


def test_an_unclosed_puzzle_fence_is_one_error_at_its_opening(
    lessons: Lessons, in_tmp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_good_site(lessons)
    unclosed = textwrap.dedent(ROWS).lstrip("\n").rstrip().removesuffix("```")
    lessons.write("01-where-a-card-belongs.md", unclosed)
    lines = unclosed.splitlines()
    fence = len(lines) - lines[::-1].index("```puzzle")  # the last puzzle's fence lost its closing line
    status, errors = run(lessons, in_tmp / "_site", capsys)
    assert status == 1
    assert errors == [
        f"tutorials/01-where-a-card-belongs.md:{fence}: puzzle fence opened here is never closed",
        "build failed: 1 error",
    ]
