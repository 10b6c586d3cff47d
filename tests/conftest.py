"""The real site, built once for a whole ``make test`` and read by every test that only reads it.

A build of the real lessons costs seconds of processor time (and, from a fresh
clone, a run of the standard-library tracer under Node: see sitebuild/stdlib.py),
and ``make test`` runs several pytest processes side by side. So ``make test``
names a folder of its own in ``SEVENS_TEST_SITE``: the first process that asks
for the site of a base path builds it there, holding a lock, and the others wait
for that build and read it. Without the variable (pytest run by hand) each
session builds its own into a temporary folder, as before.

Tests that need a special build (another lessons folder, a changed file) build
their own. Kept free of anything Pyodide lacks at import time: tools/pyodide_pytest.mjs
runs tests/engine, under this folder, in Pyodide.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from engine.core import webapi

ROOT = Path(__file__).resolve().parents[1]
# --doctest-modules would import this file again as a module named conftest, the name every conftest.py of a folder
# without __init__.py is imported as: in a run of all of tests/ that is tests/browser/conftest.py by then.
collect_ignore = ["conftest.py"]
SHARED = "SEVENS_TEST_SITE"  # the folder `make test` shares between its pytest processes (see the Makefile)


@pytest.fixture(autouse=True)
def _no_deal_left_open() -> Iterator[None]:
    """Each test leaves no web-API session behind. The page's deals are one registry a process, with a limit
    (webapi.MAX_SESSIONS); the site tests ran before the engine's left it full, and an engine test was refused
    "too many deals open at once"."""
    yield
    webapi.SESSIONS.clear()


def _build(out: Path, base: str) -> None:
    command = [sys.executable, "build.py", "--out", str(out), "--base", base]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}"


@pytest.fixture(scope="session")
def real_site(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """``real_site(base)``: the real lessons built with the runtime for *base* ("/" or "/sevens/"), once a
    session, or once for a whole ``make test`` when it names a folder in ``SEVENS_TEST_SITE``."""
    built: dict[str, Path] = {}

    def site(base: str) -> Path:
        if base not in built:
            built[base] = _shared(Path(shared), base) if (shared := os.environ.get(SHARED)) else _own(base)
        return built[base]

    def _own(base: str) -> Path:
        out = tmp_path_factory.mktemp("site") / "_site"
        _build(out, base)
        return out

    return site


@pytest.fixture(scope="session")
def real_lessons(real_site: Callable[[str], Path], tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """``real_lessons(base)``: the real lessons built for *base*, for tests that read their pages and need no
    runtime: in ``make test`` the shared site of :func:`real_site`, else a quicker build without the runtime."""
    built: dict[str, Path] = {}

    def site(base: str) -> Path:
        if os.environ.get(SHARED):
            return real_site(base)
        if base not in built:
            import build  # here, not at the top: Pyodide reads this file too

            out = tmp_path_factory.mktemp("lessons") / "_site"
            assert [str(error) for error in build.build(ROOT / "tutorials", out, runtime=False, base=base)] == []
            built[base] = out
        return built[base]

    return site


def _shared(folder: Path, base: str) -> Path:
    """The site for *base* in *folder*: built by the first process to ask, which holds a lock while it builds."""
    import fcntl  # here, not at the top: Pyodide reads this file too

    folder = folder.resolve()
    folder.mkdir(parents=True, exist_ok=True)
    name = base.strip("/").replace("/", "-") or "root"
    out, done = folder / name, folder / f"{name}.built"
    with (folder / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another process is building: wait for it, then read its build
        if not done.exists():
            _build(out, base)  # build.py writes the folder whole or not at all
            done.touch()
    return out
