"""Words for people: lists joined as a sentence says them, counts with their noun, clauses made sentences.

Every game's explanations and every page's messages use these, so a list reads
the same everywhere.

>>> join_words(["7♣", "6♦", "8♦"])
'7♣, 6♦ and 8♦'
>>> join_words(["7♣", "6♦"], "or"), counted(1, "card"), counted(3, "card")
('7♣ or 6♦', '1 card', '3 cards')
>>> sentence("9♥ does not fit: the hearts row has not started")
'9♥ does not fit: the hearts row has not started.'
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["NUMBER_WORDS", "counted", "join_words", "seat_names", "sentence"]

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def join_words(words: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (or ``or`` with *last*)."""
    if len(words) <= 2:
        return f" {last} ".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``1 card``, ``2 cards``; *plural* for nouns that do not just add an s."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def sentence(text: str) -> str:
    """A clause as a sentence: a capital first letter and a full stop, unless it ends with one already (maybe
    inside a closing quote: ``… answered: “Wrong call.”`` takes no other).

    >>> sentence("it would be answered: “Wrong call.”")
    'It would be answered: “Wrong call.”'
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.rstrip('”’"').endswith((".", "!", "?")) else text + "."


def seat_names(bots: Sequence[str]) -> tuple[str, ...]:
    """ "You", then each computer player's name; a player sitting more than once is numbered in seat order.

    >>> seat_names(["robin", "alex", "sam"])
    ('You', 'Robin', 'Alex', 'Sam')
    >>> seat_names(["sam", "alex", "sam"])
    ('You', 'Sam 1', 'Alex', 'Sam 2')
    """
    names = ["You"]
    for seat, bot in enumerate(bots):
        name = bot.capitalize()
        if bots.count(bot) > 1:
            name += f" {bots[: seat + 1].count(bot)}"
        names.append(name)
    return tuple(names)
