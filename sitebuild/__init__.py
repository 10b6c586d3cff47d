"""The parts of the site build: lesson discovery, the puzzle Markdown extension, links and the dev server."""

from __future__ import annotations

import os
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
    """*path* relative to the working folder when it is inside it, else as given.

    The path is shown as written, not where a symbolic link in it leads (``tutorials/03-x.md``, not its target).
    """
    absolute = Path(os.path.abspath(path))
    for folder in (Path(os.path.abspath(Path.cwd())), Path.cwd().resolve()):
        if absolute.is_relative_to(folder):
            return absolute.relative_to(folder).as_posix()
    return path.as_posix()
