"""The parts of the site build: lesson discovery, the puzzle Markdown extension, links and the dev server."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True, order=True)
class BuildError:
    """One problem that stops the build, reported as ``file:line: message``."""

    path: Path
    line: int
    message: str

    def __str__(self) -> str:
        return f"{shown_path(self.path)}:{self.line}: {self.message}"


def shown_path(path: Path) -> str:
    """*path* relative to the working folder when it is inside it, else as given."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()
