"""Blackjack's pages (issue #28 items 4 and 6): the regional variations name every option of its declaration and
both presets, each with a Play link the game page can open; its pages are in its header and on the home page."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qs

import build
from engine.core.game import find_game
from engine.core.options import value_text

ROOT = Path(build.__file__).resolve().parent
GAME = find_game("blackjack")
PAGES = ROOT / "tutorials" / "pages"
PLAY = re.compile(r"\[[Pp]lay this variant\]\(([a-z-]+\.md)\?([^)#]+)\)")


def variants_page() -> Path:
    """The nav page of the regional variations: the one whose Play links ask for rules."""
    found = [
        PAGES / f"{slug}.md" for slug, _ in GAME.nav_pages if PLAY.search((PAGES / f"{slug}.md").read_text("utf-8"))
    ]
    assert len(found) == 1, found
    return found[0]


def play_links() -> list[tuple[str, dict[str, str]]]:
    """Each Play link of the variations page: its target and the options it sets (rules= and players=)."""
    links = []
    for target, query in PLAY.findall(variants_page().read_text(encoding="utf-8")):
        asked = {key: values[0] for key, values in parse_qs(query).items()}
        links.append((target, asked))
    return links


def test_every_option_and_every_other_value_of_the_declaration_has_a_play_link() -> None:
    options = GAME.options.options
    chosen: dict[str, set[str]] = {name: set() for name in options}
    presets = set()
    for _, asked in play_links():
        players = [f"players={asked['players']}"] if "players" in asked else []
        GAME.options.parse(",".join([asked.get("rules", ""), *players]))  # the engine reads it
        for part in filter(None, asked.get("rules", "").split(",")):
            name, equals, value = part.partition("=")
            if equals:
                chosen[name].add(value)
            else:
                presets.add(name)
        if "players" in asked:
            chosen["players"].add(asked["players"])
    assert presets == set(GAME.presets)
    for name, option in options.items():
        others = {value_text(value) for value in option.values} - {value_text(option.default)}
        if name == "players":  # a number: one other than the default is enough
            assert chosen[name] & others, "players: no Play link with another number of players"
        else:  # every value but the default
            assert others <= chosen[name], f"{name}: no Play link for {sorted(others - chosen[name])}"


def test_each_play_link_opens_the_game_page_with_its_rules(real_lessons: Callable[[str], Path]) -> None:
    """In the built site, every Play link is a link to the game page with its rules in the address the page reads
    (site/static/js/table-menu.js: tableInUrl)."""
    targets = {target for target, _ in play_links()}
    assert len(targets) == 1
    target = Path(targets.pop())
    site = real_lessons("/")
    assert 'id="game"' in (site / target.stem / "index.html").read_text(encoding="utf-8"), "the target is the game page"
    html = (site / variants_page().stem / "index.html").read_text(encoding="utf-8")
    hrefs = re.findall(r'<a href="\.\./' + target.stem + r'/\?([^"]+)">[Pp]lay this variant</a>', html)
    assert len(hrefs) == len(play_links())
    for href, (_, asked) in zip(hrefs, play_links(), strict=True):
        assert {key: values[0] for key, values in parse_qs(href.replace("&amp;", "&")).items()} == asked


def test_its_pages_are_in_its_header_and_its_course_on_the_home_page(real_lessons: Callable[[str], Path]) -> None:
    site = real_lessons("/")
    home = (site / "index.html").read_text(encoding="utf-8")
    for name in (GAME.title, *GAME.other_names):
        assert f'data-choose-game="{GAME.name}">{name}</a>' in home
    course = home.split(f'id="course-{GAME.name}"', 1)[1].split("</section>", 1)[0]
    rules = (site / GAME.rules_page / "index.html").read_text(encoding="utf-8")
    # A course with lessons links its rules beside its lessons (its other pages are in its header); a course with
    # none yet lists every page.
    lessons = "course-map" in course
    assert f'href="./{GAME.rules_page}/"' in course
    for slug, label in GAME.nav_pages:
        assert lessons or f'href="./{slug}/"' in course
        assert f'<a href="../{slug}/"' in rules and f">{label}</a>" in rules
    sheets = [slug for slug, _ in GAME.nav_pages if 'class="layout-sheet"' in (site / slug / "index.html").read_text()]
    assert len(sheets) == 1
