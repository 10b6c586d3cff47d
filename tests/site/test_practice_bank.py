"""The practice bank: at least 500 puzzles of every quick kind, each judged by the rules, the same on every build."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import build
from sitebuild.practice import bank, bank_files

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
