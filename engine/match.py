"""Playing whole deals between computer players: single games, series and duplicate tournaments."""

from __future__ import annotations

from collections.abc import Sequence

from .deal import deal_hands, player_rng
from .game import Game
from .players import make_player

__all__ = ["play_game"]


def play_game(seed: int, seats: Sequence[str], *, hands: Sequence[int] | None = None) -> Game:
    """Play the deal from *seed* (or the given *hands*) to the end with computer players in *seats*."""
    names = [name.strip().lower() for name in seats]
    players = [make_player(name, player_rng(seed, seat)) for seat, name in enumerate(names)]
    game = Game(hands if hands is not None else deal_hands(seed), seed=seed, players=[p.capitalize() for p in names])
    while not game.is_over:
        decision = players[game.turn].decide(game.view())
        game.play(decision.card)
    return game
