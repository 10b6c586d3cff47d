"""Knock! Knock! deals, records, views and the end of a deal."""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from typing import Any

import pytest

from engine.core.cards import Card, Suit
from engine.core.match import play_game
from engine.knock_knock.game import Game, RecordError
from engine.knock_knock.rules import TURN_LIMIT, Rules, card_points, pack
from engine.knock_knock.state import NO_CHANCE, Draw, IllegalAction, Play, Reshuffle, State, deal
from engine.knock_knock.view import PlayerView, Reshuffled


def _game_with_a_reshuffle() -> Game:
    for seed in range(200):
        game = play_game(seed, ["random", "alex", "robin"], rules=Rules(players=3))
        if any(isinstance(event, Reshuffle) for event in game.events):
            return game
    raise AssertionError("no deal among 200 seeds needed a reshuffle")


@functools.cache
def _record_text() -> str:
    """One deal's record, played once for the tests that spoil a copy of it (Sam's play costs a quarter of a second
    a deal in Pyodide)."""
    return json.dumps(play_game(3, ["alex", "random", "robin", "sam"], rules=Rules()).record())


def _record(**changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(_record_text())
    record.update(changes)
    return record


# -- options ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("players=11", "players '11' is not allowed: choose 2–10"),
        ("players=four", "players 'four' is not allowed: choose 2–10"),
        ("direction=left", "direction 'left' is not allowed: choose clockwise or counter-clockwise"),
        ("scoring=chips", "scoring 'chips' is not allowed: choose tally or points"),
        ("packs=2", "unknown option 'packs': Knock! Knock! has players, direction and scoring"),
        ("players", "'players' is not an option written name=value, like players=5 (Knock! Knock! has no presets)"),
        ("players=3,players=4", "players is given twice ('players=3' and 'players=4'): give each option once"),
    ],
)
def test_a_bad_option_names_the_option_and_its_allowed_values(text: str, message: str) -> None:
    with pytest.raises(ValueError) as error:
        Rules.parse(text)
    assert str(error.value) == message


@pytest.mark.parametrize(("players", "packs", "stock"), [(2, 1, 37), (6, 1, 9), (7, 2, 54), (10, 2, 33)])
def test_the_deal_gives_seven_cards_each_and_turns_up_one(players: int, packs: int, stock: int) -> None:
    rules = Rules(players=players)
    state = deal(rules, random.Random(5))
    assert rules.packs == packs
    assert state.counts() == (7,) * players
    assert state.stock_size == stock and len(state.pile) == 1
    assert state.all_cards() == Counter(pack(rules))


def test_the_player_after_the_dealer_starts_in_the_direction_of_play() -> None:
    assert deal(Rules(), random.Random(1), dealer=2).to_move == 3
    assert deal(Rules(direction="counter-clockwise"), random.Random(1), dealer=0).to_move == 3


def test_a_pickup_card_turned_up_only_sets_the_suit_and_rank() -> None:
    upcard = Card.parse("AS")
    cards = [card for card in pack(Rules()) if card != upcard]
    hands = [cards[i * 7 : i * 7 + 7] for i in range(4)]
    game = Game(Rules(), hands, cards[28:], upcard)
    assert game.turn == 1 and game.state.suit is Suit.SPADES and game.state.window is None
    assert game.state.counts() == (7, 7, 7, 7)


def test_scoring_counts_cards_left_by_their_points() -> None:
    assert [card_points(Card.parse(c)) for c in ("AH", "2C", "5D", "5S", "KH")] == [2, 3, 5, 1, 1]
    state = State.parse("hands 9H / AS 2C 5D 7H / KS | pile 9D | turn 0", Rules(players=3, scoring="points"))
    state.apply(0, Play(Card.parse("9H")), NO_CHANCE)
    from engine.knock_knock.game import scores

    assert scores(state) == [0, 11, 1]


def test_a_deal_is_drawn_after_a_thousand_turns() -> None:
    state = State.parse("hands 3C 4C / 3D 4D | pile 6H | stock - | turn 0")
    for turn in range(TURN_LIMIT):
        state.apply(turn % 2, Draw(), NO_CHANCE)
    assert state.is_over and state.winner is None
    assert state.why_illegal(0, Draw()) == "the deal is over: it was declared a draw after 1,000 turns"


# -- records --------------------------------------------------------------------------------


def test_a_record_has_the_rules_file_shape() -> None:
    record = play_game(11, ["sam", "alex", "robin", "random"], rules=Rules()).record()
    assert list(record) == [
        "game",
        "rules",
        "seed",
        "players",
        "dealer",
        "hands",
        "stock",
        "upcard",
        "moves",
        "winner",
        "remaining",
    ]
    assert record["game"] == "knock-knock"
    assert record["rules"] == {"players": 4, "direction": "clockwise", "scoring": "tally"}
    assert len(record["stock"]) == 52 - 28 - 1
    for move in record["moves"]:
        if "play" in move:
            assert ("suit" in move) == (move["play"][0] in "A2" or move["play"] == "5D")
            assert move.get("knock", True) is True
        else:
            assert set(move) in ({"seat", "draw"}, {"seat", "challenge"}, {"reshuffle"})


def test_records_round_trip_and_replay_without_the_seed() -> None:
    game = _game_with_a_reshuffle()
    record = game.record()
    record["seed"] = None
    again = Game.from_json(json.dumps(record))
    assert again.state.text() == game.state.text()
    assert again.record() == record


def test_the_same_seed_plays_the_same_deal() -> None:
    seats = ["robin", "sam", "alex", "random"]
    assert play_game(9, seats, rules=Rules()).record() == play_game(9, seats, rules=Rules()).record()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "sevens"}, "game record game 'sevens': expected 'knock-knock'"),
        (
            {"rules": {"players": 12, "direction": "clockwise", "scoring": "tally"}},
            "game record rules: players 12 is not allowed: choose 2–10",
        ),
        ({"rules": {"players": 4}}, "game record rules: missing direction, scoring: a record writes every option out"),
        ({"dealer": 4}, "game record dealer 4 is not allowed: give a seat from 0 to 3"),
        ({"upcard": "TH"}, "game record: card 'TH' must be written '10H' in a game record"),
        ({"winner": 5}, "game record says the winner is 5, but the moves give"),
        ({"remaining": [1, 2, 3, 4]}, "game record says [1, 2, 3, 4] cards remain"),
    ],
)
def test_a_bad_record_is_refused_with_the_reason(change: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError) as error:
        Game.from_record(_record(**change))
    assert str(error.value).startswith(message)


def test_a_record_whose_cards_are_not_the_pack_is_refused() -> None:
    record = _record()
    record["stock"][0] = record["upcard"]
    with pytest.raises(RecordError, match=r"the hands, stock and up-card are not one pack of 52 cards: too many"):
        Game.from_record(record)


def test_an_illegal_move_in_a_record_names_the_move_and_the_reason() -> None:
    record = _record()
    first = record["moves"][0]
    seat = first["seat"]
    hand = record["hands"][seat]
    state = Game.from_record({**record, "moves": [], "winner": None, "remaining": [7, 7, 7, 7]}).state
    misfit = next((code for code in hand if not state.fits(Card.parse(code))), None)
    assert misfit is not None, "this deal's first player holds no card that misfits; pick another seed"
    record["moves"] = [{"seat": seat, "play": misfit}]
    with pytest.raises(RecordError) as error:
        Game.from_record(record)
    assert str(error.value).startswith(
        f"game record move 1 (seat {seat} plays {misfit}): {Card.parse(misfit).display} does not fit"
    )


def test_reshuffles_must_be_where_the_stock_runs_out_and_hold_the_pile() -> None:
    record = _game_with_a_reshuffle().record()
    at = next(i for i, move in enumerate(record["moves"]) if "reshuffle" in move)
    missing = {**record, "moves": record["moves"][:at] + record["moves"][at + 1 :]}
    with pytest.raises(RecordError, match=r"the stock runs out here, so a reshuffle entry is needed next"):
        Game.from_record(missing)
    early = {**record, "moves": [record["moves"][at], *record["moves"]]}
    with pytest.raises(RecordError, match=r"game record move 1: a reshuffle where no draw needs one"):
        Game.from_record(early)
    wrong = json.loads(json.dumps(record))
    wrong["moves"][at]["reshuffle"] = wrong["moves"][at]["reshuffle"][1:]
    with pytest.raises(
        RecordError,
        match=r"game record move \d+( \(seat \d [a-z ]+\))?: a reshuffle must hold exactly the \d+ cards under the top card: it lacks [2-9AJQK]",
    ):
        Game.from_record(wrong)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ({"seat": 0, "play": "AS", "knock": False}, '"knock" is written only as true'),
        ({"seat": 0, "play": "AS", "suit": "X"}, "suit must be one of C, D, H, S"),
        ({"seat": 9, "draw": True}, "seat 9 is not allowed: give a seat from 0 to 3"),
        ({"seat": 0, "pass": True}, "expected one of"),
        ("draw", "a move must be an object like"),
    ],
)
def test_a_malformed_move_is_refused(move: object, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Game.from_record(_record(moves=[move]))


def test_text_that_is_not_a_record_is_refused() -> None:
    with pytest.raises(RecordError, match=r"^game record is not valid JSON"):
        Game.from_json("{")
    with pytest.raises(RecordError, match=r"^game record keys: missing upcard; unknown extra"):
        Game.from_record({**{k: v for k, v in _record().items() if k != "upcard"}, "extra": 1})


# -- what a player may see ------------------------------------------------------------------


def test_a_view_shows_no_other_hand_and_no_stock_order() -> None:
    game = _game_with_a_reshuffle()
    state = game.state
    view = PlayerView.of(state, 1)
    assert view.hand == tuple(state.hands[1])
    assert all(not isinstance(event, Reshuffle) for event in view.history)
    assert any(isinstance(event, Reshuffled) for event in view.history)
    # Changing everything seat 1 cannot see leaves its view unchanged.
    other = state.copy()
    hidden = [card for seat, hand in enumerate(other.hands) if seat != 1 for card in hand] + other.stock
    random.Random(4).shuffle(hidden)
    at = 0
    for seat in range(len(other.hands)):
        if seat != 1:
            size = len(other.hands[seat])
            other.hands[seat] = sorted(hidden[at : at + size])
            at += size
    other._stock = hidden[at:]
    other.events = [Reshuffle(tuple(reversed(e.stock))) if isinstance(e, Reshuffle) else e for e in other.events]
    assert PlayerView.of(other, 1) == view


def test_an_illegal_action_leaves_the_state_unchanged() -> None:
    state = State.parse("hands 9H 6H 3C KD / KC QC 7C / 8S 9S 10S / 7D 8D 9D | pile 4C 6C | stock 9C 3H | turn 0")
    before = state.text()
    with pytest.raises(IllegalAction, match="9♥ does not fit"):
        state.apply(0, Play(Card.parse("9H")), NO_CHANCE)
    assert state.text() == before and state.events == []
