"""``webapi.handle`` answers any request with a JSON reply and never raises: every method of every registered
game, with its parameters of any JSON type (and of the right type, to reach deeper), in any session state.

Its contract is that errors are data. A reply whose message says the engine could not answer
(:data:`~engine.core.webapi.ENGINE_FAULT`) is a bug found: the catch-all keeps the page alive, this test keeps
the engine honest.
"""

from __future__ import annotations

import inspect
import json
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine.core import webapi
from engine.core.game import find_game, game_names

IN_PYODIDE = sys.platform == "emscripten"  # run by tools/pyodide_pytest.mjs

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)

GAMES = game_names()


def _record(game: str) -> tuple[str, list[Any]]:
    """A finished deal's record of *game*, as the page saves it, and actions the page sent on the way: each the first
    of the state's ``actions``, through the one protocol (``act``) every game's session speaks."""
    webapi.SESSIONS.clear()
    webapi.handle(json.dumps({"method": "new_game", "params": {"game": game, "seed": 5}}))
    sent: list[Any] = []
    for _ in range(5000):
        state = json.loads(webapi.handle('{"method": "state"}'))["result"]
        if state["over"]:
            break
        if state["your_turn"]:
            action = state["actions"][0]
            sent.append(action)
            reply = json.loads(webapi.handle(json.dumps({"method": "act", "params": {"action": action}})))
        else:
            reply = json.loads(webapi.handle('{"method": "computer_move"}'))
        assert reply["ok"], reply
    record: str = json.loads(webapi.handle('{"method": "record"}'))["result"]
    return record, sent


POSITIONS = {
    "sevens": ["7D / 8D / 3C / 4C / 5C / 0", "7D 8D / 9D / 3C / 4C / 5C / 1"],
    "knock-knock": ["hands 9H 6H 2S 3C / KC / 8S / 7D | pile 4C 6C | stock 5S 6S | turn 0"],
    "blackjack": ["hands 5S 6S AC 9D / KD QC / 3C 4C / 8H 9H | pile 5H 2H | stock 2D 3H 4H | pickup 2 | turn 0"],
}


def _good_values(game: str) -> dict[str, list[Any]]:
    """Values of the right type for each parameter name, so that a request also reaches past the first check."""
    record, sent = _record(game)
    return {
        "seed": [1, "12"],
        "rules": ["players=5", {"players": 5}, ""],
        "seats": [["robin", "alex", "sam"]],
        "position": POSITIONS.get(game, []),
        "script": ["Robin: 8D", "", "Alex: pass", "Robin: KD; Alex: draw"],
        "goal": ["Win"],
        "record": [record],
        "earlier": [[], [record]],
        "action": sent[:3] + sent[-3:] + [{"seat": 1}, {}],
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


# In Pyodide as many requests as the other properties there (tests/engine/conftest.py): it runs several times slower.
@settings(
    max_examples=30 if IN_PYODIDE else 400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(requests())
@example(("sevens", ['{"method": "new_game", "params": {"seed": 1}}', '{"method": "act", "params": {"action": 7}}']))
@example(("sevens", ['{"method": "guided", "params": {"position": 7}}']))
@example(("sevens", ['{"method": "guided", "params": {"position": "7D / 8D / 3C / 4C / 5C / 0", "script": [1]}}']))
@example(("knock-knock", ['{"method": "act", "params": {"action": {"play": ["7D"]}}}']))
@example(
    (
        "blackjack",
        [
            '{"method": "new_game", "params": {"game": "blackjack"}}',
            '{"method": "act", "params": {"action": {"lay": 5}}}',
        ],
    )
)
def test_every_method_of_every_game_answers_any_params_with_json(case: tuple[str, list[str]]) -> None:
    webapi.SESSIONS.clear()
    try:
        for request in case[1]:
            _reply_of(request)
    finally:
        webapi.SESSIONS.clear()


@pytest.mark.parametrize(
    ("method", "params", "message"),
    [
        ("restore", {"record": 7}, "record must be text (a JSON string), not 7"),
        ("restore", {"record": None}, "record must be text (a JSON string), not None"),
        ("act", {}, "act needs action"),
        ("act", {"action": {}, "colour": "red"}, "act has no parameter 'colour': it takes action"),
    ],
)
def test_a_parameter_of_the_wrong_type_is_refused_naming_it(method: str, params: dict[str, Any], message: str) -> None:
    for game in GAMES:
        webapi.SESSIONS.clear()
        _reply_of(json.dumps({"method": "new_game", "params": {"game": game, "seed": 1}}))
        reply = _reply_of(json.dumps({"method": method, "params": params}))
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
