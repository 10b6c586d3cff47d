"""Sevens under every option: the rules object, presets, and whole deals over random option sets."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from option_sets import RULES

from engine.core.cards import FULL_DECK
from engine.core.game import RulesError, load_game
from engine.core.match import Match, play_game
from engine.core.options import value_text as option_text
from engine.core.records import read_record
from engine.sevens.game import Game
from engine.sevens.position import Position, parse_table
from engine.sevens.present import rules_menu
from engine.sevens.rules import OPTIONS, PRESETS, SevensRules

BOTS = st.sampled_from(["random", "robin", "alex"])


def test_load_game_builds_rules_from_options_and_names_bad_ones() -> None:
    rules = load_game("sevens", players=5, opening="any-seven")
    assert (rules.players, rules.opening, rules.scoring) == (5, "any-seven", "wins")
    with pytest.raises(RulesError, match=r"^players 9 is not allowed: choose 3–8$"):
        load_game("sevens", players=9)
    with pytest.raises(RulesError, match=r"^pass_limit 'often' is not allowed: choose 1–5 or none$"):
        load_game("sevens", pass_limit="often")
    with pytest.raises(RulesError, match=r"^unknown option 'jokers'"):
        load_game("sevens", jokers=True)
    with pytest.raises(RulesError, match=r"^unknown game 'hearts'"):
        load_game("hearts")


def test_presets_are_the_house_rules() -> None:
    assert PRESETS["fan-tan"] == SevensRules(opening="any-seven", scoring="chips")
    assert PRESETS["shichinarabe"] == SevensRules(
        opening="all-sevens", voluntary_pass=True, pass_limit=3, finish="places"
    )
    assert PRESETS["parliament"] == SevensRules(scoring="chips")
    assert PRESETS["sevens"] == SevensRules()


def test_the_menu_offers_every_value_the_rules_accept_and_only_those() -> None:
    menu = rules_menu()
    assert [option["name"] for option in menu["options"]] == list(OPTIONS.names)
    for option in menu["options"]:
        for text in option["values"]:
            assert option_text(SevensRules.make({option["name"]: text}).to_json()[option["name"]]) == text
        assert option["default"] in option["values"]
    with pytest.raises(RulesError, match="players '9' is not allowed: choose 3–8"):
        SevensRules.make({"players": "9"})
    with pytest.raises(RulesError, match="pass_limit '6' is not allowed: choose 1–5 or none"):
        SevensRules.make({"pass_limit": "6"})
    presets = {preset["name"]: preset["options"] for preset in menu["presets"]}
    assert {name: SevensRules.make(options) for name, options in presets.items()} == PRESETS


@given(RULES, st.integers(0, 10_000), st.lists(BOTS, min_size=8, max_size=8), st.integers(0, 7))
def test_any_option_set_deals_plays_legally_to_an_end_and_replays(
    rules: SevensRules, seed: int, bots: list[str], dealer: int
) -> None:
    dealer %= rules.players
    game = play_game(seed, bots[: rules.players], rules=rules, dealer=dealer)
    assert isinstance(game, Game)
    pos = game.position
    assert game.is_over and game.winner is not None
    # Every card is on the table or in exactly one hand.
    held = 0
    for hand in pos.hands:
        assert not held & hand
        held |= hand
    assert held | pos.table == FULL_DECK and not held & pos.table
    if rules.scoring == "chips":
        chips = game.chips()
        assert chips is not None and sum(chips) == 0 and chips[game.winner] > 0
    if rules.finish == "places":
        places = game.places()
        assert places is not None and sorted(places) == list(range(rules.players)) and places[0] == game.winner
    data = json.loads(game.to_json())
    assert data["rules"] == rules.to_json() and data["dealer"] == dealer
    assert ("places" in data) == (rules.finish == "places") and ("chips" in data) == (rules.scoring == "chips")
    again = read_record(game.to_json())
    assert again.to_json() == game.to_json()


def test_a_match_moves_the_dealer_and_keeps_the_running_score() -> None:
    rules = PRESETS["fan-tan"]
    match = Match(SevensRules(players=6, opening="any-seven", scoring="chips"), 3, tuple("ABCDEF"))
    for number in range(3):
        deal = match.next_deal()
        assert deal.dealer == number
        while not deal.is_over:
            seat = deal.waiting[0]
            deal.act(seat, deal.legal_actions(seat)[0])
    assert sum(match.scores()) == 0 and len(match.table()) == 3
    assert rules.scoring == "chips"


def test_old_records_still_load_as_four_player_default_sevens() -> None:
    game = Game.new(5)
    while not game.is_over:
        game.play((game.position.legal_moves() or [None])[0])
    data = game.record()
    old = {key: data[key] for key in ("seed", "players", "hands", "moves", "winner", "remaining")}
    old = {"rules": "sevens", **old}
    assert read_record(json.dumps(old)).to_json() == game.to_json()


def test_loose_cards_count_only_once_the_row_reaches_them() -> None:
    rules = SevensRules(pass_limit=1)
    table = parse_table("7D 5S-7S 3S")
    pos = Position(table, [parse_table("4S 2S"), parse_table("8S"), 0, 0], 0, rules, loose=parse_table("3S"))
    assert [c.code for c in pos.legal_moves()] == ["4S"]
    assert pos.why_illegal(pos.hand(0)[0]) == (
        "2♠ does not fit: the spades row runs 5♠–7♠, so the next spades are 4♠ and 8♠"
        " (the 3♠ lies on the table, put down by a player who is out, and counts once the row reaches it)"
    )
    after = pos.after(pos.hand(0)[1])  # 4♠: the row reaches past the 3♠, so the 2♠ fits next
    assert after.loose == 0 and after.fits() & parse_table("2S")


@pytest.mark.parametrize(
    "rules",
    [
        SevensRules(players=5, opening="any-seven", scoring="chips"),
        PRESETS["shichinarabe"],
        SevensRules(players=3, eight_before_six=True, voluntary_pass=True, pass_limit=1, scoring="chips"),
    ],
    ids=lambda rules: rules.text(),
)
def test_every_computer_player_plays_a_whole_deal_under_the_options(rules: SevensRules) -> None:
    seats = ["sam", "alex", "robin", "random", "sam"][: rules.players]
    game = play_game(11, seats, rules=rules)  # every move goes through Game.act, which refuses an illegal one
    assert game.is_over and game.winner is not None


@pytest.mark.parametrize("opening", ["7D", "any-seven"])
@pytest.mark.parametrize("eight_before_six", [False, True])
def test_the_cards_that_fit_can_be_kept_card_by_card(opening: str, eight_before_six: bool) -> None:
    import random

    from engine.sevens.position import fitting, flips_of

    rules = SevensRules(opening=opening, eight_before_six=eight_before_six)  # type: ignore[arg-type]
    flips = flips_of(rules)
    rng = random.Random(1)
    for _ in range(50):
        table, fits = 0, fitting(0, 0, rules)
        while fits:
            bit = 1 << rng.choice([index for index in range(52) if fits >> index & 1])
            table, fits = table | bit, fits ^ flips[bit]
            assert fits == fitting(table, 0, rules)
