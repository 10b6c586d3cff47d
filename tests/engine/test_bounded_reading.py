"""Text from outside is read in memory and time linear in its size, and refused past a stated size, by every reader.

:func:`engine.core.jsontext.read_json` reads bot requests, game records and the page's requests; the bot reads its
lines and ``moves --request`` its file. Memory is measured with :mod:`tracemalloc` (what Python allocates, the
regular-expression engine's backtracking stack included), never with a clock: the peak while reading a text of
hostile shape stays within what :func:`json.loads` itself takes for it and a byte a character. A plain
``(?:a|b)*`` pattern keeps backtracking state for every character it repeats over, about 120 bytes a character.
"""

from __future__ import annotations

import json
import random
import sys
import tracemalloc
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.game import computer_player, find_game, game_names
from engine.core.jsontext import MAX_CHARS, read_json
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
    except ValueError:
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
    # What json.loads needs for this text (its values), and a byte a character to spare: measuring the nesting
    # first keeps no copy of the text and nothing for each string or bracket.
    allowed = _peak(json.loads, text) + len(text) + 20_000
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
