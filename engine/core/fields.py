"""The one reader of the whole-number fields of everything that comes from outside: positions and puzzles (as text),
bot requests and records (as JSON). Every field is refused the same way, by its name, with the value and what is
allowed.

A position's ``turn``, a request's ``seat`` and ``dealer``, a move's seat, a pile game's pick-up, direction and the
seats that called, a puzzle's counts and choices: each goes through :func:`whole_number` (from text, through
:func:`read_number`), so no game reads a number its own way and no value the rules cannot reach gets past with a
raw Python error, or with none. A game checks what its rules allow where it sets a position up, so a position's
text, a puzzle's fields and a guided deal are all checked in one place.

>>> whole_number("dealer", 4, *seats(4))
Traceback (most recent call last):
...
engine.core.fields.FieldError: dealer 4 is not allowed: give a seat from 0 to 3
>>> read_number("turn", "3", *seats(4)), whole_numbers("counts", "10 8, 9", 3, range(1, 14), "three numbers")
(3, (10, 8, 9))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .jsontext import shown

__all__ = ["FieldError", "move_seat", "read_number", "request_seats", "seats", "whole_number", "whole_numbers"]

_MOST_DIGITS = 9  # no field of a game counts past a billion; longer digit strings are refused before int() reads them


class FieldError(ValueError):
    """A field's value refused; the message begins with the field's *name*, so a reader that adds the names of the
    fields it reads (a puzzle's :class:`~engine.core.puzzles.FieldReader`) does not name it twice."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


def whole_number(name: str, value: object, allowed: Sequence[int], what: str) -> int:
    """The whole-number field *name* as a program or a JSON text holds it (a number: not a string, not true or
    false), checked against *allowed*: :class:`FieldError` naming the field, the value and what is allowed (*what*).

    >>> whole_number("direction", -1, (1, -1), "1 (seat numbers increasing) or -1 (the other way)")
    -1
    >>> whole_number("seat", "0", *seats(4))
    Traceback (most recent call last):
    ...
    engine.core.fields.FieldError: seat '0' is not a whole number: give a seat from 0 to 3
    """
    if type(value) is not int:  # a bool is an int to Python, not to a request
        raise FieldError(name, f"{name} {shown(value)} is not a whole number: give {what}")
    if value not in allowed:
        raise FieldError(name, f"{name} {shown(value)} is not allowed: give {what}")
    return value


def read_number(name: str, text: str, allowed: Sequence[int], what: str) -> int:
    """The whole-number field *name* written as *text* (in a position, a puzzle): ASCII digits, perhaps signed,
    read and checked by :func:`whole_number`.

    >>> read_number("pickup", "x", range(0, 17, 2), "an even number from 0 to 16")
    Traceback (most recent call last):
    ...
    engine.core.fields.FieldError: pickup 'x' is not a whole number: give an even number from 0 to 16
    """
    words = text.strip()
    digits = words[1:] if words[:1] in "+-" else words
    if not (digits.isascii() and digits.isdigit()) or len(digits) > _MOST_DIGITS:
        raise FieldError(name, f"{name} {shown(text)} is not a whole number: give {what}")
    return whole_number(name, int(words), allowed, what)


def seats(players: int) -> tuple[range, str]:
    """The values a seat field (a turn, a request's seat or dealer) allows at a table of *players*, and how to say
    them: ``whole_number("turn", value, *seats(4))``."""
    return range(players), f"a seat from 0 to {players - 1}"


def request_seats(data: Mapping[str, object], players: int) -> tuple[int, int]:
    """A bot request's ``seat`` (the asking seat) and ``dealer`` (0 when absent), at a table of *players*."""
    return whole_number("seat", data.get("seat"), *seats(players)), whole_number(
        "dealer", data.get("dealer", 0), *seats(players)
    )


def move_seat(data: Mapping[str, object], players: int) -> int:
    """The ``seat`` of a move entry *data* (a record's or a request's); :class:`ValueError` quoting the entry.

    >>> move_seat({"seat": 4, "play": "7D"}, 4)
    Traceback (most recent call last):
    ...
    ValueError: move {'seat': 4, 'play': '7D'}: seat 4 is not allowed: give a seat from 0 to 3
    """
    try:
        return whole_number("seat", data.get("seat"), *seats(players))
    except FieldError as error:
        raise ValueError(f"move {shown(data)}: {error}") from None


def whole_numbers(name: str, text: str, count: int | range, allowed: Sequence[int], what: str) -> tuple[int, ...]:
    """The field *name* that lists *count* whole numbers (a number, or a range of how many), separated by spaces or
    commas, each read by :func:`read_number`; *what* says what the whole list holds.

    >>> whole_numbers("choices", "0, 2", range(2, 7), range(10**9), "two to six whole numbers")
    (0, 2)
    >>> whole_numbers("passes", "1 2 x", 3, range(14), "three numbers from 0 to 13")
    Traceback (most recent call last):
    ...
    engine.core.fields.FieldError: passes 'x' is not a whole number: give three numbers from 0 to 13
    """
    words = text.replace(",", " ").split()
    if len(words) not in (count if isinstance(count, range) else (count,)):
        many = f"{len(words)} number{'' if len(words) == 1 else 's'}"
        raise FieldError(name, f"{name} {shown(text.strip())} has {many}: give {what}")
    return tuple(read_number(name, word, allowed, what) for word in words)
