"""``random`` (the yardstick) and Robin (a friendly beginner)."""

from __future__ import annotations

from ...core.cards import Card, Suit
from ..state import State
from ..view import PlayerView
from .base import ComputerPlayer, Decision, after, cards_words, chains_from, favourite_suit

__all__ = ["FORGETS_LAST_CARDS", "RandomPlayer", "RobinPlayer"]

# How often Robin forgets to call "Last cards" when it should.
FORGETS_LAST_CARDS = 0.25


class RandomPlayer(ComputerPlayer):
    """A uniformly random turn among those that lay cards: a random first card, then at each point a random
    choice among stopping (where allowed) and the cards that may come next, and a random suit; it draws, picks
    up or passes only when it lays nothing, and calls "Last cards" whenever it must."""

    name = "random"

    def plan(self, view: PlayerView, state: State) -> Decision | None:
        seat = view.seat
        twin = state.copy()
        cards = []
        if not twin.laid:
            first = self.rng.choice(twin.first_cards(seat))
            cards.append(first)
            twin = after(twin, seat, [first])
        while True:
            options = twin.next_cards(seat)
            may_stop = not (twin.rules.is_queen(twin.laid[-1]) and twin.hands[seat])
            choice = self.rng.randrange(len(options) + (1 if may_stop else 0)) if options or may_stop else -1
            if choice < 0 or choice == len(options):
                break
            cards.append(options[choice])
            twin = after(twin, seat, [options[choice]])
        suit = self.rng.choice(list(Suit))
        laid = f"Lay {cards_words(cards)}" if cards else "End the turn here"
        return self.finish(view, state, cards, suit, f"{laid}: picked at random from the turns you may play.")


class RobinPlayer(ComputerPlayer):
    """Lays the longest chain it sees (the first found of that length), names the suit it holds most, and
    forgets to call "Last cards" one time in four (from its own seeded random source)."""

    name = "robin"

    def plan(self, view: PlayerView, state: State) -> Decision | None:
        seat = view.seat
        best: tuple[Card, ...] = ()
        found = False
        for chain in chains_from(state, seat, budget=1500):
            if not found or len(chain) > len(best):
                best, found = chain, True
        if not found:
            return None
        rest = list(view.hand)
        for card in best:
            rest.remove(card)
        suit = favourite_suit(view.rules, rest)
        words = f"Lay {cards_words(best)}" if best else "End the turn here"
        why = "the longest chain you can see" if view.rules.chains else "the first card you see that fits"
        return self.finish(view, state, best, suit, f"{words}: {why}.")

    def call_wanted(self, view: PlayerView, must: bool) -> bool:
        if must and self.rng.random() < FORGETS_LAST_CARDS:
            return False
        return must
