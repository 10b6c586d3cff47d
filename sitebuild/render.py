"""Markdown to HTML for each page, and pages to finished HTML through the Jinja2 templates."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import markdown
from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateError, TemplateSyntaxError
from markupsafe import Markup

from engine.core.game import GameType, find_game, games_in_order
from engine.core.puzzles import Puzzle
from engine.core.text import join_words

from . import BuildError
from .authored import AuthoredHtml, check_source
from .lessons import DEFAULT_GAME, Page, not_found_page
from .links import collect_ids
from .practice import bank
from .puzzle_ext import PuzzleExtension, kinds_of
from .puzzle_html import puzzle_html
from .stages import Stage, split_stages
from .terms import lessons_needed, terms_of, visible_text

# Every game of the registry is one that families call Sevens (Fan Tan, Knock! Knock!, Blackjack...): the site
# is named for what they share, and each page names its own game beside it ("Learn Sevens › Knock! Knock!").
SITE_NAME = "Learn Sevens"
PROGRESS_SLUG = "progress"  # linked from every footer when the page exists
GLOSSARY_SLUG = "glossary"  # the words the site uses, linked from every footer when the page exists
PRACTICE_LABEL = "Practice"  # a game's practice page comes first in its header; then the game's nav_pages
# GitHub Pages answers a missing address at any depth with the site's 404.html.
NOT_FOUND_TEMPLATE = "404.html"
NOT_FOUND_OUTPUT = "404.html"


class MarkdownRenderer:
    """One Python-Markdown instance, reset for each page.

    Everything the author wrote enters the page here, through ``authored``
    (see :mod:`sitebuild.authored`); front matter reaches the templates as
    text, which Jinja2 escapes.
    """

    def __init__(self) -> None:
        self.authored = AuthoredHtml()
        self.puzzles = PuzzleExtension(self.authored)
        self.md = markdown.Markdown(
            extensions=["toc", "tables", "admonition", "fenced_code", self.puzzles, self.authored],
            extension_configs={
                "toc": {"permalink": "#", "permalink_title": "Link to this section"},
                "tables": {"use_align_attribute": True},  # the CSP refuses style="text-align: …"
            },
        )

    def render(self, page: Page) -> list[BuildError]:
        self.authored.found.clear()
        self.puzzles.game = page.game or DEFAULT_GAME
        if page.kind != "tutorial":
            html, puzzles, problems = self._convert(page.meta.body, page.meta.body_offset)
        else:
            intro, stages, problems = split_stages(page.meta.body, page.meta.body_offset)
            html, puzzles, more = self._convert(intro.text, intro.first_line - 1)
            problems += more
            for number, stage in enumerate(stages, start=1):
                body, found, more = self._convert(stage.text, stage.first_line - 1, number)
                problems += more
                stage.puzzles = [puzzle.id for puzzle in found]
                stage.kinds = [puzzle.kind for puzzle in found]
                stage.presets = list(dict.fromkeys(p.variant.preset for p in found if p.variant and p.variant.preset))
                html += stage_html(stage, number, len(stages), body)
                clash = {p.id for p in puzzles} & set(stage.puzzles)
                problems += [
                    (stage.line, f'puzzle "{pid}": id is used by another puzzle on this page') for pid in clash
                ]
                puzzles += found
            page.stages = stages
        page.html = html
        page.ids = collect_ids(page.html)
        page.puzzles = [puzzle.id for puzzle in puzzles]
        page.has_guided = any(puzzle.kind == "guided" for puzzle in puzzles)
        problems = _refused_source(page) + problems
        problems += [(page.line_of(needle), message) for needle, message in self.authored.found]
        return [BuildError(page.source, line, message) for line, message in problems]

    def _convert(self, text: str, line_offset: int, stage: int = 0) -> tuple[str, list[Puzzle], list[tuple[int, str]]]:
        """*text* (whose first line is file line *line_offset* + 1; of lesson stage *stage*, if not 0) as HTML,
        its puzzles and problems."""
        self.md.reset()
        self.puzzles.setConfig("line_offset", line_offset)
        self.puzzles.setConfig("stage", stage)
        html = self.md.convert(text)
        return html, list(self.puzzles.puzzles), list(self.puzzles.problems)


def stage_html(stage: Stage, number: int, count: int, body: str) -> str:
    """One stage as a ``<section>``; lessons.js reads its puzzles and writes its stars into it."""
    return (
        f'<section class="stage" id="{stage.slug}" data-stage="{stage.slug}" aria-labelledby="{stage.slug}-title">'
        f'<p class="stage__where">Stage {number} of {count} · about {stage.minutes} min</p>'
        f'<h2 class="stage__title" id="{stage.slug}-title">{escape(stage.title)}</h2>'
        f'{body}<p class="stage__status js-only" data-stage-status aria-live="polite"></p></section>'
    )


def _refused_source(page: Page) -> list[tuple[int, str]]:
    """Refused HTML in the front matter's values and in the body, at their lines in the file."""
    meta = page.meta
    problems = [(meta.lines[key], message) for key, text in meta.values.items() for _, message in check_source(text)]
    return problems + [(meta.body_offset + line, message) for line, message in check_source(meta.body)]


def template_env(templates: Path) -> Environment:
    return Environment(loader=FileSystemLoader(templates), undefined=StrictUndefined, autoescape=True)


def template_name(env: Environment, layout: str) -> str:
    """The template for *layout*; the game page falls back to ``page`` until its template exists."""
    name = f"{layout}.html"
    if layout == "game" and name not in env.list_templates():
        return "page.html"
    return name


def _link(page: Page, target: Page, root: str) -> dict[str, Any]:
    return {
        "title": target.title,
        "summary": target.summary,
        "url": root + target.url,
        "slug": target.slug,
        "current": target is page,
        "game": target.game,
    }


def context(
    page: Page,
    pages: list[Page],
    static_files: frozenset[str] = frozenset(),
    root: str | None = None,
    practice_files: int = 0,
) -> dict[str, Any]:
    """Everything a template may use; every address in it starts with *root*.

    *root* is the way back to the site root: by default relative to *page*
    (``../../``), so the site works under any base path; the 404 page, served
    at any depth, gets the configured absolute base (``/learn/``) instead.

    Each game has its own course (``courses``); ``course`` is the page's game,
    or the first game's on a page for every game, so the header always lists lessons.
    """
    root = page.root if root is None else root
    by_slug = {p.slug: p for p in pages if p.kind == "page"}
    courses = [course(page, pages, game, root) for game in games_in_order()]
    current = next((c for c in courses if c["name"] == page.game), None)
    shown = current or courses[0]
    lessons = shown["lessons"]
    number = next((lesson["number"] for lesson in lessons if lesson["current"]), None)
    progress = _link(page, by_slug[PROGRESS_SLUG], root) if PROGRESS_SLUG in by_slug else None
    glossary = _link(page, by_slug[GLOSSARY_SLUG], root) if GLOSSARY_SLUG in by_slug else None
    home = by_slug.get("home")
    return {
        "site_name": SITE_NAME,
        "root": root,
        "home_url": root + home.url if home else root,
        "page": {
            "title": page.title,
            "summary": page.summary,
            "slug": page.slug,
            "kind": page.kind,
            "layout": page.layout,
            "puzzles": page.puzzles,
            "has_guided": page.has_guided,
            "game": page.game or "",
            # The words the game's later lessons introduce (see .terms): a guided deal shows no control named so.
            "later_words": [t.word for t in terms_of(pages, page.game or "") if t.order > page.order]
            if page.kind == "tutorial"
            else [],
        },
        "game": current,
        "courses": courses,
        # The games whose progress the browser keeps (store.js): those with lessons, pages or a table on this site.
        "site_games": [c["name"] for c in courses if c["offered"] or find_game(c["name"]).table_module],
        "plain_rules": _plain_rules(),
        "static_files": static_files,
        "content": Markup(page.html),
        "tutorials": lessons,
        "lesson_number": number,
        "previous": lessons[number - 2] if number and number > 1 else None,
        "next": lessons[number] if number and number < len(lessons) else None,
        "nav_pages": shown["nav_pages"],
        "play": shown["play"],
        "progress": progress,
        "glossary": glossary,
        "practice": shown["practice"],
        "practice_sample": Markup(practice_sample(page.game, pages)) if page.layout == "practice" else "",
        "practice_files": practice_files,
        # The game page's chooser: every option and preset as the engine offers them (no rule is written in JS).
        "rules_menu": _rules_menu(page.game) if page.layout == "game" else None,
        # The game page's table: the module that draws it (site/static/js/games/), its styles and its keys, from the
        # registry.
        "table": _table(page.game) if page.layout == "game" else None,
    }


def _plain_rules() -> str:
    """The name of the default game's default rules: the first records' tables played them and were named without
    the rules, so store.js still names a table under them so (its PLAIN_RULES)."""
    game = find_game(DEFAULT_GAME)
    return str(game.options.describe(game.options.default))


def _table(name: str | None) -> dict[str, Any]:
    """The module that draws the game's table, and what the page says at its default table (its heading, text and
    keys, from its options: the page says the same of the table it deals, from the engine's state)."""
    game = find_game(name or DEFAULT_GAME)
    if game.table_module is None:
        raise ValueError(f"{game.title} has no table in the browser yet, so it has no game page")
    return {"module": game.table_module, "styles": game.table_styles, **game.options.said(game.options.default)}


def _rules_menu(name: str | None) -> dict[str, Any]:
    """The Table menu of the game *name* plays (the default game's when none is named), from its engine."""
    return find_game(name or DEFAULT_GAME).rules_menu()


def course(page: Page, pages: list[Page], game: GameType, root: str) -> dict[str, Any]:
    """One game's part of the site, as *page* links to it: its lessons, its pages in the header, its game, and what
    the home page says of it (all from its registry entry)."""
    mine = [p for p in pages if p.game == game.name]
    tutorials = [p for p in mine if p.kind == "tutorial"]
    by_slug = {p.slug: p for p in mine if p.kind == "page"}
    play = next((p for p in mine if p.kind == "page" and p.layout == "game"), None)
    practice = next((p for p in mine if p.kind == "page" and p.layout == "practice"), None)
    nav = [(practice.slug, PRACTICE_LABEL)] if practice else []
    nav += game.nav_pages
    rules = _link(page, by_slug[game.rules_page], root) if game.rules_page in by_slug else None
    return {
        "name": game.name,
        "title": game.title,
        "blurb": game.blurb,
        "three_steps": game.three_steps,
        "also_called": join_words(list(game.other_names), "or"),
        # Each other name, with its preset and the stages that teach it: the home page offers them all as ways into
        # its course, and those with a preset first to what differs, then to the game with those rules.
        "variants": [variant(name, preset, page, tutorials, root) for name, preset in game.other_names.items()],
        "lessons": [_link(page, t, root) | {"number": n, **course_entry(t)} for n, t in enumerate(tutorials, start=1)],
        "nav_pages": [_link(page, by_slug[slug], root) | {"label": label} for slug, label in nav if slug in by_slug],
        "play": _link(page, play, root) if play else None,
        "rules": rules,
        # On the home page (with a course of its own) once it has lessons, its rules page or a table to play at.
        "offered": bool(tutorials) or play is not None or rules is not None,
        # Its practice page (None for a game whose puzzles make no practice) and the kinds it counts, for progress.
        "practice": _link(page, practice, root) if practice else None,
        "practice_kinds": practice_kinds(game) if practice else [],
    }


def variant(name: str, preset: str, page: Page, tutorials: list[Page], root: str) -> dict[str, Any]:
    """Another name a game goes by, as the home page offers it: its *preset* ("" for none), the stages that teach
    that preset (those whose puzzles are asked under it), each with its address and title, and *differs*: what the
    preset changes, in the words of those stages' titles (``Fan Tan: any seven opens`` says ``any seven opens``).
    """
    stages = [
        {"url": _link(page, lesson, root)["url"] + f"#{stage.slug}", "title": stage.title}
        for lesson in tutorials
        for stage in lesson.stages
        if preset and preset in stage.presets
    ]
    differs = join_words([stage["title"].split(": ", 1)[-1] for stage in stages])
    return {"name": name, "preset": preset, "stages": stages, "differs": differs}


def practice_kinds(game: GameType) -> list[tuple[str, str]]:
    """The kinds of *game*'s practice puzzles, each with the label the progress page shows."""
    return [(kind.name, kind.label or kind.name) for kind in kinds_of(game).kinds if kind.make or kind.kept]


def practice_sample(game: str | None, pages: list[Page]) -> str:
    """The first puzzle of the bank of *game* (the default game) that uses no word a later lesson teaches (see
    :mod:`.terms`), drawn by the build: what the practice page shows without JavaScript, to anyone."""
    found = find_game(game or DEFAULT_GAME)
    terms = terms_of(pages, found.name)
    for puzzle in bank(found):
        shown = puzzle_html(puzzle, escape)
        if not lessons_needed(visible_text(shown), terms, found.name):
            return shown
    return ""


def course_entry(tutorial: Page) -> dict[str, Any]:
    """A lesson's stages for the course map: titles, anchors, puzzles (for stars) and minutes."""
    stages = [
        {"slug": s.slug, "title": s.title, "minutes": s.minutes, "puzzles": " ".join(s.puzzles)}
        for s in tutorial.stages
    ]
    puzzles = " ".join(pid for s in tutorial.stages for pid in s.puzzles)
    return {"stages": stages, "minutes": sum(s.minutes for s in tutorial.stages), "puzzles": puzzles}


def render_pages(
    templates: Path, pages: list[Page], base: str = "/", practice_files: dict[str, int] | None = None
) -> tuple[dict[str, str], list[BuildError]]:
    """Each page's finished HTML, by output path, and ``404.html`` whose links start with *base*.

    *practice_files* is how many files each game's practice bank has (by game), for its practice page's script.
    """
    env = template_env(templates)
    static = templates.parent / "static"
    static_files = frozenset(p.relative_to(static).as_posix() for p in static.rglob("*") if p.is_file())
    out: dict[str, str] = {}
    errors: list[BuildError] = []
    for page in pages:
        html = _render(
            env,
            templates,
            template_name(env, page.layout),
            page,
            context(page, pages, static_files, practice_files=(practice_files or {}).get(page.game or "", 0)),
            errors,
        )
        if html is not None:
            out[page.output] = html
    missing = not_found_page(templates / NOT_FOUND_TEMPLATE)
    html = _render(
        env, templates, NOT_FOUND_TEMPLATE, missing, context(missing, pages, static_files, root=base), errors
    )
    if html is not None:
        out[NOT_FOUND_OUTPUT] = html
    return out, errors


def _render(
    env: Environment, templates: Path, name: str, page: Page, values: dict[str, Any], errors: list[BuildError]
) -> str | None:
    """*page* through template *name*; on failure, None and the error (with file and line) in *errors*."""
    try:
        return env.get_template(name).render(values)
    except TemplateSyntaxError as error:
        errors.append(BuildError(templates / (error.name or name), error.lineno, error.message or str(error)))
    except TemplateError as error:
        errors.append(BuildError(page.source, 1, f"template {name}: {error}"))
    return None
