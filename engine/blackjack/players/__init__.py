"""The Blackjack computer players, weakest to strongest: ``random``, Robin, Alex and Sam."""

from __future__ import annotations

from ...core.game import player_maker
from .alex import AlexPlayer
from .base import Decision, Player, PlayerFactory
from .sam import SamPlayer
from .simple import RandomPlayer, RobinPlayer

__all__ = ["PLAYERS", "AlexPlayer", "Decision", "Player", "RandomPlayer", "RobinPlayer", "SamPlayer", "make_player"]

PLAYERS: dict[str, PlayerFactory] = {"random": RandomPlayer, "robin": RobinPlayer, "alex": AlexPlayer, "sam": SamPlayer}
make_player = player_maker(PLAYERS)  # the computer player called name (case ignored), with its own random source
