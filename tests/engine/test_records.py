"""Game records: the exact JSON schema, round trips, and replays that refuse what the rules refuse."""

from __future__ import annotations

import itertools
import json
import random
import re
from typing import Any

import pytest

from engine.core.cards import Card
from engine.sevens.game import Game, RecordError
from engine.sevens.moves import Move
from engine.sevens.position import IllegalMove

KEYS = ["game", "rules", "seed", "players", "dealer", "hands", "moves", "winner", "remaining"]


def played_out(seed: int, choose_seed: int = 0) -> Game:
    """The deal from *seed* played to the end, each legal card picked at random."""
    game = Game.new(seed)
    rng = random.Random(choose_seed)
    while not game.is_over:
        legal = game.position.legal_moves()
        game.play(rng.choice(legal) if legal else None)
    return game


GAME = played_out(42)


def record() -> dict[str, Any]:
    """A fresh copy of a finished game's record, to spoil in one place per test."""
    copy: dict[str, Any] = json.loads(GAME.to_json())
    return copy


def refused(data: object) -> str:
    with pytest.raises(RecordError) as caught:
        Game.from_record(data)
    return str(caught.value)


def first_move_index(data: dict[str, Any], *, passes: bool) -> int:
    return next(i for i, move in enumerate(data["moves"]) if ("pass" in move) == passes)


# -- the schema --------------------------------------------------------------------


def test_record_has_exactly_the_schema_keys_in_order() -> None:
    assert list(GAME.record()) == KEYS


def test_record_fields_have_the_schema_types_and_values() -> None:
    data = GAME.record()
    assert data["game"] == "sevens"
    assert data["rules"] == {
        "players": 4,
        "opening": "7D",
        "eight_before_six": False,
        "voluntary_pass": False,
        "pass_limit": None,
        "finish": "first-out",
        "scoring": "wins",
    }
    assert data["dealer"] == 0
    assert data["seed"] == 42
    assert data["players"] == ["You", "Robin", "Alex", "Sam"]
    assert [len(hand) for hand in data["hands"]] == [13, 13, 13, 13]
    assert sorted(code for hand in data["hands"] for code in hand) == sorted(card.code for card in map(Card, range(52)))
    assert type(data["winner"]) is int and 0 <= data["winner"] < 4
    assert data["remaining"][data["winner"]] == 0
    assert all(type(n) is int for n in data["remaining"]) and len(data["remaining"]) == 4


def test_record_card_codes_are_ascii_and_tens_are_written_10() -> None:
    codes = [code for hand in GAME.record()["hands"] for code in hand]
    codes += [move["play"] for move in GAME.record()["moves"] if "play" in move]
    assert all(re.fullmatch(r"(A|[2-9]|10|J|Q|K)[CDHS]", code) for code in codes)
    assert "10H" in codes and "TH" not in codes


def test_record_moves_are_plays_or_passes_in_turn_order_from_the_opener() -> None:
    data = GAME.record()
    moves = data["moves"]
    assert moves[0] == {"seat": GAME.opener, "play": "7D"}
    for before, after in itertools.pairwise(moves):
        assert after["seat"] == (before["seat"] + 1) % 4
    for move in moves:
        assert move in ({"seat": move["seat"], "pass": True}, {"seat": move["seat"], "play": move.get("play")})
    assert any("pass" in move for move in moves)
    assert moves[-1]["seat"] == data["winner"]


def test_record_of_an_unfinished_game_has_no_winner() -> None:
    game = Game.new(3)
    game.play(Card.parse("7D"))
    data = game.record()
    assert data["winner"] is None
    assert sorted(data["remaining"]) == [12, 13, 13, 13]
    assert Game.from_record(data).record() == data


def test_a_fresh_deal_records_no_moves_yet() -> None:
    data = Game.new(5).record()
    assert data["moves"] == [] and data["winner"] is None and data["remaining"] == [13, 13, 13, 13]


def test_moves_are_json_objects_that_round_trip() -> None:
    for move in (Move(0, Card.parse("10H")), Move(3, None)):
        assert Move.from_json(json.loads(json.dumps(move.to_json()))) == move
    assert Move(0, Card.parse("10H")).to_json() == {"seat": 0, "play": "10H"}
    assert Move(3, None).to_json() == {"seat": 3, "pass": True}


def test_move_repr_pastes_back() -> None:
    move = Move(2, Card.parse("10H"))
    assert repr(move) == "Move(seat=2, card=Card.parse('10H'))"
    assert eval(repr(move), {"Move": Move, "Card": Card}) == move


def test_a_move_describes_itself_with_player_names() -> None:
    names = ["You", "Robin", "Alex", "Sam"]
    assert Move(1, Card.parse("8D")).describe(names) == "Robin played 8♦"
    assert Move(2, None).describe(names) == "Alex passed"


# -- round trips ------------------------------------------------------------------


def test_json_round_trip_gives_the_same_game() -> None:
    again = Game.from_json(GAME.to_json())
    assert again.record() == GAME.record()
    assert again.position == GAME.position
    assert again.moves == GAME.moves
    assert again.to_json() == GAME.to_json()


def test_json_keeps_player_names_readable() -> None:
    game = Game.new(1, players=["Zoë", "Robin", "Alex", "Sam"])
    assert '"Zoë"' in game.to_json()
    assert Game.from_json(game.to_json()).players == ("Zoë", "Robin", "Alex", "Sam")


def test_a_record_without_a_seed_replays() -> None:
    game = Game.from_hands(GAME.dealt)
    game.play(Card.parse("7D"))
    assert Game.from_json(game.to_json()).seed is None


def test_last_card_is_the_one_that_ended_the_deal() -> None:
    last = GAME.moves[-1]
    assert GAME.last_card() == last.card and last.seat == GAME.winner


def test_game_play_refuses_an_illegal_move_and_records_nothing() -> None:
    game = Game.new(42)
    with pytest.raises(IllegalMove, match=r"^9♦ cannot start the deal"):
        game.play(Card.parse("9D"))
    assert game.moves == []


def test_game_needs_four_player_names() -> None:
    with pytest.raises(ValueError, match=r"a game of 4 players needs 4 player names, got 3"):
        Game.new(1, players=["a", "b", "c"])


# -- replays that are refused --------------------------------------------------------


def test_replay_refuses_a_card_that_does_not_fit_naming_the_move() -> None:
    data = record()
    data["moves"][1] = {"seat": data["moves"][1]["seat"], "play": "KC"}
    message = refused(data)
    assert message.startswith(f"game record move 2 (seat {data['moves'][1]['seat']} plays KC): K♣ ")


def test_replay_refuses_a_card_that_fits_but_is_not_in_that_hand() -> None:
    data = record()
    opener = GAME.opener
    other = (opener + 1) % 4
    data["moves"][0] = {"seat": opener, "play": "7D"}
    playable = next(code for code in data["hands"][(other + 1) % 4] if code in ("6D", "8D", "7C", "7H", "7S"))
    data["moves"][1] = {"seat": other, "play": playable}
    card = Card.parse(playable)
    assert refused(data) == f"game record move 2 (seat {other} plays {playable}): {card.display} is not in your hand"


def test_replay_refuses_a_pass_while_a_card_fits() -> None:
    data = record()
    i = first_move_index(data, passes=False)
    seat = data["moves"][i]["seat"]
    data["moves"][i] = {"seat": seat, "pass": True}
    message = refused(data)
    assert message.startswith(f"game record move {i + 1} (seat {seat} passes): you must play: ")


def test_replay_refuses_a_move_by_the_wrong_seat() -> None:
    data = record()
    data["moves"][3]["seat"] = (data["moves"][3]["seat"] + 1) % 4
    expected = data["moves"][2]["seat"] + 1
    assert refused(data).startswith(f"game record move 4: it is seat {expected % 4}'s turn, not seat ")


def test_replay_refuses_a_first_move_not_by_the_opener() -> None:
    data = record()
    data["moves"] = [{"seat": (GAME.opener + 1) % 4, "play": "7D"}]
    data["winner"], data["remaining"] = None, [13, 13, 13, 13]
    assert refused(data).startswith(f"game record move 1: it is seat {GAME.opener}'s turn")


def test_replay_refuses_moves_after_the_deal_is_over() -> None:
    data = record()
    winner = data["winner"]
    data["moves"].append({"seat": (winner + 1) % 4, "pass": True})
    number = len(data["moves"])
    assert refused(data) == f"game record move {number}: the deal is already over, won by seat {winner}"


def test_replay_refuses_a_wrong_winner() -> None:
    data = record()
    real = data["winner"]
    data["winner"] = (real + 1) % 4
    assert refused(data) == f"game record says the winner is {(real + 1) % 4}, but the moves give {real}"


def test_replay_refuses_a_missing_winner() -> None:
    data = record()
    data["winner"] = None
    assert refused(data).startswith("game record says the winner is None, but the moves give")


def test_replay_refuses_wrong_remaining_counts() -> None:
    data = record()
    real = list(data["remaining"])
    data["remaining"] = [n + 1 for n in real]
    assert refused(data).startswith("game record says [")
    assert refused(data).endswith(f"but the moves leave {real!r}")


def test_replay_refuses_a_truncated_game_that_claims_a_winner() -> None:
    data = record()
    data["moves"] = data["moves"][:-1]
    assert "but the moves give None" in refused(data)


@pytest.mark.parametrize("text", ["", "{", "[1, 2", "not json", "{'rules': 'sevens'}"])
def test_bad_json_is_refused(text: str) -> None:
    with pytest.raises(RecordError, match=r"^game record is not valid JSON: "):
        Game.from_json(text)


@pytest.mark.parametrize("data", [[], "sevens", 42, None])
def test_a_record_must_be_an_object(data: object) -> None:
    assert refused(data) == "a game record must be a JSON object"


@pytest.mark.parametrize("key", KEYS)
def test_a_missing_key_is_named(key: str) -> None:
    data = record()
    del data[key]
    assert refused(data) == f"game record keys: missing {key}"


def test_extra_keys_are_named() -> None:
    data = record()
    data["score"] = 3
    data["date"] = "today"
    assert refused(data) == "game record keys: unknown date, score"


def test_other_rules_are_refused() -> None:
    data = record()
    data["rules"] = "hearts"
    assert refused(data).startswith("game record rules: rules must be an object with every option")
    data["rules"] = {**record()["rules"], "opening": "8D"}
    assert refused(data) == "game record rules: opening '8D' is not allowed: choose 7D, any-seven or all-sevens"
    data["rules"] = {key: value for key, value in record()["rules"].items() if key != "finish"}
    assert refused(data) == "game record rules: missing finish: a record writes every option out"
    data = record()
    data["game"] = "hearts"
    assert refused(data) == "game record game 'hearts': this reader replays only 'sevens'"


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("seed", "42", "game record seed '42' must be a whole number or null"),
        ("seed", 4.2, "game record seed 4.2 must be a whole number or null"),
        ("seed", True, "game record seed True must be a whole number or null"),
        ("players", "You Robin Alex Sam", "game record players must be a list of 4 names"),
        ("players", ["You", "Robin", "Alex"], "game record players must be a list of 4 names"),
        ("players", ["You", "Robin", "Alex", 4], "game record players must be a list of 4 names"),
        ("hands", "7D", "game record hands must be a list of 4 lists of cards"),
        ("hands", [[], [], []], "game record hands must be a list of 4 lists of cards"),
        ("moves", {"seat": 0}, "game record moves must be a list"),
        ("winner", "0", "game record winner '0' must be a seat number or null"),
        ("winner", True, "game record winner True must be a seat number or null"),
        ("remaining", "0 4 7 2", "game record remaining '0 4 7 2' must be a list of 4 whole numbers"),
    ],
)
def test_wrong_types_are_refused(key: str, value: object, message: str) -> None:
    data = record()
    data[key] = value
    assert refused(data) == message


def test_remaining_counts_must_be_whole_numbers() -> None:
    data = record()
    data["remaining"] = [float(n) for n in data["remaining"]]
    assert refused(data).startswith("game record remaining [")


def test_a_winner_given_as_a_float_is_refused() -> None:
    data = record()
    data["winner"] = float(data["winner"])
    assert "must be a seat number or null" in refused(data)


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("7D", "game record hand 0 must be a list of card codes"),
        ([7], "game record hand 0: card 7 must be a string such as '10H'"),
        (["XX"], "game record hand 0: unknown card 'XX'"),
        (["TH"], "game record hand 0: card 'TH' must be written '10H' in a game record"),
        (["10♥"], "game record hand 0: card '10♥' must be written '10H' in a game record"),
        (["7d"], "game record hand 0: card '7d' must be written '7D' in a game record"),
        (["7D 8D"], "game record hand 0: unknown card '7D 8D'"),
    ],
)
def test_hands_must_be_lists_of_exact_ascii_codes(hand: object, message: str) -> None:
    data = record()
    data["hands"][0] = hand
    assert refused(data).startswith(message)


def test_hands_must_make_a_real_deal() -> None:
    data = record()
    data["hands"][0][0] = data["hands"][1][0]
    assert refused(data) == "game record hands: a deal needs 4 hands that hold the 52 cards between them"


def test_a_card_twice_in_one_hand_is_refused() -> None:
    data = record()
    data["hands"][0][1] = data["hands"][0][0]
    assert refused(data) == f"game record hand 0: {data['hands'][0][0]} appears twice"


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("7D", "a move must be an object like"),
        ({"seat": 4, "play": "7D"}, "seat 4 is not allowed: give a seat from 0 to 3"),
        ({"seat": "0", "play": "7D"}, "seat '0' is not a whole number: give a seat from 0 to 3"),
        ({"seat": True, "play": "7D"}, "seat True is not a whole number: give a seat from 0 to 3"),
        ({"play": "7D"}, "seat None is not a whole number: give a seat from 0 to 3"),
        ({"seat": 0, "pass": False}, 'expected either "play": CARD or "pass": true besides the seat'),
        ({"seat": 0, "play": "7D", "pass": True}, 'expected either "play": CARD or "pass": true'),
        ({"seat": 0, "play": 7}, 'expected either "play": CARD or "pass": true'),
        ({"seat": 0}, 'expected either "play": CARD or "pass": true'),
        ({"seat": 0, "play": "7♦"}, "card '7♦' must be written '7D' in a game record"),
    ],
)
def test_malformed_moves_are_refused_with_their_number(move: object, message: str) -> None:
    data = record()
    data["moves"][0] = move
    found = refused(data)
    assert found.startswith("game record move 1: ")
    assert message in found
