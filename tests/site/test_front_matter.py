"""Front matter: ``key: value`` lines between ``---`` lines, with the line of each key."""

from __future__ import annotations

from pathlib import Path

from engine.core.game import game_names
from sitebuild import BuildError
from sitebuild.lessons import parse_front_matter, read_page


def test_values_lines_and_body_offset() -> None:
    meta, problems = parse_front_matter(
        "---\ntitle: Rows\nsummary: One row: per suit.\norder: 2\n---\n# Rows\n\nText\n"
    )
    assert problems == []
    assert meta.values == {"title": "Rows", "summary": "One row: per suit.", "order": "2"}
    assert meta.lines == {"title": 2, "summary": 3, "order": 4}
    assert meta.body == "# Rows\n\nText\n"
    assert meta.body_offset == 5  # body line 1 is file line 6


def test_missing_front_matter_is_a_problem_on_line_1() -> None:
    meta, problems = parse_front_matter("# Rows\n")
    assert problems == [(1, "the page must start with front matter between '---' lines")]
    assert meta.body == "# Rows\n"


def test_unclosed_front_matter() -> None:
    _, problems = parse_front_matter("---\ntitle: Rows\n# Rows\n")
    assert (1, "front matter is not closed with a '---' line") in problems


def test_bad_unknown_and_repeated_keys_are_reported_with_their_lines() -> None:
    _, problems = parse_front_matter("---\ntitle: A\ntitle: B\ncolour: red\njust words\n---\n")
    assert problems == [
        (3, "front matter: 'title' is given twice"),
        (4, "front matter: unknown key 'colour': use title, summary, order, layout, game, introduces"),
        (5, "front matter: expected 'key: value', got 'just words'"),
    ]


def test_blank_lines_inside_front_matter_are_allowed() -> None:
    meta, problems = parse_front_matter("---\ntitle: A\n\nsummary: B\n---\nbody")
    assert problems == [] and meta.lines["summary"] == 4 and meta.body == "body"


def test_a_page_names_its_game_by_the_registrys_name_and_an_unknown_one_is_refused(tmp_path: Path) -> None:
    errors: list[BuildError] = []
    page = tmp_path / "play-knock-knock.md"
    page.write_text("---\ntitle: Play\nsummary: S\nlayout: game\ngame: Knock-Knock\n---\nbody\n")
    read = read_page(page, "page", "play-knock-knock", errors)
    assert errors == [] and read is not None and read.game == "knock-knock"
    page.write_text("---\ntitle: Play\nsummary: S\n\ngame: snap\n---\nbody\n")
    read = read_page(page, "page", "play-knock-knock", errors)
    assert read is not None and read.game == "sevens"
    assert [(error.line, error.message) for error in errors] == [
        (5, f"front matter: unknown game 'snap': choose from {', '.join(game_names())}")
    ]


def test_a_page_saved_with_a_byte_order_mark_reads_as_without_one(tmp_path: Path) -> None:
    # Some Windows editors start a UTF-8 file with a byte-order mark; it is no part of the page.
    errors: list[BuildError] = []
    page = tmp_path / "rules.md"
    page.write_bytes("\ufeff---\ntitle: Rules\nsummary: S\n---\n# Rules\n".encode())
    read = read_page(page, "page", "rules", errors)
    assert errors == [] and read is not None
    assert (read.title, read.meta.body, read.meta.body_offset) == ("Rules", "# Rules\n", 4)


def test_a_game_page_of_its_own_heading_is_refused_at_the_line_since_its_table_names_it(tmp_path: Path) -> None:
    # The heading of a game page is its table's (Play Fan Tan at Fan Tan's): a second one would say the game's
    # name at every preset's table.
    errors: list[BuildError] = []
    page = tmp_path / "play.md"
    page.write_text("---\ntitle: Play\nsummary: S\nlayout: game\n---\n\n# Play Sevens\n\nText.\n")
    assert read_page(page, "page", "play", errors) is not None
    assert [(error.line, error.message[:40]) for error in errors] == [(7, "a game page's heading is its table's (Pl")]
