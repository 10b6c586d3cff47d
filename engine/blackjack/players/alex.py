"""Alex: sound habits.

* Of the turns it may play, Alex lays as many cards as it can, but keeps its
  pick-up cards (twos, black jacks) and wild cards: it spends them only when
  nothing else fits, to answer a pick-up, or when the next player is close to
  going out (two cards or fewer, or they called "Last cards").
* It steers to its longest suit: a turn that leaves it cards to follow with
  on the suit it sets (or names, after a wild card) is worth more.
* It never stops on a card that hands the next player an easy chain when
  another turn will do: the more cards it cannot see that could follow the
  last card in a chain (its rank, its neighbours in suit), the worse the stop.
* It always calls "Last cards" when it must.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...core.cards import Card, Suit
from ..rules import Rules, follows
from ..state import State
from ..view import PlayerView
from .base import ComputerPlayer, Decision, after, cards_words, chains_from, favourite_suit

__all__ = ["CLOSE_TO_OUT", "AlexPlayer", "best_turn", "turn_score"]

# The next player is "close to going out" with this many cards or fewer (or once they called Last cards).
CLOSE_TO_OUT = 2
_PER_CARD = 10
_KEEP_POWER = 14  # what spending a pick-up or wild card costs when the next player is not close to going out
_HURT = 8  # what a pick-up card, skip or wild card is worth when the next player is close
_FOLLOW = 3  # each card left in hand that will fit next time on the suit set
_EASY = 2  # each unseen card that could follow the last card in a chain
_STOP = 40  # a turn that makes the player close to going out pick up, or passes them by


def is_keeper(rules: Rules, card: Card) -> bool:
    """A card Alex keeps for later: a pick-up card or a wild card."""
    return rules.is_wild(card) or rules.is_two(card) or rules.is_black_jack(card)


def next_after(rules: Rules, seat: int, direction: int, cards: Sequence[Card]) -> int:
    """The seat that plays after *seat* lays *cards* (skips and reverses counted)."""
    skips = sum(1 for card in cards if rules.is_skip(card))
    reverses = sum(1 for card in cards if rules.is_reverse(card))
    if rules.players == 2:
        skips += reverses
    elif reverses % 2:
        direction = -direction
    for _ in range(1 + skips):
        seat = rules.next_seat(seat, direction)
    return seat


def pending_after(view: PlayerView, cards: Sequence[Card]) -> int:
    """The pick-up the next player faces after the turn that lays *cards* (all the cards of the turn)."""
    rules = view.rules
    twos, jacks = (view.twos, view.jacks) if view.pickup else (0, 0)
    for card in cards:
        if rules.is_two(card):
            twos += 2
        elif rules.is_black_jack(card):
            jacks += rules.jack_value
        elif rules.is_red_jack(card):
            jacks = 0
    return twos + jacks


def turn_score(
    view: PlayerView, state: State, cards: Sequence[Card], unseen: Counter[Card]
) -> tuple[float, Suit | None]:
    """How good laying *cards* is for Alex, and the suit it would name."""
    rules = view.rules
    seat = view.seat
    twin = after(state, seat, cards)
    if twin.goes_out(seat):
        return 10_000.0, None
    rest = twin.hands[seat]
    if not twin.laid:
        return float("-inf"), None
    nxt = next_after(rules, seat, view.direction, twin.laid)
    close = view.counts[nxt] <= CLOSE_TO_OUT or view.called[nxt]
    score = _PER_CARD * len(cards)
    if close and pending_after(view, twin.laid) > 0:
        score += _STOP  # the player close to going out must pick up or answer
    natural = rules.next_seat(seat, view.direction)
    if nxt != natural and (view.counts[natural] <= CLOSE_TO_OUT or view.called[natural]):
        score += _STOP  # the player close to going out misses the turn
    for number, card in enumerate(cards):
        answering = number == 0 and not state.laid and view.pickup > 0
        if is_keeper(rules, card) and not answering:
            score += _HURT if close else -_KEEP_POWER
        elif rules.is_skip(card) and close:
            score += _HURT
    last = twin.laid[-1]
    suit = favourite_suit(rules, rest) if rules.is_wild(last) else last.suit
    score += _FOLLOW * sum(1 for card in rest if card.suit == suit or card.rank == last.rank or rules.is_wild(card))
    easy = sum(n for card, n in unseen.items() if follows(card, last) and card != last)
    score -= _EASY * easy
    if not rest:  # laid everything without going out: one penalty card comes back
        score -= _PER_CARD
    return float(score), (suit if rules.is_wild(last) else None)


def best_turn(view: PlayerView, state: State, budget: int = 3000) -> tuple[tuple[Card, ...], Suit | None, float] | None:
    """Alex's turn from where *view*'s turn stands: the cards to lay, the suit, the score; ``None`` if none."""
    unseen = Counter(view.unseen())
    best: tuple[tuple[Card, ...], Suit | None, float] | None = None
    for chain in chains_from(state, view.seat, budget):
        score, suit = turn_score(view, state, chain, unseen)
        if best is None or score > best[2]:
            best = (chain, suit, score)
    return best


class AlexPlayer(ComputerPlayer):
    name = "alex"

    def plan(self, view: PlayerView, state: State) -> Decision | None:
        best = best_turn(view, state)
        if best is None:
            return None
        cards, suit, score = best
        return self.finish(view, state, cards, suit, _reason(view, state, cards, suit, score))


def _reason(view: PlayerView, state: State, cards: Sequence[Card], suit: Suit | None, score: float) -> str:
    rules = view.rules
    if not cards:
        if score >= 10_000:  # the last card is down: stopping ends the deal, whatever the next player could do
            return f"End the turn here and go out: your {state.laid[-1].display} was your last card."
        if not state.hands[view.seat]:
            return "End the turn here: you have no card left to lay."
        if not rules.chains:
            return "End the turn here: one card a turn."
        if not state.next_cards(view.seat):
            return "End the turn here: no card you hold may follow it."
        return "End the turn here: laying more would only help the next player."
    laid = f"Lay {cards_words(cards)}"
    if score >= 10_000:
        return f"{laid} and go out."
    if view.pickup and not state.laid:
        return f"{laid}: it answers the pick-up, so the next player faces it instead."
    keepers = [card for card in cards if is_keeper(rules, card)]
    nxt = next_after(rules, view.seat, view.direction, [*state.laid, *cards])
    if keepers and (view.counts[nxt] <= CLOSE_TO_OUT or view.called[nxt]):
        return f"{laid}: the next player is close to going out, so use your {cards_words(keepers)} now."
    if keepers:
        return f"{laid}: nothing better fits, so spend the {cards_words(keepers)}."
    if suit is not None:
        return f"{laid} and name {suit.plural}, the suit you hold most."
    # The cards kept for later are named as they are, not by kind: a learner who holds no wild card has not
    # necessarily met one yet.
    rest = Counter(state.hands[view.seat]) - Counter(cards)
    kept = cards_words([card for card in rest.elements() if is_keeper(rules, card)])
    if not rules.chains:
        return f"{laid}, and keep your {kept} for later." if kept else f"{laid}: it fits."
    if kept:
        return f"{laid}: the most cards you can lay while keeping your {kept} for later."
    return f"{laid}: the most cards you can lay."
