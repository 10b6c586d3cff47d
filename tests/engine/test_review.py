"""Reviewing a finished deal: the decisions reviewed, Sam's estimates per card, the notes, replaying from a move."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.game import Game
from engine.review import NOTICEABLE, decisions, estimate, replay
from engine.webapi import Session, handle


def finished(seed: int) -> Game:
    """A whole deal in which every seat plays the first card that fits."""
    game = Game.new(seed)
    while not game.is_over:
        legal = game.position.legal_moves()
        game.play(legal[0] if legal else None)
    return game


def test_the_decisions_are_your_moves_where_more_than_one_card_fitted() -> None:
    game = finished(5)
    points = decisions(game)
    assert points
    for index in points:
        before = replay(game, index)
        assert game.moves[index].seat == 0 and len(before.position.legal_moves()) > 1
    singles = [i for i, m in enumerate(game.moves) if m.seat == 0 and i not in points]
    assert all(len(replay(game, i).position.legal_moves()) <= 1 for i in singles)


def test_an_estimate_covers_every_card_that_fitted_and_is_the_same_every_time() -> None:
    game = finished(5)
    index = decisions(game)[0]
    review = estimate(game, index)
    fitted = [card.code for card in replay(game, index).position.legal_moves()]
    assert [card["code"] for card in review["cards"]] == fitted
    assert all(0 <= card["chance"] <= 1 for card in review["cards"])
    chances = {card["code"]: card["chance"] for card in review["cards"]}
    assert review["cost"] == pytest.approx(chances[review["best"]] - chances[review["played"]["code"]], abs=0.002)
    assert review["noticeable"] == (review["cost"] >= NOTICEABLE)
    assert review["note"].endswith(".") and review["played"]["display"] in review["note"]
    assert estimate(game, index) == review


def test_a_note_names_the_better_card_the_card_played_and_both_chances() -> None:
    game = finished(42)
    notes = [review for review in map(lambda i: estimate(game, i), decisions(game)) if review["noticeable"]]
    assert notes, "deal 42 played with the first card that fits has a noticeable mistake"
    review = notes[0]
    better = next(card for card in review["cards"] if card["code"] == review["best"])
    assert review["note"].startswith(f"{better['display']} gave you about ")
    assert f"the {review['played']['display']} you played, about " in review["note"]


def call(method: str, **params: Any) -> Any:
    return json.loads(handle(json.dumps({"method": method, "params": params}), Session()))


def test_the_page_asks_for_the_points_then_each_estimate_and_can_play_on_from_a_decision() -> None:
    record = finished(5).to_json()
    points = call("review_points", record=record)["result"]
    assert points["total"] == len(finished(5).moves) and points["moves"] == decisions(finished(5))
    first = points["moves"][0]
    assert call("review_move", record=record, move=first)["result"]["move"] == first
    state = call("replay", record=record, moves=first)["result"]
    assert len(state["log"]) == first and state["your_turn"]
    assert "was not a choice" in call("review_move", record=record, move=0)["error"]["message"]
    assert "outside this deal" in call("replay", record=record, moves=999)["error"]["message"]
    assert "must be a whole number" in call("replay", record=record, moves="3")["error"]["message"]
