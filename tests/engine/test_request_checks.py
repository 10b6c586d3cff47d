"""Every bot request describes a possible position, or gets an error naming what is wrong: the core's one check.

Each game's ``read_request`` replays the request and hands the core a
:class:`~engine.core.protocol.SeatPosition`; the core refuses a card given more
often than the packs hold it, a hand the deal and the moves cannot leave, and
counts that do not add up, the same way for every game and before any computer
player sees the position.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from option_sets import RULES

from engine.core.cards import ALL_CARDS, cards_of, parse_cards
from engine.core.game import find_game, game_names
from engine.core.protocol import ProtocolError, SeatPosition, answer, check_position, read_request
from engine.core.records import RecordError, read_record
from engine.knock_knock.game import Game as KnockKnockDeal
from engine.knock_knock.rules import Rules as KnockKnockRules
from engine.knock_knock.state import Move, Play
from engine.sevens.game import Game as SevensDeal
from engine.sevens.rules import SevensRules

KK = {"game": "knock-knock", "seat": 1, "upcard": "6C", "moves": []}
# Seat 2 on turn after seat 1 discarded the 8♣ and everyone else let it pass.
AFTER_8C = {**KK, "seat": 2, "moves": [{"seat": 1, "play": "8C"}], "passed": [0, 2, 3]}
# A hand of seat 1 after seat 0 opened with the 7♦: twelve cards, with each impossibility in turn.
SEVENS = {"game": "sevens", "seat": 1, "moves": [{"seat": 0, "play": "7D"}]}
SEVENS_HAND = ["8D", "AH", "2H", "3H", "4H", "5H", "6H", "8H", "9H", "10H", "JH", "QH", "KH"]

IMPOSSIBLE = [
    pytest.param(
        "knock-knock",
        {**KK, "hand": ["6H"] * 7},
        "6♥ is given 7 times (7 in the hand), but the game is played with only one 6♥",
        id="knock-knock: one card seven times, one pack",
    ),
    pytest.param(
        "knock-knock",
        {**KK, "hand": ["6H", "6H", "9C", "KD", "2S", "3H", "4H"]},
        "6♥ is given twice (2 in the hand), but the game is played with only one 6♥",
        id="knock-knock: a card twice in one pack",
    ),
    pytest.param(
        "knock-knock",
        {**KK, "hand": ["6C", "9C", "KD", "2S", "3H", "4H", "5H"]},
        "6♣ is given twice (1 in the hand, 1 on the pile), but the game is played with only one 6♣",
        id="knock-knock: the upcard in the hand, one pack",
    ),
    pytest.param(
        "knock-knock",
        {**KK, "rules": "players=7", "hand": ["6H", "6H", "6H", "9C", "KD", "2S", "3H"]},
        "6♥ is given 3 times (3 in the hand), but the game is played with only two 6♥",
        id="knock-knock: a card three times in two packs",
    ),
    pytest.param(
        "knock-knock",
        {**KK, "rules": "players=8", "hand": ["6C", "6C", "9C", "KD", "2S", "3H", "4H"]},
        "6♣ is given 3 times (2 in the hand, 1 on the pile), but the game is played with only two 6♣",
        id="knock-knock: twice in the hand and the upcard, two packs",
    ),
    pytest.param(
        "knock-knock",
        {**KK, "hand": ["6H", "9C", "KD", "2S", "3H", "4H", "5H", "7S"]},
        "hand has 8 cards, but the deal and the moves leave seat 1 with 7",
        id="knock-knock: one card too many for the deal",
    ),
    pytest.param(
        "knock-knock",
        {**AFTER_8C, "hand": ["8C", "KD", "2S", "3H", "4H", "5H", "7S"]},
        "8♣ is given twice (1 in the hand, 1 on the pile), but the game is played with only one 8♣",
        id="knock-knock: a card just played by another seat",
    ),
    pytest.param(
        "knock-knock",
        {**AFTER_8C, "hand": ["KD", "2S", "3H", "4H", "5H", "7S"]},
        "hand has 6 cards, but the deal and the moves leave seat 2 with 7",
        id="knock-knock: a card short after another seat's discard",
    ),
    pytest.param(
        "sevens",
        {**SEVENS, "hand": [*SEVENS_HAND[1:12], "AH"]},
        "A♥ is given twice (2 in the hand), but the game is played with only one A♥",
        id="sevens: a card twice",
    ),
    pytest.param(
        "sevens",
        {**SEVENS, "hand": [*SEVENS_HAND[1:12], "7D"]},
        "7♦ is given twice (1 in the hand, 1 on the table), but the game is played with only one 7♦",
        id="sevens: a card in the hand and on the table",
    ),
    pytest.param(
        "sevens",
        {**SEVENS, "hand": SEVENS_HAND[:12]},
        "hand has 12 cards, but the deal and the moves leave seat 1 with 13",
        id="sevens: a hand too small for the deal",
    ),
    pytest.param(
        "sevens",
        {**SEVENS, "rules": "players=5", "hand": SEVENS_HAND},
        "hand has 13 cards, but the deal and the moves leave seat 1 with 11",
        id="sevens: a hand too big for five players",
    ),
]


@pytest.mark.parametrize(("name", "request_", "message"), IMPOSSIBLE)
def test_every_player_of_every_game_refuses_an_impossible_hand(
    name: str, request_: dict[str, Any], message: str
) -> None:
    game = find_game(name)
    line = json.dumps(request_)
    for player in game.computer_players:
        reply = json.loads(answer(line, game.computer_players[player](random.Random(0)), game))
        assert reply == {"error": reply.get("error")}, f"{player} answered {reply}"
        assert message in reply["error"], player


def test_the_reported_request_of_issue_27_is_refused_not_answered_with_a_card_not_held() -> None:
    game = find_game("knock-knock")
    line = '{"game":"knock-knock","seat":1,"upcard":"6C","hand":["6H","6H","6H","6H","6H","6H","6H"],"moves":[]}'
    reply = json.loads(answer(line, game.computer_players["alex"](random.Random(0)), game))
    assert "error" in reply and "6♥" in reply["error"]


# -- the check itself knows no game: a made-up game with a stripped pack gets it too --------------------

PIQUET = [card for card in ALL_CARDS if card.rank == 1 or card.rank >= 7]  # 32 cards, no two to six


def _position(given: str, face_up: str = "", hand: str | None = None, counts: tuple[int, ...] = (2, 2)) -> SeatPosition:
    shown = parse_cards(given)
    up = parse_cards(face_up)
    hidden = len(PIQUET) - sum(counts) - len(up)
    return SeatPosition(
        "view", 0, PIQUET, shown, parse_cards(hand) if hand is not None else shown, counts, {"on the table": up}, hidden
    )


def test_the_check_takes_the_pack_from_the_game() -> None:
    check_position(_position("7H AS", "KD"))
    with pytest.raises(ProtocolError, match=r"6♥ is given once .* but the game is played without it"):
        check_position(_position("6H AS"))
    with pytest.raises(ProtocolError, match=r"K♦ is given twice \(1 in the hand, 1 on the table\)"):
        check_position(_position("KD AS", "KD"))


def test_the_check_holds_the_game_to_its_own_counts() -> None:
    with pytest.raises(ProtocolError, match="hand has 2 cards, but the deal and the moves leave seat 0 with 3"):
        check_position(_position("7H AS", counts=(3, 2)))
    with pytest.raises(ProtocolError, match="cannot leave seat 0 holding 7♥ A♠"):
        check_position(_position("7H AS", hand="7H 8H"))
    bad_sum = SeatPosition("view", 0, PIQUET, parse_cards("7H AS"), parse_cards("7H AS"), (2, 2), {}, 0)
    with pytest.raises(ProtocolError, match="the moves do not add up: 4 cards in hands, 0 face up and 0 unseen"):
        check_position(bad_sum)


def test_a_game_that_does_not_report_its_position_is_caught() -> None:
    class Careless:
        name = "careless"

        def read_request(self, data: dict[str, Any]) -> object:
            return "a view, unchecked"

    with pytest.raises(TypeError, match="careless: read_request must return a SeatPosition"):
        read_request('{"seat": 0}', Careless())  # type: ignore[arg-type]


# -- and it refuses nothing possible: every decision of real deals, under random options, passes it -----


def _sevens_requests(rules: SevensRules, seed: int) -> list[tuple[dict[str, Any], Any]]:
    """Each decision of a deal played out by first legal cards: the request a front end sends, and the view."""
    deal = SevensDeal.new(seed, rules=rules, dealer=seed % rules.players)
    asked = []
    moves: list[dict[str, Any]] = []
    while not deal.is_over:
        seat = deal.turn
        request = {
            "rules": rules.to_json(),
            "dealer": deal.dealer,
            "seat": seat,
            "hand": [card.code for card in cards_of(deal.position.hands[seat])],
            "moves": list(moves),
        }
        asked.append((request, deal.view()))
        legal = deal.position.legal_moves()
        hand = deal.position.hands[seat]
        card = legal[0] if legal else None
        deal.play(card)
        entry = deal.moves[-1].to_json()
        if card is None and seat in deal.position.out:
            entry["laid"] = [c.code for c in cards_of(hand)]
        moves.append(entry)
    return asked


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RULES.filter(lambda rules: rules.opening != "all-sevens"), st.integers(0, 10_000))
def test_every_position_of_a_sevens_deal_passes_the_check(rules: SevensRules, seed: int) -> None:
    game = find_game("sevens")
    for request, view in _sevens_requests(rules, seed)[::7]:
        assert read_request(json.dumps(request), game) == view


@pytest.mark.xfail(
    strict=True,
    reason="known, not fixed here: under opening=all-sevens the request cannot say how many sevens each seat laid "
    "out, so the replay miscounts every hand (refused before this branch too)",
)
def test_an_all_sevens_request_is_answered() -> None:
    request, view = _sevens_requests(SevensRules(players=3, opening="all-sevens"), 0)[0]
    assert read_request(json.dumps(request), find_game("sevens")) == view


def _passed(deal: KnockKnockDeal) -> list[int]:
    """The seats that let the last discard pass: those in its window, or all the others once it closed."""
    state = deal.state
    if state.window is not None:
        return sorted(state.window.quiet)
    moves = [event for event in state.events if isinstance(event, Move)]
    if moves and isinstance(moves[-1].action, Play):
        return [seat for seat in range(deal.rules.players) if seat != moves[-1].seat]
    return []


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 10), st.integers(0, 10_000))
def test_every_position_of_a_knock_knock_deal_passes_the_check(players: int, seed: int) -> None:
    game = find_game("knock-knock")
    rules = KnockKnockRules(players=players)
    deal = KnockKnockDeal.new(rules, seed)
    bot = game.computer_players["random"](random.Random(seed))
    asked = 0
    while not deal.is_over and asked < 200:
        seat = deal.waiting[0]
        view = deal.view(seat)
        if asked % 7 == 0:
            record = deal.record()
            request = {
                "game": "knock-knock",
                "rules": record["rules"],
                "seat": seat,
                "dealer": record["dealer"],
                "upcard": record["upcard"],
                "hand": [card.code for card in deal.state.hands[seat]],
                "moves": record["moves"],
                "passed": _passed(deal),
            }
            assert read_request(json.dumps(request), game) == view
        asked += 1
        deal.act(seat, bot.decide(view).action)


# -- a request's dealt and chance parts are read as a record's: the same rule refuses both, in every pile game ----

PILE_GAMES = [
    name for name in game_names() if "stock" in find_game(name).new_deal(find_game(name).rules({}), 0).record()
]


@pytest.mark.parametrize("name", PILE_GAMES)
def test_a_request_takes_any_up_card_a_record_takes_and_no_other(name: str) -> None:
    game = find_game(name)
    for rules in [game.rules({}), *game.presets.values()]:
        deal = game.new_deal(rules, 1)
        record = deal.record()
        seat = deal.waiting[0]
        for place, card in enumerate(record["stock"]):
            stock = list(record["stock"])
            stock[place] = record["upcard"]
            changed = {**record, "stock": stock, "upcard": card}
            try:
                read_record(json.dumps(changed))
                recorded = "taken"
            except ValueError as error:
                recorded = f"refused: {error}"
            request = {**game.request(deal, seat), "upcard": card}
            try:
                read_request(json.dumps(request), game)
                requested = "taken"
            except ProtocolError as error:
                requested = f"refused: {error}"
            assert (recorded == "taken") == (requested == "taken"), (name, rules, card, recorded, requested)


def _reshuffled(game: Any) -> tuple[Any, int]:
    """A deal of *game* played by random players until its record holds a reshuffle and a seat has a decision."""
    for seed in range(50):
        deal = game.new_deal(game.rules({"players": 2}), seed)
        players = [game.computer_players["random"](random.Random(seat)) for seat in range(2)]
        while not deal.is_over:
            seat = deal.waiting[0]
            if any("reshuffle" in entry for entry in deal.record()["moves"]):
                return deal, seat
            deal.act(seat, players[seat].decide(deal.view(seat)).action)
    raise AssertionError(f"{game.name}: no deal of 50 reshuffled")


def _mutations(moves: list[Any]) -> dict[str, list[Any]]:
    at = next(i for i, entry in enumerate(moves) if "reshuffle" in entry)
    cards = moves[at]["reshuffle"]
    before, after = moves[:at], moves[at + 1 :]
    return {
        "an unknown card": [*before, {"reshuffle": ["XX", *cards[1:]]}, *after],
        "not a list": [*before, {"reshuffle": 7}, *after],
        "a card short": [*before, {"reshuffle": cards[1:]}, *after],
        "a card too many": [*before, {"reshuffle": [*cards, cards[0]]}, *after],
        "dropped": [*before, *after],
        "moved to the start": [moves[at], *before, *after],
        "given twice": [*before, moves[at], moves[at], *after],
    }


@pytest.mark.parametrize("name", PILE_GAMES)
def test_a_request_refuses_every_reshuffle_entry_a_record_refuses(name: str) -> None:
    game = find_game(name)
    deal, seat = _reshuffled(game)
    record, request = deal.record(), game.request(deal, seat)
    assert read_request(json.dumps(request), game) == deal.view(seat)
    for what, moves in _mutations(record["moves"]).items():
        with pytest.raises(RecordError) as by_record:
            read_record(json.dumps({**record, "moves": moves}))
        with pytest.raises(ProtocolError) as by_request:
            read_request(json.dumps({**request, "moves": moves}), game)
        # The same fault, named at the same move.
        assert (
            re.findall(r"move \d+", str(by_request.value))[:1] == re.findall(r"move \d+", str(by_record.value))[:1]
        ), (
            what,
            by_request.value,
            by_record.value,
        )
