"""What one player may see of a deal of Blackjack: their own hand and what happened on the table.

A :class:`PlayerView` holds no reference to the state it came from. Other
hands appear only as counts; the stock only as its size (a reshuffle's new
order and every drawn card stay hidden); the pile's cards were all laid face
up, so they are public, as are the cards laid so far in the turn being built,
the calls of "Last cards", the direction and the pending pick-up.

>>> from .state import State
>>> view = PlayerView.of(State.parse("hands 5S 9H / KD QC | pile 5H | stock 2C 3C | turn 0"), 1)
>>> view.hand, view.counts, view.stock_size
((Card.parse('QC'), Card.parse('KD')), (2, 2), 2)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..core.cards import Card
from ..core.pile import PileView, Reshuffled, seen_history, seen_table
from .rules import Rules, pack
from .state import Move, Penalty, State

__all__ = ["PlayerView", "Reshuffled", "SeenEvent"]


SeenEvent = Move | Reshuffled | Penalty


@dataclass(frozen=True, slots=True)
class PlayerView(PileView[Rules]):
    """The deal as the player in *seat* sees it."""

    direction: int
    stock_size: int
    turn: int
    twos: int
    jacks: int
    laid: tuple[Card, ...]
    drawn: int
    called: tuple[bool, ...]
    passes: int
    turns: int
    history: tuple[SeenEvent, ...]
    is_over: bool
    winner: int | None
    drawn_fits: bool = False  # the seat's own: under draw=until-play, whether the card it drew last fits

    @classmethod
    def of(cls, state: State, seat: int) -> PlayerView:
        history = seen_history(state.events)
        return cls(
            *seen_table(state, seat),
            state.direction,
            state.stock_size,
            state.turn,
            state.twos,
            state.jacks,
            tuple(state.laid),
            state.drawn,
            tuple(state.called),
            state.passes,
            state.turns,
            history,
            state.is_over,
            state.winner,
            state.drawn_fits and seat == state.turn,
        )

    @property
    def pickup(self) -> int:
        return self.twos + self.jacks

    def next_seat(self, seat: int | None = None) -> int:
        return self.rules.next_seat(self.seat if seat is None else seat, self.direction)

    def unseen(self) -> list[Card]:
        """The cards this seat cannot see: the pack less its hand, the pile and the cards laid this turn."""
        left = Counter(pack(self.rules)) - Counter(self.hand) - Counter(self.pile) - Counter(self.laid)
        return sorted(left.elements())

    def position(self) -> State:
        """A state with this seat's hand and everything public, the hidden cards left out (other hands empty,
        the stock of as many stand-in cards): enough to judge this seat's own steps."""
        state = State.__new__(State)
        state.rules, state.dealer = self.rules, 0
        state.hands = [list(self.hand) if seat == self.seat else [] for seat in range(self.rules.players)]
        state._stock = [self.top] * self.stock_size
        state.pile = list(self.pile)
        state.suit, state.direction, state.turn = self.suit, self.direction, self.turn
        state.twos, state.jacks = self.twos, self.jacks
        state.laid, state.drawn = list(self.laid), self.drawn
        state.drawn_cards, state.drawn_fits = [], self.drawn_fits
        state.called = list(self.called)
        state.passes, state.turns = self.passes, self.turns
        state.winner, state.is_over = self.winner, self.is_over
        state.events = []
        return state
