"""``random``: plays any legal card, chosen uniformly. The yardstick for the others."""

from __future__ import annotations

from ...core.cards import ALL_CARDS
from ...core.game import SeededPlayer
from ..view import PlayerView
from .base import PASS_REASON, Decision

__all__ = ["RandomPlayer"]


class RandomPlayer(SeededPlayer):
    name = "random"

    def decide(self, view: PlayerView) -> Decision:
        legal = view.legal_mask()
        if not legal:
            return Decision(None, PASS_REASON)
        card = ALL_CARDS[self.pick(legal).bit_length() - 1]
        return Decision(card, f"Play {card.display}: it fits, picked at random from the cards that do.")

    def pick(self, legal: int) -> int:
        """The bit of one card of *legal* (not empty), each equally likely: what :meth:`decide` plays.

        One ``rng.random()`` a choice (``randrange`` costs three times as much, and this runs in every move
        of a simulation).
        """
        skip = int(self.rng.random() * legal.bit_count())
        while skip:
            legal &= legal - 1
            skip -= 1
        return legal & -legal
