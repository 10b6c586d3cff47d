"""The command line with --game knock-knock: simulate, tournament, moves and bot."""

from __future__ import annotations

import io
import json
import sys

import pytest

from engine.core.cli import main
from engine.core.records import read_record


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_writes_records_that_replay(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "knock-knock", "--rules", "players=4,direction=clockwise,scoring=tally"]
    code, out, _ = _run([*argv, "--games", "3", "--seed", "5", "--seats", "sam,random,random,random", "--json"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 3
    for line in lines:
        record = json.loads(line)
        assert record["game"] == "knock-knock" and record["players"] == ["Sam", "Random", "Random", "Random"]
        assert read_record(line).record() == record


def test_a_bad_option_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["simulate", "--game", "knock-knock", "--rules", "direction=sideways", "--games", "1"], capsys)
    assert code != 0
    assert "direction 'sideways' is not allowed: choose clockwise or counter-clockwise" in err


def test_tournament_with_ten_players_and_two_packs(capsys: pytest.CaptureFixture[str]) -> None:
    seats = ",".join(["alex", "random"] * 5)
    code, out, _ = _run(
        ["tournament", "--game", "knock-knock", "--rules", "players=10", "--games", "1", "--seats", seats], capsys
    )
    assert code == 0 and "parity is 10%" in out


def test_moves_lists_every_legal_action(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["moves", "--game", "knock-knock", "--table", "6C", "--hand", "9H 6H 3C"], capsys)
    assert code == 0 and out.split("\n")[:3] == ["3C knock", "6H knock", "draw"]


def test_bot_answers_a_request_and_an_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    request = {"seat": 1, "upcard": "6C", "hand": ["6H", "9C", "KD", "2S", "3H", "4H", "5H"], "moves": []}
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((json.dumps(request) + "\n{}\n").encode())))
    code, out, _ = _run(["bot", "alex", "--game", "knock-knock"], capsys)
    first, second = (json.loads(line) for line in out.splitlines())
    assert code == 0 and first in ({"play": "6H"}, {"play": "9C"})
    assert "error" in second
