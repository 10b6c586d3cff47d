"""Text from outside is read in memory and time linear in its size, and refused past a stated size, by every reader.

:func:`engine.core.jsontext.read_json` reads bot requests, game records and the page's requests; the bot reads its
lines and ``moves --request`` its file. Memory is measured with :mod:`tracemalloc` (what Python allocates, the
regular-expression engine's backtracking stack included), never with a clock: the peak while reading a text of
hostile shape stays within what :func:`json.loads` itself takes for it and a byte a character. A plain
``(?:a|b)*`` pattern keeps backtracking state for every character it repeats over, about 120 bytes a character.
"""

from __future__ import annotations

import io
import json
import random
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.cli import main
from engine.core.game import computer_player, find_game, game_names
from engine.core.jsontext import MAX_CHARS, read_json
from engine.core.protocol import read_lines, serve
from engine.core.records import RecordError, read_record
from engine.core.webapi import handle

IN_PYODIDE = sys.platform == "emscripten"
SIZE = 60_000  # characters of each hostile text: enough to see a per-character cost, cheap to read

# Pieces that, repeated, make the shapes that cost most: long strings, escapes, unterminated strings, many small
# values, brackets, numbers, non-ASCII text (four bytes a character in memory).
PIECES = ("x", '\\"', "\\\\", "é", "😀", '"a",', "{},", "[],", "0,", "1e5,", " ", "[", "{", '"', "]", ":")


def _peak(read: Callable[[str], object], text: str) -> int:
    tracemalloc.start()
    try:
        read(text)
    except (ValueError, RecursionError):  # json.loads, the yardstick, meets deep nesting with RecursionError
        pass
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


@pytest.mark.skipif(IN_PYODIDE, reason="tracemalloc measures CPython's allocations; the reader is the same code")
@settings(max_examples=12)
@given(st.sampled_from(["", "[", '["', '"', "{", '{"a": "']), st.lists(st.sampled_from(PIECES), min_size=1, max_size=3))
def test_reading_takes_memory_linear_in_the_text_with_a_small_constant(opening: str, pieces: list[str]) -> None:
    piece = "".join(pieces)
    text = opening + piece * (SIZE // len(piece))
    # What json.loads needs for this text (its values), and 16 bytes a character to spare: measuring the nesting
    # first keeps no copy of the text and nothing for each string or bracket. (The spare is for the one thing
    # json.loads does not do: an object's pairs are all kept until its duplicate keys are looked for, about 11 bytes
    # a character for `{":{},":{},…`, where json.loads, keeping one key, needs next to nothing. The old pre-pass
    # took about 120 bytes a character on every shape.)
    allowed = _peak(json.loads, text) + 16 * len(text) + 20_000
    assert _peak(read_json, text) <= allowed


def test_a_text_longer_than_the_stated_size_is_refused_before_it_is_read() -> None:
    assert read_json("[1]", limit=3) == [1]
    with pytest.raises(ValueError, match=r"^too long to read: more than 2 characters$"):
        read_json("[1]", limit=2)
    with pytest.raises(ValueError, match=r"^too long to read: more than 10,000,000 characters$"):
        read_json(" " * (MAX_CHARS + 1))


@pytest.mark.parametrize("name", game_names())
def test_every_reader_of_every_game_refuses_a_text_past_the_size_with_its_name(name: str) -> None:
    game = find_game(name)
    huge = json.dumps({"game": name, "seat": 0, "hand": [], "moves": [], "junk": "x" * MAX_CHARS})
    player = computer_player(game.computer_players, next(iter(game.computer_players)), random.Random(0))
    from engine.core.protocol import answer

    assert json.loads(answer(huge, player, game)) == {"error": "too long to read: more than 10,000,000 characters"}
    with pytest.raises(RecordError, match=r"^game record is too long to read: more than 10,000,000 characters$"):
        read_record(huge)
    reply = json.loads(handle(json.dumps({"method": "restore", "params": {"record": huge}, "game": name})))
    assert reply["error"]["message"] == "too long to read: more than 10,000,000 characters"


@pytest.mark.parametrize("name", game_names())
def test_the_bot_of_every_game_answers_a_line_it_cannot_read_and_goes_on(name: str) -> None:
    game = find_game(name)
    player = computer_player(game.computer_players, next(iter(game.computer_players)), random.Random(0))
    # A line of 50 bytes over a limit of 40 (the real one is MAX_CHARS), a line that is not UTF-8, then one read.
    stream = io.BytesIO(b"[" * 50 + b"\n\xff\xfe\n" + b"{}\n")
    out: list[str] = []
    serve(player, game, read_lines(stream.readline, 40), out.append, lambda: None)
    answers = [json.loads(line) for line in out]
    assert answers[:2] == [
        {"error": "the line is too long to read: more than 40 bytes"},
        {"error": "the line is not UTF-8 text: invalid start byte at byte 1"},
    ]
    assert len(answers) == 3 and "error" in answers[2]


def test_a_line_past_the_size_is_never_held_whole() -> None:
    # The rest of a long line is read in pieces of the limit and dropped: no read asks for more than limit + 1.
    asked: list[int] = []
    stream = io.BytesIO(b"x" * 1_000 + b"\n{}\n")

    def readline(size: int) -> bytes:
        asked.append(size)
        return stream.readline(size)

    lines = [str(line) for line in read_lines(readline, 100)]
    assert lines == ["the line is too long to read: more than 100 bytes", "{}"]
    assert max(asked) == 101 and len(asked) > 10


@pytest.mark.skipif(IN_PYODIDE, reason="the command line reads files; Pyodide's tests run the engine only")
@pytest.mark.parametrize("name", game_names())
def test_moves_request_of_every_game_names_a_file_it_cannot_read(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    latin = tmp_path / "latin-1.json"
    latin.write_bytes(b'{"seat": 0, "hand": ["10\xe9"]}')  # an e-acute in Latin-1 where UTF-8 has the heart
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:  # a sparse file: MAX_CHARS + 1 zero bytes, as /dev/zero gives them
        file.truncate(MAX_CHARS + 1)
    for path, message in (
        (
            latin,
            f"--request '{latin}': the file is not UTF-8 text (invalid continuation byte at byte 25): save it as UTF-8",
        ),
        (huge, f"--request '{huge}': the file is too long to read: more than 10,000,000 bytes"),
    ):
        assert main(["moves", "--game", name, "--request", str(path)], prog="sevens") == 2
        assert capsys.readouterr().err == f"sevens moves: {message}\n"
