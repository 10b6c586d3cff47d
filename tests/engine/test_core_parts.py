"""The core's session is made of parts (engine/core/session.py composes them): no class in engine/core grows into
a god-object again, the size issue 45 set (about 300 lines or 25 methods a class)."""

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "engine" / "core"
MOST_LINES = 300
MOST_METHODS = 25


def classes() -> list[tuple[str, int, int]]:
    """Every class in engine/core: its name (with its module), its lines and its methods (dunders aside)."""
    found = []
    for path in sorted(CORE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                # Its methods: what it does, so not its construction hooks (__init__, __init_subclass__, …).
                methods = [
                    each
                    for each in node.body
                    if isinstance(each, (ast.FunctionDef, ast.AsyncFunctionDef))
                    and not (each.name.startswith("__") and each.name.endswith("__"))
                ]
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                found.append((f"{path.stem}.{node.name}", lines, len(methods)))
    return found


def test_no_class_in_the_core_is_over_300_lines_or_25_methods() -> None:
    too_big = [
        (name, lines, methods) for name, lines, methods in classes() if lines > MOST_LINES or methods > MOST_METHODS
    ]
    assert not too_big, f"split these into parts (name, lines, methods): {too_big}"


def test_the_deal_session_composes_its_parts() -> None:
    from engine.core.session import DealSession

    parts = {cls.__module__.rpartition(".")[2] for cls in DealSession.__mro__}
    assert {"deals", "matches", "daily", "together", "lesson", "advice", "reviewing", "table"} <= parts
