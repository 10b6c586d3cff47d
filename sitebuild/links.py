"""Check the links between pages and turn ``.md`` links into the site's relative addresses.

Links are read from each page's rendered HTML, so links inside puzzles and
tables are checked too. A link to ``other.md#anchor`` must name a page that
exists and an ``id`` on it; the link becomes a relative address such as
``../../rules/#ranks`` that works wherever the site is served.

A link that opens a game's table with a variant (``play.md?rules=fan-tan&players=5``)
must name a game page, and its rules must be ones that game's engine reads. While a
game has no table in the browser it has no game page: such a link on one of its own
pages is shown as its text alone (its rules still checked), and becomes a link
once the game page exists.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections import Counter
from pathlib import Path
from urllib.parse import parse_qs

from engine.core.game import DEFAULT_GAME, RulesError, find_game

from . import BuildError
from .lessons import Page

HREF = re.compile(r'href="([^"]*)"')
ID = re.compile(r'\sid="([^"]*)"')
EXTERNAL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//")
TABLE_QUERY = ("rules", "players")  # what the game page reads from its address (site/static/js/table-menu.js)
NO_TABLE_YET = "\x00no-table-yet"  # marks a link to the game page of a game that has none yet, in one page's HTML
ANCHOR = re.compile(r'<a href="\x00no-table-yet">(.*?)</a>', re.S)


def collect_ids(page_html: str) -> list[str]:
    return [html.unescape(value) for value in ID.findall(page_html)]


def relative_url(source: Page, target: Page) -> str:
    """The address of *target* as written on *source*: ``../rules/``."""
    return source.root + target.url if target.url else source.root


def check_links(pages: list[Page]) -> list[BuildError]:
    """Check every page's links against all pages, rewriting ``.md`` links in ``page.html``."""
    by_source = {page.source.resolve(): page for page in pages}
    errors: list[BuildError] = []
    for page in pages:
        for name, count in Counter(page.ids).items():
            if count > 1:
                errors.append(
                    BuildError(page.source, page.line_of(name), f"id {name!r} is used {count} times on the page")
                )

        def rewrite(match: re.Match[str], page: Page = page) -> str:
            href = html.unescape(match.group(1))
            new, problem = _resolve(page, href, by_source)
            if problem:
                errors.append(BuildError(page.source, page.line_of(href), f"link {href}: {problem}"))
                return match.group(0)
            return f'href="{html.escape(new)}"'

        page.html = ANCHOR.sub(r"\1", HREF.sub(rewrite, page.html))
    return errors


def _resolve(page: Page, href: str, by_source: dict[Path, Page]) -> tuple[str, str | None]:
    if EXTERNAL.match(href):
        return href, None
    path, _, anchor = href.partition("#")
    path, mark, query = path.partition("?")  # play.md?rules=fan-tan: the game page with a variant chosen
    query = mark + query
    if not path:
        target = page
    elif path.endswith(".md"):
        resolved = (page.source.parent / posixpath.normpath(path)).resolve()
        found = by_source.get(resolved)
        if found is None:
            game = find_game(page.game or DEFAULT_GAME)
            if query and game.table_module is None:
                problem = _table_problem(query, game.name)
                return (href, problem) if problem else (NO_TABLE_YET, None)
            return href, "no such page"
        target = found
    else:
        return href, "link to the page's .md file (e.g. pages/rules.md), or to a full https:// address"
    if query and (problem := _table_problem(query, target.game, target.layout)):
        return href, problem
    if anchor and anchor not in target.ids:
        return href, f"no heading or puzzle with id {anchor!r} on {target.source.name}"
    if target is page and anchor and not query:
        return f"#{anchor}", None
    return relative_url(page, target) + query + (f"#{anchor}" if anchor else ""), None


def _table_problem(query: str, game_name: str | None, layout: str = "game") -> str | None:
    """What is wrong with *query* (``?rules=...&players=...``) as the address of a table of *game_name*, or None."""
    asked = parse_qs(query[1:], keep_blank_values=True)
    table = {key: values for key, values in asked.items() if key in TABLE_QUERY}
    if not table:
        return None
    if layout != "game" or game_name is None:
        return "only a game page reads rules= and players= from its address"
    if any(len(values) > 1 for values in table.values()):
        return "rules= or players= is given twice"
    text = ",".join([*table.get("rules", []), *(f"players={n}" for n in table.get("players", []))])
    game = find_game(game_name)
    try:
        game.options.parse(text)
    except RulesError as error:
        return f"{game.title} cannot deal these rules: {error}"
    return None
