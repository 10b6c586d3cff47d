"""Knock! Knock!'s practice puzzles, made fresh for the site's practice bank from a random pile and hand.

Each maker writes the fields of one puzzle as an author would (the site reads them with the same reader as a
lesson's, so each is judged by the rules the same way), with a hint about its own position: which card is on
top, which suit is being played, how many cards are to check, never the answer.

>>> import random
>>> print(fits(random.Random(3), 0))
pile: 3D
card: QH
answer: no
question: The top card is the 3♦. Does the Q♥ fit?
hint: Does the Q♥ share the suit or the rank of the top card, the 3♦?
"""

from __future__ import annotations

import random

from ..core.cards import Card, Suit
from .rules import fits as fits_on
from .rules import is_pickup

__all__ = ["HINTS", "fits", "pick", "play_or_draw"]

HINTS = {  # what a puzzle of each kind is about, for a kind whose maker writes no hint of its own
    "fits": "A card fits by the playing suit, by the top card's rank, or as a pick-up card.",
    "pick": "Go through your hand one card at a time: the playing suit, the top card's rank, a pick-up card.",
    "play-or-draw": "If any card fits you may put it down; you draw only when none does.",
}
DECK = [Card(index) for index in range(52)]


def _pile(rng: random.Random) -> tuple[str, Card, Suit]:
    """A pile's fields (its top card, and the suit named with it when it is a pick-up card), its top card and the
    playing suit."""
    top = rng.choice(DECK)
    if not is_pickup(top):
        return f"pile: {top.code}", top, top.suit
    suit = rng.choice(list(Suit))
    return f"pile: {top.code}\nsuit: {suit.symbol}", top, suit


def _shown(top: Card, suit: Suit) -> str:
    said = f"The top card is the {top.display}"
    return f"{said} and its player named {suit.plural}." if is_pickup(top) else f"{said}."


def _against(top: Card, suit: Suit) -> str:
    """What a card is checked against on this pile, for a hint: "share the suit or the rank of ..."."""
    if is_pickup(top):
        return f"follow {suit.plural}, the suit named with the {top.display}, or share its rank"
    return f"share the suit or the rank of the top card, the {top.display}"


def _anything(cards: list[Card], words: str) -> str:
    """The last check of a hint, only when one of *cards* is a pick-up card (a hint names none that is not there)."""
    return f", {words} fit on anything" if any(is_pickup(card) for card in cards) else ""


def fits(rng: random.Random, n: int) -> str:
    """Does one card fit on the pile? Half the cards fit, half do not."""
    pile, top, suit = _pile(rng)
    want = n % 2 == 1
    card = rng.choice([card for card in DECK if card != top and fits_on(card, top, suit) == want])
    answer = "yes" if want else "no"
    hint = f"Does the {card.display} {_against(top, suit)}{_anything([card], 'or does it')}?"
    question = f"{_shown(top, suit)} Does the {card.display} fit?"
    return f"{pile}\ncard: {card.code}\nanswer: {answer}\nquestion: {question}\nhint: {hint}"


def _hand(rng: random.Random, top: Card, size: int) -> list[Card]:
    return sorted(rng.sample([card for card in DECK if card != top], size))


def pick(rng: random.Random, n: int) -> str:
    """Which cards of a hand of three to six fit? Now and then none does."""
    pile, top, suit = _pile(rng)
    hand = _hand(rng, top, rng.randrange(3, 7))
    right = [card for card in hand if fits_on(card, top, suit)]
    answer = " ".join(card.code for card in right) or "none"
    question = f"{_shown(top, suit)} Select every card in your hand that fits, or none."
    hint = (
        f"Go through your {len(hand)} cards one at a time: which {_against(top, suit)}{_anything(hand, 'and which')}?"
    )
    return f"{pile}\nhand: {' '.join(c.code for c in hand)}\nanswer: {answer}\nquestion: {question}\nhint: {hint}"


def play_or_draw(rng: random.Random, n: int) -> str:
    """May you put a card down, or must you draw? Half the hands hold no card that fits."""
    pile, top, suit = _pile(rng)
    draw = n % 2 == 0
    hand: list[Card] = []
    while not hand or any(fits_on(card, top, suit) for card in hand) == draw:
        hand = _hand(rng, top, rng.randrange(2, 6))
    answer = "draw" if draw else "play"
    question = f"{_shown(top, suit)} Can you put a card down, or must you draw?"
    hint = f"Does any of your {len(hand)} cards {_against(top, suit)}{_anything(hand, 'or')}?"
    return f"{pile}\nhand: {' '.join(c.code for c in hand)}\nanswer: {answer}\nquestion: {question}\nhint: {hint}"
