"""The computer players, weakest to strongest: ``random``, Robin, Alex and Sam."""

from __future__ import annotations

from ...core.game import player_maker
from .alex import AlexPlayer
from .base import Decision, Player, PlayerFactory
from .random_player import RandomPlayer
from .robin import RobinPlayer
from .sam import SamPlayer

__all__ = [
    "COMPUTER_PLAYERS",
    "AlexPlayer",
    "Decision",
    "Player",
    "RandomPlayer",
    "RobinPlayer",
    "SamPlayer",
    "make_player",
]

COMPUTER_PLAYERS: dict[str, PlayerFactory] = {
    "random": RandomPlayer,
    "robin": RobinPlayer,
    "alex": AlexPlayer,
    "sam": SamPlayer,
}
make_player = player_maker(
    COMPUTER_PLAYERS
)  # the computer player called name (case ignored), with its own random source
