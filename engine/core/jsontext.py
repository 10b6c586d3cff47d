"""JSON from outside the engine (saved game records, bot requests), read without surprises.

:func:`json.loads` alone fails in ways its callers do not expect: a number of
more than 4300 digits raises a bare :class:`ValueError`, and deep nesting raises
:class:`RecursionError` in CPython, while in Pyodide it overflows the
JavaScript stack and kills the whole interpreter; and an object that gives a
key twice keeps the last value without a word. :func:`read_json` refuses a text
longer than :data:`MAX_CHARS`, measures the nesting before it parses (in time
and memory linear in the text, with a small constant), refuses a key given twice
(naming it), and every failure becomes a :class:`ValueError` that says what is
wrong. :func:`shown` quotes a value in an error message, cut short so that a
huge or deep value cannot break or flood the message.

>>> read_json('{"seat": 0, "play": "7D"}')
{'seat': 0, 'play': '7D'}
>>> read_json("[" * 100)
Traceback (most recent call last):
...
ValueError: not valid JSON: nested more than 20 levels deep
>>> read_json('{"rules": {"players": 3, "players": 5}}')
Traceback (most recent call last):
...
ValueError: key 'players' is given twice in one object: give each key once
>>> read_json("[]", limit=1)
Traceback (most recent call last):
...
ValueError: too long to read: more than 1 character
>>> shown(["7D"] * 30)
"['7D', '7D', '7D', '7D', '7D', '7D', '7D', '7D', '7D', '7D', '7D', '7D', '7D', '7D', '7D', '7D', ...]"
"""

from __future__ import annotations

import json
import re
import reprlib

__all__ = ["MAX_CHARS", "MAX_DEPTH", "read_json", "shown"]

# Records and requests nest three deep (record, moves, move); a little room for other callers.
MAX_DEPTH = 20
# The longest text read: a page's request restoring a deal with the whole match before it (the page keeps each
# record under 1,000,000 characters; a deal's record is 2,000-6,000, a 1,000-turn one about 50,000), a bot
# request line, a --request file. Reading costs at most about 25 bytes a character, json.loads's own cost for the
# densest text ("[{},{},...]"), so about 250 MB at this size; measuring the nesting first adds none that grows.
MAX_CHARS = 10_000_000
# A string (or what is left of an unterminated one), or a run of brackets outside strings. The string's group is
# atomic and its repeat possessive, so the matcher keeps no backtracking state: a plain `(?:a|b)*` keeps some for
# every character it repeats over (115 bytes a character measured, 5.9 GB for a 50 MB string), and hostile text
# (a quote and ten thousand escaped quotes) costs linear time, not quadratic. What lies between is skipped by the
# matcher's own search, without a match.
_TOKEN = re.compile(r'"(?>[^"\\]++|\\.?)*+(?:"|\Z)|([\[\]{}]++)', re.DOTALL)


def read_json(text: str, *, limit: int = MAX_CHARS) -> object:
    """The value of JSON *text*; a :class:`ValueError` saying what is wrong if it cannot be read or is longer than
    *limit* characters."""
    if len(text) > limit:
        raise ValueError(f"too long to read: more than {limit:,} character{'s' if limit != 1 else ''}")
    # The nesting, measured bracket by bracket as the matcher finds them: no copy of the text, no list of pieces.
    depth = 0
    for token in _TOKEN.finditer(text):
        for bracket in token.group(1) or ():
            depth += 1 if bracket in "[{" else -1
            if depth > MAX_DEPTH:
                raise ValueError(f"not valid JSON: nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text, object_pairs_hook=_unique)
    except _Repeated as error:
        raise ValueError(f"key {shown(error.key)} is given twice in one object: give each key once") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"not valid JSON: {error}") from None
    except ValueError:  # the only other failure: a number too long to convert
        raise ValueError("not valid JSON: a number has too many digits") from None


class _Repeated(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique(pairs: list[tuple[str, object]]) -> dict[str, object]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Repeated(key)
            seen.add(key)
    return data


class _Short(reprlib.Repr):
    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = self.maxother = 80
        self.maxlist = self.maxtuple = self.maxset = 16
        self.maxdict = 8
        self.maxlong = 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:  # its digits would be unreadable, and past 4300 of them repr() fails
            return f"<a number of about {int((x.bit_length() - 1) * 0.30103) + 1} digits>"
        return super().repr_int(x, level)

    def repr_dict(self, x: dict[object, object], level: int) -> str:
        # reprlib sorts the keys; keep them in their order, as repr() does.
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        items = [f"{self.repr1(k, level - 1)}: {self.repr1(v, level - 1)}" for k, v in list(x.items())[: self.maxdict]]
        return "{" + ", ".join(items + (["..."] if len(x) > self.maxdict else [])) + "}"

    def repr_str(self, x: str, level: int) -> str:
        if len(x) <= self.maxstring:
            return repr(x)
        return repr(x[: self.maxstring]) + f" (and {len(x) - self.maxstring} more characters)"


_SHORT = _Short()


def shown(value: object) -> str:
    """*value* as Python writes it, cut short for an error message.

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' (and 20 more characters)"
    >>> shown(10**5000), shown([[[[1]]]]), shown({"seat": True})
    ('<a number of about 5000 digits>', '[[[[...]]]]', "{'seat': True}")
    """
    return _SHORT.repr(value)
