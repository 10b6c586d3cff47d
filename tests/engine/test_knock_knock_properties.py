"""Properties of whole Knock! Knock! deals between computer players, over random seeds and options."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core.chance import player_rng
from engine.knock_knock.game import Game
from engine.knock_knock.players import make_player
from engine.knock_knock.rules import TURN_LIMIT, Rules, pack
from engine.knock_knock.state import Move, Play

NAMES = ("random", "robin", "alex")


@pytest.mark.slow
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 10),
    direction=st.sampled_from(["clockwise", "counter-clockwise"]),
    scoring=st.sampled_from(["tally", "points"]),
    names=st.lists(st.sampled_from(NAMES), min_size=10, max_size=10),
)
def test_a_deal_accounts_for_every_card_takes_only_legal_actions_ends_and_replays(
    seed: int, players: int, direction: str, scoring: str, names: list[str]
) -> None:
    rules = Rules.parse(f"players={players},direction={direction},scoring={scoring}")
    seats = names[:players]
    bots = [make_player(name, player_rng(seed, seat)) for seat, name in enumerate(seats)]
    game = Game.new(rules, seed, names=seats)
    everything = Counter(pack(rules))
    while not game.is_over:
        seat = game.state.waiting[0]
        decision = bots[seat].decide(game.view(seat))
        assert decision.action in game.state.legal_actions(seat) or game.state.missed_knock(seat, decision.action)
        assert game.state.why_illegal(seat, decision.action) is None
        assert decision.reason.endswith(".") and "\n" not in decision.reason
        game.act(seat, decision.action)
        assert game.state.all_cards() == everything
        assert game.state.turns <= TURN_LIMIT
    replayed = Game.from_json(game.to_json())
    assert replayed.record() == game.record()
    assert replayed.state.text() == game.state.text()
    if game.winner is not None:
        assert game.remaining()[game.winner] == 0
        last = [e for e in game.events if isinstance(e, Move)][-1]
        assert last.seat == game.winner and isinstance(last.action, Play)
