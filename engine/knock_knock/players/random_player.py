"""``random``: discards any card that fits, chosen at random; the yardstick for the others."""

from __future__ import annotations

from ...core.cards import Card, Suit
from ..view import PlayerView
from .base import ComputerPlayer, Decision, knock_words, play

__all__ = ["RandomPlayer"]


class RandomPlayer(ComputerPlayer):
    """Draws only when nothing fits, names a random suit, always knocks when it must, never calls."""

    name = "random"

    def discard(self, view: PlayerView, fitting: list[Card]) -> Decision:
        card = self.rng.choice(fitting)
        action = play(view, card, self.rng.choice(list(Suit)))
        named = f", naming {action.suit.plural} at random" if action.suit is not None else ""
        return Decision(
            action,
            f"Play {card.display}{named}: it fits, picked at random from the cards that do{knock_words(action)}.",
        )
