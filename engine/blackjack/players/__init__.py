"""The Blackjack computer players, weakest to strongest: ``random``, Robin, Alex and Sam."""

from __future__ import annotations

import random

from ...core.game import computer_player
from .alex import AlexPlayer
from .base import Decision, Player, PlayerFactory
from .sam import SamPlayer
from .simple import RandomPlayer, RobinPlayer

__all__ = ["PLAYERS", "AlexPlayer", "Decision", "Player", "RandomPlayer", "RobinPlayer", "SamPlayer", "make_player"]

PLAYERS: dict[str, PlayerFactory] = {
    "random": RandomPlayer,
    "robin": RobinPlayer,
    "alex": AlexPlayer,
    "sam": SamPlayer,
}


def make_player(name: str, rng: random.Random) -> Player:
    """The computer player called *name* (case ignored), with its own random source."""
    return computer_player(PLAYERS, name, rng)
