"""Blackjack's review of a finished deal, through the same core as every game's: the choices reviewed (your turns
where more than one distinct turn was possible), Sam's estimate of each turn, notes that agree with the numbers,
and replaying from any move, reshuffles included."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from engine.blackjack.game import Game
from engine.blackjack.players.base import chains_from
from engine.blackjack.players.simple import RobinPlayer
from engine.blackjack.review import OPTIONS, decisions, estimate, finished, replay
from engine.blackjack.rules import Rules
from engine.blackjack.session import Session
from engine.blackjack.state import Draw, Pass, PickUp
from engine.core.review import SMALLEST_COST
from engine.core.webapi import handle


def _yours(entries: list[Any], index: int) -> dict[str, Any] | None:
    """Your move whose first entry is *index* (a reshuffle may come just before it)."""
    at = index + 1 if "reshuffle" in entries[index] else index
    entry = entries[at] if at < len(entries) else None
    return entry if entry is not None and entry.get("seat") == 0 else None


@pytest.mark.parametrize("seed", [2, 6])
def test_replaying_stops_at_each_move_and_replays_the_record_to_the_end(seed: int) -> None:
    # Seed 2 has a reshuffle right after a queen's penalty card, seed 6 one right before your draw.
    game = finished(seed)
    entries = game.record()["moves"]
    assert any("reshuffle" in entry for entry in entries)
    for moves in range(len(entries) + 1):
        again = replay(game, moves).record()["moves"]
        assert again == entries[: len(again)]
        # A reshuffle is an entry of its own, but no step of its own: a stop between it and the move it belongs
        # with (after a queen's penalty card, before a draw) goes on to the end of that move.
        inside = 0 < moves < len(entries) and ("reshuffle" in entries[moves] or "reshuffle" in entries[moves - 1])
        assert len(again) == moves or (inside and len(again) == moves + 1), moves
    assert replay(game, len(entries)).record() == game.record()
    with pytest.raises(ValueError, match="outside this deal"):
        replay(game, len(entries) + 1)


@pytest.mark.parametrize("seed", [1, 6])
def test_the_choices_are_your_turns_where_more_than_one_turn_was_possible(seed: int) -> None:
    game = finished(seed)
    entries = game.record()["moves"]
    points = decisions(game)
    assert points
    for index in range(len(entries)):
        if index and "reshuffle" in entries[index - 1]:
            continue  # the middle of a move that a reshuffle began
        mine = _yours(entries, index)
        if mine is None:
            assert index not in points
            continue
        state = replay(game, index).state
        chains = {cards for cards in chains_from(state, 0) if cards}
        no_card = any(isinstance(action, Draw | PickUp | Pass) for action in state.legal_actions(0))
        assert (index in points) == (len(chains) + no_card > 1), (index, mine)


@pytest.mark.parametrize("seed", [1, 2, 6])
@pytest.mark.slow
def test_every_note_agrees_with_the_numbers_shown_beside_it(seed: int) -> None:
    game = finished(seed)
    entries = game.record()["moves"]
    verdicts = set()
    for index in decisions(game):
        review = estimate(game, index)
        mine = _yours(entries, index)
        assert mine is not None
        codes = [card["code"] for card in review["cards"]]
        assert 2 <= len(codes) <= OPTIONS and len(set(codes)) == len(codes)
        # The turn you took comes first, named by its cards (and the suit named) or by what it was.
        played = review["played"]["code"]
        assert codes[0] == played
        if "chain" in mine:
            assert played.split()[: len(mine["chain"])] == mine["chain"]
        else:
            assert played == next(key for key in ("draw", "pickup", "pass") if key in mine)
        chances = {card["code"]: card["percent"] for card in review["cards"]}
        top = chances[review["best"]]
        assert top == max(chances.values())
        note = review["note"]
        assert set(re.findall(r"\d+%", note)) <= {f"{n}%" for n in chances.values()}, note
        assert review["played"]["display"] in note
        if review["verdict"] == "costly":
            assert review["cost"] >= max(review["margin"], SMALLEST_COST)
            assert f"it cost you about {top - chances[played]} percentage point" in note
        else:
            assert "cost you about" not in note
        verdicts.add(review["verdict"])
        assert estimate(game, index) == review  # seeded by the deal and the move
    assert "best" in verdicts


def test_a_reason_in_the_lessons_words_says_what_a_chain_does() -> None:
    game = finished(3)
    review = estimate(game, 10)  # you laid 6♠ 6♦ 7♦ 7♣, four cards of a chain on one turn
    assert review["played"]["display"] == "6♠ 6♦ 7♦ 7♣" and review["verdict"] == "best"
    assert review["note"].endswith("to win: it lays four cards in one chain.")


def test_a_turn_that_names_a_suit_is_weighed_with_the_suit_named() -> None:
    game = finished(2)
    review = estimate(game, 2)  # you laid A♣ A♥ and named hearts
    assert review["played"] == {"code": "AC AH H", "display": "A♣ A♥ naming hearts"}
    assert "the A♣ A♥ naming hearts you played" in review["note"]


def call(method: str, **params: Any) -> Any:
    return json.loads(handle(json.dumps({"method": method, "params": params}), Session()))


def test_the_page_asks_for_the_choices_then_each_estimate_and_can_play_on_from_one() -> None:
    game = finished(1)
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
    assert state["game"] == "blackjack" and state["your_turn"] and state["reviews"]
    assert len(state["hand"]) == len(replay(game, first).state.hands[0])
    choices = {move for seat in range(4) for move in decisions(game, seat)}
    none = next(move for move in range(len(game.record()["moves"])) if move not in choices)
    assert "was not a choice" in call("review_move", record=record, move=none)["error"]["message"]
    assert "outside this deal" in call("replay", record=record, moves=999)["error"]["message"]


def test_a_deal_whose_draws_go_on_is_reviewed_with_the_draw_weighed_uncalled() -> None:
    """Under draw=until-play a draw does not end the turn, so it may not call "Last cards" (the turn's last step
    does): the review weighs drawing as the rules allow it, rather than failing on a call they refuse."""
    game = Game.new(Rules(players=4, draw="until-play"), 3, names=("You", "Robin", "Alex", "Sam"))
    game.play_to_end([RobinPlayer(random.Random(3 + seat)) for seat in range(4)])
    weighed = [estimate(game, index) for index in decisions(game)]
    assert any("draw" in [card["code"] for card in found["cards"]] for found in weighed)
