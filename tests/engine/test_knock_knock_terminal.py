"""Knock! Knock! in the terminal: commands, prompts and whole scripted deals."""

from __future__ import annotations

import pytest

from engine.core.cards import Card, Suit
from engine.knock_knock.game import Game
from engine.knock_knock.rules import Rules
from engine.knock_knock.terminal import Command, parse_command, play_in_terminal


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("9h", Command("play", Card.parse("9H"))),
        ("2♠ ♦", Command("play", Card.parse("2S"), Suit.DIAMONDS)),
        ("QD knock", Command("play", Card.parse("QD"), knock=True)),
        ("d", Command("draw")),
        ("?", Command("hint")),
    ],
)
def test_commands_are_read(text: str, command: Command) -> None:
    assert parse_command(text) == command


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "type a card"),
        ("9H X", "'X' is neither a suit"),
        ("2S D H", "name one suit at most"),
        ("11H", "unknown card"),
    ],
)
def test_bad_commands_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_command(text)


def _script(prompts: list[str], calls: str) -> object:
    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return calls if "Knock! Knock!?" in prompt else "d"

    return answer


def test_a_whole_deal_with_a_person_who_draws_and_calls_every_time() -> None:
    prompts: list[str] = []
    lines: list[str] = []
    game = play_in_terminal(Rules(), 4, _script(prompts, "y"), lines.append)  # type: ignore[arg-type]
    assert game.is_over
    assert Game.from_json(game.to_json()).record() == game.record()
    calls = [m for m in game.record()["moves"] if m.get("challenge") and m["seat"] == 0]
    asked = [p for p in prompts if "Knock! Knock!?" in p]
    assert asked and len(calls) == len(asked)
    assert any("You call “Knock! Knock!”" in line for line in lines)
    assert any(line.startswith(("Wrong call", "Right call")) for line in lines)


def test_an_illegal_discard_is_refused_with_the_reason_and_the_person_tries_again() -> None:
    answers = iter(["KH", "q"])
    lines: list[str] = []
    game = Game.new(Rules(), 4)
    hand = game.state.hands[0]
    play_in_terminal(Rules(), 4, lambda prompt: next(answers), lines.append)
    if Card.parse("KH") in hand:
        pytest.skip("this deal gives the person the K♥")
    assert "You do not hold the K♥." in lines
    assert any("Replay this deal with" in line for line in lines)
