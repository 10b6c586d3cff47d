"""Alex: sound habits. Keep the suit on cards you hold, save pick-up cards for when they hurt most.

* Of the cards that fit, Alex plays the one that leaves it the most cards to
  follow with: cards of the suit it sets and cards of its rank. So it switches
  to the suit it holds most whenever a card of the same rank lets it.
* Pick-up cards (aces, twos, the 5♦) fit anything, so Alex keeps them: it plays
  one when nothing else fits (the smallest penalty first), or at once, the
  biggest, when the next player is close to going out. It names the suit it
  holds most.
* It always knocks when it must, and calls every missed knock it sees.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.cards import Card
from ..rules import is_pickup, penalty
from ..view import PlayerView
from .base import ComputerPlayer, Decision, favourite_suit, knock_words, missed_knock_call, pickup_words, play, without

__all__ = ["CLOSE_TO_OUT", "AlexPlayer", "choose", "follow_ups"]

# The next player is "close to going out" with this many cards or fewer.
CLOSE_TO_OUT = 2


def follow_ups(card: Card, hand: Sequence[Card]) -> int:
    """How many other cards of *hand* would fit after *card*: its suit and its rank, pick-up cards aside."""
    rest = without(hand, card)
    return sum(1 for other in rest if not is_pickup(other) and (other.suit == card.suit or other.rank == card.rank))


def choose(fitting: Sequence[Card], hand: Sequence[Card], next_count: int) -> Card:
    """Alex's card among *fitting* from *hand*, when the next player holds *next_count* cards."""
    pickups = [card for card in fitting if is_pickup(card)]
    if pickups and next_count <= CLOSE_TO_OUT:
        return max(pickups, key=penalty)
    plain = [card for card in fitting if not is_pickup(card)]
    if plain:
        return max(plain, key=lambda card: follow_ups(card, hand))
    return min(pickups, key=penalty)


def _plural(word: str) -> str:
    """``sixes``, ``kings``."""
    return word + ("es" if word.endswith("x") else "s")


class AlexPlayer(ComputerPlayer):
    name = "alex"

    def discard(self, view: PlayerView, fitting: list[Card]) -> Decision:
        next_count = view.counts[view.next_seat()]
        card = choose(fitting, view.hand, next_count)
        rest = without(view.hand, card)
        if is_pickup(card):
            suit = favourite_suit(rest)
            action = play(view, card, suit)
            why = (
                f"the next player has only {next_count} card{'s' if next_count != 1 else ''} left"
                if next_count <= CLOSE_TO_OUT
                else "nothing else fits"
            )
            return Decision(action, f"Play {pickup_words(card, suit)}; {why}{knock_words(action)}.")
        action = play(view, card)
        follow = follow_ups(card, view.hand)
        if len(fitting) == 1:
            reason = f"Play {card.display}: it is the only card that fits"
        elif follow == 0:
            reason = f"Play {card.display}: no card that fits leaves you anything to follow with, so get rid of one"
        else:
            reason = (
                f"Play {card.display}: it leaves you {follow} card{'s' if follow != 1 else ''} "
                f"to follow with ({card.suit.plural} or {_plural(card.rank.word)})"
            )
        return Decision(action, f"{reason}{knock_words(action)}.")

    def call(self, view: PlayerView) -> Decision | None:
        return missed_knock_call(view)
