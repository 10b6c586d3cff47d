"""Lesson text is untrusted: every injection string in xss_vectors.txt is refused with file:line or built inert.

Each string goes into every place a lesson author writes, one place per lesson
file, so each refusal must name its own file and line. A built site is
inert when no page has a script the templates did not put there, an event
handler, a ``javascript:``/``data:``/``vbscript:`` address, a meta refresh,
a frame, object, embed, base or form, or a style element.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import build
from sitebuild.authored import clean

VECTORS = Path(__file__).with_name("xss_vectors.txt")

LESSON = """---
title: {title}
summary: {summary}
order: {order}
---

# A lesson

## Stage: One idea

{body}

```puzzle
id: fit-8d
kind: fits
question: {question}
table: 7D
card: 8D
answer: yes
hint: {hint}
```

```puzzle
id: fit-6d
kind: fits
question: Does 6♦ fit?
table: 7D
card: 6D
answer: yes
hint: Next to the seven.
```

```puzzle
id: fit-7c
kind: fits
question: Does 7♣ fit?
table: 7D
card: 7C
answer: yes
hint: Any seven.
```
"""
SAFE = {
    "title": "A lesson",
    "summary": "One idea.",
    "body": "Some text.",
    "question": "Does 8♦ fit?",
    "hint": "Next to the seven.",
}
# Where each string goes: (field of LESSON, text with @ for the string).
PLACES = {
    "text": [
        ("title", "A lesson @"),
        ("summary", "One idea. @"),
        ("body", "Before @ after."),
        ("question", "Does 8♦ fit? @"),
        ("hint", "Next to the seven. @"),
    ],
    "link": [
        ("body", "Before [a link](@) after."),
        ("question", "Does 8♦ fit? See [the rules](@)."),
        ("hint", "Next to the seven. See [why](@)."),
        ("body", "Before [a link][r] after.\n\n[r]: @"),
        ("body", "Before ![a seven](@) after."),
    ],
}


def read_vectors() -> list[tuple[str, str, str]]:
    """(section, expectation, string) for every line of the data file."""
    vectors, section = [], ""
    for line in VECTORS.read_text(encoding="utf-8").splitlines():
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
        elif line and not line.startswith("#"):
            expect, string = line.split(" ", 1)
            assert expect in ("refuse", "inert") and section in PLACES, line
            vectors.append((section, expect, string))
    return vectors


VECTOR_LIST = read_vectors()


def write_lessons(folder: Path, section: str, vector: str) -> dict[str, int]:
    """One lesson per place, the string put in that place; the line it is on, by file name."""
    (folder / "pages").mkdir(parents=True)
    lines = {}
    for order, (field, text) in enumerate(PLACES[section], start=1):
        lesson = LESSON.format(**(SAFE | {field: text.replace("@", "\0")}), order=order)
        name = f"{order:02d}-place-{order}.md"
        lines[name] = lesson[: lesson.index("\0")].count("\n") + 1
        (folder / name).write_text(lesson.replace("\0", vector), encoding="utf-8")
    return lines


SCRIPTING_TAGS = {"iframe", "frame", "frameset", "object", "embed", "applet", "base", "form", "style"}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "background", "dynsrc", "lowsrc"}
BAD_SCHEME = re.compile(r"^(javascript|data|vbscript|livescript):")


class Executable(HTMLParser):
    """Everything on a page that could run code or move the reader away; scripts and links listed apart."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.own: list[str] = []  # script and link tags, to compare with the templates' own

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "link"):
            self.own.append(self.get_starttag_text() or tag)
        if tag in SCRIPTING_TAGS:
            self.found.append(f"<{tag}>")
        values = {name: value or "" for name, value in attrs}
        if tag == "meta" and values.get("http-equiv", "").lower() == "refresh":
            self.found.append("meta refresh")
        for name, value in values.items():
            address = re.sub(r"[\x00-\x20]", "", value).lower()
            if name.startswith("on") or (name in URL_ATTRIBUTES and BAD_SCHEME.match(address)):
                self.found.append(f"<{tag} {name}={value!r}>")

    handle_startendtag = handle_starttag


def executable(html: str) -> Executable:
    parser = Executable()
    parser.feed(html)
    parser.close()
    return parser


def site_scan(site: Path) -> dict[str, Executable]:
    return {page.relative_to(site).as_posix(): executable(page.read_text("utf-8")) for page in site.rglob("*.html")}


@pytest.fixture(scope="module")
def own_tags(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, list[str]]]:
    """The script and link tags of every page when the lessons are harmless, by section."""
    own = {}
    for section, harmless in (("text", "nothing to see"), ("link", "https://example.org/")):
        folder = tmp_path_factory.mktemp(section)
        write_lessons(folder / "tutorials", section, harmless)
        assert build.build(folder / "tutorials", folder / "_site", runtime=False) == []
        own[section] = {page: scan.own for page, scan in site_scan(folder / "_site").items()}
    return own


@pytest.mark.parametrize(("section", "expect", "vector"), VECTOR_LIST, ids=[v[2][:40] for v in VECTOR_LIST])
def test_each_injection_is_refused_at_its_line_or_built_inert(
    section: str,
    expect: str,
    vector: str,
    own_tags: dict[str, dict[str, list[str]]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    lines = write_lessons(tmp_path / "tutorials", section, vector)
    errors = build.build(Path("tutorials"), tmp_path / "_site", runtime=False)
    if expect == "refuse":
        assert {(e.path.name, e.line) for e in errors} == set(lines.items()), [str(e) for e in errors]
        assert not (tmp_path / "_site").exists()
        return
    assert [str(e) for e in errors] == []
    scans = site_scan(tmp_path / "_site")
    assert {page: scan.found for page, scan in scans.items() if scan.found} == {}
    assert {page: scan.own for page, scan in scans.items()} == own_tags[section]


@pytest.mark.parametrize("vector", [v for section, _, v in VECTOR_LIST if section == "text"])
def test_the_sanitizer_alone_leaves_nothing_executable(vector: str) -> None:
    """Defence in depth: were raw HTML to reach the sanitizer, nothing in it could run."""
    scan = executable(clean(vector))
    assert scan.found == [] and scan.own == []


def refusals(folder: Path, fields: dict[str, str]) -> list[str]:
    """The build's errors for one lesson, ``tutorials/01-a.md``, with *fields* in place of the safe ones; run in
    *folder* (the current folder), so the errors name the file as an author sees it."""
    (folder / "tutorials/pages").mkdir(parents=True)
    (folder / "tutorials/01-a.md").write_text(LESSON.format(**(SAFE | fields), order=1), encoding="utf-8")
    return [str(e) for e in build.build(Path("tutorials"), folder / "_site", runtime=False)]


def test_refusals_say_what_is_wrong(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    body = (
        "Hi <b>there</b>.\n\n"
        '<script src="../../static/js/warm.js"></script>\n\n'
        "<img src=x onerror=alert(1)>\n\n"
        "[x](jav&#x09;ascript:alert(1))\n\n"
        '<meta http-equiv="refresh" content="1;url=https://example.com/">\n\n'
        "Text\n{: onclick=alert(1) }\n"
    )
    assert refusals(tmp_path, {"body": body}) == [
        "tutorials/01-a.md:13: <script> is not allowed in a lesson (it could run code or take the reader elsewhere)",
        "tutorials/01-a.md:15: event-handler attribute onerror= is not allowed in a lesson (it runs code)",
        "tutorials/01-a.md:17: link to 'jav\\tascript:alert(1)': only https://, http:// and relative links "
        "are allowed in a lesson",
        "tutorials/01-a.md:19: <meta> is not allowed in a lesson (it could run code or take the reader elsewhere)",
        "tutorials/01-a.md:22: attribute list '{onclick=alert(1)}' is not allowed in a lesson: ids, classes and "
        "other attributes are the build's own",
    ]


def test_attribute_lists_are_refused_so_a_lesson_cannot_pass_for_the_builds_markup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A paragraph's, a heading's, a link's and a code fence's: a fake ".puzzle" with an id would be taken for a
    # puzzle by lessons.js. Each is refused at its line, and nothing is written.
    monkeypatch.chdir(tmp_path)
    body = (
        "A paragraph.\n{: .puzzle #fake }\n\n"
        "### A heading {#fit-8d}\n\n"
        "A [link](https://example.org/){.puzzle} here.\n\n"
        "```{ .text .puzzle #fenced }\nsome code\n```\n"
    )
    refused = "is not allowed in a lesson: ids, classes and other attributes are the build's own"
    assert refusals(tmp_path, {"body": body, "hint": "See *this*{: .puzzle }"}) == [
        f"tutorials/01-a.md:12: attribute list '{{.puzzle #fake}}' {refused}",
        f"tutorials/01-a.md:14: attribute list '{{#fit-8d}}' {refused}",
        f"tutorials/01-a.md:16: attribute list '{{.puzzle}}' {refused}",
        f"tutorials/01-a.md:18: attribute list '```{{ .text .puzzle #fenced }}' {refused}",
        f"tutorials/01-a.md:30: attribute list '{{.puzzle}}' {refused}",
    ]
    assert not (tmp_path / "_site").exists()


def test_a_note_of_a_kind_the_site_does_not_style_is_refused_since_its_kind_becomes_a_class(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    body = '!!! tip "Fine"\n    A tip.\n\n!!! puzzle\n    Not a puzzle.\n\n!!! warning stage\n    Nor a stage.\n'
    kinds = "a note's kind is one of note, tip, warning, caution"
    assert refusals(tmp_path, {"body": body}) == [
        f"tutorials/01-a.md:14: note '!!! puzzle' is not allowed in a lesson: {kinds}",
        f"tutorials/01-a.md:17: note '!!! warning stage' is not allowed in a lesson: {kinds}",
    ]


def test_html_typed_in_a_lesson_shows_as_text_and_only_allowed_attributes_survive(tmp_path: Path) -> None:
    (tmp_path / "tutorials/pages").mkdir(parents=True)
    body = "Keep <b>bold</b> and a < b."
    fields = {"body": body, "question": "Is <i>this</i> a < b?", "title": "A <em>lesson</em>"}
    (tmp_path / "tutorials/01-a.md").write_text(LESSON.format(**(SAFE | fields), order=1), encoding="utf-8")
    assert build.build(tmp_path / "tutorials", tmp_path / "_site", runtime=False) == []
    page = (tmp_path / "_site/tutorials/a/index.html").read_text(encoding="utf-8")
    assert "<p>Keep &lt;b&gt;bold&lt;/b&gt; and a &lt; b.</p>" in page
    assert '<p class="puzzle__question" id="fit-8d-question">Is &lt;i&gt;this&lt;/i&gt; a &lt; b?</p>' in page
    assert "<title>Lesson 1: A &lt;em&gt;lesson&lt;/em&gt; · Learn Sevens</title>" in page
