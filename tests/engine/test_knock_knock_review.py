"""Knock! Knock!'s review of a finished deal, through the same core as every game's: the choices reviewed, Sam's
estimates per card, notes that agree with the numbers, and replaying from a choice."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from engine.core.review import SMALLEST_COST
from engine.core.webapi import handle
from engine.knock_knock.review import decisions, estimate, finished, replay
from engine.knock_knock.session import Session


def test_the_choices_are_your_discards_where_more_than_one_card_fitted() -> None:
    game = finished(3)
    entries = game.record()["moves"]
    points = decisions(game)
    assert points
    for index, entry in enumerate(entries):
        yours = isinstance(entry, dict) and entry.get("seat") == 0 and "play" in entry
        choice = yours and len(replay(game, index).view(0).fitting()) > 1
        assert (index in points) == choice, (index, entry)


@pytest.mark.parametrize("seed", [3, 8])
@pytest.mark.slow
def test_every_note_agrees_with_the_numbers_shown_beside_it(seed: int) -> None:
    game = finished(seed)
    for index in decisions(game):
        review = estimate(game, index)
        fitted = [card.code for card in replay(game, index).view(0).fitting()]
        assert [card["code"] for card in review["cards"]] == fitted
        chances = {card["code"]: card["percent"] for card in review["cards"]}
        mine, top = chances[review["played"]["code"]], chances[review["best"]]
        assert top == max(chances.values())
        note = review["note"]
        assert set(re.findall(r"\d+%", note)) <= {f"{n}%" for n in chances.values()}, note
        if review["verdict"] == "costly":
            assert review["cost"] >= max(review["margin"], SMALLEST_COST)  # both rounded to 0.001
            assert f"it cost you about {top - mine} percentage point" in note
        else:
            assert "cost you about" not in note
        if review["verdict"] == "close" and top != mine:
            assert f"({top}% against {mine}% for the {review['played']['display']} you played)" in note
        assert estimate(game, index) == review  # seeded by the deal and the move


def call(method: str, **params: Any) -> Any:
    return json.loads(handle(json.dumps({"method": method, "params": params}), Session()))


def test_the_page_asks_for_the_choices_then_each_estimate_and_can_play_on_from_one() -> None:
    game = finished(3)
    record = game.to_json()
    points = call("review_points", record=record)["result"]
    assert {key: points[key] for key in ("moves", "total")} == {
        "moves": decisions(game),
        "total": len(game.record()["moves"]),
    }
    assert points["said"].startswith(f"Sam weighed your {len(points['moves'])} choice")
    first = points["moves"][0]
    assert call("review_move", record=record, move=first)["result"] == estimate(game, first)
    state = call("replay", record=record, moves=first)["result"]
    assert state["game"] == "knock-knock" and len(state["hand"]) == len(replay(game, first).state.hands[0])
    choices = {move for seat in range(4) for move in decisions(game, seat)}
    none = next(move for move in range(len(game.record()["moves"])) if move not in choices)
    assert "was not a choice" in call("review_move", record=record, move=none)["error"]["message"]
    assert "outside this deal" in call("replay", record=record, moves=999)["error"]["message"]
    # Replayed to its end, the deal is the same deal.
    assert replay(game, len(game.record()["moves"])).record() == game.record()


def test_the_reviews_own_session_is_of_the_game_its_requests_name() -> None:
    """The page reviews in a session of its own ("review"): each request names the game, as a start does."""
    record = finished(3).to_json()
    request = {"method": "review_points", "session": "kk-review", "params": {"record": record, "game": "knock-knock"}}
    reply = json.loads(handle(json.dumps(request)))
    assert reply["result"]["moves"] == decisions(finished(3))
