"""The command line with --game blackjack: simulate, tournament, play, moves (from a bot request) and bot."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.core.cli import main
from engine.core.records import read_record


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_writes_records_that_replay(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "blackjack", "--rules", "crazy-eights,players=5", "--games", "3", "--seed", "5"]
    code, out, _ = _run([*argv, "--seats", "alex,random,robin,random,alex", "--json"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 3
    for line in lines:
        record = json.loads(line)
        assert record["game"] == "blackjack" and record["rules"]["wild"] == "8" and record["rules"]["players"] == 5
        assert "points" in record
        assert read_record(line).to_json() == line


def test_a_bad_option_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["simulate", "--game", "blackjack", "--rules", "wild=8", "--games", "1"], capsys)
    assert code != 0
    assert "options wild and skip both name the 8" in err


def test_tournament_with_six_players_and_two_packs(capsys: pytest.CaptureFixture[str]) -> None:
    seats = ",".join(["alex", "random"] * 3)
    argv = ["tournament", "--game", "blackjack", "--rules", "players=6,packs=auto", "--games", "1", "--seats", seats]
    code, out, _ = _run(argv, capsys)
    assert code == 0 and "parity is 16.7%" in out


def _request(tmp_path: Path, data: dict[str, object]) -> str:
    path = tmp_path / "request.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_moves_lists_the_first_steps_of_the_turn_a_request_describes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    hand = ["5S", "6S", "6C", "6D", "7D", "7C", "9H"]
    path = _request(tmp_path, {"game": "blackjack", "seat": 1, "upcard": "5H", "hand": hand, "moves": []})
    code, out, _ = _run(["moves", "--game", "blackjack", "--request", path], capsys)
    assert code == 0 and out.split() == ["9H", "5S", "draw"]
    # After seat 1 lays a 2 on the 5♥, seat 2 faces a pick-up: it lists its answers and pickup.
    moves = [{"seat": 1, "chain": ["2H"]}]
    path = _request(
        tmp_path,
        {
            "game": "blackjack",
            "seat": 2,
            "upcard": "5H",
            "hand": ["2C", "JS", "JH", "9H", "3D", "4D", "5D"],
            "moves": moves,
        },
    )
    code, out, _ = _run(["moves", "--game", "blackjack", "--request", path], capsys)
    assert code == 0 and out.split() == ["2C", "JS", "pickup"]


def test_moves_names_what_is_wrong_with_a_request(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _request(tmp_path, {"seat": 1, "upcard": "5H", "hand": ["5S"], "moves": [{"seat": 2, "draw": True}]})
    code, _, err = _run(["moves", "--game", "blackjack", "--request", path], capsys)
    assert code == 2 and "--request: move 1: it is seat 1's turn, not seat 2's" in err
    code, _, err = _run(["moves", "--game", "blackjack", "--request", str(tmp_path / "none.json")], capsys)
    assert code == 2 and "--request" in err and "No such file" in err
    code, _, err = _run(["moves", "--game", "sevens", "--request", path], capsys)
    assert code == 2 and "sevens lists its moves from --table and --hand" in err


def test_moves_from_a_table_and_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["moves", "--game", "blackjack", "--table", "AS H", "--hand", "9H 2C JS"], capsys)
    assert code == 0 and out.split() == ["9H", "draw"]


def test_bot_answers_a_request_with_a_whole_turn_and_an_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    request = {"game": "blackjack", "seat": 1, "upcard": "5H", "hand": ["5S", "6S", "6C", "6D", "7D", "7C", "9H"]}
    monkeypatch.setattr(
        sys, "stdin", io.TextIOWrapper(io.BytesIO((json.dumps({**request, "moves": []}) + "\n{}\n").encode()))
    )
    code, out, _ = _run(["bot", "robin", "--game", "blackjack"], capsys)
    first, second = (json.loads(line) for line in out.splitlines())
    assert code == 0 and first == {"chain": ["5S", "6S", "6C", "7C", "7D", "6D"], "last": True}
    assert "error" in second


def test_play_in_the_terminal_takes_a_chain_a_suit_draw_and_pickup(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.blackjack.rules import Rules
    from engine.blackjack.terminal import play_in_terminal

    def typing(lines: list[str]) -> Callable[[str], str]:
        typed = iter(lines)

        def read(prompt: str) -> str:
            try:
                return next(typed)
            except StopIteration:
                raise EOFError from None

        return read

    out: list[str] = []
    play_in_terminal(
        Rules(), 4, typing(["5H", "draw", "9D", "pickup"]), out.append, opponents=["robin", "alex", "alex"]
    )
    text = "\n".join(out)
    assert "You do not hold the 5♥." in text and "You draw a card." in text
    assert "You face a pick-up of 2: answer with a 2 or a black jack, or pick up." in text
    assert "You pick up 2 cards." in text and "Alex wins." in text
    out = []
    game = play_in_terminal(Rules(), 4, typing(["AH", "AH D", "quit"]), out.append, opponents=["robin", "alex", "alex"])
    text = "\n".join(out)
    assert "Name a suit for the A♥." in text and "You lay A♥ and name diamonds." in text
    assert not game.is_over
    code, _, err = _run(["play", "--game", "blackjack", "--rules", "chains=maybe"], capsys)
    assert code == 2 and "chains 'maybe' is not allowed" in err
