"""Knock! Knock! bot requests and the moves listing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.core import protocol
from engine.core.cards import Card, Suit
from engine.core.chance import player_rng
from engine.knock_knock import KNOCK_KNOCK
from engine.knock_knock.game import Game
from engine.knock_knock.players import make_player
from engine.knock_knock.protocol import answer, legal_listing
from engine.knock_knock.rules import Rules
from engine.knock_knock.state import Challenge, Draw, Move, Play, Quiet


def _passed(game: Game) -> list[int]:
    """The seats that let the last discard pass: those in its window, or all the others once it closed."""
    state = game.state
    if state.window is not None:
        return sorted(state.window.quiet)
    moves = [event for event in state.events if isinstance(event, Move)]
    if moves and isinstance(moves[-1].action, Play):
        return [seat for seat in range(game.rules.players) if seat != moves[-1].seat]
    return []


def read_request(request: dict[str, Any]) -> Any:
    """The view a bot is given for *request*, through the core's checks as the bot protocol reads it."""
    return protocol.read_request(json.dumps(request), KNOCK_KNOCK)


def _request(game: Game, seat: int) -> dict[str, Any]:
    record = game.record()
    return {
        "game": "knock-knock",
        "rules": record["rules"],
        "seat": seat,
        "dealer": record["dealer"],
        "upcard": record["upcard"],
        "hand": [card.code for card in game.state.hands[seat]],
        "moves": record["moves"],
        "passed": _passed(game),
    }


@pytest.mark.parametrize("seed", [2, 8])
def test_a_request_rebuilds_exactly_the_view_of_the_seat_asked(seed: int) -> None:
    rules = Rules(players=3)
    bots = [make_player(name, player_rng(seed, seat)) for seat, name in enumerate(["robin", "alex", "random"])]
    game = Game.new(rules, seed)
    asked = 0
    while not game.is_over:
        seat = game.waiting[0]
        view = game.view(seat)
        if asked % 3 == 0:
            assert read_request(_request(game, seat)) == view
        asked += 1
        game.act(seat, bots[seat].decide(view).action)
    assert asked > 20


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seat": 7}, "seat 7 is not allowed: give a seat from 0 to 3"),
        ({"upcard": 6}, "upcard: card 6 must be a string"),
        ({"hand": ["6H"]}, "hand has 1 cards, but the deal and the moves leave seat 1 with 7"),
        ({"moves": [{"seat": 1, "play": "9D"}]}, "move 1: 9♦ does not fit: the playing suit is clubs"),
        ({"moves": [{"seat": 2, "draw": True}]}, "move 1: it is seat 1's turn, not seat 2's"),
        ({"seat": 2}, "seat 2 has nothing to decide now: waiting for seat 1"),
        ({"rules": {"players": 1}}, "rules: players 1 is not allowed: choose 2–10"),
        ({"colour": "red"}, "unknown request key 'colour'"),
        ({"passed": [0]}, "passed: seat 0 cannot let the last discard pass now"),
    ],
)
def test_a_bad_request_says_what_is_wrong(change: dict[str, Any], message: str) -> None:
    request = {"seat": 1, "upcard": "6C", "hand": ["6H", "9C", "KD", "2S", "3H", "4H", "5H"], "moves": []}
    with pytest.raises(ValueError, match=message):
        read_request({**request, **change})


def test_answers_are_record_entries_without_the_seat() -> None:
    assert answer(Play(Card.parse("2S"), Suit.DIAMONDS, True)) == {"play": "2S", "suit": "D", "knock": True}
    assert answer(Draw()) == {"draw": True}
    assert answer(Challenge()) == {"challenge": True}
    assert answer(Quiet()) == {"quiet": True}


def test_the_moves_listing() -> None:
    assert legal_listing(Rules(), {"table": "2S H", "hand": "9H 6C 3S"}) == ["9H knock", "draw"]
    with pytest.raises(ValueError, match="--table: the playing suit is the top card's unless"):
        legal_listing(Rules(), {"table": "6S H", "hand": "9H"})
    with pytest.raises(ValueError, match="--hand is empty"):
        legal_listing(Rules(), {"table": "6S", "hand": "-"})


def test_a_hand_holding_both_copies_of_a_card_is_rebuilt_with_both() -> None:
    # Eight players deal from two packs; by its tenth turn seat 6 of this deal holds both J♥s (found by
    # tests/engine/test_contract.py: the rebuilt hand had one J♥ and a 4♥ the seat never held).
    from engine.knock_knock import KNOCK_KNOCK

    game = Game.new(Rules(players=8), 0, names=["alex"] * 8)
    bots = [make_player("alex", random.Random(seat)) for seat in range(8)]
    while game.state.hands[6].count(Card.parse("JH")) < 2 or game.state.waiting[-1] != 6:
        seat = game.state.waiting[-1]
        game.act(seat, bots[seat].decide(game.view(seat)).action)
    assert KNOCK_KNOCK.read_request(KNOCK_KNOCK.request(game, 6)).hand == game.view(6).hand
