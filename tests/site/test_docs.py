"""The repository's documents: its copies of the rules, which a clone reads without ``../shared``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
SHARED = ROOT.parent / "shared" / "rules"


def test_every_shared_rules_file_has_its_copy_in_the_repository() -> None:
    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} is not beside this checkout")
    shared = sorted(path.name for path in SHARED.glob("*.md"))
    assert shared, f"no rules in {SHARED}"
    for name in shared:
        copy = RULES / name
        assert copy.is_file(), f"docs/rules/{name} is missing: copy it from {SHARED / name}"
        assert copy.read_bytes() == (SHARED / name).read_bytes(), (
            f"docs/rules/{name} differs from {SHARED / name}: the shared rules are the reference, copy them again"
        )


def test_the_rules_index_links_every_rules_file() -> None:
    index = (RULES / "README.md").read_text(encoding="utf-8")
    for path in RULES.glob("*.md"):
        if path.name != "README.md":
            assert f"({path.name})" in index, f"docs/rules/README.md does not link {path.name}"


def test_the_readme_is_a_short_front_door_whose_links_all_lead_somewhere() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 150, "the README is a front door: details belong in docs/"
    assert "make serve" in readme and "make test" in readme
    targets = re.findall(r"\]\(((?!https?:)[^)#]+)\)", readme)
    assert targets, "the README links its documents"
    for target in targets:
        assert (ROOT / target).exists(), f"README.md links {target}, which does not exist"
    for document in ("architecture.md", "adding-a-game.md", "writing-lessons.md", "benchmarks.md", "options.md"):
        assert f"docs/{document}" in readme, f"README.md does not link docs/{document}"
