"""Helpers for the site build tests: small lesson folders written on the fly."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


class Lessons:
    """A temporary ``tutorials/`` folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        (folder / "pages").mkdir(parents=True)

    def write(self, name: str, text: str) -> Path:
        path = self.folder / name
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path


@pytest.fixture
def lessons(tmp_path: Path) -> Lessons:
    return Lessons(tmp_path / "tutorials")
