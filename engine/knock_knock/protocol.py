"""Knock! Knock! for outside programs: bot requests, bot answers, and the ``moves`` listing.

A bot request gives what the asking seat has seen:
``{"game": "knock-knock", "rules": {...}, "seat": 2, "dealer": 0, "upcard": "6C",
"hand": [its cards now], "moves": [record entries so far], "passed": [seats]}``.
The moves are read as a record's are: a reshuffle entry stands where a record
writes one and lists the new stock top first, and the replay deals in that order.
``passed`` (optional) lists the seats that have let the last discard pass without
a call; once every other seat has, the player on turn is asked for its turn. The request is
replayed through the rules with the cards nobody showed filled in at random
(any filling gives the same view), so a move the rules forbid is refused with
its reason, like a record's. What the replay arrives at goes to the core's
check (:func:`engine.core.protocol.check_position`): a hand that holds a card
more often than the packs do, or that the moves cannot leave, is refused there.

>>> view = read_request({"seat": 1, "upcard": "6C", "hand": ["6H", "9C", "KD", "2S", "3H", "4H", "5H"], "moves": []}).view
>>> view.seat, view.turn, view.top.code
(1, 1, '6C')
>>> legal_listing(Rules(), {"table": "6C", "hand": "9H 6H 3C 2S"})
['3C', '6H', '2S C', '2S D', '2S H', '2S S', 'draw']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..core.cards import Card, Suit, parse_cards
from ..core.fields import request_seats, seats, whole_number
from ..core.jsontext import shown
from ..core.pile import bring, fitted_position, request_card, request_list, stand_in_deal
from ..core.protocol import SeatPosition
from .game import Game, RecordedChance, action_from_json, action_to_json
from .rules import DEAL_SIZE, Rules, is_pickup, pack
from .state import Action, IllegalAction, Play, Quiet, State
from .view import PlayerView

__all__ = ["answer", "legal_listing", "read_request"]

_KEYS = {"game", "rules", "seat", "dealer", "upcard", "hand", "moves", "passed"}


def answer(action: Action) -> dict[str, Any]:
    """A decision's action as the bot protocol answers it: a record entry without the seat, or ``{"quiet": true}``."""
    if isinstance(action, Quiet):
        return {"quiet": True}
    entry = action_to_json(0, action)
    del entry["seat"]
    return entry


def read_request(data: Mapping[str, Any]) -> SeatPosition:
    """The asking seat's position, rebuilt from a request for the core to check; :class:`ValueError` saying what is
    wrong with a move or a field."""
    extra = sorted(set(data) - _KEYS)
    if extra:
        raise ValueError(f"unknown request key {extra[0]!r}: a request has {', '.join(sorted(_KEYS))}")
    try:
        rules = Rules.from_options(data.get("rules", {})) if isinstance(data.get("rules", {}), dict) else None
    except ValueError as error:
        raise ValueError(f"rules: {error}") from None
    if rules is None:
        raise ValueError(f"rules {shown(data.get('rules'))} must be an object of options")
    seat, dealer = request_seats(data, rules.players)
    try:
        upcard = _card(data.get("upcard"), "upcard")
        hand = [_card(code, "hand") for code in _list(data.get("hand"), "hand")]
    except ValueError as error:
        raise ValueError(str(error)) from None
    moves = _list(data.get("moves", []), "moves")
    game = _filled_in(rules, dealer, upcard)
    state = game.state
    # Reshuffle entries are read as a record's are (Game.from_record): each where a draw needs it, dealt in its order.
    chance = game.chance = RecordedChance(moves, prefix="")
    passed = _list(data.get("passed", []), "passed")
    for number, entry in enumerate(moves, start=1):
        if isinstance(entry, dict) and "reshuffle" in entry:
            if state.window is not None and state.window.victim_penalty:
                if passed and all(isinstance(rest, dict) and "reshuffle" in rest for rest in moves[number:]):
                    break  # the seats in "passed" close the window below: the victim's pick-up draws from it
                try:
                    game.settle()
                except IllegalAction as error:
                    raise ValueError(f"move {number}: {error.reason}") from None
            if chance.position < number:
                raise ValueError(f"move {number}: a reshuffle where no draw needs one")
            continue
        try:
            who, action = action_from_json(entry, rules.players)
        except ValueError as error:
            raise ValueError(f"move {number}: {error}") from None
        if isinstance(action, Play) and action.card not in state.hands[who]:
            bring(state.hands, state._stock, who, action.card, f"move {number}")
        reason = state.why_illegal(who, action)
        if reason is not None:
            raise ValueError(f"move {number}: {reason}")
        chance.position = number
        try:
            game.act(who, action)
        except IllegalAction as error:  # a reshuffle entry that does not hold the pile's cards
            raise ValueError(f"move {number}: {error.reason}") from None
    for who in passed:
        whole_number("passed", who, *seats(rules.players))
        if state.why_illegal(who, Quiet()) is not None:
            raise ValueError(f"passed: seat {shown(who)} cannot let the last discard pass now")
        try:
            game.act(who, Quiet())
        except IllegalAction as error:
            raise ValueError(f"passed: seat {who}: {error.reason}") from None
    if chance.position < len(moves):
        raise ValueError(f"move {chance.position + 1}: a reshuffle where no draw needs one")
    if state.is_over:
        raise ValueError("the deal is already over: there is nothing to decide")
    if seat not in state.waiting:
        raise ValueError(f"seat {seat} has nothing to decide now: waiting for seat {state.waiting[0]}")
    return fitted_position(state, seat, hand, pack(rules), PlayerView.of)


def _filled_in(rules: Rules, dealer: int, upcard: Card) -> Game:
    """The replay's stand-in deal (see :func:`engine.core.pile.stand_in_deal`)."""
    hands, stock = stand_in_deal(pack(rules), upcard, rules.players, DEAL_SIZE)
    return Game(rules, hands, stock, upcard, dealer=dealer)


_card, _list = request_card, request_list


def legal_listing(rules: Rules, position: Mapping[str, str]) -> list[str]:
    """For ``moves``: every legal action with ``position["hand"]`` when the pile shows ``position["table"]``.

    The table is the top card, then the playing suit when a pick-up card named another one
    (``"2S H"``). Discards are listed in hand order, a pick-up card once for each suit it can
    name, each with ``knock`` when it is the third-to-last card, then ``draw``, which is always
    allowed.
    """
    table = position["table"].split()
    if not 1 <= len(table) <= 2:
        raise ValueError(
            f"--table {position['table']!r}: give the top card, then the playing suit if it differs (2S H)"
        )
    try:
        top = Card.parse(table[0])
        suit = Suit.parse(table[1]) if len(table) == 2 else top.suit
    except ValueError as error:
        raise ValueError(f"--table: {error}") from None
    if len(table) == 2 and not is_pickup(top) and suit != top.suit:
        raise ValueError(
            f"--table: the playing suit is the top card's unless a pick-up card named it; {top.display} is not one"
        )
    try:
        hand = parse_cards(position["hand"])
    except ValueError as error:
        raise ValueError(f"--hand: {error}") from None
    if not hand:
        raise ValueError("--hand is empty: a player with no cards left has already won")
    seen = Counter([*hand, top])
    twice = [card.display for card, n in seen.items() if n > rules.packs]
    if twice:
        raise ValueError(f"--hand and --table hold {', '.join(twice)} more often than {rules.packs} pack(s) do")
    others: list[list[Card]] = [[] for _ in range(rules.players - 1)]
    state = State.setup(rules, [hand, *others], [top], [], 0, suit)
    listing = []
    for action in state.legal_actions(0):
        if isinstance(action, Play):
            listing.append(
                action.card.code + (f" {action.suit.value}" if action.suit else "") + (" knock" if action.knock else "")
            )
    return [*listing, "draw"]
