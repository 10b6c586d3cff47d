"""``random``: plays any legal card, chosen uniformly. The yardstick for the others."""

from __future__ import annotations

import random

from ..view import PlayerView
from .base import PASS_REASON, Decision

__all__ = ["RandomPlayer"]


class RandomPlayer:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: PlayerView) -> Decision:
        legal = view.legal_moves()
        if not legal:
            return Decision(None, PASS_REASON)
        card = self.rng.choice(legal)
        return Decision(card, f"Play {card.display}: it fits, picked at random from the cards that do.")
