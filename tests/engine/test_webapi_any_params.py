"""``webapi.handle`` answers any request with a JSON reply and never raises: every method of every registered
game, with its parameters of any JSON type (and of the right type, to reach deeper), in any session state.

Its contract is that errors are data. A reply whose message says the engine could not answer
(:data:`~engine.core.webapi.ENGINE_FAULT`) is a bug found: the catch-all keeps the page alive, this test keeps
the engine honest.
"""

from __future__ import annotations

import inspect
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine.core import webapi
from engine.core.game import find_game, game_names

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)

GAMES = game_names()


def _record(game: str) -> str:
    """A finished deal's record of *game*, as the page saves it."""
    webapi.SESSIONS.clear()
    webapi.handle(json.dumps({"method": "new_game", "params": {"game": game, "seed": 5}}))
    for _ in range(2000):
        reply = json.loads(webapi.handle('{"method": "state"}'))["result"]
        if reply["over"]:
            break
        moved = json.loads(webapi.handle('{"method": "computer_move"}'))
        if not moved["ok"]:
            suggestion = json.loads(webapi.handle('{"method": "suggest"}'))["result"]
            card = suggestion.get("card")
            if card is None:
                methods = find_game(game).session().methods
                webapi.handle(json.dumps({"method": "pass_turn" if "pass_turn" in methods else "draw"}))
            else:
                webapi.handle(json.dumps({"method": "play", "params": {"card": card, **_extras(suggestion)}}))
    record: str = json.loads(webapi.handle('{"method": "record"}'))["result"]
    return record


def _extras(suggestion: dict[str, Any]) -> dict[str, Any]:
    return {key: suggestion[key] for key in ("suit", "knock") if suggestion.get(key) is not None}


POSITIONS = {
    "sevens": ["7D / 8D / 3C / 4C / 5C / 0", "7D 8D / 9D / 3C / 4C / 5C / 1"],
    "knock-knock": ["hands 9H 6H 2S 3C / KC / 8S / 7D | pile 4C 6C | stock 5S 6S | turn 0"],
}


def _good_values(game: str) -> dict[str, list[Any]]:
    """Values of the right type for each parameter name, so that a request also reaches past the first check."""
    record = _record(game)
    return {
        "seed": [1, "12"],
        "rules": ["players=5", {"players": 5}, ""],
        "seats": [["robin", "alex", "sam"]],
        "position": POSITIONS.get(game, []),
        "script": ["Robin: 8D", "", "Alex: pass"],
        "goal": ["Win"],
        "record": [record],
        "earlier": [[], [record]],
        "card": ["7D", "2S", "6C", "AS", "XX"],
        "suit": ["H", "D"],
        "knock": [True, False],
        "moves": [0, 3],
        "move": [0, 2],
    }


GOOD = {game: _good_values(game) for game in GAMES}
webapi.SESSIONS.clear()


@st.composite
def requests(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A game, the requests that set its session up first, and then one request to any of its methods."""
    game = draw(st.sampled_from(GAMES))
    session = find_game(game).session()
    before = draw(
        st.sampled_from(
            [
                [],
                [json.dumps({"method": "new_game", "params": {"game": game, "seed": draw(st.integers(0, 99))}})],
                [json.dumps({"method": "new_match", "params": {"game": game, "seed": 3}})],
                *(
                    [json.dumps({"method": "guided", "params": {"game": game, "position": position}})]
                    for position in POSITIONS.get(game, [])
                ),
            ]
        )
    )
    method = draw(st.sampled_from(session.methods))
    names = list(inspect.signature(getattr(session, method)).parameters)
    params: dict[str, Any] = {}
    for name in draw(st.lists(st.sampled_from(names), unique=True)) if names else []:
        good = GOOD[game].get(name, [])
        params[name] = draw(st.sampled_from(good) | JSON_VALUES if good else JSON_VALUES)
    if draw(st.integers(0, 9)) == 0:
        params[draw(st.text(max_size=6))] = draw(JSON_VALUES)
    if method in webapi.STARTS:
        params["game"] = game
    return game, [*before, json.dumps({"method": method, "params": params})]


def _reply_of(request: str) -> dict[str, Any]:
    text = webapi.handle(request)
    assert isinstance(text, str)
    reply = json.loads(text)
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool), reply
    if not reply["ok"]:
        message = reply["error"]["message"]
        assert isinstance(message, str) and message
        assert not message.startswith(webapi.ENGINE_FAULT), f"{request} -> {message}"
    return reply


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(requests())
@example(("sevens", ['{"method": "new_game", "params": {"seed": 1}}', '{"method": "play", "params": {"card": 7}}']))
@example(("sevens", ['{"method": "guided", "params": {"position": 7}}']))
@example(("sevens", ['{"method": "guided", "params": {"position": "7D / 8D / 3C / 4C / 5C / 0", "script": [1]}}']))
@example(("knock-knock", ['{"method": "play", "params": {"game": "knock-knock", "card": ["7D"]}}']))
def test_every_method_of_every_game_answers_any_params_with_json(case: tuple[str, list[str]]) -> None:
    webapi.SESSIONS.clear()
    try:
        for request in case[1]:
            _reply_of(request)
    finally:
        webapi.SESSIONS.clear()


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"card": 7}, "card must be text (a JSON string), not 7"),
        ({"card": None}, "card must be text (a JSON string), not None"),
        ({}, "play needs card"),
        ({"card": "7D", "colour": "red"}, "play has no parameter 'colour': it takes card"),
    ],
)
def test_a_parameter_of_the_wrong_type_is_refused_naming_it(params: dict[str, Any], message: str) -> None:
    webapi.SESSIONS.clear()
    _reply_of('{"method": "new_game", "params": {"seed": 1}}')
    reply = _reply_of(json.dumps({"method": "play", "params": params}))
    assert reply == {"ok": False, "error": {"message": message}}
    webapi.SESSIONS.clear()


@pytest.mark.parametrize("position", [7, None, ["7D"], {"hands": "7D"}])
def test_a_guided_position_of_the_wrong_type_is_refused_naming_it(position: object) -> None:
    for game in GAMES:
        webapi.SESSIONS.clear()
        reply = _reply_of(json.dumps({"method": "guided", "params": {"game": game, "position": position}}))
        assert reply["ok"] is False and reply["error"]["message"].startswith("position must be text")
    webapi.SESSIONS.clear()


def test_a_failing_method_is_still_answered_with_an_error_naming_it() -> None:
    class Broken:
        game_name = "broken"
        methods = ("state",)

        def state(self) -> object:
            raise KeyError("oops")

    reply = json.loads(webapi.handle('{"method": "state"}', Broken()))
    assert reply == {"ok": False, "error": {"message": f"{webapi.ENGINE_FAULT} 'state': KeyError: 'oops'"}}
