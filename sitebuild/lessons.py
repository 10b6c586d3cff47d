"""Find the lessons and pages, and read their front matter.

Tutorials are ``tutorials/NN-slug.md``; other pages are ``tutorials/pages/slug.md``.
Each starts with front matter: ``key: value`` lines between two ``---`` lines.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from engine.core.game import DEFAULT_GAME, find_game, games_in_order

from . import BuildError
from .authored import LineFinder
from .limits import MAX_BYTES, check_shape, too_big
from .stages import Stage

TUTORIAL_NAME = re.compile(r"^(\d\d)-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$")
PAGE_NAME = re.compile(r"^([a-z0-9]+(?:-[a-z0-9]+)*)\.md$")
FRONT_MATTER_LINE = re.compile(r"^([a-z][a-z0-9_-]*)\s*:\s*(.*)$")
KEYS = ("title", "summary", "order", "layout", "game", "introduces")  # introduces: see sitebuild.terms
REQUIRED = {"tutorial": ("title", "summary", "order"), "page": ("title", "summary")}
LAYOUTS = ("lesson", "page", "home", "sheet", "game", "progress", "practice")
IGNORED = {"README.md"}
# Pages for every game (the home page with its choice of game, the progress page) name no game.
EVERY_GAME_LAYOUTS = ("home", "progress")


@dataclass(frozen=True, slots=True)
class FrontMatter:
    values: dict[str, str]
    lines: dict[str, int]
    body: str
    body_offset: int  # lines of the file before the body: body line n is file line body_offset + n


def parse_front_matter(text: str) -> tuple[FrontMatter, list[tuple[int, str]]]:
    """Split a page into its front matter and body; problems come as ``(line, message)``.

    >>> meta, problems = parse_front_matter("---\\ntitle: Rows\\norder: 1\\n---\\n# Rows\\n")
    >>> meta.values, meta.lines, meta.body, meta.body_offset, problems
    ({'title': 'Rows', 'order': '1'}, {'title': 2, 'order': 3}, '# Rows\\n', 4, [])
    """
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        return FrontMatter({}, {}, text, 0), [(1, "the page must start with front matter between '---' lines")]
    values: dict[str, str] = {}
    where: dict[str, int] = {}
    problems: list[tuple[int, str]] = []
    for number, line in enumerate(lines[1:], start=2):
        if line.strip() == "---":
            return FrontMatter(values, where, "".join(lines[number:]), number), problems
        if not line.strip():
            continue
        match = FRONT_MATTER_LINE.match(line.strip())
        if match is None:
            problems.append((number, f"front matter: expected 'key: value', got {line.strip()!r}"))
            continue
        key, value = match.groups()
        if key in values:
            problems.append((number, f"front matter: {key!r} is given twice"))
        elif key not in KEYS:
            problems.append((number, f"front matter: unknown key {key!r}: use {', '.join(KEYS)}"))
        else:
            values[key], where[key] = value.strip(), number
    return FrontMatter(values, where, "", len(lines)), [(1, "front matter is not closed with a '---' line")]


@dataclass(slots=True)
class Page:
    """One source page and where it goes in the site."""

    source: Path
    kind: str  # "tutorial" or "page"
    slug: str
    url: str  # relative to the site root: "" for home, "tutorials/rows/", "rules/"
    meta: FrontMatter
    title: str
    summary: str
    order: int
    layout: str
    game: str | None = DEFAULT_GAME  # the engine's name of the game the page teaches or plays; None: every game
    html: str = ""
    ids: list[str] = field(default_factory=list)
    puzzles: list[str] = field(default_factory=list)
    has_guided: bool = False
    stages: list[Stage] = field(default_factory=list)  # tutorials only
    _lines: LineFinder | None = field(default=None, repr=False, compare=False)

    @property
    def output(self) -> str:
        return self.url + "index.html"

    @property
    def root(self) -> str:
        """The relative way back to the site root from this page."""
        return "../" * self.url.count("/") or "./"

    def line_of(self, text: str) -> int:
        """The file line where *text* first appears in the body, as a browser reads it (else the front matter's end)."""
        if self._lines is None:
            self._lines = LineFinder(self.meta.body)
        line = self._lines.find(text)
        return self.meta.body_offset + line if line else max(self.meta.body_offset, 1)


def find_pages(tutorials: Path) -> tuple[list[Page], list[BuildError]]:
    """Every tutorial and page under *tutorials*, tutorials first in their order."""
    errors: list[BuildError] = []
    sources: list[tuple[Path, str, str]] = []
    for path in sorted(tutorials.glob("*.md")):
        match = TUTORIAL_NAME.match(path.name)
        if match:
            sources.append((path, "tutorial", match.group(2)))
        elif path.name not in IGNORED:
            errors.append(BuildError(path, 1, "a tutorial's file name must look like NN-slug.md, e.g. 01-rows.md"))
    for path in sorted((tutorials / "pages").glob("*.md")):
        match = PAGE_NAME.match(path.name)
        if match:
            sources.append((path, "page", match.group(1)))
        elif path.name not in IGNORED:
            errors.append(BuildError(path, 1, "a page's file name must look like slug.md, e.g. house-rules.md"))
    inside = tutorials.resolve()
    for path, _, _ in sources:
        if problem := not_a_lesson_file(path, inside):
            errors.append(BuildError(path, 1, problem))
    sources = [source for source in sources if not not_a_lesson_file(source[0], inside)]
    pages = []
    for path, kind, slug in sources:
        page = read_page(path, kind, slug, errors)
        if page is not None:
            pages.append(page)
    if not any(page.kind == "page" and page.slug == "home" for page in pages):
        pages.append(default_home(tutorials))
    errors.extend(_clashes(pages))
    games = [game.name for game in games_in_order()]  # the order the site lists them in: the registry's
    pages.sort(key=lambda p: (p.kind != "tutorial", games.index(p.game) if p.game in games else -1, p.order, p.slug))
    return pages, errors


def not_a_lesson_file(path: Path, tutorials: Path) -> str | None:
    """Why *path* is not read as a lesson, if it is not a file inside the folder *tutorials* (resolved).

    A symbolic link is followed only to a file inside the folder: one that leads out of it (even through a
    linked ``pages`` folder) could make the build read and show any file on the machine.
    """
    try:
        target = path.resolve(strict=True)
    except (OSError, RuntimeError):  # a broken link or a loop of links
        return "a symbolic link to nothing (or to itself): point it at a lesson file in this folder, or remove it"
    if not target.is_relative_to(tutorials):
        return f"a symbolic link that leads out of the lessons folder {tutorials.name}/: a lesson must be a file in it"
    if target.is_dir():
        return "a folder, not a file: a lesson is a file named like this; rename the folder or move it away"
    if not target.is_file():
        return "not a regular file: a lesson is a Markdown text file"
    return None


def not_utf8(data: bytes, start: int) -> tuple[int, str]:
    """The line and message for *data* whose byte at *start* is not UTF-8.

    >>> not_utf8(b"---\\ntitle: x\\xff\\n", 12)
    (2, 'the file is not UTF-8: byte 0xff at column 9 is not valid UTF-8 (save the file as UTF-8)')
    """
    line = data.count(b"\n", 0, start) + 1
    column = start - data.rfind(b"\n", 0, start)
    return (
        line,
        f"the file is not UTF-8: byte {data[start]:#04x} at column {column} is not valid UTF-8 (save the file as UTF-8)",
    )


def read_page(path: Path, kind: str, slug: str, errors: list[BuildError]) -> Page | None:
    """The page in the file *path*, or None with its problems in *errors* when it cannot be read or is refused
    before Markdown reads it (too big, or shaped so that Markdown would take too long: see :mod:`.limits`)."""
    try:
        with path.open("rb") as file:
            size = os.fstat(file.fileno()).st_size
            data = file.read(MAX_BYTES + 1)  # never more, whatever the file says its size is
    except OSError as error:
        errors.append(BuildError(path, 1, f"cannot read the file: {error.strerror or error}"))
        return None
    if problem := too_big(max(size, len(data)), data):
        errors.append(BuildError(path, *problem))
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        errors.append(BuildError(path, *not_utf8(data, error.start)))
        return None
    text = text.removeprefix("\ufeff")  # the byte-order mark some editors put first is no part of the page
    if shape := check_shape(text):
        errors.extend(BuildError(path, line, message) for line, message in shape)
        return None
    meta, problems = parse_front_matter(text)
    errors.extend(BuildError(path, line, message) for line, message in problems)
    if problems and not meta.values:
        return None
    for key in REQUIRED[kind]:
        if not meta.values.get(key):
            errors.append(BuildError(path, 1, f"front matter: missing {key!r}"))
    order = 0
    if "order" in meta.values:
        try:
            order = int(meta.values["order"])
        except ValueError:
            errors.append(BuildError(path, meta.lines["order"], "front matter: 'order' must be a whole number"))
    default_layout = "lesson" if kind == "tutorial" else "home" if slug == "home" else "page"
    layout = meta.values.get("layout", default_layout)
    if layout not in LAYOUTS:
        errors.append(BuildError(path, meta.lines["layout"], f"unknown layout {layout!r}: use {', '.join(LAYOUTS)}"))
        layout = default_layout
    if layout == "game":
        for number, line in enumerate(meta.body.splitlines(), start=1):
            if line.startswith("# "):
                message = "a game page's heading is its table's (Play Sevens, Play Fan Tan…): remove this '# ' heading"
                errors.append(BuildError(path, meta.body_offset + number, message))
    url = f"tutorials/{slug}/" if kind == "tutorial" else "" if slug == "home" else f"{slug}/"
    title = meta.values.get("title", slug)
    game = read_game(meta, layout, lambda line, message: errors.append(BuildError(path, line, message)))
    return Page(path, kind, slug, url, meta, title, meta.values.get("summary", ""), order, layout, game)


def read_game(meta: FrontMatter, layout: str, fail: Callable[[int, str], None]) -> str | None:
    """The game a page belongs to: its ``game`` (an engine game's name), else the default game (the one
    the site began with); None for a page for every game."""
    if "game" not in meta.values:
        return None if layout in EVERY_GAME_LAYOUTS else DEFAULT_GAME
    try:
        return find_game(meta.values["game"]).name
    except ValueError as error:  # the engine's words: "unknown game 'snap': choose from" the games it knows
        fail(meta.lines["game"], f"front matter: {error}")
        return DEFAULT_GAME


def default_home(tutorials: Path) -> Page:
    """The home page when ``pages/home.md`` does not exist: the template supplies its text."""
    meta = FrontMatter({}, {}, "", 0)
    summary = "Learn family card games step by step, then play a full game."
    return Page(tutorials / "pages" / "home.md", "page", "home", "", meta, "Learn card games", summary, 0, "home")


def not_found_page(source: Path) -> Page:
    """The "page not found" page: its template supplies the text; it is written as ``404.html``."""
    meta = FrontMatter({}, {}, "", 0)
    summary = "This address is not part of this site: the lessons and the games are a click away."
    return Page(source, "page", "404", "404/", meta, "Page not found", summary, 0, "page")


def _clashes(pages: list[Page]) -> list[BuildError]:
    errors = []
    by_url: dict[str, Page] = {}
    by_order: dict[tuple[str | None, int], Page] = {}
    for page in pages:
        if page.url in by_url:
            errors.append(BuildError(page.source, 1, f"same address as {by_url[page.url].source.name}: rename one"))
        by_url.setdefault(page.url, page)
        if page.kind == "tutorial":
            key = (page.game, page.order)  # each game's course has its own order
            if key in by_order:
                line = page.meta.lines.get("order", 1)
                errors.append(
                    BuildError(page.source, line, f"order {page.order} is also {by_order[key].source.name}'s")
                )
            by_order.setdefault(key, page)
    return errors


def tutorials_of(tutorials: Path, game: str) -> list[Path]:
    """The tutorial files under *tutorials* that teach *game* (as their front matter says), in course order."""
    pages, _ = find_pages(tutorials)
    return [page.source for page in pages if page.kind == "tutorial" and page.game == game]
