"""Shuffling and dealing: the one place where the rules meet chance.

Everything random in the engine comes from a seeded :class:`random.Random`, so
a seed gives the same deal (and, with the same players, the same whole game)
in CPython and in Pyodide.

>>> from engine.core.cards import format_cards
>>> hands = deal_hands(42)
>>> [h.bit_count() for h in hands]
[13, 13, 13, 13]
>>> deal_hands(42) == hands
True
"""

from __future__ import annotations

import random

__all__ = ["check_seed", "deal_hands", "player_rng"]


def deal_hands(seed: int, players: int = 4) -> tuple[int, ...]:
    """Shuffle a 52-card pack with *seed* and deal it one card at a time, seat 0 first.

    Seeds start at 0: :class:`random.Random` ignores the sign, so a negative
    seed would deal the same cards as its positive twin.

    >>> deal_hands(-3)
    Traceback (most recent call last):
    ...
    ValueError: seed -3 is negative: seeds start at 0 (-3 would deal the same cards as 3)
    """
    order = list(range(52))
    random.Random(check_seed(seed)).shuffle(order)
    hands = [0] * players
    for i, card in enumerate(order):
        hands[i % players] |= 1 << card
    return tuple(hands)


def check_seed(seed: int) -> int:
    """*seed*, if a deal can be shuffled from it; a :class:`ValueError` saying why not otherwise."""
    if seed < 0:
        raise ValueError(f"seed {seed} is negative: seeds start at 0 ({seed} would deal the same cards as {-seed})")
    return seed


def player_rng(seed: int, seat: int) -> random.Random:
    """The random source of the computer player in *seat* for the game dealt from *seed*."""
    return random.Random(seed * 7919 + seat + 1)
