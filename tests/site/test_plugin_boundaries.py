"""No shared layer names a game: the registry (engine/core/game.py + engine/games.py) is the one list of games.

Every spelling of every registered game comes from its registry entry: its name (``"knock-knock"``), its package
(``engine.knock_knock``, ``from ..knock_knock``), its title in quotes (``"Knock! Knock!"``) and the prefix of its class
names and element ids in the browser (``kk-``, as in ``.kk-spot`` or ``"kk-top"``). The scan reads sitebuild/, site/
(templates, scripts and style sheets), tools/, bench/ and engine/core/; a game's own files may name it: its package,
its lessons and tests, and the table module and style sheet its registry entry names. A game's style sheet styles only
its own parts (each rule names a class with its prefix), so a shared file that draws one of them names the prefix.
Today's known offenders are listed in ALLOWED with the count of each and the reason; the list may only shrink: a new
name fails, and so does an entry whose count has gone down (lower it, or delete it, as its branch lands).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from engine.core.game import GameType, find_game, game_names

ROOT = Path(__file__).resolve().parents[2]
SHARED = ("sitebuild", "site", "tools", "bench", "engine/core")
SUFFIXES = {".py", ".js", ".mjs", ".html", ".css", ".json", ".toml", ".md"}
GAMES: list[GameType] = [find_game(name) for name in game_names()]


def _package(game: GameType) -> str:
    """The folder of its engine package: ``knock_knock`` for engine.knock_knock."""
    return type(game).__module__.split(".")[1]


def _own_files(game: GameType) -> list[str]:
    """Its files under site/: the table module and the style sheet its registry entry names."""
    files = [f"site/static/js/{game.table_module}"] if game.table_module else []
    return files + ([f"site/static/css/{game.table_styles}"] if game.table_styles else [])


def _either(words: list[str]) -> str:
    return "|".join(re.escape(word) for word in sorted(set(words), key=len, reverse=True))


NAMES = _either([game.name for game in GAMES] + [_package(game) for game in GAMES])
PACKAGES = _either([_package(game) for game in GAMES])
TITLES = _either([game.title for game in GAMES])
PREFIXES = _either([game.prefix for game in GAMES])
OWN_FILES = {path for game in GAMES for path in _own_files(game)}
PATTERN = re.compile(
    rf"[\"'`]({NAMES}|{TITLES})[\"'`]|engine[./]({PACKAGES})\b|from \.\.({PACKAGES})\b|(?<!\w)({PREFIXES})(?=[a-zA-Z])"
)

DOCTEST = "a doctest or docstring example naming a game (an example, not a comparison)"
BRAND = "the site's and package's name 'sevens' (storage keys, performance marks, the command), not the game"

# (path, the text matched): (how many times, why it is still there).
ALLOWED: dict[tuple[str, str], tuple[int, str]] = {
    ("engine/core/game.py", '"sevens"'): (7, DOCTEST + "; and DEFAULT_GAME, the registry's game when none is named"),
    ("engine/core/game.py", "'sevens'"): (1, DOCTEST),
    ("engine/core/game.py", '"knock-knock"'): (5, DOCTEST),
    ("engine/core/game.py", "engine.knock_knock"): (1, "a comment on the registry's import order"),
    ("engine/core/game.py", '"Sevens"'): (1, DOCTEST + " (the title's example)"),
    ("engine/core/terminal.py", '"Blackjack"'): (1, DOCTEST),
    ("sitebuild/terms.py", '"Knock! Knock!"'): (1, DOCTEST + " (a game's own name is no lesson's word)"),
    ("engine/core/match.py", '"sevens"'): (2, DOCTEST),
    ("engine/core/protocol.py", '"sevens"'): (1, DOCTEST),
    ("engine/core/records.py", '"sevens"'): (4, "the first records (rules: 'sevens', no game) read as Sevens"),
    ("engine/core/cli.py", '"sevens"'): (1, BRAND),
    ("bench/lighthouse.py", '"sevens"'): (1, BRAND + " (the path the site is served under)"),
    ("bench/engine_speed.py", "engine.sevens"): (
        11,
        "Sevens' own engine benchmark (card masks); to move to engine/sevens",
    ),
    ("bench/sam_choices.py", "engine.sevens"): (
        7,
        "Sevens' Sam, measured by its own benchmark; to move to engine/sevens",
    ),
    ("tools/find_best_puzzles.py", "engine.sevens"): (4, "Sevens' puzzle search, a tool of its tutorials"),
    ("tools/find_best_puzzles.py", "engine/sevens"): (1, "Sevens' puzzle search writes its kept file"),
    ("tools/find_best_puzzles.py", '"sevens"'): (1, "Sevens' puzzle search names the game it searches"),
}


def names_in_shared_layers() -> Counter[tuple[str, str]]:
    found: Counter[tuple[str, str]] = Counter()
    for folder in SHARED:
        for path in sorted((ROOT / folder).rglob("*")):
            posix = path.as_posix()
            mine = path.relative_to(ROOT).as_posix()
            if path.suffix not in SUFFIXES or not path.is_file() or "lighthouse/" in posix or mine in OWN_FILES:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for match in PATTERN.finditer(text):
                found[(mine, match.group(0))] += 1
    return found


def test_no_shared_layer_names_a_game_beyond_the_known_offenders() -> None:
    found = names_in_shared_layers()
    new = {key: count for key, count in found.items() if count > ALLOWED.get(key, (0, ""))[0]}
    assert not new, (
        f"a game is named in a shared layer: {new}. Ask the registry (engine.core.game.find_game, game_names) or the "
        "game type instead"
    )


def test_the_allow_list_only_shrinks() -> None:
    found = names_in_shared_layers()
    stale = {key: (allowed, found[key]) for key, (allowed, _) in ALLOWED.items() if found[key] < allowed}
    assert not stale, f"these names have gone (allowed, found now): {stale}; lower or delete their ALLOWED entries"


def test_the_scan_finds_a_game_named_in_a_shared_layer() -> None:
    assert PATTERN.search('if game == "knock-knock":') and PATTERN.search("from engine.sevens.rules import X")
    assert PATTERN.search("from ..blackjack import BLACKJACK") and not PATTERN.search('"sevens-playable"')
    # Its title in quotes, its prefix in a style sheet's selector and in a script's class name.
    assert PATTERN.search('export const PLAIN_RULES = "Sevens";') and PATTERN.search(".game :is(.kk-spot, .bj-spot) {")
    assert PATTERN.search('el("li", { class: `sv-row suit-${row.suit}` })') and not PATTERN.search("a csv-file")


def test_every_game_has_its_own_prefix_and_files() -> None:
    prefixes = [game.prefix for game in GAMES]
    assert len(set(prefixes)) == len(prefixes), f"two games share a prefix: {prefixes}"
    for game in GAMES:
        assert re.fullmatch(r"[a-z]{2,4}-", game.prefix), f"{game.name}: a prefix is 2-4 small letters and '-'"
        for path in _own_files(game):
            assert (ROOT / path).is_file(), f"{game.name}'s registry entry names {path}, which is missing"


def _rules(css: str) -> list[str]:
    """The selectors of each rule of *css* (at-rules' own lines and comments left out)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return [selector.strip() for selector in re.findall(r"([^{}]+)\{", css) if not selector.strip().startswith("@")]


def test_a_games_style_sheet_styles_its_own_parts_alone() -> None:
    """Each selector names a class with the game's prefix: its rules reach no other game's table and no shared part,
    and a shared file that drew one of its parts would name the prefix (the scan above finds it)."""
    for game in GAMES:
        if not game.table_styles:
            continue
        css = (ROOT / "site/static/css" / game.table_styles).read_text(encoding="utf-8")
        strays = [
            selector
            for rule in _rules(css)
            for selector in rule.split(",")
            if not re.search(rf"\.{re.escape(game.prefix)}[\w-]", selector)
        ]
        assert not strays, f"{game.table_styles} styles what is not {game.name}'s own ({game.prefix}...): {strays}"
