"""Blackjack bot requests: the replay's stand-in hands agree with every move the request shows."""

from __future__ import annotations

import json
import random
from typing import Any

from engine.blackjack import BLACKJACK_GAME
from engine.core import protocol
from engine.core.cards import Card, parse_cards
from engine.core.game import computer_player

# A deal of the contract test (tests/engine/test_contract.py, Hypothesis seed 5): two players, draw=until-play,
# stock_out=reshuffle, seat 1 asking. Move 80 is seat 1's first draw, which empties the stock; move 82, its second,
# is drawn from the reshuffled pile. Seat 1 now holds AD 2D KH AS on a 7C. Short notation: "seat:cards" a chain,
# "seat:d" a draw, "seat:pN" a pick-up of N, "!" calls last card, "R" the reshuffle.
_MOVES = (
    "0:9H 1:3H 0:d 0:d 0:d 0:10H 1:10C 0:5C 1:5H 0:5D 1:10D 0:10S 1:4S 0:JS 1:d 1:2S 0:p2 1:2C! 0:p2 1:d 1:d 1:d 1:d "
    "1:d 1:AC 0:QC 1:d 1:d 1:QH 0:QD 1:9D 0:9C 1:9S 0:QS 1:5S 0:d 0:d 0:KS 0:KD 0:4D 1:4H 0:d 0:d 0:d 0:4C 1:d 1:d 1:d "
    "1:d 1:JC 0:6C 1:6H 0:6S 1:3S 0:3C 1:3D 0:7D! 1:d 1:2D 0:p2! 1:d 1:d 1:d 1:d 1:d 1:6D 0:JD 1:JH 0:d 0:d 0:d 0:d "
    "0:AH 1:8H 0:8C 1:8S 0:7S 1:7H 0:7C 1:d R 1:d"
)
_RESHUFFLE = (
    "2D 7D 7S 5H KS 6H 5D 4H AC JD 2H QS 10C JC KD 9H 8C 8H 10S 9C JS JH 10D 7H 3D QC 9D 6C QD 4D 3S 10H 5S QH 8S 9S "
    "6S 5C 4C 2C 3H 3C AH 2S 6D 4S"
)
_RULES = {
    "players": 2,
    "packs": "auto",
    "chains": False,
    "wild": "none",
    "skip": "none",
    "reverse": "K",
    "twos": True,
    "black_jacks": "none",
    "twos_and_jacks": "mix",
    "queen_cover": False,
    "draw": "until-play",
    "last_cards": True,
    "power_finish": True,
    "stock_out": "reshuffle",
    "scoring": "tally",
}


def _entry(word: str) -> dict[str, Any]:
    if word == "R":
        return {"reshuffle": _RESHUFFLE.split()}
    last = word.endswith("!")
    seat, move = word.rstrip("!").split(":")
    entry: dict[str, Any] = {"seat": int(seat)}
    if move == "d":
        entry["draw"] = True
    elif move.startswith("p"):
        entry["pickup"] = int(move[1:])
    else:
        entry["chain"] = move.split("+")
    if last:
        entry["last"] = True
    return entry


def _request() -> dict[str, Any]:
    return {
        "game": "blackjack",
        "rules": _RULES,
        "seat": 1,
        "dealer": 1,
        "upcard": "2H",
        "hand": ["AD", "2D", "KH", "AS"],
        "moves": [_entry(word) for word in _MOVES.split()],
    }


def test_a_draw_from_an_empty_stock_keeps_the_drawer_without_a_card_that_fits() -> None:
    """Seat 1's second draw (move 82) comes just as the stock runs out: the stand-in hand it drew into must hold
    nothing that fits the 7C, or until-play forbids the draw. With no card left in the stock to swap for the one
    that fits, the replay swaps with the other seat's hand (unseen too) instead of refusing a legal move."""
    view = protocol.read_request(json.dumps(_request()), BLACKJACK_GAME)
    assert view.seat == view.turn == 1
    assert view.hand == tuple(parse_cards("AD 2D KH AS"))
    assert view.pile == (Card.parse("7C"),)
    assert view.counts == (2, 4)
    assert view.stock_size == 45
    assert view.drawn == 2


def test_the_bot_answers_the_request_after_the_reshuffle() -> None:
    player = computer_player(BLACKJACK_GAME.computer_players, "sam", random.Random(0))
    out = json.loads(protocol.answer(json.dumps(_request()), player, BLACKJACK_GAME))
    assert "error" not in out, out
