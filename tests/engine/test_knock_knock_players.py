"""The Knock! Knock! computer players: their habits, their calls and their reasons."""

from __future__ import annotations

import random

from engine.core.cards import Card, Suit
from engine.core.match import play_game
from engine.knock_knock import Rules
from engine.knock_knock.players import AlexPlayer, RandomPlayer, RobinPlayer, SamPlayer
from engine.knock_knock.state import NO_CHANCE, Challenge, Draw, Play, Quiet, State
from engine.knock_knock.view import PlayerView


def _view(text: str, seat: int) -> PlayerView:
    return PlayerView.of(State.parse(text), seat)


def test_alex_keeps_a_pickup_card_and_follows_the_suit_it_holds_most() -> None:
    view = _view("hands 2S 6C 6H 9H 10H QD / 3C 4C 5C 7C / KS QS JS 10S / 8D 9D 7D 4D | pile 6D | turn 0", 0)
    decision = AlexPlayer(random.Random(1)).decide(view)
    assert decision.action == Play(Card.parse("6H"))  # the 6♥ leaves three hearts to follow; the 2♠ is kept
    assert decision.reason == "Play 6♥: it leaves you 3 cards to follow with (hearts or sixes)."


def test_alex_plays_its_biggest_pickup_card_when_the_next_player_is_close_to_going_out() -> None:
    view = _view("hands AS 5D 6D 9H 10H / 3C 4C / KS QS JS 10S / 8D 9D 7D | pile 6C | turn 0", 0)
    decision = AlexPlayer(random.Random(1)).decide(view)
    assert decision.action == Play(Card.parse("5D"), Suit.HEARTS)
    assert "the next player has only 2 cards left" in decision.reason


def test_alex_calls_every_missed_knock_and_lets_the_others_pass() -> None:
    state = State.parse("hands 5H 9H KS / 3C 4C JD / 8D 9D QS / 7S 8S 10S | pile 6H | stock 2C 3D | turn 0")
    state.apply(0, Play(Card.parse("5H")), NO_CHANCE)
    assert AlexPlayer(random.Random(1)).decide(PlayerView.of(state, 1)).action == Challenge()
    assert RandomPlayer(random.Random(1)).decide(PlayerView.of(state, 1)).action == Quiet()
    knocked = State.parse("hands 5H 9H KS / 3C 4C JD / 8D 9D QS / 7S 8S 10S | pile 6H | stock 2C 3D | turn 0")
    knocked.apply(0, Play(Card.parse("5H"), None, True), NO_CHANCE)
    decision = AlexPlayer(random.Random(1)).decide(PlayerView.of(knocked, 1))
    assert decision.action == Quiet() and decision.reason == "Let the 5♥ pass: that player knocked."


def test_random_draws_only_when_nothing_fits_and_always_knocks() -> None:
    player = RandomPlayer(random.Random(3))
    assert player.decide(_view("hands 3C 4C / 9D | pile 6H | turn 0", 0)).action == Draw()
    for _ in range(20):
        action = player.decide(_view("hands 5H 9H KS / 9D | pile 6H | turn 0", 0)).action
        assert isinstance(action, Play) and action.knock and action.card.suit is Suit.HEARTS


def test_robin_sometimes_forgets_to_knock_and_replays_the_same_way() -> None:
    view = _view("hands 5H 9H KS / 9D | pile 6H | turn 0", 0)
    knocks = [RobinPlayer(random.Random(seed)).decide(view).action for seed in range(40)]
    forgot = [a for a in knocks if isinstance(a, Play) and not a.knock]
    assert 0 < len(forgot) < 40
    assert [RobinPlayer(random.Random(seed)).decide(view).action for seed in range(40)] == knocks


def test_sam_thinks_ahead_near_the_end_and_explains_in_one_sentence() -> None:
    view = _view("hands 2S 6H 9H / 3C 4C / KS QS JS 10S / 8D 9D | pile 6D | stock 2C 3D 4D 5S 6S 7S 8S | turn 0", 0)
    decision = SamPlayer(random.Random(2)).decide(view)
    assert decision.action in State.parse(
        "hands 2S 6H 9H / 3C 4C / KS QS JS 10S / 8D 9D | pile 6D | stock 2C 3D 4D 5S 6S 7S 8S | turn 0"
    ).legal_actions(0)
    assert "imagined deals" in decision.reason and decision.reason.count(".") == 1


def test_sam_replays_its_games_exactly() -> None:
    seats = ["sam", "alex", "robin", "random"]
    assert play_game(4, seats, rules=Rules()).record() == play_game(4, seats, rules=Rules()).record()
