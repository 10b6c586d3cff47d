"""No shared layer names a game: the registry (engine/core/game.py + engine/games.py) is the one list of games.

Scans sitebuild/, site/, tools/, bench/ and engine/core/ for a game's name in quotes (``"sevens"``,
``'knock-knock'``, ``"knock_knock"``, ``"blackjack"``) or an import of a game package (``engine.sevens``,
``engine/knock_knock``, ``from ..sevens``). A game's own folders (engine/<game>/, its tutorials and tests) may name
it. Today's known offenders are listed in ALLOWED with the count of each and the reason; the list may only shrink:
a new name fails, and so does an entry whose count has gone down (lower it, or delete it, as its branch lands).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = ("sitebuild", "site", "tools", "bench", "engine/core")
SUFFIXES = {".py", ".js", ".mjs", ".html", ".css", ".json", ".toml", ".md"}
NAMES = r"sevens|knock-knock|knock_knock|blackjack"
GAME_TABLES = "site/static/js/games/"  # each game's own table module: its folder, not a shared layer
PATTERN = re.compile(rf"[\"']({NAMES})[\"']|engine[./]({NAMES})\b|from \.\.({NAMES})\b")

DOCTEST = "a doctest or docstring example naming a game (an example, not a comparison)"
BRAND = "the site's and package's name 'sevens' (storage keys, performance marks, the command), not the game"

# (path, the text matched): (how many times, why it is still there).
ALLOWED: dict[tuple[str, str], tuple[int, str]] = {
    ("engine/core/game.py", '"sevens"'): (7, DOCTEST + "; and DEFAULT_GAME, the registry's game when none is named"),
    ("engine/core/game.py", "'sevens'"): (1, DOCTEST),
    ("engine/core/game.py", '"knock-knock"'): (5, DOCTEST),
    ("engine/core/game.py", "engine.knock_knock"): (1, "a comment on the registry's import order"),
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
            if path.suffix not in SUFFIXES or not path.is_file() or "lighthouse/" in posix or GAME_TABLES in posix:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for match in PATTERN.finditer(text):
                found[(path.relative_to(ROOT).as_posix(), match.group(0))] += 1
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
