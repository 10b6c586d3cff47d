"""Blackjack's practice puzzles, made fresh from random deals, and the searches the lesson puzzles share.

Each maker writes the fields of one puzzle as an author would (the site reads
them with the same reader as a lesson's, so they are checked the same way);
they leave the hint empty, and the puzzle then writes one about its own
position. :func:`longest_turn` and :func:`call_order` search a hand the way
the rules count it, for the ``longest`` and ``last-cards`` kinds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..core.cards import ALL_CARDS, Card, Suit
from ..core.puzzles import SEAT_NAMES
from .rules import Rules
from .state import Lay, SeededChance, State, Stop, deal, needs_call

__all__ = [
    "RULES",
    "call_order",
    "longest_turn",
    "make_fits",
    "make_last_cards",
    "make_longest",
    "make_name_suit",
    "make_pick",
    "make_stop",
    "make_who_next",
]

RULES = Rules(players=len(SEAT_NAMES))  # the lessons' table: you, Robin, Alex and Sam, with every default
_SEARCH = 50_000  # steps the search for the longest turn may take (a lesson's hand needs a few hundred)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card.display for card in cards)


def longest_turn(state: State, seat: int = 0) -> tuple[Card, ...]:
    """The cards of the longest turn *seat* may lay from *state* and then end (the first found of that length).

    >>> state = State.parse("hands 5S 6S 6C 6D 7D 7C 9H / KD / QC / 2C | pile 5H | turn 0")
    >>> _cards(longest_turn(state))
    '5♠ 6♠ 6♣ 7♣ 7♦ 6♦'
    """
    best: tuple[Card, ...] = ()
    steps = 0

    def search(current: State) -> None:
        nonlocal best, steps
        steps += 1
        if steps > _SEARCH:
            return
        actions = current.legal_actions(seat)
        if current.laid and any(isinstance(a, Stop) for a in actions) and len(current.laid) > len(best):
            best = tuple(current.laid)
        for action in actions:
            if isinstance(action, Lay):
                twin = current.copy()
                twin.apply(seat, action, SeededChance(random.Random(0)))
                search(twin)

    search(state.copy())
    return best


def call_order(hand: Sequence[Card]) -> tuple[Card, ...]:
    """An order in which *hand* could all go down in one turn (as the "Last cards" rule counts it); empty if none."""
    cards = list(hand)
    if len(cards) == 1:
        return tuple(cards)

    def search(path: list[Card], left: list[Card]) -> tuple[Card, ...]:
        if not left:
            return () if RULES.is_queen(path[-1]) else tuple(path)
        for i, card in enumerate(left):
            if path and not (RULES.is_queen(path[-1]) or _follows(card, path[-1])):
                continue
            found = search([*path, card], left[:i] + left[i + 1 :])
            if found:
                return found
        return ()

    return search([], cards)


def _follows(card: Card, before: Card) -> bool:
    return card.rank == before.rank or (card.suit == before.suit and abs(int(card.rank) - int(before.rank)) == 1)


def _deal(rng: random.Random, size: int) -> tuple[Card, Suit | None, list[Card]]:
    """A top card (now and then a wild one, with a suit named) and a hand of *size* other cards."""
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    top, hand = cards[0], cards[1 : 1 + size]
    suit = rng.choice(list(Suit)) if RULES.is_wild(top) else None
    return top, suit, hand


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(card.code for card in cards) or "none"


def _table_fields(top: Card, suit: Suit | None) -> str:
    return f"pile: {top.code}" + (f"\nsuit: {suit.value}" if suit else "")


def _state_of(top: Card, suit: Suit | None, hand: Sequence[Card]) -> State:
    return State.setup(RULES, [list(hand), [], [], []], [top], [], 0, suit)


def make_fits(rng: random.Random, n: int) -> str:
    """A card and a top card; every other one shares a suit or a rank with it, so that about half fit."""
    top, suit, (card,) = _deal(rng, 1)
    if n % 2:
        same = [c for c in ALL_CARDS if c != top and (c.suit == (suit or top.suit) or c.rank == top.rank)]
        card = rng.choice(same)
    fits = card in _state_of(top, suit, [card]).next_cards(0)
    return f"{_table_fields(top, suit)}\ncard: {card.code}\nanswer: {'yes' if fits else 'no'}\nquestion: Does the {card.display} fit?"


def make_pick(rng: random.Random, n: int) -> str:
    top, suit, hand = _deal(rng, rng.randrange(4, 8))
    legal = _state_of(top, suit, hand).next_cards(0)
    return (
        f"{_table_fields(top, suit)}\nhand: {_codes(hand)}\nanswer: {_codes(legal)}\n"
        "question: Select every card you could start your turn with."
    )


def make_longest(rng: random.Random, n: int) -> str:
    """A hand of cards close together (few suits, near ranks), so that chains are there to find."""
    while True:
        top, suit, _ = _deal(rng, 0)
        base = rng.randrange(1, 10)
        near = [c for c in ALL_CARDS if c != top and base <= int(c.rank) <= base + 3 and not RULES.is_power(c)]
        hand = rng.sample(near, rng.randrange(4, 7))
        turn = longest_turn(_state_of(top, suit, hand))
        if len(turn) >= 2:
            return f"{_table_fields(top, suit)}\nhand: {_codes(hand)}\nanswer: {len(turn)}\nquestion: How many cards can your longest turn lay?"


def make_last_cards(rng: random.Random, n: int) -> str:
    """Two to four cards kept; every other hand is made of near cards, so that it often could all go down."""
    size = rng.randrange(1, 5)
    if n % 2:
        base = rng.randrange(1, 11)
        pool = [c for c in ALL_CARDS if base <= int(c.rank) <= base + 2]
    else:
        pool = list(ALL_CARDS)
    hand = rng.sample(pool, size)
    yes = needs_call(RULES, hand)
    return f"hand: {_codes(hand)}\nanswer: {'yes' if yes else 'no'}\nquestion: Your turn ends and you keep these cards. Must you call Last cards?"


def make_name_suit(rng: random.Random, n: int) -> str:
    while True:
        top, suit, hand = _deal(rng, rng.randrange(3, 7))
        wild = [c for c in hand if RULES.is_wild(c)]
        kept = [c for c in hand if not RULES.is_wild(c)]
        if wild and kept:
            counts = Counter(c.suit for c in kept)
            most = max(counts.values())
            best = [s for s in Suit if counts[s] == most]
            if len(best) == 1:
                return (
                    f"{_table_fields(top, suit)}\ncard: {wild[0].code}\nhand: {_codes(kept)}\n"
                    f"answer: {best[0].plural}\nquestion: You lay the {wild[0].display}. Which suit do you name?"
                )
        # no wild card, or a tie: deal again


def _laid_by_chance(rng: random.Random, state: State, most: int) -> list[Card]:
    """Lay up to *most* cards from *state* (you on turn), each a random one of those that may come next."""
    laid: list[Card] = []
    while len(laid) < most:
        nexts = state.next_cards(0)
        if not nexts or len(state.hands[0]) == 1:
            break
        queens = [card for card in nexts if RULES.is_queen(card)]
        card = rng.choice(queens if queens and rng.random() < 0.5 else nexts)  # queens often: the kind is about them
        state.apply(0, Lay(card), SeededChance(rng))
        laid.append(card)
    return laid


def make_stop(rng: random.Random, n: int) -> str:
    """A turn laid part-way, by chance, from a hand rich in queens (every other one ending on a queen): may it end
    now?"""
    while True:
        cards = list(ALL_CARDS)
        rng.shuffle(cards)
        queens = [card for card in cards if RULES.is_queen(card)]
        top = next(card for card in cards if not RULES.is_wild(card) and not RULES.is_queen(card))
        others = [card for card in cards if card != top and not RULES.is_queen(card)]
        hand = [*others[:4], *queens[: rng.randrange(1, 3)]]
        hand = [card for card in hand if card.suit == top.suit or card.rank == top.rank][:1] + hand
        state = _state_of(top, None, list(dict.fromkeys(hand)))
        laid = _laid_by_chance(rng, state, rng.randrange(1, 4))
        if not laid:
            continue
        wild = RULES.is_wild(laid[-1]) and state.hands[0]
        stops = state.why_illegal(0, Stop(Suit.CLUBS if wild else None)) is None
        if stops and n % 2 == 0:
            continue  # every other puzzle ends on a queen
        return (
            f"pile: {top.code}\nlaid: {' '.join(c.code for c in laid)}\nhand: {_codes(state.hands[0])}\n"
            f"answer: {'yes' if stops else 'no'}\nquestion: May you end your turn now?"
        )


def make_who_next(rng: random.Random, n: int) -> str:
    """A fresh deal where your first turn lays eights or kings (a skip or a reverse), or none every fourth time."""
    while True:
        state = deal(RULES, rng, dealer=RULES.players - 1)
        hand = state.hands[0]
        powers = [c for c in state.next_cards(0) if RULES.is_skip(c) or RULES.is_reverse(c)]
        plain = [c for c in state.next_cards(0) if not RULES.is_power(c)]
        pool = plain if n % 4 == 3 else powers
        if not pool:
            continue
        laid = [rng.choice(pool)]
        twin = state.copy()
        twin.apply(0, Lay(laid[0]), SeededChance(rng))
        same = [c for c in twin.next_cards(0) if c.rank == laid[0].rank]
        if same and len(hand) > 2 and rng.random() < 0.5:
            laid.append(rng.choice(same))
        return (
            f"state: {state.text()}\nmoves: You: {' '.join(c.code for c in laid)}\nanswer: {_next_name(state, laid)}\n"
            "question: After your turn, who plays next?"
        )


def _next_name(state: State, laid: Sequence[Card]) -> str:
    twin = state.copy()
    for card in laid:
        twin.apply(0, Lay(card), SeededChance(random.Random(0)))
    twin.apply(0, Stop(Suit.CLUBS if RULES.is_wild(laid[-1]) else None), SeededChance(random.Random(0)))
    return SEAT_NAMES[twin.turn]
