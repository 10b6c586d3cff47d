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

from .rules import _VALUES, MAX_PLAYERS, MIN_PLAYERS, PRESETS, Rules
from .state import Chain, Draw, Event, Pass, Penalty, PickUp, Reshuffle
from .view import Reshuffled, SeenEvent

__all__ = ["MEANINGS", "PERSON", "describe", "rules_menu"]

JSON = dict[str, Any]
PERSON = "You"
_SECOND_PERSON = {"lays": "lay", "draws": "draw", "picks": "pick", "passes": "pass", "names": "name", "calls": "call"}


def _say(who: str, sentence: str) -> str:
    if who != PERSON:
        return f"{who} {sentence}"
    return "You " + " ".join(_SECOND_PERSON.get(word, word) for word in sentence.split(" "))


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


MEANINGS = {
    "players": "how many sit at the table: seven cards each with 2 to 4, five with more",
    "packs": "auto: two packs (each card twice) with 6 or more players",
    "chains": "false: one card a turn (plain Crazy Eights)",
    "wild": "the rank that fits on anything; its player names the next suit",
    "skip": "each card of this rank makes one more player miss a turn",
    "reverse": "each card of this rank reverses the direction of play",
    "twos": "a 2 makes the next player pick up 2, unless they answer",
    "black_jacks": "J♠ and J♣ make the next player pick up this many, unless they answer; a red jack cancels them",
    "twos_and_jacks": "apart: a 2 answers only twos, a black jack only black jacks",
    "queen_cover": "a turn may not end on a queen: cover her with any card",
    "draw": "one: draw one card; until-play: draw until a card fits; up-to-5: up to five draws, then you may pass",
    "last_cards": "call Last cards when your hand could go in one turn, or you cannot go out next turn",
    "power_finish": "false: a turn that empties the hand may not end on a power card",
    "stock_out": "reshuffle: the pile becomes a new stock; pass: no reshuffle, and a player who cannot draw passes",
    "scoring": "tally: a win a deal; points: the cards left in hand (wild 50, K Q J 10, ace 1, others their number), lowest best",
}


def _word(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def rules_menu() -> JSON:
    """What the game page's Table menu offers: every option with its values, meaning and default, and the presets.

    >>> menu = rules_menu()
    >>> [option["name"] for option in menu["options"]][:3], [preset["name"] for preset in menu["presets"]]
    (['players', 'packs', 'chains'], ['blackjack', 'crazy-eights'])
    """
    default = Rules()
    options = []
    for name, values in _VALUES.items():
        shown = list(range(MIN_PLAYERS, MAX_PLAYERS + 1)) if name == "players" else list(values)
        options.append(
            {
                "name": name,
                "label": name,
                "text": MEANINGS[name],
                "values": [_word(value) for value in shown],
                "default": _word(getattr(default, name)),
            }
        )
    presets = []
    for name, rules in PRESETS.items():
        changed = {key: _word(value) for key, value in rules.to_json().items() if value != getattr(default, key)}
        presets.append({"name": name, "title": rules.describe(), "options": changed, "notes": ""})
    return {"options": options, "presets": presets, "default": ""}
