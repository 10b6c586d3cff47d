"""Each reply tells the page what the deal's record gained (engine/core/deals.py ``record_news``), so the page keeps
the record itself and a step costs one round trip: the news of a whole deal add up to the record, in every game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core.game import game_names
from engine.core.webapi import handle, new_session


def ask(session: Any, method: str, **params: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(handle(json.dumps({"method": method, "params": params}), session))
    assert reply["ok"], reply
    return reply


@pytest.mark.parametrize("game", game_names())
def test_the_news_of_a_whole_deal_add_up_to_its_record(game: str) -> None:
    session = new_session(game)
    reply = ask(session, "new_match", seed=5)
    kept = reply["record"]["record"]  # a deal starts: the whole record
    state = reply["result"]
    for _ in range(400):
        if state["over"]:
            break
        if state["your_turn"]:
            reply = ask(session, "act", action=state["actions"][-1])
        else:
            reply = ask(session, "computer_move")
        state = reply["result"]["state"]
        news = reply.get("record")
        if news is not None:
            assert len(kept["moves"]) == news["at"], "each news follows on the last"
            kept["moves"].extend(news["moves"])
            kept.update(news["fields"])
    assert state["over"]
    assert kept == json.loads(session.record())
    assert "record" not in ask(session, "state"), "nothing changed, nothing told"
    assert "record" in ask(session, "next_deal"), "the next deal is told whole"


def test_a_guided_deal_has_no_record_to_tell() -> None:
    session = new_session("knock-knock")
    position = "hands 9H 6H 2S 3C / KC / 8S / 7D | pile 4C 6C | stock 5S 6S | turn 0"
    assert "record" not in ask(session, "guided", position=position)
    assert "record" not in ask(session, "act", action={"play": "6H"})
