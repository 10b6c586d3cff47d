"""What one player may see of a deal of Knock! Knock!: their own hand and what happened on the table.

A :class:`PlayerView` holds no reference to the state it came from. Other
hands appear only as counts; the stock only as its size (a reshuffle's new
order and every drawn card stay hidden); the pile's cards were all played face
up, so they are public.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import Card
from ..core.pile import PileView, Reshuffled, seen_history, seen_table
from .rules import KNOCK_AT, Rules, fits
from .state import LastDraw, Move, PickUp, State, TakeBack

__all__ = ["PlayerView", "Reshuffled", "SeenEvent", "WindowView"]


SeenEvent = Move | Reshuffled | PickUp | TakeBack


@dataclass(frozen=True, slots=True)
class WindowView:
    """The discard that may be called now: by whom, which card, whether they knocked, how many cards they had."""

    seat: int
    card: Card
    knocked: bool
    third_to_last: bool

    @property
    def missed_knock(self) -> bool:
        return self.third_to_last and not self.knocked


@dataclass(frozen=True, slots=True)
class PlayerView(PileView[Rules]):
    """The deal as the player in *seat* sees it.

    *may_call* says the seat is asked now whether to call "Knock! Knock!" on the discard in *window*
    (or let it pass); otherwise, when *turn* is the seat, it is asked for its discard or draw.
    """

    stock_size: int
    turn: int
    window: WindowView | None
    history: tuple[SeenEvent, ...]
    is_over: bool
    last_draw: tuple[LastDraw | None, ...]
    may_call: bool = False

    @classmethod
    def of(cls, state: State, seat: int) -> PlayerView:
        w = state.window
        window = None if w is None else WindowView(w.seat, w.card, w.knocked, w.third_to_last)
        history = seen_history(state.events)
        return cls(
            *seen_table(state, seat),
            state.stock_size,
            state.to_move,
            window,
            history,
            state.is_over,
            tuple(state.last_draw),
            seat in state.callers(),
        )

    def fits(self, card: Card) -> bool:
        return fits(card, self.top, self.suit)

    def fitting(self) -> list[Card]:
        """The distinct cards of the hand that may be discarded now."""
        return sorted({card for card in self.hand if self.fits(card)})

    @property
    def must_knock(self) -> bool:
        return len(self.hand) == KNOCK_AT

    def next_seat(self, seat: int | None = None) -> int:
        return self.rules.next_seat(self.seat if seat is None else seat)
