"""The people at a table shared on one device (pass-and-play): who sits where, and their names.

A page that seats two people or more sends ``people``: a list with one entry a seat, a person's name
where a person sits and ``null`` where a computer player does; seat 0 is always a person (the one who
set up the table). The names go into the deal's record where names go, so they follow the rules
files' record format; a name is kept short and plain so it fits a phone's seat and reads in a log.

>>> read_people(["Ana", None, "Ben", None], 4, ["robin", "alex", "sam"])
{0: 'Ana', 2: 'Ben'}
>>> read_people(["Ana", "Sam", None], 3, ["robin", "alex", "sam"])
Traceback (most recent call last):
...
ValueError: people: seat 1's name 'Sam' is a computer player's: choose another name
"""

from __future__ import annotations

from collections.abc import Collection

from .jsontext import shown

__all__ = ["MAX_NAME", "name_problem", "read_people"]

MAX_NAME = 12  # characters: a name fits one seat of a phone's row of four
# Besides letters and digits (of any alphabet), what a name may hold: "Mary-Jo", "O'Neil", "Gran B."
_MARKS = " -'’."


def name_problem(name: str, known: Collection[str]) -> str | None:
    """Why *name* (already stripped) cannot be a person's name at the table, or ``None``; *known*: the computer
    players' names, which a person may not take (a record names its computer players by them)."""
    if not name:
        return "is empty: type a name"
    if len(name) > MAX_NAME:
        return f"is {len(name)} characters long: {MAX_NAME} at most"
    odd = sorted({char for char in name if not (char.isalnum() or char in _MARKS)})
    if odd:
        return f"has {' '.join(odd)} in it: use letters, digits, spaces, - ' and ."
    if name.split()[0].lower() in known:
        return "is a computer player's: choose another name"
    if name.lower() == "you":
        return "is what the table calls you alone"
    return None


def read_people(people: object, players: int, known: Collection[str]) -> dict[int, str]:
    """The people's seats and names from a page's ``people`` (see the module docstring); a :class:`ValueError`
    names what is wrong. ``None``: one person alone in seat 0 (an empty result)."""
    if people is None:
        return {}
    if not isinstance(people, list) or not all(each is None or isinstance(each, str) for each in people):
        raise ValueError(
            f'people must be a list of names, null for a computer\'s seat, like ["Ana", null, "Ben", null]; not {shown(people)}'
        )
    if len(people) != players:
        raise ValueError(f"people lists {len(people)} seats, but the table seats {players}")
    if people[0] is None:
        raise ValueError("people: seat 0 is always a person's: give their name")
    seated: dict[int, str] = {}
    for seat, each in enumerate(people):
        if each is None:
            continue
        name = " ".join(each.split())
        problem = name_problem(name, known)
        if problem:
            raise ValueError(f"people: seat {seat}'s name {shown(name)} {problem}")
        twin = next((other for other, taken in seated.items() if taken.lower() == name.lower()), None)
        if twin is not None:
            raise ValueError(
                f"people: seats {twin} and {seat} are both called {shown(name)}: give each a name of their own"
            )
        seated[seat] = name
    if len(seated) < 2:
        raise ValueError("people: name at least two people (one person alone plays with people left out)")
    return seated
