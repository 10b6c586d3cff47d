"""Sevens' practice puzzles, made fresh from deals played part-way, and Sam's play-outs that judge "which card" ones.

Each maker writes the fields of one puzzle as an author would (the site reads
them with the same reader as a lesson's, so they are checked the same way).
Positions come from deals played on by random legal moves; "which card would
you play?" positions are too slow to find on every build, so
``tools/find_best_puzzles.py`` keeps them in ``practice_best.txt`` in this
package, one a line, and :func:`best` turns a line into fields.

:func:`play_outs` is the game's hook for those puzzles (``SEVENS.play_outs``):
Sam deals the cards it cannot see many times, in ways that fit what it knows
(how many cards each player holds, and what a pass showed they lack), and plays
the deal out after each card that fits.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..core.cards import FULL_DECK, Card, cards_of, format_cards, parse_mask
from ..core.puzzles import SEAT_NAMES
from ..core.text import NUMBER_WORDS, join_words
from .game import Game
from .moves import Move
from .players.sam import HiddenDealer, play_out
from .position import FLIPS, OPENING_CARD, format_table, parse_table, playable_mask, row_ends
from .view import PlayerView

__all__ = ["HINTS", "best", "fits", "opener", "pick", "play_or_pass", "play_outs"]

HINTS = {
    "fits": "A card fits only as the very next rank at either end of its own suit's row, or as a seven.",
    "pick": "Go row by row and look one rank beyond each end; a suit whose seven is not down is still closed.",
    "play-or-pass": "If any card fits you must play one; pass only when none does.",
    "opener": "One card always opens the deal.",
    "best": "Which of your cards would open spots that only the others can fill? Which lead to more of your own?",
}


def _position(rng: random.Random) -> Game:
    """A deal played on by random legal moves for a random number of turns (never to its end)."""
    game = Game.new(rng.randrange(2**32))
    for _ in range(rng.randrange(1, 40)):
        legal = game.view().legal_moves()
        move = rng.choice(legal) if legal else None
        if move is not None and not game.position.hands[game.turn] & ~move.bit:
            break  # that card would end the deal
        game.play(move)
    return game


def _some(rng: random.Random, cards: int, most: int) -> int:
    chosen = rng.sample(list(cards_of(cards)), min(most, cards.bit_count()))
    return sum(card.bit for card in chosen)


def _row_hint(table: int, card: Card) -> str:
    """A hint about *card*'s own row on *table*, which never says whether it fits."""
    row = f"the {card.suit.plural} row"
    if not table & _suit_mask(card.suit):
        return f"Look at {row}: nothing of it is down yet. What does a row need before other cards can join it?"
    low, high = row_ends(table, card.suit) or (card.rank, card.rank)
    ends = (
        f"only the {Card.of(low, card.suit).display}"
        if low == high
        else (f"runs from the {Card.of(low, card.suit).display} to the {Card.of(high, card.suit).display}")
    )
    return f"Look at {row}: it {ends}. Which ranks could join it at either end?"


def _suit_mask(suit: Any) -> int:
    return sum(card.bit for card in cards_of(FULL_DECK) if card.suit == suit)


def _hand_hint(table: int, hand: int) -> str:
    """A hint about the rows *hand*'s cards belong to on *table*, which never says which of them fit."""
    suits = sorted({card.suit for card in cards_of(hand)}, key=lambda suit: suit.index)
    rows = [suit.plural for suit in suits]
    closed = [suit.plural for suit in suits if not table & _suit_mask(suit)]
    hint = (
        f"Your {hand.bit_count()} cards belong to the {join_words(rows)} {'row' if len(rows) == 1 else 'rows'}: "
        "look one rank beyond each end of those rows."
    )
    if closed:
        hint += f" Nothing of the {join_words(closed)} {'row' if len(closed) == 1 else 'rows'} is down yet."
    return hint


def fits(rng: random.Random, n: int) -> str:
    table = _position(rng).position.table
    fitting = playable_mask(table) & ~table
    pool = fitting if n % 2 else FULL_DECK & ~table & ~fitting  # half fit, half do not
    card = rng.choice(list(cards_of(pool)))
    answer = "yes" if card.bit & fitting else "no"
    fields = f"table: {format_table(table)}\ncard: {card.code}\nanswer: {answer}\nquestion: Does {card.display} fit?"
    return f"{fields}\nhint: {_row_hint(table, card)}"


def pick(rng: random.Random, n: int) -> str:
    game = _position(rng)
    table = game.position.table
    hand = _some(rng, game.position.hands[game.turn], 6)
    answer = format_cards(playable_mask(table) & hand) if playable_mask(table) & hand else "none"
    question = "Select every card in your hand that fits, or none."
    fields = f"table: {format_table(table)}\nhand: {format_cards(hand)}\nanswer: {answer}\nquestion: {question}"
    return f"{fields}\nhint: {_hand_hint(table, hand)}"


def play_or_pass(rng: random.Random, n: int) -> str:
    game = _position(rng)
    table = game.position.table
    held = FULL_DECK & ~table
    fitting = playable_mask(table) & held
    want_pass = n % 2 == 0
    hand = _some(rng, held & ~fitting, rng.randrange(2, 6)) if want_pass else 0
    if not hand:  # a hand with at least one card that fits
        hand = _some(rng, fitting, 1) | _some(rng, held & ~fitting, rng.randrange(1, 5))
    answer = "play" if hand & fitting else "pass"
    question = "It is your turn. Do you play or pass?"
    fields = f"table: {format_table(table)}\nhand: {format_cards(hand)}\nanswer: {answer}\nquestion: {question}"
    return f"{fields}\nhint: {_hand_hint(table, hand)} If one fits, you must play."


def opener(rng: random.Random, n: int) -> str:
    hands = Game.new(rng.randrange(2**32)).position.hands
    shown = [_some(rng, hand & ~OPENING_CARD.bit, rng.randrange(3, 6)) | (hand & OPENING_CARD.bit) for hand in hands]
    holder = next(seat for seat, hand in enumerate(hands) if hand & OPENING_CARD.bit)
    lines = [f"{name.lower()}: {format_cards(hand)}" for name, hand in zip(SEAT_NAMES, shown, strict=True)]
    question = "Part of each player's hand is shown. Who plays the first card?"
    sizes = join_words([str(hand.bit_count()) for hand in shown])
    hint = f"One card always opens the deal: look for it through the four hands shown, of {sizes} cards."
    return "\n".join(lines) + f"\nanswer: {SEAT_NAMES[holder]}\nquestion: {question}\nhint: {hint}"


def best(line: str) -> str:
    """A kept line, ``table | hand | counts | passed | answer`` (``-`` when nobody passed), as a puzzle's fields.

    >>> print(best("7D 6D | 5D 8D | 12 12 12 | Sam | 8D"))
    table: 7D 6D
    hand: 5D 8D
    counts: 12 12 12
    answer: 8D
    question: Which card would you play?
    passed: Sam
    hint: Every card in your hand fits. For each, ask: which spots does it open that only the others can fill, and which lead to more of your own?
    """
    parts = [part.strip() for part in line.split("|")]
    if len(parts) != 5:
        raise ValueError("expected 'table | hand | counts | passed | answer'")
    table, hand, counts, passed, answer = parts
    fields = f"table: {table}\nhand: {hand}\ncounts: {counts}\nanswer: {answer}\nquestion: Which card would you play?"
    return fields + (f"\npassed: {passed}" if passed != "-" else "") + f"\nhint: {_best_hint(table, hand)}"


def _best_hint(table_text: str, hand_text: str) -> str:
    """A hint naming how many of the hand's cards fit on this table (which the learner sees), never the best one."""
    try:
        table, hand = parse_table(table_text), parse_mask(hand_text)
    except ValueError:
        return HINTS["best"]  # the puzzle's reader reports the bad field itself
    fitting, held = (playable_mask(table) & hand).bit_count(), hand.bit_count()
    fit = "Every card in your hand fits" if fitting == held else f"{NUMBER_WORDS[fitting]} of your {held} cards fit"
    return (
        f"{fit[0].upper()}{fit[1:]}. For each, ask: "
        "which spots does it open that only the others can fill, and which lead to more of your own?"
    )


def view_of(table: int, hand: int, counts: Sequence[int], passed: Sequence[int]) -> PlayerView:
    """Your view: the table as played, then a pass from each seat in *passed* with the table as it is."""
    plays = tuple(Move(0, card) for card in cards_of(table))  # only the table they make matters here
    passes = tuple(Move(seat, None) for seat in passed)
    return PlayerView(0, hand, table, (hand.bit_count(), *counts), plays + passes)


def play_outs(position: Sequence[Any], deals: int, seed: int) -> dict[str, int]:
    """For a "which card" puzzle's *position* (``[table, hand, counts, passed]``, as
    :meth:`~engine.sevens.puzzles.BestPuzzle.verdict_position` gives it): for each card of the hand that fits, by
    code, bit d set when the card won imagined deal d, for the first *deals* deals drawn from *seed* (the same
    ones whatever the number).

    The deals are drawn independently from Sam's :class:`HiddenDealer` (no other player has made a play for Sam's
    habit chain to weigh), so the figures are the same on every machine.
    """
    table, hand, counts, passed = position
    view = view_of(table, hand, counts, passed)
    candidates = [card.bit for card in cards_of(view.legal_mask())]
    dealer = HiddenDealer(view)
    rng = random.Random(seed)
    fitting = playable_mask(table)
    outcomes = [0] * len(candidates)  # bit d set when the card won imagined deal d
    for deal in range(deals):
        hands = dealer.deal(rng)
        for i, bit in enumerate(candidates):
            trial = hands.copy()
            trial[0] ^= bit
            # As in Sam's own play-outs: Alex's habits for all, with one look-ahead at your next choice.
            if not trial[0] or play_out(fitting ^ FLIPS[bit], trial, 1, 0, pick=rng.random) == 0:
                outcomes[i] |= 1 << deal
    return {Card(bit.bit_length() - 1).code: outcomes[i] for i, bit in enumerate(candidates)}
