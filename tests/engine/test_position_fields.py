"""Every game's position text refuses an impossible field value with a message naming the field (issue 43, defect 5):
never a crash, never a position that plays on with it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.blackjack.state import State as BlackjackState
from engine.games import GAMES
from engine.knock_knock.state import State as KnockState
from engine.sevens.position import Position

# For each registered game: a possible position, how to read one, and the impossible values of each number field.
BAD_NUMBERS = ("-1", "x", "1.5", "99", "1000000", "", "٣")
POSITIONS: dict[str, tuple[str, Callable[[str], object], dict[str, tuple[str, ...]]]] = {
    "sevens": ("7D / 8D / 9D / 10D / 0", Position.parse, {}),
    "knock-knock": ("hands 5H / 6H / 7H / 8H | pile 9H | turn 0", KnockState.parse, {}),
    "blackjack": (
        "hands 5H / 6H / 7H / 8H | pile 9H | turn 0",
        BlackjackState.parse,
        {
            "direction": ("0", "2", "-3", "x"),
            "pickup": ("-4", "3", "1000000", "x"),
            "jacks": ("-1", "4", "1000000", "x"),
            "called": ("x", "-1", "4"),
        },
    ),
}


def test_every_registered_game_is_covered() -> None:
    assert {game.name for game in GAMES} == set(POSITIONS)


def _with(text: str, name: str, value: str) -> str:
    if " | " in text:
        return f"{text} | {name} {value}" if name != "turn" else text.replace("turn 0", f"turn {value}")
    return text.rsplit("/", 1)[0] + f"/ {value}"


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_an_impossible_field_value_is_refused_by_name(game: str) -> None:
    text, read, fields = POSITIONS[game]
    read(text)  # the position itself is possible
    for name, values in {"turn": BAD_NUMBERS, **fields}.items():
        for value in values:
            with pytest.raises(ValueError) as refused:
                read(_with(text, name, value))
            message = str(refused.value)
            assert message.startswith(f"{name} ") or f" {name} " in message, (game, name, value, message)
            assert "invalid literal" not in message and "range()" not in message, message
