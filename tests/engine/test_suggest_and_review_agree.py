"""Suggest and the review are one judgement: a deal played as Suggest says, in every preset of every game that has a
review, is reviewed with no choice called a mistake (each choice Suggest made is the review's best), and Suggest's
advice is a whole, legal move: after a wild card, the suit to name."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core.game import find_game
from engine.core.webapi import handle
from engine.games import GAMES

# (game, preset) for every preset of every game with a review (None: a game without presets, at its own rules): a
# new game or preset is checked as it plugs in. Two deals of each game's first, one of each other preset.
REVIEWED = [game for game in GAMES if find_game(game.name).session().reviews]
PRESETS = [(game.name, preset) for game in REVIEWED for preset in list(game.presets) or [None]]
FIRST = {game.name: (list(game.presets) or [None])[0] for game in REVIEWED}


def call(session: object, method: str, **params: object) -> Any:
    """*method* asked of *session* as the page asks it, through the web API's JSON."""
    reply = json.loads(handle(json.dumps({"method": method, "params": params}), session))
    assert reply["ok"], reply
    return reply["result"]


def uncalled(action: dict[str, Any]) -> dict[str, Any]:
    """*action* without a call of "Last cards", which the rules allow with any step that ends a turn (the actions
    list the call only where the rules ask for it)."""
    return {key: value for key, value in action.items() if key != "last"}


def takeable(action: dict[str, Any], state: dict[str, Any]) -> bool:
    """Whether Suggest's *action* is one the table takes now: a listed step (a call aside), or, at the start of a
    turn, a whole turn (``chain``, the game's record encoding of one) whose first card is listed, which the page
    sends at one press."""
    listed = [uncalled(each) for each in state["actions"]]
    if "chain" in action and not state.get("chain"):
        return {"seat": action["seat"], "lay": action["chain"][0]} in listed
    return uncalled(action) in listed


def played_as_suggested(game: str, preset: str | None, seed: int) -> tuple[Any, list[dict[str, Any]]]:
    """A whole deal in which your seat does what Suggest says at every step, the computer players between: the
    session and every piece of advice given."""
    session = find_game(game).session()
    state = call(session, "new_game", seed=seed, **({"rules": preset} if preset else {}))
    advice = []
    while not state["over"]:
        if state["your_turn"]:
            advised = call(session, "suggest")
            assert takeable(advised["action"], state), (advised, state["actions"])
            advice.append(advised)
            reply = call(session, "act", action=advised["action"])
            assert reply["ok"], reply
            state = reply["state"]
        else:
            state = call(session, "computer_move")["state"]
    return session, advice


@pytest.mark.parametrize(("game", "preset"), PRESETS)
@pytest.mark.slow
def test_the_review_calls_every_choice_made_as_suggest_said_the_best(game: str, preset: str | None) -> None:
    reviewed = 0
    seeds = (1, 2) if preset == FIRST[game] else (1,)
    for seed in seeds:
        session, _ = played_as_suggested(game, preset, seed)
        record = call(session, "record")
        for move in call(session, "review_points", record=record)["moves"]:
            found = call(session, "review_move", record=record, move=move)
            assert found["verdict"] == "best", (game, preset, seed, found["note"])
            reviewed += 1
    assert reviewed, f"{game} {preset}: no choice was reviewed in deals {seeds}"
