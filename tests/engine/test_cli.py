"""The command line, driven in-process through ``main([...])`` (one subprocess check outside Pyodide)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core import match
from engine.core.cards import Card
from engine.core.cli import main
from engine.core.game import game_names
from engine.sevens.game import Game

SUBCOMMANDS = ["moves", "simulate", "tournament", "play", "bot"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_help_lists_every_subcommand_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    for name in SUBCOMMANDS:
        assert f"sevens {name}" in out
    assert "examples:" in out


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_each_subcommand_has_help_with_examples(capsys: pytest.CaptureFixture[str], name: str) -> None:
    status, out, _ = run(capsys, name, "--help")
    assert status == 0
    assert f"usage: sevens {name}" in out
    assert f"examples:\n  sevens {name}" in out


def test_no_subcommand_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys)
    assert status == 2
    assert "SUBCOMMAND" in err


# -- moves ---------------------------------------------------------------------------------


def test_moves_prints_the_legal_cards_one_per_line_in_sorted_order(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "moves", "--table", "7H 8H 7D", "--hand", "9H 6H 3S 7C") == (0, "7C\n6H\n9H\n", "")


def test_moves_reads_runs_and_any_notation(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "moves", "--table", "7♦ 5h-8h", "--hand", "4♥ 9h 10♠ KS") == (0, "4H\n9H\n", "")


def test_moves_prints_pass_when_nothing_fits(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "moves", "--table", "7D 5H-8H", "--hand", "KS 2C") == (0, "pass\n", "")


@pytest.mark.parametrize("table", ["", "-"])
def test_an_empty_table_means_only_the_seven_of_diamonds_fits(capsys: pytest.CaptureFixture[str], table: str) -> None:
    assert run(capsys, "moves", "--table", table, "--hand", "7C 7D 8D") == (0, "7D\n", "")
    assert run(capsys, "moves", "--table", table, "--hand", "7C 8D") == (0, "pass\n", "")


def test_the_table_defaults_to_empty(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "moves", "--hand", "7D") == (0, "7D\n", "")


@pytest.mark.parametrize(
    ("table", "hand", "message"),
    [
        ("7D", "9H XX", "--hand: unknown card 'XX': expected a rank"),
        ("7D", "9H 9H", "--hand: 9H appears twice"),
        ("7D", "", "--hand is empty"),
        ("-", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD", "--hand has 14 cards: nobody holds more than 13"),
        ("7D 7Q", "9H", "--table: unknown card '7Q'"),
        ("7D 8H-6H", "9H", "--table: run '8H-6H' must go from a lower to a higher card"),
        ("7H 8H", "9H", "--table '7H 8H' cannot occur: the table has cards but not the 7♦"),
        ("7D 7H 9H", "9H", "--table '7D 7H 9H' cannot occur: the hearts row has a gap: 8♥ missing"),
        ("7D 6H", "9H", "cannot occur: the hearts row has cards but not the 7♥"),
        ("7D 7H 8H", "8H 2C", "--hand and --table both have 8♥"),
    ],
)
def test_bad_moves_input_names_the_option_and_exits_2(
    capsys: pytest.CaptureFixture[str], table: str, hand: str, message: str
) -> None:
    status, out, err = run(capsys, "moves", "--table", table, "--hand", hand)
    assert (status, out) == (2, "")
    assert err.startswith("sevens moves: ")
    assert message in err


def test_a_table_is_checked_against_the_rules_opening(capsys: pytest.CaptureFixture[str]) -> None:
    # Shichinarabe lays out every seven before the first turn; Fan Tan may open with any seven.
    status, out, err = run(capsys, "moves", "--rules", "shichinarabe", "--table", "7D 7H 8H", "--hand", "9H 6D")
    assert (status, out) == (2, "")
    assert "every seven is laid out before the first turn under these rules" in err
    assert run(capsys, "moves", "--rules", "fan-tan", "--table", "7H 8H", "--hand", "9H 6D") == (0, "9H\n", "")


def test_moves_needs_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "moves", "--table", "7D")
    assert status == 2
    assert "--hand" in err


# -- simulate and tournament -----------------------------------------------------------------


@pytest.mark.slow
def test_simulate_json_writes_one_replayable_record_per_deal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "simulate", "--games", "3", "--seed", "40", "--seats", "robin,alex,sam,random", "--json"
    )
    assert status == 0
    lines = out.splitlines()
    assert len(lines) == 3
    for seed, text in zip([40, 41, 42], lines, strict=True):
        game = Game.from_json(text)
        assert game.seed == seed
        assert game.players == ("Robin", "Alex", "Sam", "Random")
        assert game.is_over
        assert json.loads(text) == match.play_game(seed, ["robin", "alex", "sam", "random"]).record()


def test_simulate_summary_counts_every_deal_once(capsys: pytest.CaptureFixture[str]) -> None:
    # Quick players: Sam through the command line is the JSON test's; this one and the tournament's count and tabulate.
    status, out, _ = run(capsys, "simulate", "--games", "6", "--seed", "3", "--seats", "random,alex,random,robin")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "6 deals, seeds 3-8"
    wins = [0, 0, 0, 0]
    for seed in range(3, 9):
        winner = match.play_game(seed, ["random", "alex", "random", "robin"]).winner
        assert winner is not None
        wins[winner] += 1
    rows = [line.split() for line in lines[2:]]
    assert [(row[0], row[1], int(row[2])) for row in rows] == [
        ("0", "Random", wins[0]),
        ("1", "Alex", wins[1]),
        ("2", "Random", wins[2]),
        ("3", "Robin", wins[3]),
    ]
    assert sum(float(row[3]) for row in rows) == pytest.approx(100, abs=0.2)


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ("robin,alex,sam", "--seats 'robin,alex,sam': expected 4 player names"),
        ("robin,alex,,sam", "expected 4 player names"),
        ("robin,alex,sam,bob", "--seats: unknown player 'bob': choose from random"),
    ],
)
def test_simulate_refuses_bad_seats(capsys: pytest.CaptureFixture[str], seats: str, message: str) -> None:
    status, out, err = run(capsys, "simulate", "--games", "1", "--seats", seats)
    assert (status, out) == (2, "")
    assert message in err


@pytest.mark.parametrize("games", ["0", "-3", "many"])
def test_simulate_needs_a_positive_number_of_games(capsys: pytest.CaptureFixture[str], games: str) -> None:
    status, _, err = run(capsys, "simulate", "--games", games)
    assert status == 2
    assert "--games" in err


@pytest.mark.parametrize("command", ["simulate", "tournament", "play"])
def test_a_negative_seed_is_refused_since_it_would_repeat_a_positive_one(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    status, out, err = run(capsys, command, "--seed", "-4")
    assert (status, out) == (2, "")
    assert "--seed: seed -4 is out of range: seeds are whole numbers from 0 to 9007199254740991" in err


def test_tournament_prints_the_table_of_the_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "tournament", "--games", "2", "--seats", "robin,alex,alex,alex", "--seed", "9")
    assert status == 0
    assert out == match.tournament(2, ["robin", "alex", "alex", "alex"], 9).table() + "\n"


def test_tournament_refuses_bad_seats(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "tournament", "--games", "2", "--seats", "sam,alex")
    assert status == 2
    assert "--seats" in err


# -- play and bot -----------------------------------------------------------------------------


def test_play_runs_in_the_terminal_until_input_ends(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("hint\nZZ\n"))
    status, out, _ = run(capsys, "play", "--seed", "21")
    assert status == 0
    assert out.startswith("Sevens, deal 21. Replay it with: python -m engine play --seed 21\n")
    assert "Hint (" in out and "unknown card 'ZZ'" in out
    assert out.endswith("End of input: game stopped.\n")


def test_play_without_a_seed_prints_the_one_it_chose(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    status, out, _ = run(capsys, "play")
    assert status == 0
    seed = out.split("--seed ")[1].split()[0]
    assert f"Sevens, deal {seed}." in out and int(seed) > 0


def test_play_refuses_unknown_opponents(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "play", "--seed", "1", "--opponents", "robin,alex,zed")
    assert status == 2
    assert "--opponents: unknown player 'zed'" in err


def test_bot_serves_stdin_until_it_ends(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new(30)
    opener = game.turn
    hand = [card.code for card in game.position.hand(opener)]
    good = json.dumps({"seat": opener, "hand": hand, "moves": []})
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((f"{good}\n\nnonsense\n{good}\n").encode())))
    status, out, _ = run(capsys, "bot", "sam")
    assert status == 0
    replies = [json.loads(text) for text in out.splitlines()]
    assert replies[0] == replies[2] == {"play": Card.parse("7D").code}
    assert list(replies[1]) == ["error"]


def test_an_unknown_bot_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "bot", "deep-blue")
    assert (status, out) == (2, "")
    assert "unknown player 'deep-blue': choose from" in err


def run_python_dash_m(*argv: str) -> subprocess.CompletedProcess[str]:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    command = [sys.executable, "-m", "engine", *argv]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=root, check=False, timeout=60)


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
def test_python_dash_m_engine_runs_the_command_line() -> None:
    done = run_python_dash_m("moves", "--table", "7D", "--hand", "8D 6D 7S 2C")
    assert (done.returncode, done.stdout) == (0, "6D\n8D\n7S\n")
    bad = run_python_dash_m("moves", "--hand", "XX")
    assert bad.returncode == 2
    assert bad.stderr.startswith("python -m engine moves: --hand: unknown card 'XX'")


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    command = [sys.executable, "-m", "engine", "simulate", "--games", "3000", "--seed", "1", "--json"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=root) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.readline().startswith(b"{")
        process.stdout.close()  # like `| head -1`
        assert process.stderr.read() == b""
        assert process.wait(timeout=60) == 1


# -- games and rules ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--rules", "opening=8D"],
            "--rules 'opening=8D': opening '8D' is not allowed: choose 7D, any-seven or all-sevens",
        ),
        (["--rules", "players=9"], "--rules 'players=9': players '9' is not allowed: choose 3–8"),
        (["--rules", "pass_limit=0"], "--rules 'pass_limit=0': pass_limit '0' is not allowed: choose 1–5 or none"),
        (["--rules", "voluntary_pass=yes"], "voluntary_pass 'yes' is not allowed: choose true or false"),
        (["--rules", "jokers=2"], "--rules 'jokers=2': unknown option 'jokers'"),
        (["--rules", "fantan"], "'fantan' is neither a preset (sevens, fan-tan, shichinarabe, parliament)"),
        (["--game", "hearts"], f"--game: unknown game 'hearts': choose from {', '.join(game_names())}"),
        (["--rules", "players=5", "--seats", "alex,sam,robin,random"], "expected 5 player names"),
        (["--seats", "alex,sam,robin,random,alex"], "expected 4 player names"),
    ],
)
def test_bad_games_rules_and_seat_counts_name_the_option_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = run(capsys, "simulate", "--games", "1", *args)
    assert (status, out) == (2, "")
    assert message in err


def test_simulate_plays_any_rules_and_writes_them_into_each_record(capsys: pytest.CaptureFixture[str]) -> None:
    rules = "players=5,opening=any-seven,scoring=chips"
    seats = "alex,sam,robin,random,alex"
    status, out, _ = run(
        capsys, "simulate", "--rules", rules, "--games", "2", "--seed", "12", "--seats", seats, "--json"
    )
    assert status == 0
    for line in out.splitlines():
        data = json.loads(line)
        assert data["game"] == "sevens" and data["rules"]["players"] == 5 and sum(data["chips"]) == 0
        assert data["players"] == ["Alex", "Sam", "Robin", "Random", "Alex"]


def test_a_preset_by_name_and_options_on_top(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "simulate", "--rules", "shichinarabe,players=3", "--games", "1", "--json")
    assert status == 0
    rules = json.loads(out)["rules"]
    assert (rules["players"], rules["opening"], rules["pass_limit"], rules["finish"]) == (3, "all-sevens", 3, "places")


def test_moves_follows_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "moves", "--rules", "fan-tan", "--table", "-", "--hand", "7C 8C 7S") == (0, "7C\n7S\n", "")


def test_bot_reads_requests_without_rules_under_its_rules_option(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    clubs = ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"]
    request = json.dumps({"seat": 1, "hand": clubs, "moves": []})  # Fan Tan: the seat after the dealer starts
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((f"{request}\n").encode())))
    assert run(capsys, "bot", "alex", "--rules", "fan-tan") == (0, '{"play": "7C"}\n', "")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((f"{request}\n").encode())))
    status, out, _ = run(capsys, "bot", "alex")
    assert status == 0 and "the holder of the 7♦ opens" in json.loads(out)["error"]
