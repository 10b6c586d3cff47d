"""What every Blackjack computer player shares: a view in, a decision (a whole turn) with its reason out.

A player plans the rest of its turn from where the turn stands: at its start a
:class:`~engine.blackjack.state.Chain` (or a draw, a pick-up, a pass); in the
middle of a chain someone else began (a hint to a person building one), the
next step of that plan.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from ...core.cards import Card, Rank, Suit
from ...core.game import SeededPlayer
from ..rules import Rules, follows
from ..state import NO_CHANCE, Action, Chain, Draw, Lay, Pass, PickUp, State, Stop, needs_call
from ..view import PlayerView

__all__ = [
    "ComputerPlayer",
    "Decision",
    "Plan",
    "Player",
    "PlayerFactory",
    "cards_words",
    "careful_call",
    "chains_from",
    "favourite_suit",
    "naming",
]


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and the reason, in one sentence; *plain* is the reason without a player's working."""

    action: Action
    reason: str
    plain: str = ""


class Player(Protocol):
    name: str

    def decide(self, view: PlayerView) -> Decision: ...


class PlayerFactory(Protocol):
    def __call__(self, rng: random.Random) -> Player: ...


@dataclass(frozen=True, slots=True)
class Plan:
    """The cards still to lay this turn (after any already laid), the suit to name and the call."""

    cards: tuple[Card, ...]
    suit: Suit | None
    last: bool


def cards_words(cards: Sequence[Card]) -> str:
    return " ".join(card.display for card in cards)


def naming(reason: str, suit: Suit | None) -> str:
    """*reason* with the suit to name said in its first words, where a turn's wild card names *suit* and the
    reason does not say so yet: advice that lays a wild card or stops after one is complete only with its suit.

    >>> naming("End the turn here: laying more would only help the next player.", Suit.HEARTS)
    'End the turn here and name hearts: laying more would only help the next player.'
    >>> naming("Lay 8♣.", Suit.SPADES), naming("Lay 8♣ and name clubs.", Suit.CLUBS)
    ('Lay 8♣ and name spades.', 'Lay 8♣ and name clubs.')
    """
    if suit is None or f"name {suit.plural}" in reason:
        return reason
    head, colon, rest = reason.partition(":")
    if not colon:
        head, rest = reason.removesuffix("."), "."
    return f"{head} and name {suit.plural}{colon}{rest}"


def favourite_suit(rules: Rules, hand: Sequence[Card], rng: random.Random | None = None) -> Suit:
    """The suit *hand* holds most of, wild cards aside; ties to the first in C D H S (or at random with *rng*)."""
    counts = Counter(card.suit for card in hand if not rules.is_wild(card))
    best = max((counts[suit] for suit in Suit), default=0)
    tied = [suit for suit in Suit if counts[suit] == best]
    return rng.choice(tied) if rng is not None else tied[0]


def _next_ok(rules: Rules, card: Card, before: Card) -> bool:
    if rules.is_queen(before):
        return True
    return rules.chains and follows(card, before)


def chains_from(state: State, seat: int, budget: int = 4000) -> Iterator[tuple[Card, ...]]:
    """The turns *seat* may finish from where its turn stands: each the cards still to lay, in order, ending
    where stopping is allowed. At most *budget* steps of search (a very long hand is not searched through)."""
    rules = state.rules
    hand = state.hands[seat]
    firsts = state.next_cards(seat)
    steps = 0
    held = Counter(hand)

    def extend(path: list[Card], last: Card) -> Iterator[tuple[Card, ...]]:
        nonlocal steps
        steps += 1
        if steps > budget:
            return
        remaining = sum(held.values())
        if not (rules.is_queen(last) and remaining):
            yield tuple(path)
        if not rules.chains and not rules.is_queen(last):
            return
        for card in sorted(held):
            if held[card] and _next_ok(rules, card, last):
                held[card] -= 1
                path.append(card)
                yield from extend(path, card)
                path.pop()
                held[card] += 1

    if state.laid and not (rules.is_queen(state.laid[-1]) and hand):
        yield ()
    for first in firsts:
        held[first] -= 1
        yield from extend([first], first)
        held[first] += 1


def after(state: State, seat: int, cards: Sequence[Card]) -> State:
    """A copy of *state* with *cards* laid by *seat* (not stopped yet)."""
    twin = state.copy()
    for card in cards:
        twin.apply(seat, Lay(card), NO_CHANCE)
    return twin


def might_need_call(view: PlayerView) -> bool:
    """Whether the hand after a draw could need a "Last cards" call, whatever card comes (a call costs nothing)."""
    if not view.rules.last_cards:
        return False
    hand = list(view.hand)
    if len(hand) > 7:
        return False
    if not hand or any(card.rank == Rank.QUEEN for card in hand):
        return True
    # A drawn card joins a one-turn order only as a queen or next to a card of the hand.
    joining = {
        card
        for card in view.unseen()
        if card.rank == Rank.QUEEN or any(follows(card, mine) or follows(mine, card) for mine in hand)
    }
    return any(needs_call(view.rules, [*hand, card]) for card in joining)


def careful_call(view: PlayerView, state: State, action: Chain | Draw | PickUp | Pass) -> bool:
    """Whether a careful player calls "Last cards" with *action*, the whole turn from where *view*'s turn stands:
    whenever the rules ask, and before cards whose faces are unknown whenever the hand could need it."""
    rules = view.rules
    if not rules.last_cards:
        return False
    if isinstance(action, Chain):
        return after(state, view.seat, action.cards).must_call(view.seat)
    if isinstance(action, PickUp):  # the cards to come are unknown (and the stock may give fewer)
        return len(view.hand) + view.pickup <= 4 or needs_call(rules, view.hand)
    if isinstance(action, Draw):
        return rules.draw == "one" and might_need_call(view)
    return state.must_call(view.seat)


class ComputerPlayer(SeededPlayer):
    """Draws, picks up or passes only when it lays nothing; a turn that lays cards is the player's own, in
    :meth:`plan`."""

    name = "computer"

    def decide(self, view: PlayerView) -> Decision:
        state = view.position()
        seat = view.seat
        if state.next_cards(seat) or state.laid:
            decision = self.plan(view, state)
            if decision is not None:
                return decision
        return self.no_card(view, state)

    def plan(self, view: PlayerView, state: State) -> Decision | None:
        """The player's turn when it may lay cards; ``None`` to draw, pick up or pass instead."""
        raise NotImplementedError

    def call_wanted(self, view: PlayerView, must: bool) -> bool:
        """Whether the player calls "Last cards" when the rules ask *must*; the careful call whenever asked."""
        return must

    def no_card(self, view: PlayerView, state: State) -> Decision:
        seat = view.seat
        if view.pickup:
            last = self.call_wanted(view, careful_call(view, state, PickUp()))
            return Decision(PickUp(last), f"Pick up {view.pickup}: you cannot answer the pick-up.")
        legal = state.legal_actions(seat)
        if any(isinstance(action, Draw) for action in legal):
            last = view.rules.draw == "one" and self.call_wanted(view, careful_call(view, state, Draw()))
            return Decision(
                Draw(last), "Nothing fits, so you draw a card." if not state.first_cards(seat) else "Draw a card."
            )
        last = self.call_wanted(view, careful_call(view, state, Pass()))
        return Decision(Pass(last), "Pass: nothing fits and you cannot draw.")

    def finish(self, view: PlayerView, state: State, cards: Sequence[Card], suit: Suit | None, reason: str) -> Decision:
        """The decision that lays *cards* (after any laid already), naming *suit* if the last is wild, and calls
        "Last cards" as :meth:`call_wanted` says."""
        seat = view.seat
        twin = after(state, seat, cards)
        last = self.call_wanted(view, twin.must_call(seat))
        named = None
        if state.rules.is_wild(twin.laid[-1]) and not twin.goes_out(seat):
            named = suit if suit is not None else favourite_suit(state.rules, twin.hands[seat])
        reason = naming(reason, named)
        if last and " Last cards" not in reason:
            reason = reason.rstrip(".") + ", and call Last cards."
        if state.laid:
            action: Action = Lay(cards[0]) if cards else Stop(named, last)
        else:
            action = Chain(tuple(cards), named, last)
        return Decision(action, reason)
