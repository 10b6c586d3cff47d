"""The browser's trimmed standard library: which engine imports it must hold, and its bytes."""

from __future__ import annotations

import runpy
import textwrap
import zipfile
from pathlib import Path

import pytest

from sitebuild import stdlib

ROOT = Path(stdlib.__file__).resolve().parent.parent


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")


@pytest.fixture
def engine(tmp_path: Path) -> Path:
    """A small engine: an API module, a sub-package reached relatively, and a command line the page never runs."""
    package = tmp_path / "toy"
    write(package / "__init__.py", "")
    write(package / "api.py", "import json\nfrom .rules import score\n")
    write(package / "rules/__init__.py", "from .score import score\n")
    write(
        package / "rules/score.py",
        """
        from __future__ import annotations
        from typing import TYPE_CHECKING
        if TYPE_CHECKING:
            import decimal
        def score(cards):
            import fractions
            return fractions.Fraction(len(cards))
        """,
    )
    write(package / "cli.py", "import argparse\n")
    return package


@pytest.fixture
def full_zip(tmp_path: Path) -> Path:
    path = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for name in ("json/__init__.py", "json/decoder.py", "typing.py", "fractions.py", "decimal.py", "argparse.py"):
            archive.writestr(name, f"# {name}\n")
    return path


def test_imports_are_followed_from_the_api_module_into_functions_but_not_type_checking(engine: Path) -> None:
    found = {(path.name, line, name) for path, line, name in stdlib.engine_imports(engine, "toy.api")}
    assert ("api.py", 1, "json") in found
    assert ("score.py", 6, "fractions") in found  # imported inside a function: still needed
    assert ("score.py", 2, "typing") in found
    names = {name for _, _, name in found}
    assert "decimal" not in names  # only for the type checker
    assert "argparse" not in names  # the command line is not reachable from the API module


def test_an_engine_import_missing_from_the_trimmed_library_is_named_with_file_and_line(
    engine: Path, full_zip: Path
) -> None:
    used = stdlib.Used({"json/__init__.py": "", "typing.py": ""}, frozenset({"sys"}))
    problems = stdlib.missing_imports(engine, "toy.api", used, full_zip)
    assert len(problems) == 1
    assert problems[0].startswith("toy/rules/score.py:6: imports fractions, which the browser's trimmed")
    complete = stdlib.Used({**used.sources, "fractions.py": ""}, used.builtin)
    assert stdlib.missing_imports(engine, "toy.api", complete, full_zip) == []


def test_an_import_of_something_that_is_not_in_the_standard_library_is_refused(engine: Path, full_zip: Path) -> None:
    write(engine / "api.py", "import json\nimport numpy\n")
    used = stdlib.Used({"json/__init__.py": ""}, frozenset())
    assert [line.split(" which")[0] for line in stdlib.missing_imports(engine, "toy.api", used, full_zip)] == [
        "toy/api.py:2: imports numpy,"
    ]


def test_the_trimmed_zip_holds_the_used_files_and_is_the_same_bytes_every_time(tmp_path: Path) -> None:
    sources = {"json/decoder.py": "x = 1\n", "json/__init__.py": "", "typing.py": '""\nT = 2\n'}
    first = stdlib.write_trimmed(sources, tmp_path / "a")
    second = stdlib.write_trimmed(dict(reversed(sources.items())), tmp_path / "b")
    assert first.name == second.name and first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as archive:
        assert archive.namelist() == ["json/", "json/__init__.py", "json/decoder.py", "typing.py"]
        assert archive.read("typing.py") == b'""\nT = 2\n'
    changed = stdlib.write_trimmed({**sources, "typing.py": "T = 3\n"}, tmp_path / "a")
    assert changed.name != first.name and not first.exists()  # a new name for new content; the old one goes


def test_guided_deals_are_read_from_the_built_lesson_pages(tmp_path: Path) -> None:
    write(
        tmp_path / "tutorials/a/index.html",
        """
        <section class="puzzle" data-kind="guided" data-position="- / 7C / 0" data-script="">x</section>
        <section class="puzzle" data-kind="pick" data-position="- / 8C / 0">y</section>
        <section class="puzzle" data-kind="guided" data-game="knock-knock" data-position="hands 2C / 9S | pile 9D | turn 0">z</section>
        """,
    )
    write(tmp_path / "index.html", '<section data-kind="guided" data-position="- / 7C / 0"></section>')
    assert stdlib.guided_deals(tmp_path) == [
        {"game": "sevens", "position": "- / 7C / 0", "script": ""},
        {"game": "knock-knock", "position": "hands 2C / 9S | pile 9D | turn 0", "script": ""},
    ]


def test_stripping_drops_comments_and_docstrings_but_keeps_every_line_and_all_code() -> None:
    strip = runpy.run_path(str(ROOT / "tools" / "stdlib_strip.py"))["strip"]
    source = textwrap.dedent(
        '''
        # -*- coding: utf-8 -*-
        """Module doc
        over two lines."""
        import re  # the pattern module
        HASH = "# not a comment"

        def f(x):
            """Only a docstring, é."""

        class C: """kept: shares its line with code"""

        def g():
            """Doc."""
            return HASH  # why
        '''
    ).lstrip("\n")
    stripped = strip(source)
    assert stripped.count("\n") == source.count("\n")
    assert stripped.splitlines()[0] == "# -*- coding: utf-8 -*-"
    assert "Module doc" not in stripped and "the pattern module" not in stripped and "why" not in stripped
    assert 'HASH = "# not a comment"' in stripped and "kept: shares its line" in stripped
    namespace: dict[str, object] = {}
    exec(compile(stripped, "stripped.py", "exec"), namespace)
    assert namespace["__doc__"] == "" and namespace["g"]() == "# not a comment"  # type: ignore[operator]
    line = source.splitlines().index("    return HASH  # why")
    assert stripped.splitlines()[line] == "    return HASH"  # on the same line as in the source
