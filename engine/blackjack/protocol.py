"""Blackjack for outside programs: bot requests, bot answers, and the ``moves`` listing.

A bot request gives what the asking seat has seen:
``{"game": "blackjack", "rules": {...}, "seat": 2, "dealer": 0, "upcard": "6C",
"hand": [its cards now], "moves": [record entries so far], "drawn": [...]}``.
The moves are read as a record's are (:func:`~.game.replay_moves`): a
``reshuffle`` entry stands exactly where a record writes one and lists the new
stock top first, and the replay deals from it in that order. ``drawn`` (optional)
lists the cards the seat has drawn so far in the turn it is taking, in order (under
``draw=until-play`` or ``up-to-5``, in the middle of drawing; absent or ``[]``
otherwise); they are still in its hand. The request is replayed through the rules
with the cards nobody showed filled in, so a move the rules forbid is refused with
its reason, like a record's. The filling never decides what the seat's own next
steps depend on: under ``draw=until-play`` whether the card it drew last fits comes
from ``drawn``, or from the order of the reshuffle it was drawn from, or (when
nothing it holds fits) from the hand; a request that does not say is refused.

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
from ..core.fields import request_seats
from ..core.jsontext import read_json, shown
from ..core.pile import Reshuffle, bring, codes, fitted_position, request_card, request_list, stand_in_deal
from ..core.protocol import SeatPosition, check_position
from .game import Game, check_upcard, replay_moves
from .rules import Rules, pack
from .state import Action, Chain, Draw, Lay, Pass, PickUp, RecordedAction, State, Stop
from .view import PlayerView

__all__ = ["answer", "legal_listing", "listing_words", "read_request"]

_KEYS = {"game", "rules", "seat", "dealer", "upcard", "hand", "moves", "drawn"}


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
    seat, dealer = request_seats(data, rules.players)
    upcard = _card(data.get("upcard"), "upcard")
    try:
        check_upcard(rules, upcard)
    except ValueError as error:
        raise ValueError(f"upcard: {error}") from None
    hand = [_card(code, "hand") for code in _list(data.get("hand"), "hand")]
    drawn = [_card(code, "drawn") for code in _list(data.get("drawn", []), "drawn")]
    missing = Counter(drawn) - Counter(hand)
    if missing:
        raise ValueError(
            f"drawn: the {min(missing).display} is not in the hand: the cards drawn this turn are still held"
        )
    moves = _list(data.get("moves", []), "moves")
    game = _filled_in(rules, dealer, upcard)
    state = game.state
    own = _own_draws(moves, seat, rules)
    if drawn and len(drawn) != len(own):
        raise ValueError(
            f"drawn lists {len(drawn)} card{'s' if len(drawn) != 1 else ''}, but the moves show seat {seat} drawing "
            f"{len(own)} this turn"
        )

    # Whether a reshuffle entry has refilled the stock (from then on the replay's stock is the deal's own), and how
    # many events have been looked at for it.
    reshuffled, looked = [False], [0]

    def fill(number: int, who: int, action: RecordedAction, following: object) -> None:
        """Put the cards the request shows in place before move *number*: a chain's cards in its seat's hand, a draw's
        card on the stock (the seat's own from ``drawn``; another's chosen to agree with what the seat did next)."""
        where = f"move {number}"
        reshuffled[0] = reshuffled[0] or any(isinstance(event, Reshuffle) for event in state.events[looked[0] :])
        looked[0] = len(state.events)
        stand_in = bool(state._stock) and not reshuffled[0]
        if isinstance(action, Chain):
            for card in action.cards:
                if Counter(action.cards)[card] > Counter(state.hands[who])[card]:
                    bring(state.hands, state._stock, who, card, where, keep=action.cards)
        elif isinstance(action, Draw) and not state.pickup:
            if number in own and drawn:
                if stand_in:
                    _draw_known(state, drawn[own.index(number)])
            elif rules.draw == "until-play" and stand_in:
                _draw_agreeing(state, who, following, hand if number in own else None)
        reason = state.why_illegal(who, action)
        if reason is not None:
            raise ValueError(f"{where}: {reason}")

    replay_moves(game, moves, "", fill)
    if drawn and state.drawn_cards != drawn:
        raise ValueError(
            f"drawn: seat {seat} drew {codes(state.drawn_cards)} this turn, as the order of the reshuffle it drew from "
            f"gives them, not {codes(drawn)}"
        )
    if state.is_over:
        raise ValueError("the deal is already over: there is nothing to decide")
    if seat != state.turn:
        raise ValueError(f"seat {seat} has nothing to decide now: it is seat {state.turn}'s turn")
    return fitted_position(state, seat, hand, pack(rules), PlayerView.of)


def _own_draws(moves: list[Any], seat: int, rules: Rules) -> list[int]:
    """The numbers of the moves that are *seat*'s draws in the turn it is taking at the end of *moves*: the draws
    that end them (a draw ends the turn only under ``draw=one``)."""
    own: list[int] = []
    if rules.draw == "one":
        return own
    for number in range(len(moves), 0, -1):
        entry = moves[number - 1]
        if isinstance(entry, dict) and set(entry) == {"reshuffle"}:
            continue
        if not (isinstance(entry, dict) and entry.get("seat") == seat and entry.get("draw") is True):
            break
        own.insert(0, number)
    return own


def _draw_known(state: State, card: Card) -> None:
    """The seat on turn draws *card* next from the replay's stand-in stock, as its request says: it is put on top of
    the stock from wherever unseen it lies. (Drawn from a reshuffle's order, the cards are compared once drawn.)"""
    if state._stock[-1] == card:
        return
    hands = state.hands
    if card in state._stock:
        i = state._stock.index(card)
        state._stock[i], state._stock[-1] = state._stock[-1], card
        return
    holder = next((cards for cards in hands if card in cards), None)
    if holder is None:
        raise ValueError(f"drawn: every {card.display} of the pack is on the pile or laid, so it cannot be drawn")
    holder[holder.index(card)] = state._stock[-1]
    holder.sort()
    state._stock[-1] = card


def _draw_agreeing(state: State, seat: int, following: object, hand: list[Card] | None) -> None:
    """Under ``draw=until-play``, choose the stand-in card *seat* draws next so that it agrees with what the seat did
    next (*following*, the next move's entry): it draws again only if the card does not fit, and lays or passes only
    if it does. For the asking seat's last draw (*hand*: its hand as the request gives it, *following* ``None``)
    that cannot be told from the moves: if nothing in the hand fits, neither did the card; else the request must
    say. The card is swapped onto the stock's top from the stock or a hand (unseen: the asking seat's own is fitted
    to the request at the end)."""
    if following is None:
        if hand is None:
            return
        if any(state.opens(card) for card in hand):
            raise ValueError(
                f"seat {seat} has drawn, and whether the card it drew last fits decides its next steps: give the "
                f'cards it drew this turn, in order, as "drawn": [...]'
            )
        fits = False
    else:
        fits = not (isinstance(following, dict) and following.get("draw") is True)
    if state.opens(state._stock[-1]) == fits:
        return
    # Any unseen card will do, the drawer's own stand-ins too (swapped onto the stock, the card comes back with the
    # draw): the stock first, then the hands.
    places = [(state._stock, i) for i in range(len(state._stock) - 1)] + [
        (cards, i) for cards in state.hands for i in range(len(cards))
    ]
    found = next(((cards, i) for cards, i in places if state.opens(cards[i]) == fits), None)
    if found is not None:
        cards, i = found
        cards[i], state._stock[-1] = state._stock[-1], cards[i]
        for each in state.hands:
            each.sort()


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
