"""What one player may see: their own hand, the table and the public history.

A :class:`PlayerView` is built from plain numbers and holds no reference to the
game it came from, so a computer player handed one cannot reach the other
hands.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import FULL_DECK, Card, cards_of
from .moves import Move
from .position import PLAYERS, playable_mask

__all__ = ["PlayerView"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The game as the player in *seat* sees it when it is their turn."""

    seat: int
    hand: int
    table: int
    counts: tuple[int, ...]
    moves: tuple[Move, ...]

    @property
    def is_over(self) -> bool:
        """Whether someone has played their last card, after which nobody moves."""
        return bool(self.table) and 0 in self.counts

    def legal_mask(self) -> int:
        if self.is_over:
            return 0
        return playable_mask(self.table) & self.hand

    def legal_moves(self) -> list[Card]:
        return list(cards_of(self.legal_mask()))

    def hidden(self) -> int:
        """Cards in the other players' hands (which of them holds which is unknown)."""
        return FULL_DECK & ~self.table & ~self.hand

    def known_voids(self) -> tuple[int, ...]:
        """For each seat, cards it is known not to hold.

        A pass shows that the player held none of the cards that fitted at
        that moment, and hands never gain cards, so that stays true.
        """
        voids = [0] * PLAYERS
        table = 0
        for move in self.moves:
            if move.card is None:
                voids[move.seat] |= playable_mask(table)
            else:
                table |= move.card.bit
        hidden = self.hidden()
        return tuple(v & hidden for v in voids)
