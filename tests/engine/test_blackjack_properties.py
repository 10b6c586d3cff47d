"""Properties of whole Blackjack deals between computer players, over random seeds and sampled options."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.blackjack.game import Game
from engine.blackjack.players import make_player
from engine.blackjack.rules import OPTIONS, TURN_LIMIT, Rules, pack
from engine.blackjack.state import Chain, Move
from engine.core.chance import player_rng

NAMES = ("random", "robin", "alex")


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    """Any allowed rules: each option sampled from its values, until wild, skip and reverse name different ranks."""
    while True:
        options = {name: draw(st.sampled_from(option.values)) for name, option in OPTIONS.options.items()}
        ranks = [options[name] for name in ("wild", "skip", "reverse") if options[name] != "none"]
        if len(ranks) == len(set(ranks)):
            return Rules.from_options(options)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    rules=rule_sets(),
    names=st.lists(st.sampled_from(NAMES), min_size=8, max_size=8),
)
def test_a_deal_accounts_for_every_card_takes_only_legal_steps_ends_and_replays(
    seed: int, rules: Rules, names: list[str]
) -> None:
    seats = names[: rules.players]
    bots = [make_player(name, player_rng(seed, seat)) for seat, name in enumerate(seats)]
    game = Game.new(rules, seed, names=seats)
    everything = Counter(pack(rules))
    assert all(len(hand) == rules.deal_size for hand in game.state.hands)
    while not game.is_over:
        seat = game.turn
        decision = bots[seat].decide(game.view(seat))
        assert game.why_illegal(seat, decision.action) is None, decision
        assert decision.reason.endswith(".") and "\n" not in decision.reason
        game.act(seat, decision.action)
        assert game.state.all_cards() == everything
        assert game.state.turns <= TURN_LIMIT
    text = game.to_json()
    replayed = Game.from_json(text)
    assert replayed.to_json() == text
    assert replayed.state.text() == game.state.text()
    record = json.loads(text)
    assert ("points" in record) == (rules.scoring == "points")
    if game.winner is not None:
        assert game.remaining()[game.winner] == 0
        last = [e for e in game.events if isinstance(e, Move)][-1]
        assert last.seat == game.winner and isinstance(last.action, Chain)
        assert game.score()[game.winner] == (1 if rules.scoring == "tally" else 0)
    if not rules.last_cards:
        assert all("last" not in move for move in record["moves"])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), rules=rule_sets())
def test_every_legal_step_listed_is_allowed_and_every_card_not_listed_is_refused(seed: int, rules: Rules) -> None:
    game = Game.new(rules, seed)
    bots = [make_player("random", player_rng(seed, seat)) for seat in range(rules.players)]
    for _ in range(30):
        if game.is_over:
            break
        seat = game.turn
        state = game.state
        listed = state.legal_actions(seat)
        assert listed, "a player on turn always has a legal step"
        for action in listed:
            assert state.why_illegal(seat, action) is None, action
        from engine.blackjack.state import Lay

        laid = {action.card for action in listed if isinstance(action, Lay)}
        for card in set(state.hands[seat]) - laid:
            assert state.why_illegal(seat, Lay(card)), card
        game.act(seat, bots[seat].decide(game.view(seat)).action)
