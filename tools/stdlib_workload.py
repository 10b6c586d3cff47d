"""What the site asks of the engine, run inside Pyodide by tools/stdlib_trace.mjs.

Plays through the engine's web API exactly as the pages do (JSON in, JSON
out), for every registered game that has a browser table: whole deals against
every computer player, a wrong card, advice, the game record, its restoring,
and where the game's session offers them its replaying and a review of one
decision; and each of the lessons' guided deals. Every action is one the state
lists, sent back with ``act`` as the pages do. Every standard module this
touches ends up in the browser's trimmed library, so a request here that fails
stops the build instead of a visitor's game.

Globals set by the caller: ``api`` (the web API module's name) and
``guided`` (a list of ``{"game", "position", "script"}`` from the lessons).
"""

import importlib
import json

from engine.core.game import find_game, game_names

handle = importlib.import_module(api).handle  # type: ignore[name-defined]  # noqa: F821


def ask(method, session, **params):
    reply = json.loads(handle(json.dumps({"method": method, "params": params, "session": session})))
    if not reply["ok"]:
        raise RuntimeError(f"{method} {params}: {reply['error']['message']}")
    return reply["result"]


def play_out(state, session):
    """Play the deal to its end as a visitor might: ask for advice and try a wrong card once, and otherwise take
    the first action the state lists (a card that fits, else a pass or a draw; a call of a missed knock that
    the table asks you about)."""
    asked = False
    while not state["over"]:
        if not state["your_turn"]:
            state = ask("computer_move", session)["state"]
            continue
        if not asked:
            ask("suggest", session)
            wrong = [card for card in state["hand"] if not card["legal"]]
            if wrong:
                action = {"play": wrong[0]["code"]}
                handle(json.dumps({"method": "act", "params": {"action": action}, "session": session}))
            asked = True
        state = ask("act", session, action=state["actions"][0])["state"]
    return state


for name in game_names():
    if find_game(name).table_module is None:
        continue  # no browser table yet: the site never asks
    methods = find_game(name).session().methods
    session = f"trace-{name}"  # one session a game, each deal started afresh in it: the engine keeps 16 at most
    for seed in (1, 2, 3):
        play_out(ask("new_game", session, seed=seed, game=name), session)
        record = ask("record", session)
        ask("restore", session, record=record, game=name)
        ask("state", session)
        if "replay" in methods:
            ask("replay", session, record=record, moves=4)
        if "review_points" in methods:
            points = ask("review_points", session, record=record)["moves"]
            for move in points[:1]:
                ask("review_move", session, record=record, move=move)
    ask("new_game", session, game=name)

for deal in guided:  # type: ignore[name-defined]  # noqa: F821
    play_out(ask("guided", "trace-guided", **deal), "trace-guided")
