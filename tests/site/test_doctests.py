"""The examples in sitebuild's docstrings run (pytest collects doctests only from engine/)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "sitebuild.lessons",
    "sitebuild.cards_html",
    "sitebuild.puzzle_ext",
    "sitebuild.stages",
    "sitebuild.authored",
    "sitebuild.limits",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
