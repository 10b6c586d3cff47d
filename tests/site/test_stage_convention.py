"""The stage convention: '## Stage: title', one idea in at most 120 words, then 3 to 6 puzzles; errors by file:line."""

from __future__ import annotations

from pathlib import Path

import pytest

import build


def fits(pid: str) -> str:
    return f"```puzzle\nid: {pid}\nkind: fits\nquestion: Fits?\ntable: 7D\ncard: 8D\nanswer: yes\nhint: Ends.\n```\n\n"


def test_every_broken_stage_rule_is_reported_with_its_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tutorials" / "pages").mkdir(parents=True)
    long_idea = " ".join(["word"] * 121)
    text = (
        "---\ntitle: Rows\nsummary: r\norder: 1\n---\n# Lesson\n\n"  # lines 1-7
        + fits("early")  # 8-17: a puzzle before any stage
        + "## Stage: Rows\n\n"
        + long_idea
        + "\n\n"
        + fits("a")
        + fits("b")
        + fits("c")  # 18
        + "## Stage: Rows\n\n"
        + fits("d")  # 52: same title, one puzzle
        + "### Stage two\n\n"  # 64: not a stage heading
        + "## Stage:\n\n"
        + fits("e")
        + fits("f")
        + fits("g")
        + fits("h")
        + fits("i")
        + fits("j")
        + fits("k")  # 66
    )
    (tmp_path / "tutorials" / "01-rows.md").write_text(text, encoding="utf-8")
    errors = [str(e) for e in build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False)]
    assert errors == [
        "tutorials/01-rows.md:8: a puzzle must sit in a stage: put it under a '## Stage: title' line",
        'tutorials/01-rows.md:18: stage "Rows": 121 words of explanation; one idea in at most 120 words',
        'tutorials/01-rows.md:52: stage "Rows": 1 puzzle; a stage has 3 to 6',
        'tutorials/01-rows.md:52: stage "Rows": same title as the stage on line 18',
        "tutorials/01-rows.md:64: write a stage heading as '## Stage: title'",
        "tutorials/01-rows.md:66: a stage needs a title after 'Stage:'",
        'tutorials/01-rows.md:66: stage "": 7 puzzles; a stage has 3 to 6',
    ]
    assert not (tmp_path / "_site").exists()


def test_a_stage_becomes_a_section_with_its_time_and_a_place_for_stars(tmp_path: Path) -> None:
    (tmp_path / "tutorials" / "pages").mkdir(parents=True)
    text = (
        "---\ntitle: Rows\nsummary: r\norder: 1\n---\n# Rows\n\n## Stage: One row\n\nIdea.\n\n"
        + fits("a")
        + fits("b")
        + fits("c")
    )
    (tmp_path / "tutorials" / "01-rows.md").write_text(text, encoding="utf-8")
    assert build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False) == []
    page = (tmp_path / "_site" / "tutorials" / "rows" / "index.html").read_text(encoding="utf-8")
    assert '<section class="stage" id="one-row" data-stage="one-row"' in page
    assert "Stage 1 of 1 · about 2 min" in page and "data-stage-status" in page
    assert 'data-map-stage="rows" data-puzzles="a b c"' in page  # the course map counts its stars from these
    assert "I've finished" not in page
