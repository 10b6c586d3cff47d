"""Every game's position text refuses an impossible field value with a message naming the field (issue 43, defect 5):
never a crash, never a position that plays on with it."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from engine.blackjack.state import State as BlackjackState
from engine.core.game import find_game
from engine.core.jsontext import shown
from engine.core.protocol import ProtocolError, read_request
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


# -- bot requests --------------------------------------------------------------------------------------------------
# For each registered game: a possible request at its default table of four, and where each seat field of it lies
# (a path of keys and list indices). The fields a request does not state, because the replay arrives at them, are
# refused as unknown keys.
REQUESTS: dict[str, tuple[dict[str, Any], dict[str, tuple[str | int, ...]]]] = {
    "sevens": (
        {
            "seat": 1,
            "dealer": 0,
            "hand": ["8D", "AH", "2H", "3H", "4H", "5H", "6H", "8H", "9H", "10H", "JH", "QH", "KH"],
            "moves": [{"seat": 0, "play": "7D"}],
        },
        {},
    ),
    "knock-knock": (
        {
            "seat": 2,
            "dealer": 0,
            "upcard": "6C",
            "hand": ["6H", "9C", "KD", "2S", "3H", "4H", "5H"],
            "moves": [{"seat": 1, "draw": True}],
            "passed": [],
        },
        {"passed": ("passed", 0)},
    ),
    "blackjack": (
        {
            "seat": 2,
            "dealer": 0,
            "upcard": "6C",
            "hand": ["6H", "9C", "KD", "2S", "3H", "4H", "5H"],
            "moves": [{"seat": 1, "draw": True}],
        },
        {},
    ),
}
BAD_SEATS: tuple[object, ...] = (-1, 4, "0", "x", 1.5, True, None, [0], {"seat": 0}, 10**12)
UNSTATED = ("turn", "direction", "pickup", "jacks", "called")


def test_every_registered_game_has_a_request() -> None:
    assert {game.name for game in GAMES} == set(REQUESTS)


def _set(request: dict[str, Any], path: tuple[str | int, ...], value: object) -> str:
    changed = copy.deepcopy(request)
    place: Any = changed
    for key in path[:-1]:
        place = place[key]
    if isinstance(place, list) and path[-1] == len(place):
        place.append(value)
    else:
        place[path[-1]] = value
    return json.dumps(changed)


@pytest.mark.parametrize("game", sorted(REQUESTS))
def test_an_impossible_request_seat_is_refused_by_name_as_positions_are(game: str) -> None:
    """Every seat field of a request (the asking seat, the dealer, a move's seat, the seats that let a discard pass)
    is read by the one reader positions use: the same refusal, naming the field and what a seat is."""
    request, own = REQUESTS[game]
    found = find_game(game)
    read_request(json.dumps(request), found)  # the request itself is possible
    fields = {"seat": ("seat",), "dealer": ("dealer",), "move's seat": ("moves", 0, "seat"), **own}
    for label, path in fields.items():
        name = str(path[-1]) if isinstance(path[-1], str) else str(path[0])
        for value in BAD_SEATS:
            with pytest.raises(ProtocolError) as refused:
                read_request(_set(request, path, value), found)
            message = str(refused.value)
            expected = f"{name} {shown(value)} is not "
            assert expected in message and message.endswith("give a seat from 0 to 3"), (game, label, value, message)


@pytest.mark.parametrize("game", sorted(REQUESTS))
def test_a_position_field_a_request_does_not_state_is_refused_by_name(game: str) -> None:
    """A request's turn, direction, pick-up and the rest come from replaying its moves; stating one is refused."""
    request, _ = REQUESTS[game]
    for name in UNSTATED:
        for value in (0, 1, -3, 2, "x"):
            with pytest.raises(ProtocolError, match=f"'{name}'"):
                read_request(json.dumps({**request, name: value}), find_game(game))
