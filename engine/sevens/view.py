"""What one player may see: their own hand, the table and the public history.

A :class:`PlayerView` is built from plain numbers and holds no reference to the
game it came from, so a computer player handed one cannot reach the other
hands.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import FULL_DECK, Card, cards_of
from .moves import Move
from .position import SEVENS, fitting
from .rules import DEFAULT, SevensRules

__all__ = ["PlayerView"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The game as the player in *seat* sees it when it is their turn.

    Besides the hand, the table and the history: the *rules*, the cards laid
    by players put out that no row reaches yet (*loose*), each seat's
    *passes*, the seats put *out* and those *done* (hands emptied), in order.
    """

    seat: int
    hand: int
    table: int
    counts: tuple[int, ...]
    moves: tuple[Move, ...]
    rules: SevensRules = DEFAULT
    loose: int = 0
    passes: tuple[int, ...] = ()
    out: tuple[int, ...] = ()
    done: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        return len(self.counts)

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended, after which nobody moves."""
        if not self.done and not self.out:
            return bool(self.table) and 0 in self.counts and self.rules.finish == "first-out"
        if self.done and self.rules.finish == "first-out":
            return True
        return self.players - len(self.done) - len(self.out) <= 1

    def fits(self) -> int:
        return fitting(self.table, self.loose, self.rules)

    def legal_mask(self) -> int:
        if self.is_over:
            return 0
        return fitting(self.table, self.loose, self.rules) & self.hand

    def legal_moves(self) -> list[Card]:
        return list(cards_of(self.legal_mask()))

    def may_pass(self) -> bool:
        return not self.is_over and (self.rules.voluntary_pass or not self.legal_mask())

    def passes_of(self, seat: int) -> int:
        return self.passes[seat] if self.passes else 0

    def passes_left(self, seat: int) -> int | None:
        """How many more times *seat* may pass before the next pass puts it out; ``None`` without a limit."""
        if self.rules.pass_limit is None:
            return None
        return self.rules.pass_limit - self.passes_of(seat)

    def hidden(self) -> int:
        """Cards in the other players' hands (which of them holds which is unknown)."""
        return FULL_DECK & ~self.table & ~self.hand

    def known_voids(self) -> tuple[int, ...]:
        """For each seat, cards it is known not to hold.

        Without voluntary passes a pass shows that the player held none of the
        cards that fitted at that moment, and hands never gain cards, so that
        stays true. (Cards laid by a player put out are left out of the table
        here, which can only make the known gaps fewer, never wrong.)
        """
        voids = [0] * self.players
        if self.rules.voluntary_pass:
            return tuple(voids)
        table = SEVENS if self.rules.opening == "all-sevens" else 0
        for move in self.moves:
            if move.card is None:
                voids[move.seat] |= fitting(table, 0, self.rules)
            else:
                table |= move.card.bit
        hidden = self.hidden()
        return tuple(v & hidden for v in voids)
