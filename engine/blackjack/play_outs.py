"""Sam's verdict on a lesson's "which card would you lay?" puzzle: the game's ``play_outs`` hook.

For each card that may start your turn (the puzzle makes sure no card of yours
could follow any of them, so each is a whole turn), Sam deals the cards you
cannot see many times at random (each other player as many as they hold, the
rest the stock, as Sam does in a deal), lays the card, and plays the deal on
with the quick habits of its own look-ahead for everyone
(:func:`engine.blackjack.players.sam.play_out`). Every card meets the same
imagined deals, so luck of the deal cancels out between them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..core.cards import Card, Suit, parse_cards
from .players.base import favourite_suit
from .players.sam import _Quick, play_out_from
from .rules import Rules, pack
from .state import Chain, SeededChance, State

__all__ = ["RULES", "play_outs"]

# The lessons' table (engine.blackjack.puzzles_bank.RULES, which a test checks is the same), written here so that
# Sam's verdicts, fingerprinted by the code they import (sitebuild/verdicts.py), do not follow the practice makers.
RULES = Rules(players=4)


def play_outs(position: Sequence[Any], deals: int, seed: int) -> dict[str, int]:
    """For a "which card" puzzle's *position* (as :meth:`engine.blackjack.puzzles.BestPuzzle.verdict_position`
    gives it: a tag, the pile, the suit to follow, your hand, the others' counts, the seats that called Last cards
    and the direction): for each card that may start your turn, by code, bit d set when you won imagined deal d,
    for the first *deals* deals drawn from *seed* (the same ones whatever the number).

    >>> position = ["blackjack-best", ["9H"], "H", ["4H", "2H"], [1, 6, 6], [1], 1]
    >>> wins = play_outs(position, 200, 1)
    >>> sorted(wins), wins["2H"].bit_count() > wins["4H"].bit_count()
    (['2H', '4H'], True)
    """
    _, pile_codes, suit_code, hand_codes, counts, called, direction = position
    pile = parse_cards(" ".join(pile_codes))
    hand = parse_cards(" ".join(hand_codes))
    suit = Suit(suit_code)
    unseen = [card for card in pack(RULES) if card not in hand and card not in pile]
    quick = _Quick(RULES)
    rng = random.Random(seed)
    start = _state(pile, suit, hand, counts, unseen, called, direction)
    candidates = start.next_cards(0)
    outcomes = dict.fromkeys((card.code for card in candidates), 0)
    for deal in range(deals):
        hidden = list(unseen)
        rng.shuffle(hidden)
        imagined = _state(pile, suit, hand, counts, hidden, called, direction)
        play_seed = rng.random()
        for card in candidates:
            kept = [c for c in hand if c != card]
            named = favourite_suit(RULES, kept) if RULES.is_wild(card) and kept else None
            after = imagined.copy()
            after.apply(0, Chain((card,), named, last=True), SeededChance(random.Random(play_seed)))
            if after.is_over:
                won = after.winner == 0
            else:
                winner, _ = play_out_from(quick, after, random.Random(play_seed))
                won = winner == 0
            if won:
                outcomes[card.code] |= 1 << deal
    return outcomes


def _state(
    pile: list[Card],
    suit: Suit,
    hand: list[Card],
    counts: Sequence[int],
    hidden: list[Card],
    called: Sequence[int],
    direction: int,
) -> State:
    hands = [hand]
    rest = list(hidden)
    for count in counts:
        hands.append(rest[:count])
        rest = rest[count:]
    return State.setup(RULES, hands, pile, rest, 0, suit, direction=direction, called=called)
