"""Blackjack's computer players: each decision legal and explained in one sentence, and each player's habits."""

from __future__ import annotations

import random

import pytest

from engine.blackjack.game import Game
from engine.blackjack.players import make_player
from engine.blackjack.players.sam import misses
from engine.blackjack.rules import CRAZY_EIGHTS, Rules
from engine.blackjack.state import Chain, Draw, State, needs_call
from engine.blackjack.view import PlayerView
from engine.core.cards import Card, Rank, Suit, parse_cards


@pytest.mark.parametrize("rules", [Rules(), CRAZY_EIGHTS], ids=["blackjack", "crazy-eights"])
def test_every_player_decides_legally_with_a_one_sentence_reason(rules: Rules) -> None:
    for seed in range(3):
        game = Game.new(rules, seed)
        bots = [make_player(name, random.Random(seed)) for name in ("sam", "alex", "robin", "random")]
        while not game.is_over:
            seat = game.turn
            decision = bots[seat].decide(game.view(seat))
            assert game.why_illegal(seat, decision.action) is None
            assert decision.reason.endswith(".") and "\n" not in decision.reason, decision.reason
            game.act(seat, decision.action)
        assert Game.from_json(game.to_json()).to_json() == game.to_json()


def _view(text: str, seat: int = 0, rules: Rules | None = None) -> PlayerView:
    return PlayerView.of(State.parse(text, rules), seat)


SEED_HAND = "hands 5S 6S 6C 6D 7D 7C 9H / KD QC 3C 4C / 2D 3D / 4D 5D | pile 5H | stock 8C 9C | turn 0"


def test_random_picks_its_first_card_and_its_chain_length_at_random_and_calls_when_it_must() -> None:
    firsts, lengths = set(), set()
    for number in range(60):
        action = make_player("random", random.Random(number)).decide(_view(SEED_HAND)).action
        assert isinstance(action, Chain)
        firsts.add(action.cards[0])
        lengths.add(len(action.cards))
        rest = list(parse_cards("5S 6S 6C 6D 7D 7C 9H"))
        for card in action.cards:
            rest.remove(card)
        assert action.last == needs_call(Rules(), rest)
    assert firsts == {Card.parse("5S"), Card.parse("9H")} and len(lengths) >= 4


def test_robin_lays_the_longest_chain_and_forgets_last_cards_one_time_in_four() -> None:
    calls = 0
    for number in range(200):
        action = make_player("robin", random.Random(number)).decide(_view(SEED_HAND)).action
        assert isinstance(action, Chain) and len(action.cards) == 6
        calls += action.last
    assert 120 <= calls <= 180


def test_alex_keeps_pick_ups_and_wild_cards_until_the_next_player_is_close_to_going_out() -> None:
    far = "hands 2C AS 9H 9D 5D / KD QC 3C 4C 5H 6H | pile 9C | stock 8C 9S | turn 0"
    action = make_player("alex", random.Random(0)).decide(_view(far)).action
    assert isinstance(action, Chain) and Card.parse("2C") not in action.cards and Card.parse("AS") not in action.cards
    close = "hands 2C AS 9H 9D 5D / KD | pile 9C | stock 8C 9S | turn 0 | called 1"
    action = make_player("alex", random.Random(0)).decide(_view(close)).action
    assert isinstance(action, Chain) and action.cards[0] == Card.parse("2C")


def test_alex_names_the_suit_it_holds_most_after_a_wild_card() -> None:
    view = _view("hands AS 3D 7D 9D KC / KD QC 3C 4C 6H | pile 5H | stock 8C 9S | turn 0")
    action = make_player("alex", random.Random(0)).decide(view).action
    assert isinstance(action, Chain) and action.cards == (Card.parse("AS"),) and action.suit == Suit.DIAMONDS


def test_sam_knows_a_player_who_drew_held_nothing_that_fitted() -> None:
    rules = Rules(players=2)
    hands = [parse_cards("2C 3C 4C 5C 6C 7C 8C"), parse_cards("2H 3H 4H 5H 6H 7H 9H")]
    game = Game(rules, hands, parse_cards("10S JS QS KS 2S 3S 4S 5S"), Card.parse("9S"))
    game.act(1, Draw())  # seat 1 holds no spade and no nine: it draws the 10♠
    known = misses(game.view(0))
    assert known == {1: (7, Rank.NINE, Suit.SPADES)}


def test_sam_replays_exactly_from_its_seed() -> None:
    text = "hands 5S 6S 9H 2S JC AD / KD 3C / 2D 3D 4H / 4D 5D 8S | pile 5H | stock 8C 9C 10C JD QD | turn 0"
    first = make_player("sam", random.Random(4)).decide(_view(text))
    again = make_player("sam", random.Random(4)).decide(_view(text))
    assert first == again and first.reason.endswith(".")
