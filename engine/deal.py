"""Shuffling and dealing: the one place where the rules meet chance.

Everything random in the engine comes from a seeded :class:`random.Random`, so
a seed gives the same deal (and, with the same players, the same whole game)
in CPython and in Pyodide.

>>> from engine.cards import format_cards
>>> hands = deal_hands(42)
>>> [h.bit_count() for h in hands]
[13, 13, 13, 13]
>>> deal_hands(42) == hands
True
"""

from __future__ import annotations

import random
import re

__all__ = ["MAX_SEED", "check_seed", "deal_hands", "player_rng", "read_seed"]

MAX_SEED = 2**53 - 1
_RANGE = f"seeds are whole numbers from 0 to {MAX_SEED}"
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
_SHOWN = 20  # characters of a bad seed an error message quotes; the rest it counts


def deal_hands(seed: int, players: int = 4) -> tuple[int, ...]:
    """Shuffle a 52-card pack with *seed* and deal it one card at a time, seat 0 first.

    >>> deal_hands(-3)
    Traceback (most recent call last):
    ...
    ValueError: seed -3 is out of range: seeds are whole numbers from 0 to 9007199254740991
    """
    order = list(range(52))
    random.Random(check_seed(seed)).shuffle(order)
    hands = [0] * players
    for i, card in enumerate(order):
        hands[i % players] |= 1 << card
    return tuple(hands)


def check_seed(seed: int) -> int:
    """*seed*, if it is in the one range of seeds; a :class:`ValueError` naming it and the range otherwise.

    Seeds start at 0 because :class:`random.Random` ignores the sign: seed -5
    would deal what seed 5 deals. They stop at :data:`MAX_SEED` because they
    travel through URLs and JavaScript numbers, which are exact only that far.

    >>> check_seed(10**4000)
    Traceback (most recent call last):
    ...
    ValueError: seed 10000000000000000000… (4001 digits) is out of range: seeds are whole numbers from 0 to 9007199254740991
    """
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed {_shown_number(seed)} is out of range: {_RANGE}")
    return seed


def read_seed(text: str) -> int:
    """The seed written in *text* (a command-line option, a URL's ``?seed=``); :class:`ValueError` as for :func:`check_seed`.

    >>> read_seed(" 42 ")
    42
    >>> read_seed("4.2")
    Traceback (most recent call last):
    ...
    ValueError: seed '4.2' is not a whole number: seeds are whole numbers from 0 to 9007199254740991
    >>> read_seed("9" * 5000)
    Traceback (most recent call last):
    ...
    ValueError: seed 99999999999999999999… (5000 digits) is out of range: seeds are whole numbers from 0 to 9007199254740991
    """
    written = text.strip()
    if not _WHOLE_NUMBER.fullmatch(written):
        more = f"… ({len(written)} characters)" if len(written) > _SHOWN else ""
        raise ValueError(f"seed {written[:_SHOWN]!r}{more} is not a whole number: {_RANGE}")
    sign = "-" if written.startswith("-") else ""
    digits = written.lstrip("+-").lstrip("0") or "0"
    # Judge a long number by its length: int() refuses more than 4300 digits, with advice meant for programmers.
    if len(digits) > len(str(MAX_SEED)):
        raise ValueError(f"seed {_shortened(sign + digits)} is out of range: {_RANGE}")
    return check_seed(int(sign + digits))


def _shown_number(number: int) -> str:
    if number.bit_length() > 14_000:  # past about 4200 digits str() refuses (and it is slow long before)
        return f"of about {int(number.bit_length() * 0.30103)} digits"
    return _shortened(str(number))


def _shortened(digits: str) -> str:
    """A number's digits as an error message quotes them: the first few and a count if there are more."""
    sign, body = ("-", digits[1:]) if digits.startswith("-") else ("", digits.lstrip("+"))
    return digits if len(body) <= _SHOWN else f"{sign}{body[:_SHOWN]}… ({len(body)} digits)"


def player_rng(seed: int, seat: int) -> random.Random:
    """The random source of the computer player in *seat* for the game dealt from *seed*."""
    return random.Random(seed * 7919 + seat + 1)
