"""Robin: a friendly beginner who gets rid of the biggest card that fits.

Robin does not look at what a card leads to: it plays the highest-ranked card
that fits (clubs before diamonds, hearts, spades when ranks tie). That empties
kings and queens early, which feels good but often opens a row for others.

>>> import random
>>> from engine.sevens.position import Position
>>> pos = Position.parse("7D 7H / 8H 6D 2S / 8D / KC / 3S / 0")
>>> view = PlayerView(0, pos.hands[0], pos.table, pos.counts(), ())
>>> RobinPlayer(random.Random(1)).decide(view)
Decision(card=Card.parse('8H'), reason='Play 8♥: it is the highest card that fits, so a big card leaves your hand.', plain='')
"""

from __future__ import annotations

from ...core.game import SeededPlayer
from ..view import PlayerView
from .base import PASS_REASON, Decision

__all__ = ["RobinPlayer"]


class RobinPlayer(SeededPlayer):
    name = "robin"

    def decide(self, view: PlayerView) -> Decision:
        legal = view.legal_moves()
        if not legal:
            return Decision(None, PASS_REASON)
        card = max(legal, key=lambda c: (c.rank, -c.suit.index))
        if len(legal) == 1:
            return Decision(card, f"Play {card.display}: it is the only card that fits.")
        return Decision(card, f"Play {card.display}: it is the highest card that fits, so a big card leaves your hand.")
