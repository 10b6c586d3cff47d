"""Blackjack bot requests: the replay's stand-in hands agree with every move the request shows."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.blackjack import BLACKJACK_GAME
from engine.blackjack.game import Game
from engine.blackjack.protocol import legal_listing
from engine.blackjack.rules import Rules
from engine.blackjack.state import Draw, Move, Reshuffle, State, Undo
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


# -- draw=until-play: the first steps in the middle of a draw are the rules', never the stand-in deal's -----------


def _fits(state: State, card: Card) -> bool:
    """docs/rules/blackjack.md, *A turn*: the card is wild, or of the suit to follow, or of the top card's rank."""
    return state.rules.is_wild(card) or card.suit == state.suit or card.rank == state.top.rank


def _rules_steps(state: State) -> list[str]:
    """*Drawing*, ``draw=until-play``: after a draw, the player draws again until the card drawn fits; then lays a
    turn starting with any card that fits, or passes. If the stock runs out first (and cannot be refilled), the
    player passes."""
    if _fits(state, state.drawn_cards[-1]):
        return [card.code for card in sorted({card for card in state.hands[state.turn] if _fits(state, card)})] + [
            "pass"
        ]
    refill = state.rules.stock_out == "reshuffle" and len(state.pile) > 1
    return ["draw"] if state.stock or refill else ["pass"]


def _play_drawing_often(game: Game, rng: random.Random) -> None:
    """One step of the seat on turn, chosen at random among the legal ones, drawing whenever it may more often than
    not (also when a card fits, as the rules allow): so the deal has many draws, some of them chosen."""
    seat = game.turn
    steps = [action for action in game.legal_actions(seat) if not isinstance(action, Undo)]
    draws = [action for action in steps if isinstance(action, Draw)]
    game.act(seat, draws[0] if draws and rng.random() < 0.6 else rng.choice(steps))


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 4),
    stock_out=st.sampled_from(["reshuffle", "pass"]),
    chains=st.booleans(),
)
def test_moves_lists_the_rules_first_steps_at_every_point_of_a_draw(
    seed: int, players: int, stock_out: str, chains: bool
) -> None:
    rules = Rules(players=players, draw="until-play", stock_out=stock_out, chains=chains)
    game = Game.new(rules, seed)
    rng = random.Random(seed)
    checked = 0
    while not game.is_over and checked < 10 and game.state.turns < 120:
        state = game.state
        if state.drawn and not state.laid and rng.random() < 0.3:
            checked += 1
            expected = _rules_steps(state)
            request = BLACKJACK_GAME.request(game, state.turn)
            assert legal_listing(rules, {"request": json.dumps(request)}) == expected, request
            # Without "drawn" the replay lists the same steps, or asks for "drawn" where nothing else tells: never
            # where the last card came from a reshuffle whose order the request gives.
            del request["drawn"]
            last_draw = max(i for i, event in enumerate(state.events) if isinstance(event, Move))
            reshuffled = any(isinstance(event, Reshuffle) for event in state.events[:last_draw])
            try:
                assert legal_listing(rules, {"request": json.dumps(request)}) == expected, request
            except ValueError as error:
                assert '"drawn"' in str(error) and not reshuffled, error
        _play_drawing_often(game, rng)


# -- reshuffle entries and the up-card are read as a record reads them --------------------------------------------


def _refusal(request: dict[str, Any]) -> str:
    player = computer_player(BLACKJACK_GAME.computer_players, "alex", random.Random(0))
    reply = json.loads(protocol.answer(json.dumps(request), player, BLACKJACK_GAME))
    assert set(reply) == {"error"}, reply
    return str(reply["error"])


def _with_reshuffle(entry: object, at: int | None = None) -> dict[str, Any]:
    """The fixture's request with its reshuffle entry (the 81st entry, before seat 1's draw) replaced by *entry* (or
    dropped: ``None``), or moved to *at*."""
    moves = _request()["moves"]
    reshuffle = moves.pop(80)
    assert set(reshuffle) == {"reshuffle"}
    if at is not None:
        moves.insert(at, reshuffle)
    elif entry is not None:
        moves.insert(80, entry)
    return {**_request(), "moves": moves}


def test_a_reshuffle_entry_is_checked_where_a_draw_needs_it_and_nowhere_else() -> None:
    cards = _RESHUFFLE.split()
    assert _refusal(_with_reshuffle({"reshuffle": ["XX"]})).startswith(
        "move 82: the reshuffle entry it needs: unknown card 'XX'"
    )
    assert _refusal(_with_reshuffle({"reshuffle": 7})) == (
        "move 82: the reshuffle entry it needs: its new stock must be a list of card codes"
    )
    assert _refusal(_with_reshuffle({"reshuffle": cards[1:]})) == (
        "move 82 (seat 1 draws): a reshuffle must hold exactly the 46 cards under the top card: it lacks 2D"
    )
    assert _refusal(_with_reshuffle({"reshuffle": [*cards, "3C"]})).endswith("it has 3C too")
    assert _refusal(_with_reshuffle(None, at=5)) == "move 6: a reshuffle where no draw needs one"
    assert _refusal(_with_reshuffle(None)) == "move 81: the stock runs out here, so a reshuffle entry is needed"
    at_end = _request()
    at_end["moves"].append({"reshuffle": cards})
    assert _refusal(at_end) == "move 83: a reshuffle where no draw needs one"


def test_the_order_of_a_reshuffle_is_the_order_the_replay_draws_in() -> None:
    # Seat 1's second draw of the turn came right after the reshuffle, whose top card is the 2D: the request that
    # says so is read, one that says it drew another card from it is refused.
    assert protocol.read_request(json.dumps({**_request(), "drawn": ["AS", "2D"]}), BLACKJACK_GAME).drawn == 2
    assert _refusal({**_request(), "drawn": ["AS", "KH"]}) == (
        "drawn: seat 1 drew AS 2D this turn, as the order of the reshuffle it drew from gives them, not AS KH"
    )
    assert _refusal({**_request(), "drawn": ["3C", "2D"]}) == (
        "drawn: the 3♣ is not in the hand: the cards drawn this turn are still held"
    )
    assert _refusal({**_request(), "drawn": ["2D"]}) == (
        "drawn lists 1 card, but the moves show seat 1 drawing 2 this turn"
    )


@pytest.mark.parametrize("eight", ["8C", "8D", "8H", "8S"])
def test_a_turned_8_under_wild_8_is_refused_by_a_request_as_by_a_record(eight: str) -> None:
    request = {"game": "blackjack", "rules": "crazy-eights", "seat": 1, "upcard": eight, "moves": []}
    request["hand"] = ["2H", "3H", "4H", "5H", "6H", "7H", "9H"]
    message = "upcard: under wild=8 a turned 8 goes back into the stock, so it is never the up-card"
    assert _refusal(request) == message
    with pytest.raises(ValueError, match=f"^--request: {message}$"):
        legal_listing(Rules(), {"request": json.dumps(request)})
    # Under wild=A the same up-card is an ordinary one.
    assert "error" not in json.loads(
        protocol.answer(
            json.dumps({**request, "rules": "crazy-eights,wild=A"}),
            computer_player(BLACKJACK_GAME.computer_players, "alex", random.Random(0)),
            BLACKJACK_GAME,
        )
    )


def test_the_card_drawn_from_a_reshuffle_whose_order_the_request_gives_decides_the_next_step() -> None:
    # Issue 43's position: the seat holds cards that fit (spades and the wild A♦ on the 5♠), chose to draw, and its
    # eleventh card, the 2♣, came just after a reshuffle whose order the request gives. The rules say: draw again.
    rules = Rules(players=2, draw="until-play")
    game = Game.new(rules, 0)
    rng = random.Random(0)
    for _ in range(451):
        _play_drawing_often(game, rng)
    state = game.state
    assert state.drawn == 11 and isinstance(state.events[-2], Reshuffle) and state.drawn_cards[-1] == Card.parse("2C")
    assert {"AD", "2S", "8S", "9S"} <= {card.code for card in state.hands[state.turn]}
    request = BLACKJACK_GAME.request(game, state.turn)
    del request["drawn"]
    assert legal_listing(rules, {"request": json.dumps(request)}) == ["draw"]
