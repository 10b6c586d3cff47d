"""pyproject.toml installs the whole engine: every package under engine/ and a console script that exists."""

from __future__ import annotations

import importlib
import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_engine_package_is_installed() -> None:
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "engine").rglob("__init__.py")}
    # Found (setuptools matches each package's name against the patterns): a new game's package needs no line here.
    find = PROJECT["tool"]["setuptools"]["packages"]["find"]
    assert set(find) == {"include"} and "engine.core" in found
    assert all(any(fnmatch(package, pattern) for pattern in find["include"]) for package in found)


def test_console_scripts_name_functions_that_exist() -> None:
    for name, target in PROJECT["project"]["scripts"].items():
        module, _, function = target.partition(":")
        assert callable(getattr(importlib.import_module(module), function, None)), name
