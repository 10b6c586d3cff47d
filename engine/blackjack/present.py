"""Blackjack in words: what each event on the table says, and the Table menu of options.

The person at the table is called "You", and the sentences say "you lay", not "you lays".

>>> from engine.core.cards import Card, Suit
>>> from .state import Chain, Move, PickUp
>>> names = ["You", "Robin", "Alex", "Sam"]
>>> describe(Move(2, Chain((Card.parse("AC"),), Suit.HEARTS)), names)
'Alex lays A♣ and names hearts.'
>>> describe(Move(0, PickUp(), 7), names)
'You pick up 7 cards.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .rules import OPTIONS, Rules
from .state import Chain, Draw, Event, Pass, Penalty, PickUp, Reshuffle
from .view import Reshuffled, SeenEvent

__all__ = ["PERSON", "describe", "rules_json", "rules_menu"]

JSON = dict[str, Any]
PERSON = "You"
_SECOND_PERSON = {"lays": "lay", "draws": "draw", "picks": "pick", "passes": "pass", "names": "name", "calls": "call"}


def _say(who: str, sentence: str) -> str:
    """*sentence* said of *who*; of you, each verb in the second person (a verb may end the sentence).

    >>> _say("You", "passes.")
    'You pass.'
    """
    if who != PERSON:
        return f"{who} {sentence}"
    words = []
    for word in sentence.split(" "):
        bare = word.rstrip(".")
        words.append(_SECOND_PERSON.get(bare, bare) + word[len(bare) :])
    return "You " + " ".join(words)


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


_PENALTY_WHY = {
    "last-cards": "did not call Last cards, so cannot go out",
    "power-finish": "may not go out on a power card",
    "queen": "left a queen uncovered",
}


def describe(event: Event | SeenEvent, names: Sequence[str]) -> str:
    """One sentence for one event, as anyone at the table saw it."""
    if isinstance(event, Reshuffle | Reshuffled):
        size = len(event.stock) if isinstance(event, Reshuffle) else event.size
        return f"The pile under the top card is shuffled into a new stock of {_cards(size)}."
    who = names[event.seat]
    if isinstance(event, Penalty):
        return _say(who, f"{_PENALTY_WHY[event.why]}: picks up {_cards(event.got)}.")
    action = event.action
    call = " and calls “Last cards!”" if action.last else ""
    if isinstance(action, Chain):
        named = f" and names {action.suit.plural}" if action.suit is not None else ""
        return _say(who, f"lays {' '.join(card.display for card in action.cards)}{named}{call}.")
    if isinstance(action, Draw):
        return _say(who, f"draws a card{call}.")
    if isinstance(action, PickUp):
        return _say(who, f"picks up {_cards(event.got)}{call}.")
    assert isinstance(action, Pass)
    return _say(who, f"passes{call}.")


def rules_json(rules: Rules) -> JSON:
    """The options, the game's name and one sentence per option that differs from the defaults."""
    return OPTIONS.table_json(rules)


def rules_menu() -> JSON:
    """What the game page's Table menu offers (see :meth:`engine.core.options.Options.menu`).

    >>> menu = rules_menu()
    >>> [option["name"] for option in menu["options"]][:3], [preset["name"] for preset in menu["presets"]]
    (['players', 'packs', 'chains'], ['blackjack', 'crazy-eights'])
    """
    return OPTIONS.menu()
