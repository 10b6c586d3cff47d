"""Every field of every game's lesson puzzles is refused by name, once, when it holds an impossible value (issue 43,
defect 5): the lessons' own puzzles, each field in turn given a value no field allows, parse to a PuzzleError whose
problem on that field's line names the field exactly once, never with a raw Python error, never accepted.

The number fields (a pick-up, counts, choices, passes, an answer) are read by the one reader of every game's
numbers (:mod:`engine.core.fields`); a puzzle's reader adds the field's name only to a message that does not
already begin with it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import build
from engine.core.game import find_game, game_names
from engine.core.puzzles import PuzzleError, parse_puzzle, read_fields
from sitebuild.lessons import tutorials_of

TUTORIALS = Path(build.__file__).resolve().parent / "tutorials"
FENCE = re.compile(r"^```puzzle\n(.*?)^```", re.DOTALL | re.MULTILINE)
FREE_TEXT = {"id", "kind", "hint", "question", "explain", "goal"}
IMPOSSIBLE = ("-4", "x", "1000000", "٣")
RAW = ("invalid literal", "range()", "Traceback", "object has no attribute")


def _blocks(game: str) -> list[str]:
    return [block for path in tutorials_of(TUTORIALS, game) for block in FENCE.findall(path.read_text("utf-8"))]


@pytest.mark.parametrize("game", game_names())
def test_an_impossible_puzzle_field_is_refused_naming_the_field_once(game: str) -> None:
    kinds = find_game(game).puzzle_kinds
    assert kinds is not None
    blocks = _blocks(game)
    assert blocks, f"{game}: no lesson puzzles to try"
    tried: set[tuple[str, str]] = set()  # each field of each kind once: the build's tests cover the rest
    for block in blocks:
        fields, _ = read_fields(block)
        label = f'puzzle "{fields["id"].value}": '
        for field in fields.values():
            if field.name in FREE_TEXT or (fields["kind"].value, field.name) in tried:
                continue
            tried.add((fields["kind"].value, field.name))
            for value in IMPOSSIBLE:
                lines = block.splitlines()
                lines[field.line - 1] = f"{field.name}: {value}"
                with pytest.raises(PuzzleError) as refused:
                    parse_puzzle("\n".join(lines), kinds)
                messages = [problem.message for problem in refused.value.problems]
                here = [problem.message for problem in refused.value.problems if problem.line == field.line]
                case = (game, fields["id"].value, field.name, value, messages)
                assert here, case
                assert any(message.startswith(label + field.name) for message in here), case
                for message in messages:
                    assert not any(raw in message for raw in RAW), case
                    # A field named twice: "pickup: pickup -4 is not allowed".
                    assert not re.search(rf"\b({'|'.join(fields)}): \1 ('|-?\d)", message), case
