"""Robin: a friendly beginner who loves pick-up cards and sometimes forgets to knock.

Robin plays a pick-up card as soon as it holds one that fits (making somebody
pick up is the fun part), naming the suit it holds most; otherwise the highest
card of the playing suit, else a card of the same rank. One time in four it forgets to knock on its third-to-last card, and it
calls a missed knock only one time in four. Both come from Robin's own seeded
random source, so a game replays exactly.
"""

from __future__ import annotations

from ...core.cards import Card
from ..rules import is_pickup
from ..view import PlayerView
from .base import ComputerPlayer, Decision, favourite_suit, missed_knock_call, pickup_words, play, without

__all__ = ["RobinPlayer"]

# How often Robin forgets to knock, and how often it notices someone else did.
FORGETS_TO_KNOCK = 0.25
NOTICES_A_MISSED_KNOCK = 0.25


class RobinPlayer(ComputerPlayer):
    name = "robin"

    def discard(self, view: PlayerView, fitting: list[Card]) -> Decision:
        knock = view.must_knock and self.rng.random() >= FORGETS_TO_KNOCK
        forgot = " (and forget to knock)" if view.must_knock and not knock else ""
        knocked = ", with a knock" if knock else ""
        pickups = [card for card in fitting if is_pickup(card)]
        if pickups:
            card = pickups[0]
            suit = favourite_suit(without(view.hand, card))
            return Decision(play(view, card, suit, knock=knock), f"Play {pickup_words(card, suit)}{knocked}{forgot}.")
        same_suit = [card for card in fitting if card.suit == view.suit]
        if same_suit:
            card = max(same_suit, key=lambda c: c.rank)
            return Decision(
                play(view, card, knock=knock),
                f"Play {card.display}{knocked}{forgot}: it is the highest {view.suit.plural[:-1]} you hold.",
            )
        card = fitting[0]
        return Decision(
            play(view, card, knock=knock), f"Play {card.display}{knocked}{forgot}: it matches the {view.top.display}."
        )

    def call(self, view: PlayerView) -> Decision | None:
        decision = missed_knock_call(view)
        if decision is None or self.rng.random() >= NOTICES_A_MISSED_KNOCK:
            return None
        return decision
