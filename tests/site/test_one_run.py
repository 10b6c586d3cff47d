"""All of tests/ collects in one pytest run (``make pytest``), not only in the separate processes of ``make test``.

The test folders have no ``__init__.py``, so pytest imports each module by its file name alone: two modules of one
name in two folders stop the run at collection, and ``from conftest import`` gets whichever folder's conftest.py was
imported last. Both happened, unseen by ``make test``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
FROM_CONFTEST = re.compile(r"^\s*(from\s+conftest\s+import|import\s+conftest\b)", re.MULTILINE)


def test_no_two_test_modules_share_a_name() -> None:
    folders = defaultdict(list)
    for path in sorted(TESTS.rglob("*.py")):
        if path.name != "conftest.py":
            folders[path.stem].append(path.parent.relative_to(TESTS).as_posix())
    assert {name: where for name, where in folders.items() if len(where) > 1} == {}


def test_no_module_imports_from_a_conftest() -> None:
    assert FROM_CONFTEST.search("x = 1\nfrom conftest import SUB_PATH\n")  # the check can fail
    found = [
        path.relative_to(TESTS).as_posix()
        for path in sorted(TESTS.rglob("*.py"))
        if FROM_CONFTEST.search(path.read_text("utf-8"))
    ]
    assert found == [], "ask a fixture of the conftest instead"
