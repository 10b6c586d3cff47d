"""The practice bank: at least 500 puzzles of every quick kind, each judged by the rules, the same on every build."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import build
from engine.games import GAMES
from sitebuild.practice import bank, bank_files, folder, has_practice
from sitebuild.puzzle_ext import kinds_of

ROOT = Path(build.__file__).resolve().parent


def test_the_bank_is_big_varied_and_the_same_on_every_build(real_lessons: Callable[[str], Path]) -> None:
    first = bank_files()
    assert bank_files() == first  # same build, same bank
    puzzles = [entry for text in first.values() for entry in json.loads(text)]
    assert len(puzzles) >= 500 and len({entry["id"] for entry in puzzles}) == len(puzzles)
    kinds = Counter(entry["kind"] for entry in puzzles)
    assert set(kinds) == {"fits", "pick", "play-or-pass", "opener", "best"} and kinds["best"] >= 20
    # Both answers of the yes/no kinds come up, so guessing one way does not pay.
    answers = Counter((p.kind, p.judge().answer[0]) for p in bank() if p.kind in ("fits", "play-or-pass"))
    assert (
        min(
            answers[kind, word]
            for kind, word in [("fits", "yes"), ("fits", "no"), ("play-or-pass", "play"), ("play-or-pass", "pass")]
        )
        >= 50
    )
    # The built site (tests/conftest.py: built once for the tests that read it) carries exactly these files, and
    # every puzzle has its answer and reason baked in.
    site = real_lessons("/")
    written = {
        p.relative_to(site).as_posix(): p.read_text(encoding="utf-8") for p in (site / "practice").glob("*.json")
    }
    assert written == first
    assert all('class="puzzle__data"' in entry["html"] and "Show the answer" in entry["html"] for entry in puzzles)


def test_every_game_with_practice_puzzles_has_its_own_practice_page_and_none_without(
    real_lessons: Callable[[str], Path],
) -> None:
    site = real_lessons("/")
    for game in GAMES:
        where = site / folder(game)
        if not has_practice(game):
            assert not where.exists(), f"{game.title} makes no practice puzzles, yet has a practice page"
            continue
        made = {kind.name for kind in kinds_of(game).kinds if kind.make or kind.kept}
        served = [entry for path in where.glob("bank-*.json") for entry in json.loads(path.read_text(encoding="utf-8"))]
        assert {entry["kind"] for entry in served} == made, game.name
        assert f'data-practice-files="{len(list(where.glob("bank-*.json")))}"' in (where / "index.html").read_text(
            encoding="utf-8"
        )
    # Knock! Knock!'s practice is reached from its own pages' header, and the default game's from its own.
    assert 'href="../knock-knock-practice/">Practice' in (site / "knock-knock-rules" / "index.html").read_text("utf-8")
    assert "knock-knock-practice" not in (site / "rules" / "index.html").read_text("utf-8")
    assert 'href="../practice/">Practice' in (site / "rules" / "index.html").read_text("utf-8")


def test_a_practice_puzzles_hint_is_about_its_own_position() -> None:
    """Not one text for every puzzle of a kind: most puzzles of each made kind carry a hint of their own."""
    for game in GAMES:
        hints: dict[str, set[str]] = {}
        counts: Counter[str] = Counter()
        for puzzle in bank(game):
            hints.setdefault(puzzle.kind, set()).add(puzzle.hint)
            counts[puzzle.kind] += 1
        for kind, said in hints.items():
            assert len(said) >= min(counts[kind], 10), f"{game.name} {kind}: only {len(said)} different hints"
