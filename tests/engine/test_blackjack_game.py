"""Blackjack deals, records, views and options: what the rule fixtures do not cover step by step."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from engine.blackjack.game import Game, RecordError
from engine.blackjack.players import make_player
from engine.blackjack.rules import BLACKJACK, CRAZY_EIGHTS, TURN_LIMIT, Rules
from engine.blackjack.state import NO_CHANCE, Chain, Draw, Lay, State, Stop, deal
from engine.blackjack.view import PlayerView
from engine.core.cards import Card, Rank
from engine.core.game import RulesError, find_game, parse_rules
from engine.core.records import read_record


def _played(rules: Rules, seed: int, names: tuple[str, ...] = ("alex", "random", "robin", "random")) -> Game:
    game = Game.new(rules, seed)
    game.play_to_end(
        [make_player(names[seat % len(names)], random.Random(seed + seat)) for seat in range(rules.players)]
    )
    return game


# -- options --------------------------------------------------------------------------------------


def test_wild_skip_and_reverse_may_not_name_the_same_rank_and_the_error_names_both() -> None:
    game = find_game("blackjack")
    with pytest.raises(RulesError, match="options wild and skip both name the 8"):
        game.rules({"wild": "8"})
    with pytest.raises(RulesError, match="options wild and reverse both name the A"):
        game.rules({"reverse": "A"})
    with pytest.raises(RulesError, match="options skip and reverse both name the Q"):
        game.rules({"skip": "Q", "reverse": "Q"})
    assert game.rules({"wild": "8", "skip": "none"}).wild == "8"


def test_a_bad_value_names_the_option_and_the_values_allowed() -> None:
    game = find_game("blackjack")
    with pytest.raises(RulesError, match=r"draw 'twice' is not allowed: choose one, until-play or up-to-5"):
        game.rules({"draw": "twice"})
    with pytest.raises(RulesError, match=r"players 9 is not allowed: choose 2–8"):
        game.rules({"players": 9})
    with pytest.raises(RulesError, match=r"unknown option 'jokers'"):
        game.rules({"jokers": "true"})


def test_presets_and_a_preset_followed_by_options() -> None:
    game = find_game("blackjack")
    assert parse_rules(game, "blackjack") == BLACKJACK == Rules()
    rules = parse_rules(game, "crazy-eights,players=2")
    assert rules == replace(CRAZY_EIGHTS, players=2)
    assert (rules.chains, rules.wild, rules.skip, rules.reverse, rules.twos, rules.black_jacks) == (
        False, "8", "none", "none", False, "none",
    )  # fmt: skip
    assert (rules.queen_cover, rules.draw, rules.last_cards, rules.stock_out, rules.packs, rules.scoring) == (
        False, "up-to-5", False, "pass", "auto", "points",
    )  # fmt: skip


def test_rules_are_written_out_as_the_record_format_says() -> None:
    written = Rules().to_json()
    assert written == {
        "players": 4, "packs": 1, "chains": True, "wild": "A", "skip": "8", "reverse": "K", "twos": True,
        "black_jacks": 5, "twos_and_jacks": "mix", "queen_cover": True, "draw": "one", "last_cards": True,
        "power_finish": True, "stock_out": "reshuffle", "scoring": "tally",
    }  # fmt: skip
    assert Rules.from_options({"packs": "auto", "black_jacks": "7"}).to_json()["black_jacks"] == 7


# -- the deal ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "packs", "size", "cards"), [(2, 1, 7, 52), (4, 1, 7, 52), (5, 1, 5, 52), (6, 2, 5, 104), (8, 2, 5, 104)]
)
def test_seven_or_five_cards_each_and_two_packs_from_six_players(
    players: int, packs: int, size: int, cards: int
) -> None:
    rules = Rules(players=players, packs="auto")
    state = deal(rules, random.Random(3))
    assert rules.pack_count == packs
    assert [len(hand) for hand in state.hands] == [size] * players
    assert sum(state.all_cards().values()) == cards
    assert state.turn == 1  # the player after the dealer (seat 0) starts
    assert Rules(players=players).pack_count == 1


def test_under_wild_8_a_turned_8_goes_back_into_the_stock_and_the_next_card_is_turned() -> None:
    plain = Rules(wild="A", packs="auto")
    eights = replace(CRAZY_EIGHTS, players=4)
    seen = 0
    for seed in range(300):
        first, second = deal(plain, random.Random(seed)), deal(eights, random.Random(seed))
        assert second.top.rank != Rank.EIGHT
        assert second.hands == first.hands
        if first.top.rank == Rank.EIGHT:
            seen += 1
            assert first.top in second.stock
            assert second.top == first.stock[0] or first.stock[0].rank == Rank.EIGHT  # the next card is turned
            assert sorted([*second.stock, second.top]) == sorted([*first.stock, first.top])
    assert seen > 5


# -- the turn limit -----------------------------------------------------------------------------------------


def test_the_deal_stops_after_1000_turns_without_a_winner_but_a_win_on_the_last_one_stands() -> None:
    state = State.parse("hands 9C 3D / 4D 5S | pile 5H | stock 7S 8S | turn 0")
    state.turns = TURN_LIMIT - 1
    state.apply(0, Draw(), NO_CHANCE)
    assert state.is_over and state.winner is None
    assert state.why_illegal(1, Draw()) == "the deal is over: nobody went out in 1,000 turns"
    state = State.parse("hands 9H / 4D 5S | pile 5H | stock 7S 8S | turn 0 | called 0")
    state.turns = TURN_LIMIT - 1
    state.apply(0, Chain((Card.parse("9H"),)), NO_CHANCE)
    assert state.is_over and state.winner == 0


# -- views -----------------------------------------------------------------------------------------------


def test_a_view_shows_nothing_hidden() -> None:
    game = _played(Rules(), 11)
    game = Game.new(Rules(), 11)
    for _ in range(6):
        seat = game.turn
        game.act(seat, make_player("random", random.Random(seat)).decide(game.view(seat)).action)
    view = game.view(2)
    text = repr(view)
    hidden = [card for seat, hand in enumerate(game.state.hands) if seat != 2 for card in hand] + game.state.stock
    seen = set(view.hand) | set(view.pile)
    for card in set(hidden) - seen:
        assert card.code not in text.replace("Card.parse(", "").replace("'", " ")
    assert view.counts == game.state.counts() and view.stock_size == game.state.stock_size
    assert isinstance(view, PlayerView) and not hasattr(view, "hands")


# -- records --------------------------------------------------------------------------------------------------


def test_a_record_has_every_field_the_rules_file_shows_and_replays_to_the_same_bytes() -> None:
    game = _played(CRAZY_EIGHTS, 4)
    record = game.record()
    assert list(record) == [
        "game", "rules", "seed", "players", "dealer", "hands", "stock", "upcard", "moves", "winner", "remaining",
        "points",
    ]  # fmt: skip
    assert record["game"] == "blackjack"
    text = game.to_json()
    assert read_record(text).to_json() == text


def _with_reshuffle(rules: Rules) -> Game:
    for seed in range(100):
        game = _played(rules, seed)
        if any("reshuffle" in move for move in game.record()["moves"]):
            return game
    raise AssertionError("no deal reshuffled")


def test_reshuffles_are_written_out_and_checked() -> None:
    game = _with_reshuffle(Rules())
    record = game.record()
    moves = record["moves"]
    at = next(number for number, move in enumerate(moves) if "reshuffle" in move)
    assert read_record(json.dumps(record)).to_json() == game.to_json()
    dropped = {**record, "moves": moves[:at] + moves[at + 1 :]}
    with pytest.raises(RecordError, match="a reshuffle entry is needed"):
        read_record(json.dumps(dropped))
    wrong = {**record, "moves": [*moves[:at], {"reshuffle": moves[at]["reshuffle"][1:]}, *moves[at + 1 :]]}
    with pytest.raises(RecordError, match="a reshuffle must hold exactly"):
        read_record(json.dumps(wrong))


def test_a_record_that_breaks_a_rule_or_misstates_the_result_is_refused() -> None:
    game = _played(Rules(), 5)
    record = game.record()
    first = record["moves"][0]
    bad = {**record, "moves": [{**first, "seat": (first["seat"] + 1) % 4}, *record["moves"][1:]]}
    with pytest.raises(RecordError, match=r"game record move 1 .*it is seat 1's turn"):
        read_record(json.dumps(bad))
    with pytest.raises(RecordError, match="says the winner is"):
        read_record(json.dumps({**record, "winner": (record["winner"] or 0) + 1}))
    with pytest.raises(RecordError, match="cards remain"):
        read_record(json.dumps({**record, "remaining": [0, 0, 0, 0]}))
    with pytest.raises(RecordError, match="points: present only under scoring=points"):
        read_record(json.dumps({**record, "points": [0, 0, 0, 0]}))
    pickups = [n for n, move in enumerate(record["moves"]) if "pickup" in move]
    if pickups:
        n = pickups[0]
        moves = [*record["moves"][:n], {**record["moves"][n], "pickup": 99}, *record["moves"][n + 1 :]]
        with pytest.raises(RecordError, match="picked up 99"):
            read_record(json.dumps({**record, "moves": moves}))


def test_points_are_each_hand_s_cards_and_checked() -> None:
    game = _played(replace(Rules(), scoring="points"), 9)
    record = game.record()
    rules = game.rules
    assert record["points"] == [
        sum(50 if c.rank == Rank.ACE else 10 if c.rank >= Rank.JACK else int(c.rank) for c in hand)
        for hand in game.state.hands
    ]
    with pytest.raises(RecordError, match="the points are"):
        read_record(json.dumps({**record, "points": [1, 2, 3, 4]}))
    assert rules.scoring == "points"


def test_under_wild_8_a_record_whose_up_card_is_an_8_is_refused() -> None:
    game = _played(CRAZY_EIGHTS, 2)
    record = game.record()
    eight = next(code for code in record["stock"] if code.startswith("8"))
    stock = [record["upcard"] if code == eight else code for code in record["stock"]]
    with pytest.raises(RecordError, match="a turned 8 goes back into the stock"):
        read_record(json.dumps({**record, "upcard": eight, "stock": stock, "moves": []}))


def test_a_turn_built_one_card_at_a_time_is_recorded_as_one_chain_move() -> None:
    game = Game.new(Rules(), 1)
    seat = game.turn
    first = game.state.first_cards(seat)[0]
    game.act(seat, Lay(first))
    assert game.record()["moves"] == []
    stop = next(action for action in game.legal_actions(seat) if isinstance(action, Stop))
    game.act(seat, stop)
    (move,) = game.record()["moves"]
    assert move["seat"] == seat and move["chain"] == [first.code]


def test_the_game_type_says_where_every_card_is_and_writes_the_request_a_seat_would_send() -> None:
    from collections import Counter

    from engine.core.protocol import read_request

    game_type = find_game("blackjack")
    deal = Game.new(Rules(), 8)
    for _ in range(12):
        seat = deal.turn
        deal.act(seat, make_player("random", random.Random(seat)).decide(deal.view(seat)).action)
    places = game_type.cards(deal)
    assert sum((Counter(cards) for cards in places.values()), Counter()) == Counter(game_type.pack(deal.rules))
    seat = deal.turn
    view = read_request(json.dumps(game_type.request(deal, seat)), game_type)
    mine = deal.view(seat)
    assert (view.hand, view.counts, view.pile, view.suit, view.turn, view.stock_size) == (
        mine.hand, mine.counts, mine.pile, mine.suit, mine.turn, mine.stock_size,
    )  # fmt: skip
    assert game_type.turn_limit >= TURN_LIMIT and game_type.strength_tables[0] == ("alex,random,random,random", 0.40)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_request_replays_the_draws_and_passes_of_draw_until_play(seed: int) -> None:
    # Under draw=until-play a seat draws again only while the card it drew does not fit: the stand-in cards the
    # request's replay gives the other seats to draw must let every recorded draw, chain and pass replay.
    from engine.core.protocol import read_request

    game_type = find_game("blackjack")
    rules = Rules(draw="until-play")
    deal = Game.new(rules, seed)
    players = [make_player("alex", random.Random(seat)) for seat in range(rules.players)]
    while not deal.is_over:
        seat = deal.turn
        view = read_request(json.dumps(game_type.request(deal, seat)), game_type)
        assert view == deal.view(seat)
        deal.act(seat, players[seat].decide(deal.view(seat)).action)
