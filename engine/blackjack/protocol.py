"""Blackjack for outside programs: bot requests, bot answers, and the ``moves`` listing.

A bot request gives what the asking seat has seen:
``{"game": "blackjack", "rules": {...}, "seat": 2, "dealer": 0, "upcard": "6C",
"hand": [its cards now], "moves": [record entries so far]}``. Reshuffle entries
may list the cards of the new stock (their order is not needed). The request is
replayed through the rules with the cards nobody showed filled in (any filling
gives the same view), so a move the rules forbid is refused with its reason,
like a record's.

The answer is a record entry without the seat: ``{"chain": ["5S", "6S"],
"last": true}``, ``{"chain": ["AC"], "suit": "H"}``, ``{"draw": true}``,
``{"pickup": true}`` (the number drawn is the table's to write) or
``{"pass": true}``.

>>> view = read_request({"seat": 1, "upcard": "6C", "hand": ["6H", "9C", "KD", "2S", "3H", "4H", "5H"], "moves": []}).view
>>> view.seat, view.turn, view.top.code
(1, 1, '6C')
>>> legal_listing(Rules(), {"table": "5H", "hand": "9H 6S 5S AC 2D"})
['AC', '9H', '5S', 'draw']
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..core.cards import Card, Suit, parse_cards
from ..core.jsontext import read_json, shown
from ..core.pile import bring, fitted_position, request_card, request_list, stand_in_deal
from ..core.protocol import SeatPosition, check_position
from .game import Game, action_from_json
from .rules import Rules, pack
from .state import Action, Chain, Draw, Lay, Pass, PickUp, State, Stop
from .view import PlayerView

__all__ = ["answer", "legal_listing", "listing_words", "read_request"]

_KEYS = {"game", "rules", "seat", "dealer", "upcard", "hand", "moves"}


def answer(action: Action) -> dict[str, Any]:
    """A decision's action as the bot protocol answers it (a record entry without the seat)."""
    if isinstance(action, Chain):
        entry: dict[str, Any] = {"chain": [card.code for card in action.cards]}
        if action.suit is not None:
            entry["suit"] = action.suit.value
    elif isinstance(action, Draw):
        entry = {"draw": True}
    elif isinstance(action, PickUp):
        entry = {"pickup": True}
    elif isinstance(action, Pass):
        entry = {"pass": True}
    elif isinstance(action, Lay):
        return {"lay": action.card.code}
    elif isinstance(action, Stop):
        entry = {"stop": True}
        if action.suit is not None:
            entry["suit"] = action.suit.value
    else:
        return {"undo": True}
    if action.last:
        entry["last"] = True
    return entry


def read_request(data: Mapping[str, Any]) -> SeatPosition:
    """The asking seat's position, rebuilt from a request for the core to check (:func:`engine.core.protocol.
    check_position`); :class:`ValueError` saying what is wrong with a move or a field."""
    extra = sorted(set(data) - _KEYS)
    if extra:
        raise ValueError(f"unknown request key {extra[0]!r}: a request has {', '.join(sorted(_KEYS))}")
    raw = data.get("rules", {})
    if not isinstance(raw, dict):
        raise ValueError(f"rules {shown(raw)} must be an object of options")
    try:
        rules = Rules.from_options(raw)
    except ValueError as error:
        raise ValueError(f"rules: {error}") from None
    seat, dealer = data.get("seat"), data.get("dealer", 0)
    for name, value in (("seat", seat), ("dealer", dealer)):
        if type(value) is not int or not 0 <= value < rules.players:
            raise ValueError(f"{name} {shown(value)} must be a seat from 0 to {rules.players - 1}")
    assert isinstance(seat, int) and isinstance(dealer, int)
    upcard = _card(data.get("upcard"), "upcard")
    hand = [_card(code, "hand") for code in _list(data.get("hand"), "hand")]
    moves = _list(data.get("moves", []), "moves")
    game = _filled_in(rules, dealer, upcard)
    state = game.state
    for number, entry in enumerate(moves, start=1):
        if isinstance(entry, dict) and set(entry) == {"reshuffle"}:
            continue  # the stand-in deal makes its own reshuffles, at the same moments
        try:
            who, action, got = action_from_json(entry, rules.players)
        except ValueError as error:
            raise ValueError(f"move {number}: {error}") from None
        if isinstance(action, Chain):
            for card in action.cards:
                if Counter(action.cards)[card] > Counter(state.hands[who])[card]:
                    bring(state.hands, state._stock, who, card, f"move {number}", keep=action.cards)
        if rules.draw == "until-play" and isinstance(action, Draw | Pass) and state.drawn and not state.pickup:
            _suit_until_play(state, who, fits=isinstance(action, Pass))
        reason = state.why_illegal(who, action)
        if reason is not None:
            raise ValueError(f"move {number}: {reason}")
        drawn = state.apply(who, action, game.chance)
        if got is not None and got != drawn:
            raise ValueError(f"move {number}: says seat {who} picked up {got}, but the stock held {drawn} to draw")
    if state.is_over:
        raise ValueError("the deal is already over: there is nothing to decide")
    if seat != state.turn:
        raise ValueError(f"seat {seat} has nothing to decide now: it is seat {state.turn}'s turn")
    return fitted_position(state, seat, hand, pack(rules), PlayerView.of)


def _suit_until_play(state: State, seat: int, *, fits: bool) -> None:
    """Under ``draw=until-play`` a seat that has drawn draws again only while nothing it holds fits, and passes only
    once something does: the stand-in hand of *seat* (its cards unseen by the asker) is made so, by swapping cards
    with the stock or, when the stock has none to give (it is empty just before a reshuffle), with another seat's
    hand (unseen too: the asker's own is fitted to the request at the end). Where no swap can do it, the replay
    refuses the move with the rules' reason."""
    hand = state.hands[seat]
    # Unseen places to swap with, the stock first (its bottom first: its top, last, is drawn next), then the others'
    # hands: a list and an index each.
    places = [(state._stock, i) for i in range(len(state._stock))] + [
        (other, i) for who, other in enumerate(state.hands) if who != seat for i in range(len(other))
    ]
    if fits:
        if any(state.opens(card) for card in hand) or not hand:
            return
        wanted = [(cards, i) for cards, i in places if state.opens(cards[i])]
        if wanted:
            cards, i = wanted[0]
            hand[0], cards[i] = cards[i], hand[0]
    else:
        spare = [(cards, i) for cards, i in places if not state.opens(cards[i])]
        for place, card in enumerate(hand):
            if state.opens(card) and spare:
                cards, i = spare.pop(0)
                hand[place], cards[i] = cards[i], card
    for cards in state.hands:
        cards.sort()


def _filled_in(rules: Rules, dealer: int, upcard: Card) -> Game:
    """The replay's stand-in deal (see :func:`engine.core.pile.stand_in_deal`)."""
    hands, stock = stand_in_deal(pack(rules), upcard, rules.players, rules.deal_size)
    return Game(rules, hands, stock, upcard, dealer=dealer, seed=0)


_card, _list = request_card, request_list


def listing_words(state: State, seat: int) -> list[str]:
    """The legal first (or next) steps of *seat*'s turn, one word each: card codes, then ``draw``, ``pass``,
    ``pickup`` (and ``stop`` in the middle of a chain)."""
    words: list[str] = []
    for action in state.legal_actions(seat):
        if isinstance(action, Lay):
            words.append(action.card.code)
        elif isinstance(action, Draw):
            words.append("draw")
        elif isinstance(action, Pass):
            words.append("pass")
        elif isinstance(action, PickUp):
            words.append("pickup")
        elif isinstance(action, Stop) and "stop" not in words:
            words.append("stop")
    return words


def legal_listing(rules: Rules, position: Mapping[str, str]) -> list[str]:
    """For ``moves``: the legal first steps of a turn, from a bot request (``position["request"]``, its JSON
    text) or from ``table`` (the top card, then the suit named for a wild card: ``"AS H"``) and ``hand``."""
    if position.get("request") is not None:
        try:
            data = read_json(position["request"])
        except ValueError as error:
            raise ValueError(f"--request: {error}") from None
        if not isinstance(data, dict):
            raise ValueError("--request: a request is a JSON object")
        from ..core.game import requested_rules
        from . import BLACKJACK_GAME

        if "rules" in data:
            try:
                data = {**data, "rules": requested_rules(BLACKJACK_GAME, data["rules"]).to_json()}
            except ValueError as error:
                raise ValueError(f"--request rules: {error}") from None
        elif rules != Rules():
            data = {**data, "rules": rules.to_json()}
        data.pop("game", None)
        try:
            seat_position = read_request(data)
            check_position(seat_position)
        except ValueError as error:
            raise ValueError(f"--request: {error}") from None
        return listing_words(seat_position.view.position(), seat_position.seat)
    table = (position.get("table") or "").split()
    if not 1 <= len(table) <= 2:
        raise ValueError(
            f"--table {json.dumps(position.get('table'))}: give the top card, then the suit named if it was wild (AS H)"
        )
    try:
        top = Card.parse(table[0])
        suit = Suit.parse(table[1]) if len(table) == 2 else top.suit
        hand = parse_cards(position.get("hand") or "")
    except ValueError as error:
        raise ValueError(f"--table/--hand: {error}") from None
    if not hand:
        raise ValueError("--hand is empty: give the cards of the hand")
    others: list[list[Card]] = [[] for _ in range(rules.players - 1)]
    stock = [card for card in pack(rules) if card not in hand and card != top][:1]
    try:
        state = State.setup(rules, [hand, *others], [top], stock, 0, suit)
    except ValueError as error:
        raise ValueError(f"--hand: {error}") from None
    return listing_words(state, 0)
