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

from .rules import DIRECTIONS, MIN_PLAYERS, POINTS_IN_WORDS, SCORINGS, Rules
from .state import Challenge, Draw, Event, Move, PickUp, Play, Reshuffle, TakeBack
from .view import Reshuffled, SeenEvent

__all__ = ["MENU_PLAYERS", "PERSON", "describe", "describe_action", "rules_menu", "score_json", "shout"]

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


def score_json(rules: Rules) -> JSON:
    """What a match's scores are (see :meth:`engine.core.session.DealSession._score_json`): deals won, most is
    best; or points for the cards left, lowest is best.

    >>> score_json(Rules(scoring="points"))
    {'scoring': 'points', 'heading': 'Points', 'signed': False, 'lower_is_better': True}
    """
    points = rules.scoring == "points"
    return {
        "scoring": rules.scoring,
        "heading": "Points" if points else "Deals won",
        "signed": False,
        "lower_is_better": points,
    }


# The numbers of players the page's Table menu offers: the rules allow 2 to 10, and the page seats up to
# eight round its table as it does for Sevens (seven opponents); two is a game for two, one opponent across.
MENU_PLAYERS = tuple(range(MIN_PLAYERS, 9))
_MEANINGS = {
    "players": "how many sit at the table (two packs from seven)",
    "direction": "clockwise: play goes to your left; counter-clockwise: to your right",
    "scoring": f"tally: a win for each deal won, most is best; points: the cards left in hand ({POINTS_IN_WORDS}), "
    "lowest is best",
}


def rules_menu() -> JSON:
    """What the game page's Table menu offers, in the form of Sevens' (``engine.sevens.present.rules_menu``):
    every option with its values, meaning and default, and the presets (Knock! Knock! has none). ``default``:
    the default rules as the page asks for them (no option changed). The site's build writes it into the page.

    >>> menu = rules_menu()
    >>> [(option["name"], option["values"], option["default"]) for option in menu["options"]][1:]
    [('direction', ['clockwise', 'counter-clockwise'], 'clockwise'), ('scoring', ['tally', 'points'], 'tally')]
    >>> menu["options"][0]["values"], menu["presets"], menu["default"]
    (['2', '3', '4', '5', '6', '7', '8'], [], '')
    """
    default = Rules()
    values: dict[str, Sequence[object]] = {"players": MENU_PLAYERS, "direction": DIRECTIONS, "scoring": SCORINGS}
    return {
        "options": [
            {
                "name": name,
                "label": name,
                "text": _MEANINGS[name],
                "values": [str(value) for value in values[name]],
                "default": str(getattr(default, name)),
            }
            for name in values
        ],
        "presets": [],
        "default": "",
    }
