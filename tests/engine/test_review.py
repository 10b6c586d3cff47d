"""Reviewing a finished deal: the decisions reviewed, Sam's estimates per card, the notes, replaying from a move."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core.review import NOISE_SE, SMALLEST_COST
from engine.core.review import paired_error as _paired_error
from engine.core.webapi import handle
from engine.sevens.game import Game
from engine.sevens.review import decisions, estimate, replay
from engine.sevens.session import Session


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
    assert review["noticeable"] == (review["verdict"] == "costly")
    assert review["note"].endswith(".") and review["played"]["display"] in review["note"]
    assert estimate(game, index) == review


def test_a_note_names_the_better_card_the_card_played_and_both_chances() -> None:
    game = finished(2)
    notes = [review for review in map(lambda i: estimate(game, i), decisions(game)) if review["noticeable"]]
    assert notes, "deal 2 played with the first card that fits has a noticeable mistake"
    review = notes[0]
    better = next(card for card in review["cards"] if card["code"] == review["best"])
    assert review["note"].startswith(f"The {better['display']} gave you about {better['percent']}% to win")
    assert f"the {review['played']['display']} you played about " in review["note"]


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


@pytest.mark.parametrize("seed", [2, 5, 11])
def test_every_note_agrees_with_the_numbers_shown_beside_it(seed: int) -> None:
    """The page shows each card's chance in whole percent next to the note: the note may not call a choice as
    good as any while another card shows more, nor costly by a gap within the estimate's own noise."""
    game = finished(seed)
    for index in decisions(game):
        review = estimate(game, index)
        note = review["note"]
        chances = {card["code"]: card["percent"] for card in review["cards"]}
        assert all(abs(card["percent"] - 100 * card["chance"]) <= 0.51 for card in review["cards"])
        mine, top = chances[review["played"]["code"]], chances[review["best"]]
        assert top == max(chances.values())
        played, best = (
            review["played"]["display"],
            next(c["display"] for c in review["cards"] if c["code"] == review["best"]),
        )
        assert "as good a choice as any" not in note
        if review["verdict"] == "best" and len(set(chances.values())) == 1:
            assert note.endswith("your choice made no difference here.") and f"about {mine}% to win" in note
        elif review["verdict"] == "best":
            assert review["best"] == review["played"]["code"] and f"{mine}% to win" in note
        elif top == mine:
            assert note.endswith("your choice cost nothing.") and f"about {mine}%" in note
        elif review["verdict"] == "close":
            assert review["cost"] <= max(review["margin"], SMALLEST_COST) + 0.001
            assert f"({top}% against {mine}% for the {played} you played)" in note
            assert "cost little or nothing" in note
        else:
            assert review["cost"] > review["margin"] and review["cost"] > SMALLEST_COST
            assert note.startswith(f"The {best} gave you about {top}% to win, the {played} you played about {mine}%")
            assert f"it cost you about {top - mine} percentage point{'s' if top - mine != 1 else ''}." in note
        for word in ("lets out", "let out"):
            assert word not in note, f"{note!r}: the lessons never say a card 'lets out' others"


def test_the_noise_is_the_standard_error_of_the_paired_difference() -> None:
    # Deal by deal: the same result on every deal is no noise at all, however the cards did.
    assert _paired_error([1, 0, 1, 0], [1, 0, 1, 0]) == 0
    # Differences 1, 0, 1, 0: mean 0.5, sample variance 1/3, standard error sqrt(1/12).
    assert _paired_error([1, 0, 1, 0], [0, 0, 0, 0]) == pytest.approx((1 / 12) ** 0.5)
    assert NOISE_SE == 2.0
