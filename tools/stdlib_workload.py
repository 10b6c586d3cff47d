"""What the site asks of the engine, run inside Pyodide by tools/stdlib_trace.mjs.

Plays through the engine's web API exactly as the pages do (JSON in, JSON
out), for every registered game: whole deals against every computer player,
a wrong card, advice, the game record, its restoring, and where the game's
session offers them its replaying and a review of one decision; and each of
the lessons' guided deals. The moves are made with the verbs the game's
session offers (a pass, or a discard naming a suit, a knock, a draw, a call).
Every
standard module this touches ends up in the browser's trimmed library, so a
request here that fails stops the build instead of a visitor's game.

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
    """Play the deal to its end as a visitor might: ask for advice and try a wrong card once, call every missed
    knock the table asks you about, and otherwise make the first move that fits."""
    asked = False
    while not state["over"]:
        if state.get("call") and state["call"]["asks_you"]:  # Knock! Knock!: a missed knock waits for you
            state = ask("challenge", session)["state"]
            continue
        if not state["your_turn"]:
            state = ask("computer_move", session)["state"]
            continue
        if not asked:
            ask("suggest", session)
            wrong = [card for card in state["hand"] if not card["legal"]]
            if wrong:
                handle(json.dumps({"method": "play", "params": {"card": wrong[0]["code"]}, "session": session}))
            asked = True
        state = your_move(state, session)
    return state


def your_move(state, session):
    """The first card that fits, or else a pass or a draw, whichever the game's session offers."""
    legal = [card for card in state["hand"] if card["legal"]]
    if "pass_turn" in find_game(state["game"]).session().methods:
        return ask("play", session, card=legal[0]["code"])["state"] if legal else ask("pass_turn", session)["state"]
    if not legal:
        return ask("draw", session)["state"]
    card = legal[0]
    suit = "S" if card["pickup"] else None
    return ask("play", session, card=card["code"], suit=suit, knock=state["must_knock"])["state"]


for name in game_names():
    methods = find_game(name).session().methods
    for seed in (1, 2, 3):
        session = f"trace-{name}-{seed}"
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
    ask("new_game", f"trace-fresh-{name}", game=name)

for number, deal in enumerate(guided):  # type: ignore[name-defined]  # noqa: F821
    play_out(ask("guided", f"trace-guided-{number}", **deal), f"trace-guided-{number}")
