"""Knock! Knock! in words: what each event on the table says, for the log of a game.

The person at the table is called "You", and the sentences say "you draw", not "you draws".

>>> from engine.core.cards import Card, Suit
>>> from engine.knock_knock.state import PickUp
>>> names = ["You", "Robin", "Alex", "Sam"]
>>> describe(Move(2, Play(Card.parse("2S"), Suit.DIAMONDS)), names)
'Alex plays 2♠ and names diamonds.'
>>> describe(PickUp(0, 2, 2, "two"), names)
'You pick up 2 cards and miss a turn.'
>>> shout(Move(1, Play(Card.parse("9H"), knock=True)), names), shout(Move(0, Play(Card.parse("9H"), knock=True)), names)
('Robin knocks!', 'You knock!')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .rules import OPTIONS, Rules
from .state import Challenge, Draw, Event, Move, PickUp, Play, Reshuffle, TakeBack
from .view import Reshuffled, SeenEvent

__all__ = ["PERSON", "describe", "describe_action", "rules_json", "rules_menu", "shout"]

JSON = dict[str, Any]

# The name of the person at the table, addressed in the second person.
PERSON = "You"
_SECOND_PERSON = {
    "plays": "play",
    "draws": "draw",
    "calls": "call",
    "knocks": "knock",
    "names": "name",
    "picks": "pick",
    "misses": "miss",
    "takes": "take",
    "their": "your",
}


def _say(who: str, sentence: str) -> str:
    """*sentence* (written for someone else) with *who* as its subject, in the second person for the person."""
    if who != PERSON:
        return f"{who} {sentence}"
    return "You " + " ".join(_SECOND_PERSON.get(word, word) for word in sentence.split(" "))


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def describe_action(seat: int, action: Play | Draw | Challenge, names: Sequence[str]) -> str:
    """``"Robin knocks and plays 9♥."``, ``"Sam draws a card."``, ``"Alex calls “Knock! Knock!”"``."""
    who = names[seat]
    if isinstance(action, Draw):
        return _say(who, "draws a card.")
    if isinstance(action, Challenge):
        return _say(who, "calls “Knock! Knock!”")
    knocks = "knocks and " if action.knock else ""
    named = f" and names {action.suit.plural}" if action.suit is not None else ""
    return _say(who, f"{knocks}plays {action.card.display}{named}.")


def describe(event: Event | SeenEvent, names: Sequence[str]) -> str:
    """One sentence for one event, as anyone at the table saw it."""
    if isinstance(event, Move):
        return describe_action(event.seat, event.action, names)
    if isinstance(event, Reshuffle | Reshuffled):
        size = len(event.stock) if isinstance(event, Reshuffle) else event.size
        return f"The pile under the top card is shuffled into a new stock of {_cards(size)}."
    if isinstance(event, TakeBack):
        return "Right call: " + _say(
            names[event.seat], f"did not knock on their third-to-last card and takes the {event.card.display} back."
        )
    who = names[event.seat]
    got = _cards(event.got) if event.got == event.wanted else f"{event.got} of {event.wanted} cards (the cards ran out)"
    if event.why == "missed-knock":
        return _say(who, f"picks up {got}, and their turn is over.")
    if event.why == "wrong-call":
        said = _say(who, f"picks up {got}.")
        return "Wrong call: nobody missed a knock, so " + (said[0].lower() + said[1:] if who == PERSON else said)
    return _say(who, f"picks up {got} and misses a turn.")


def shout(event: Event | SeenEvent, names: Sequence[str]) -> str | None:
    """What the table hears at a knock or a call, in a few words; ``None`` for any other event."""
    if isinstance(event, Move):
        if isinstance(event.action, Challenge):
            return _say(names[event.seat], "calls “Knock! Knock!”")
        if isinstance(event.action, Play) and event.action.knock:
            return _say(names[event.seat], "knocks") + "!"
        return None
    if isinstance(event, TakeBack):
        return "Right call!"
    if isinstance(event, PickUp) and event.why == "wrong-call":
        return "Wrong call!"
    return None


def rules_json(rules: Rules) -> JSON:
    """The options, the game's name and one sentence per option that differs from the defaults."""
    return OPTIONS.table_json(rules)


def rules_menu() -> JSON:
    """What the game page's Table menu offers (see :meth:`engine.core.options.Options.menu`); Knock! Knock! has
    no presets, so ``default`` is ``""`` (no option changed). The site's build writes it into the page.

    >>> menu = rules_menu()
    >>> [(option["name"], option["values"], option["default"]) for option in menu["options"]][1:]
    [('direction', ['clockwise', 'counter-clockwise'], 'clockwise'), ('scoring', ['tally', 'points'], 'tally')]
    >>> menu["options"][0]["values"], menu["presets"], menu["default"]
    (['2', '3', '4', '5', '6', '7', '8'], [], '')
    """
    return OPTIONS.menu()
