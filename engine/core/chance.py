"""Shuffling and seeds: the one place where the rules meet chance.

Everything random in the engine comes from a seeded :class:`random.Random`, so
a seed gives the same deal (and, with the same players, the same whole game)
in CPython and in Pyodide. A game deals from :func:`shuffled_pack`; chance
later in a deal (a reshuffled stock) is the game's to write into its record.

>>> shuffled_pack(42) == shuffled_pack(42), len(shuffled_pack(42, packs=2))
(True, 104)
"""

from __future__ import annotations

import random

__all__ = ["MAX_SEED", "check_seed", "parse_seed", "player_rng", "shuffled_pack"]

# Seeds travel through URLs and JavaScript numbers, so keep them exact there.
MAX_SEED = 2**53 - 1


def shuffled_pack(seed: int, packs: int = 1) -> list[int]:
    """The card indexes (0..51, each *packs* times) in the order *seed* shuffles them, top card first.

    Seeds start at 0: :class:`random.Random` ignores the sign, so a negative
    seed would shuffle the same as its positive twin.

    >>> shuffled_pack(-3)
    Traceback (most recent call last):
    ...
    ValueError: seed -3 is negative: seeds start at 0 (-3 would deal the same cards as 3)
    """
    order = list(range(52)) * packs
    random.Random(check_seed(seed)).shuffle(order)
    return order


def check_seed(seed: int) -> int:
    """*seed*, if a deal can be shuffled from it; a :class:`ValueError` saying why not otherwise."""
    if seed < 0:
        raise ValueError(f"seed {seed} is negative: seeds start at 0 ({seed} would deal the same cards as {-seed})")
    return seed


def parse_seed(text: object) -> int:
    """A deal number from a URL or a form: a whole number from 0 to 2**53 - 1.

    >>> parse_seed("123"), parse_seed(" 42 ")
    (123, 42)
    >>> parse_seed("abc")
    Traceback (most recent call last):
    ...
    ValueError: "abc" is not a deal number: use a whole number such as 123
    """
    if isinstance(text, bool):
        raise ValueError(f"{text!r} is not a deal number: use a whole number such as 123")
    if isinstance(text, int):
        seed = text
    else:
        shown = str(text).strip()
        if not shown.isascii() or not shown.isdigit():
            raise ValueError(f'"{shown[:40]}" is not a deal number: use a whole number such as 123')
        seed = int(shown)
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"{seed} is out of range: deal numbers go from 0 to {MAX_SEED}")
    return seed


def player_rng(seed: int, seat: int) -> random.Random:
    """The random source of the computer player in *seat* for the game dealt from *seed*."""
    return random.Random(seed * 7919 + seat + 1)
