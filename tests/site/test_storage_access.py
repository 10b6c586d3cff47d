"""Only store.js touches Web Storage, so one place copes when the browser blocks it (see tests/browser/test_blocked_storage.py)."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "site" / "static"


def test_no_script_but_store_js_uses_local_or_session_storage() -> None:
    scripts = sorted(STATIC.rglob("*.js"))
    assert STATIC / "js" / "store.js" in scripts
    code = {path: re.sub(r"^\s*//.*$", "", path.read_text(encoding="utf-8"), flags=re.M) for path in scripts}
    touching = [
        path.relative_to(STATIC).as_posix()
        for path, text in code.items()
        if re.search(r"\b(localStorage|sessionStorage)\b", text)
    ]
    assert touching == ["js/store.js"]
