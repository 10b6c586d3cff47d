"""Every JavaScript file of the project parses as the module it is loaded as.

The pages, the worker and the service worker load the site's scripts as modules, and node runs the
tools' and benchmarks' .mjs files. A syntax error there (a name declared twice, say) otherwise shows
only in the browser tests, as a page that never gets ready; here it fails in seconds, naming its file.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted(
    path
    for pattern in (
        "site/static/js/*.js",
        "site/static/sw.js",
        "bench/*.mjs",
        "tools/*.mjs",
        "tests/browser/*.js",
        "tests/browser/*.mjs",
    )
    for path in ROOT.glob(pattern)
)
NODE = shutil.which("node")


def parse_error(source: str) -> str:
    """Node's syntax error for *source* read as a module, or "" when it parses."""
    assert NODE is not None
    run = subprocess.run(
        [NODE, "--input-type=module", "--check"], input=source, capture_output=True, text=True, check=False
    )
    return "" if run.returncode == 0 else run.stderr.strip()


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_every_script_parses_as_a_module() -> None:
    assert len(SCRIPTS) > 15
    errors = {path.relative_to(ROOT).as_posix(): parse_error(path.read_text(encoding="utf-8")) for path in SCRIPTS}
    assert {path: error for path, error in errors.items() if error} == {}


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_a_name_declared_twice_is_a_parse_error() -> None:
    # node --check given a .js path let this through (node 20, no "type" in package.json): the check reads modules.
    assert "Identifier 'seen' has already been declared" in parse_error("const seen = 1;\nconst seen = 2;\n")
