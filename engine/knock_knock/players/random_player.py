"""``random``: discards any card that fits, chosen at random; the yardstick for the others."""

from __future__ import annotations

import random

from ...core.cards import Suit
from ..view import PlayerView
from .base import Decision, draw, knock_words, let_pass, play

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Draws only when nothing fits, names a random suit, always knocks when it must, never calls."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: PlayerView) -> Decision:
        if view.may_call:
            return self.call(view) or let_pass(view)
        fitting = view.fitting()
        if not fitting:
            return draw()
        card = self.rng.choice(fitting)
        action = play(view, card, self.rng.choice(list(Suit)))
        named = f", naming {action.suit.plural} at random" if action.suit is not None else ""
        return Decision(
            action,
            f"Play {card.display}{named}: it fits, picked at random from the cards that do{knock_words(action)}.",
        )

    def call(self, view: PlayerView) -> Decision | None:
        return None
