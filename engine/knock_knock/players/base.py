"""What every Knock! Knock! computer player is: a view in, a decision with its reason out."""

from __future__ import annotations

import random
from abc import abstractmethod
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ...core.cards import Card, Suit
from ...core.game import SeededPlayer
from ..rules import is_pickup, penalty
from ..state import Action, Challenge, Draw, Play, Quiet
from ..view import PlayerView

__all__ = ["DRAW_REASON", "ComputerPlayer", "Decision", "Player", "favourite_suit", "knock_words", "let_pass", "play"]

# What every player says when nothing fits.
DRAW_REASON = "Nothing fits, so you draw a card."


@dataclass(frozen=True, slots=True)
class Decision:
    """An action (a discard, a draw or a call) and the reason, in one sentence.

    *plain* is the same reason without the player's working (Sam's imagined deals and its chances),
    in a learner's words; empty when the reason has no working in it.
    """

    action: Action
    reason: str
    plain: str = ""


class Player(Protocol):
    """A computer player: sees only a :class:`PlayerView` and answers with legal actions."""

    name: str

    def decide(self, view: PlayerView) -> Decision:
        """A call or a quiet pass when *view* may call, else the discard or draw of its turn."""
        ...

    def call(self, view: PlayerView) -> Decision | None:
        """A call of "Knock! Knock!" on the discard in *view*'s window, or ``None`` to stay quiet."""
        ...


def let_pass(view: PlayerView) -> Decision:
    """Letting the discard in the window pass, with the reason."""
    window = view.window
    assert window is not None
    if not window.third_to_last:
        why = "it was not that player's third-to-last card"
    elif window.knocked:
        why = "that player knocked"
    else:
        why = "no call this time"
    return Decision(Quiet(), f"Let the {window.card.display} pass: {why}.")


class PlayerFactory(Protocol):
    def __call__(self, rng: random.Random) -> Player: ...


class ComputerPlayer(SeededPlayer):
    """What every player does alike: answers a call window with :meth:`call` (or lets the discard pass), and draws
    when nothing fits; only a turn with cards that fit is the player's own, in :meth:`discard`."""

    def decide(self, view: PlayerView) -> Decision:
        if view.may_call:
            return self.call(view) or let_pass(view)
        fitting = view.fitting()
        if not fitting:
            return draw()
        return self.discard(view, fitting)

    def call(self, view: PlayerView) -> Decision | None:
        return None

    @abstractmethod
    def discard(self, view: PlayerView, fitting: list[Card]) -> Decision:
        """The discard of a turn where *fitting* (not empty) are the cards of the hand that fit."""


def favourite_suit(hand: Sequence[Card], rng: random.Random | None = None) -> Suit:
    """The suit *hand* holds most of, pick-up cards aside (they fit anything); ties go to the first in C D H S.

    With *rng*, ties are broken at random instead.
    """
    counts = Counter(card.suit for card in hand if not is_pickup(card))
    best = max((counts[suit] for suit in Suit), default=0)
    tied = [suit for suit in Suit if counts[suit] == best]
    return rng.choice(tied) if rng is not None else tied[0]


def without(hand: Sequence[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def play(view: PlayerView, card: Card, suit: Suit | None = None, *, knock: bool | None = None) -> Play:
    """A discard of *card*, knocking when the rules ask (unless *knock* says otherwise)."""
    return Play(card, suit if is_pickup(card) else None, view.must_knock if knock is None else knock)


def knock_words(action: Play) -> str:
    """`` (knock!)`` when the discard comes with a knock, for the end of a reason."""
    return ", and knock: it is your third-to-last card" if action.knock else ""


def pickup_words(card: Card, suit: Suit | None) -> str:
    count = penalty(card)
    named = f" and name {suit.plural}" if suit is not None else ""
    return f"{card.display}{named}: the next player picks up {count} and misses a turn"


def draw() -> Decision:
    return Decision(Draw(), DRAW_REASON)


def missed_knock_call(view: PlayerView) -> Decision | None:
    """A right call, if the discard in the window broke the knock rule."""
    window = view.window
    if window is None or not window.missed_knock or window.seat == view.seat:
        return None
    return Decision(
        Challenge(),
        f"Call Knock! Knock!: the {window.card.display} was that player's third-to-last card and they did not knock.",
    )
