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
import re

__all__ = [
    "MAX_SEED",
    "check_seed",
    "fresh_or_parsed",
    "parse_seed",
    "player_rng",
    "read_seed",
    "read_whole",
    "shuffle",
    "shuffled_pack",
    "table_rng",
]

# Seeds travel through URLs and JavaScript numbers, which are exact only up to 2**53 - 1.
MAX_SEED = 2**53 - 1
_RANGE = f"seeds are whole numbers from 0 to {MAX_SEED}"
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
_SHOWN = 20  # characters of a bad seed an error message quotes; the rest it counts


def shuffled_pack(seed: int, packs: int = 1) -> list[int]:
    """The card indexes (0..51, each *packs* times) in the order *seed* shuffles them, top card first.

    >>> shuffled_pack(-3)
    Traceback (most recent call last):
    ...
    ValueError: seed -3 is out of range: seeds are whole numbers from 0 to 9007199254740991
    """
    order = list(range(52)) * packs
    shuffle(random.Random(check_seed(seed)), order)
    return order


# Random words drawn at once by shuffle(): a 52-card shuffle takes about 73 on average.
_WORDS = 96
# For each number n of places to draw from: the bits of a word that getrandbits(n.bit_length()) drops.
_DROPS = tuple(32 - n.bit_length() for n in range(105))


def shuffle(rng: random.Random, items: list[int]) -> None:
    """Shuffle *items* in place exactly as ``rng.shuffle(items)`` does, about three times as fast.

    :meth:`random.Random.shuffle` draws each position with ``getrandbits(k)``
    for a ``k`` of at most 32 bits, which takes one 32-bit word of the
    generator's output and keeps its top ``k`` bits, and draws again while
    the number is too big. ``getrandbits(32 * n)`` returns the next *n* words,
    the first in the lowest bits, so reading them one at a time gives the same
    numbers, without a Python call per draw. It may draw a few words more
    than ``rng.shuffle`` would, so *rng* must not be used afterwards for
    anything that should match ``rng.shuffle``'s leftovers. (Shuffling a
    deal's pack is a third of the time of a random game, so this matters for
    ``simulate``.)

    >>> mine, theirs = list(range(52)), list(range(52))
    >>> shuffle(random.Random(7), mine); random.Random(7).shuffle(theirs)
    >>> mine == theirs
    True
    """
    words = _draw(rng)
    used = 0
    drops = _DROPS if len(items) < len(_DROPS) else [32 - n.bit_length() for n in range(len(items) + 1)]
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        drop = drops[n]
        while True:
            if used == _WORDS:
                words, used = _draw(rng), 0
            j = words[used] >> drop
            used += 1
            if j < n:
                break
        items[i], items[j] = items[j], items[i]


def _draw(rng: random.Random) -> memoryview:
    """The generator's next :data:`_WORDS` 32-bit words, in the order it makes them."""
    return memoryview(rng.getrandbits(32 * _WORDS).to_bytes(4 * _WORDS, "little")).cast("I")


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
    try:
        return read_whole(text, 0, MAX_SEED)
    except ValueError as error:
        raise ValueError(f"seed {error}: {_RANGE}") from None


def read_whole(text: str, low: int, high: int) -> int:
    """The whole number written in *text*, from *low* to *high*; a :class:`ValueError` otherwise that quotes it
    cut short (it may be thousands of digits long), for the caller to say what it is and what is allowed.

    >>> read_whole(" +0012 ", 1, 100)
    12
    >>> read_whole("x" * 50, 1, 100)
    Traceback (most recent call last):
    ...
    ValueError: 'xxxxxxxxxxxxxxxxxxxx'… (50 characters) is not a whole number
    >>> read_whole("-" + "9" * 5000, 1, 100)
    Traceback (most recent call last):
    ...
    ValueError: -99999999999999999999… (5000 digits) is out of range
    """
    written = text.strip()
    if not _WHOLE_NUMBER.fullmatch(written):
        more = f"… ({len(written)} characters)" if len(written) > _SHOWN else ""
        raise ValueError(f"{written[:_SHOWN]!r}{more} is not a whole number")
    sign = "-" if written.startswith("-") else ""
    digits = written.lstrip("+-").lstrip("0") or "0"
    # Judge a long number by its length: int() refuses more than 4300 digits, with advice meant for programmers.
    if len(digits) > len(str(max(abs(low), abs(high)))) or not low <= int(sign + digits) <= high:
        raise ValueError(f"{_shortened(sign + digits)} is out of range")
    return int(sign + digits)


def _shown_number(number: int) -> str:
    if number.bit_length() > 14_000:  # past about 4200 digits str() refuses (and it is slow long before)
        return f"of about {int(number.bit_length() * 0.30103)} digits"
    return _shortened(str(number))


def _shortened(digits: str) -> str:
    """A number's digits as an error message quotes them: the first few and a count if there are more."""
    sign, body = ("-", digits[1:]) if digits.startswith("-") else ("", digits.lstrip("+"))
    return digits if len(body) <= _SHOWN else f"{sign}{body[:_SHOWN]}… ({len(body)} digits)"


def parse_seed(text: object) -> int:
    """A deal number from a URL, a form or a request: a seed as a number, or as :func:`read_seed` reads text.

    >>> parse_seed("123"), parse_seed(" 42 ")
    (123, 42)
    >>> parse_seed("abc")
    Traceback (most recent call last):
    ...
    ValueError: seed 'abc' is not a whole number: seeds are whole numbers from 0 to 9007199254740991
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return check_seed(text)
    return read_seed(str(text))


def player_rng(seed: int, seat: int) -> random.Random:
    """The random source of the computer player in *seat* for the game dealt from *seed*."""
    return random.Random(seed * 7919 + seat + 1)


def table_rng(seed: int) -> random.Random:
    """The random source the players of a table share when they say so (``shares_table``), for the deal from
    *seed*: one generator to seed instead of one a seat, which is most of the cost of a random game.

    Apart from every :func:`player_rng` (those add 1 to 8 to ``seed * 7919``).
    """
    return random.Random(seed * 7919)


def fresh_or_parsed(seed: object) -> tuple[int, str | None]:
    """The seed a page asked for, and a notice: a fresh random seed when it asked for none (no notice) or
    sent one that is not a seed (the notice says why, for the page to show).

    >>> fresh_or_parsed("7")
    (7, None)
    >>> fresh_or_parsed("seven")[1][-35:]
    '0991. Here is a fresh deal instead.'
    """
    if seed is None or seed == "":
        return random.randrange(1, 10**9), None
    try:
        return parse_seed(seed), None
    except ValueError as error:
        return random.randrange(1, 10**9), f"{error}. Here is a fresh deal instead."
