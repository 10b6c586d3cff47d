"""Hostile lessons: each is built or refused at ``file:line`` within a time limit, and none gives a traceback.

Every case runs the real build (``build.build``) in a forked process with a
limit on its processor time, so a lesson that makes the build slow again fails
its case instead of hanging the suite; the time each took is printed
(``pytest -s``). The limits themselves are in :mod:`sitebuild.limits`.

The build also reads only what is in the lessons folder: a symbolic link out
of it, a folder or a pipe named like a lesson is refused, never read.
"""

from __future__ import annotations

import multiprocessing
import os
import re
import resource
import signal
import time
import traceback
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

import build
import sitebuild.limits as limits
from sitebuild.limits import check_shape

ROOT = Path(build.__file__).resolve().parent
CPU_LIMIT = 10  # seconds of processor time a case may take: generous, every case takes well under one
WALL_LIMIT = 120  # wall-clock seconds, for a build that waits (on a pipe) or a very busy machine
HEAD = "---\ntitle: Hostile\nsummary: A hostile lesson.\n---\n\n"


def nested_list(depth: int) -> str:
    return "".join("    " * level + "- x\n" for level in range(depth))


def paragraphs(unit: str, count: int) -> str:
    """*count* copies of *unit*, a blank line after every 50 (so no block is too long on its own)."""
    return "\n\n".join(unit * min(50, count - start) for start in range(0, count, 50))


# (body of tutorials/pages/hostile.md, what the refusal says, or None if the page may build)
CASES: dict[str, tuple[str, str | None]] = {
    # the reports in issue #27
    "10,000 nested brackets (20 KB)": ("[" * 10_000 + "x" + "]" * 10_000, "'[' 9 deep"),
    "50,000 nested brackets (100 KB)": ("[" * 50_000 + "x" + "]" * 50_000, "a lesson or page is at most 65,536 bytes"),
    "[a]( 20,000 times": ("[a](" * 20_000, "at most 65,536 bytes"),
    "[a]( 1,900 times": ("[a](" * 1_900, "links whose '(' is never closed or holds a quote"),
    "<a 30,000 times": ("<a " * 30_000, "at most 65,536 bytes"),
    "<a 2,000 times": ("<a " * 2_000, "more than 100 '<' that could start a tag"),
    "a list 260 deep": (nested_list(260), "at most 65,536 bytes"),
    "a list 60 deep": (nested_list(60), "at most 8 levels of '>', list items and 4-space indentation"),
    "list markers 500 deep on one line": ("- " * 500 + "x", "blocks nested 500 deep"),
    # more of the same kinds
    "unclosed [ 6,000 times": ("[x " * 6_000, "'[' 9 deep"),
    '[a](" 1,500 times': ('[a]("' * 1_500, "links whose '(' is never closed or holds a quote"),
    "links nested in parentheses": ("[a](" * 900 + ")" * 900, "links whose '(' is never closed or holds a quote"),
    "blockquote 1,000 deep": (">" * 1_000 + " x", "blocks nested 1000 deep"),
    "blockquotes deepening line by line": ("".join("> " * n + "x\n\n" for n in range(40)), "at most 8 levels"),
    "notes nested by indentation": ("".join("    " * n + "!!! note\n" for n in range(40)), "at most 8 levels"),
    "emphasis run 10,000 long": ("*" * 10_000 + "x" + "*" * 10_000, "'*' open at once"),
    "emphasis nested 3,000 deep": ("*a " * 3_000 + "x" + " b*" * 3_000, "'*' open at once"),
    "underscores nested": ("_a " * 2_000 + "x", "'_' open at once"),
    "a line of 50,000 backticks": ("`" * 50_000, "a run of 50000 backticks"),
    "backtick runs growing longer": (paragraphs("".join("`" * n + "a" for n in range(1, 17)), 400), None),
    "nested fences": ("".join("`" * n + "\n" for n in range(3, 200)), "backticks; at most 16"),
    "600 unclosed fences": (paragraphs("~~~ x\n", 600), "more than 500 fence lines"),
    "a table of 5,000 rows": ("|a|b|\n|-|-|\n" + "|c|d|\n" * 5_000, "lines without a blank line; at most 100"),
    "a table 4,000 columns wide": ("|" + "a|" * 4_000 + "\n|" + "-|" * 4_000 + "\n", "at most 8,000"),
    "tables of 98 rows, as many as fit": (
        "\n\n".join(["|a|b|\n|-|-|\n" + "|c|d|\n" * 98] * 100)[: limits.MAX_BYTES - 100],
        None,
    ),
    "1,000 footnote-like references": (paragraphs("[^1] [^note]: x ", 1_000), None),
    "HTML comments never closed": ("<!-- " * 200, "more than 100 '<' that could start a tag"),
    "one HTML comment never closed": ("<!--" + paragraphs(" x" * 40, 600), None),
    "headings, 201 of them": ("# Same\n\n" * 201, "more than 200 headings"),
    "a megabyte on one line": ("x" * 1_000_000, "at most 65,536 bytes"),
    "NUL characters": ("\x00" * 7_000, None),
    # problems the build reports one by one: each report must not cost a pass over the whole page
    "9,000 links that go nowhere": (paragraphs("[a](b)\n", 9_000), "link b: link to the page's .md file"),
    "4,000 attribute lists": (
        "x\n{: .a}\n\n" * 4_000,
        "is not allowed in a lesson: ids, classes and other attributes are the build's own",
    ),
}


def child(folder: Path, conn: Connection) -> None:
    """Build *folder*/tutorials under a processor-time limit; send (seconds, errors) or a traceback."""
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT + 5))
    os.chdir(folder)  # errors name files as tutorials/…
    started = time.process_time()
    try:
        errors = [str(error) for error in build.build(folder / "tutorials", folder / "_site", runtime=False)]
        conn.send((time.process_time() - started, errors, None))
    except BaseException:  # the point is that there is none: report it as the failure
        conn.send((time.process_time() - started, [], traceback.format_exc()))


def build_in_child(folder: Path) -> tuple[float, list[str]]:
    """The processor seconds the build of *folder* took and its errors; fails the test on a timeout or traceback."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=child, args=(folder, send))
    process.start()
    finished = receive.poll(WALL_LIMIT)
    result = receive.recv() if finished else None
    process.kill()
    process.join()
    if result is None:
        over = process.exitcode == -signal.SIGXCPU
        pytest.fail(f"the build took over {CPU_LIMIT} s of processor time" if over else "the build did not finish")
    seconds, errors, failure = result
    assert failure is None, failure
    return seconds, errors


@pytest.mark.parametrize("name", list(CASES))
def test_a_hostile_lesson_is_built_or_refused_at_its_line_quickly(name: str, tmp_path: Path) -> None:
    body, refusal = CASES[name]
    (tmp_path / "tutorials" / "pages").mkdir(parents=True)
    (tmp_path / "tutorials" / "pages" / "hostile.md").write_text(HEAD + body + "\n", encoding="utf-8")
    seconds, errors = build_in_child(tmp_path)
    print(f"{name}: {len(body.encode()):,} bytes, {seconds:.2f} s, {len(errors)} errors")
    assert all(re.match(r"tutorials/pages/hostile\.md:[1-9]\d*: \S", error) for error in errors), errors[:3]
    if refusal is None:
        assert errors == []
    else:
        assert any(refusal in error for error in errors), errors[:3]


def test_a_hostile_tutorial_is_refused_before_its_stages_are_read(tmp_path: Path) -> None:
    tutorial = HEAD.replace("---\n\n", "order: 1\n---\n\n") + "# A\n\n## Stage: One\n\n" + "[" * 2_000 + "x\n"
    (tmp_path / "tutorials" / "pages").mkdir(parents=True)
    (tmp_path / "tutorials" / "01-hostile.md").write_text(tutorial, encoding="utf-8")
    _, errors = build_in_child(tmp_path)
    assert errors == [
        "tutorials/01-hostile.md:11: '[' 9 deep: a paragraph may have at most 8 '[' open at once (Markdown reads on "
        "from each one); close each with ']' or write \\[ for a bracket that opens nothing"
    ]


@pytest.mark.parametrize(
    "limit",
    [name for name in dir(limits) if name.startswith("MAX_") and name != "MAX_BYTES"],
)
def test_every_lesson_is_far_inside_every_limit(limit: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A quarter of each limit still passes every lesson and page: no real lesson comes near one.

    (Emphasis is written at most ``**``: a run of three is Markdown's own longest.)
    """
    monkeypatch.setattr(limits, limit, 2 if limit == "MAX_EMPHASIS_RUN" else getattr(limits, limit) // 4)
    lessons = sorted((ROOT / "tutorials").rglob("*.md"))
    assert lessons
    for lesson in lessons:
        assert lesson.stat().st_size <= limits.MAX_BYTES // 4
        assert check_shape(lesson.read_text(encoding="utf-8")) == [], lesson.name


def test_each_limit_is_reported_once_at_the_line_it_is_passed() -> None:
    text = "Text.\n\n" + "[" * 20 + "\n\n" + "> " * 9 + "x\n" + "> " * 9 + "y\n"
    assert check_shape(text, 5) == [
        (
            7,
            "'[' 9 deep: a paragraph may have at most 8 '[' open at once (Markdown reads on from each one); close "
            "each with ']' or write \\[ for a bracket that opens nothing",
        ),
        (9, "blocks nested 9 deep: at most 8 levels of '>', list items and 4-space indentation"),
    ]


# Symbolic links, folders and pipes named like lessons

PAGE = "---\ntitle: {title}\nsummary: A page.\n---\n\n# {title}\n\nText.\n"
SECRET = "---\nTOP SECRET: the line a build must never show\n---\n"  # a bad front matter line: its error shows it


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A lessons folder with one good page, and a secret file outside it; work from tmp_path."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tutorials" / "pages").mkdir(parents=True)
    (tmp_path / "tutorials" / "pages" / "rules.md").write_text(PAGE.format(title="Rules"), encoding="utf-8")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.md").write_text(SECRET, encoding="utf-8")
    return tmp_path / "tutorials"


def built(site: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    status = build.main(["--tutorials", str(site), "--out", str(site.parent / "_site"), "--no-runtime"])
    captured = capsys.readouterr()
    assert "TOP SECRET" not in captured.out + captured.err
    assert "Traceback" not in captured.err
    return status, captured.err.splitlines()


def test_a_symbolic_link_out_of_the_lessons_folder_is_refused_unread(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (site / "03-secret.md").symlink_to(site.parent / "outside" / "secret.md")
    (site / "pages" / "secret.md").symlink_to("../../outside/secret.md")
    out = "a symbolic link that leads out of the lessons folder tutorials/: a lesson must be a file in it"
    assert built(site, capsys) == (
        1,
        [f"tutorials/03-secret.md:1: {out}", f"tutorials/pages/secret.md:1: {out}", "build failed: 2 errors"],
    )


def test_a_pages_folder_linked_from_outside_is_refused_file_by_file(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (site / "pages" / "rules.md").unlink()
    (site / "pages").rmdir()
    (site / "pages").symlink_to(site.parent / "outside", target_is_directory=True)
    status, errors = built(site, capsys)
    assert (status, errors[0]) == (
        1,
        "tutorials/pages/secret.md:1: a symbolic link that leads out of the lessons folder tutorials/: "
        "a lesson must be a file in it",
    )


def test_a_symbolic_link_inside_the_lessons_folder_is_followed(site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (site / "shared").mkdir()
    (site / "shared" / "faq.md").write_text(PAGE.format(title="Questions"), encoding="utf-8")
    (site / "pages" / "questions.md").symlink_to("../shared/faq.md")
    assert built(site, capsys) == (0, [])
    assert "<h1" in (site.parent / "_site" / "questions" / "index.html").read_text(encoding="utf-8")


def test_broken_and_looping_links_are_refused(site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (site / "03-gone.md").symlink_to(site / "nowhere.md")
    (site / "04-loop.md").symlink_to(site / "04-loop.md")
    nothing = "a symbolic link to nothing (or to itself): point it at a lesson file in this folder, or remove it"
    assert built(site, capsys) == (
        1,
        [f"tutorials/03-gone.md:1: {nothing}", f"tutorials/04-loop.md:1: {nothing}", "build failed: 2 errors"],
    )


def test_a_folder_or_a_pipe_named_like_a_lesson_is_refused(site: Path) -> None:
    (site / "03-a-folder.md").mkdir()
    (site / "pages" / "folder.md").mkdir()
    os.mkfifo(site / "04-a-pipe.md")  # reading it would wait for ever: so the build runs in a child with a limit
    folder = "a folder, not a file: a lesson is a file named like this; rename the folder or move it away"
    assert build_in_child(site.parent)[1] == [
        f"tutorials/03-a-folder.md:1: {folder}",
        "tutorials/04-a-pipe.md:1: not a regular file: a lesson is a Markdown text file",
        f"tutorials/pages/folder.md:1: {folder}",
    ]
