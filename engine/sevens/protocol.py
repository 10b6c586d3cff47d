"""Bot requests for Sevens: the requesting seat's view, rebuilt from its hand and the moves so far.

A request is ``{"seat": 2, "hand": ["8D", "9H"], "moves": [{"seat": 1, "play": "7D"}]}``,
optionally with ``"game": "sevens"``, ``"rules"`` (options, or a preset's
name) and ``"dealer"``. The moves are replayed through the rules themselves
(:class:`~engine.sevens.position.Position`): the other seats' hands are
unknown, so each is made of the cards it is seen to play and, for the rest,
cards nobody has seen. What the public information cannot check (another
seat's pass) is taken on trust. A pass that puts a player out under
``pass_limit`` lists the cards they laid: ``{"seat": 3, "pass": true, "laid": ["2S", "KD"]}``.
What the replay arrives at goes to the core's check
(:func:`engine.core.protocol.check_position`): a card given twice, or in the
hand and on the table, and a hand of the wrong size are refused there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.cards import ALL_CARDS, FULL_DECK, Card, cards_of, format_cards, mask_of, parse_mask
from ..core.fields import request_seats
from ..core.game import RulesError
from ..core.jsontext import shown
from ..core.protocol import ProtocolError, SeatPosition
from .moves import Move
from .position import OPENING_CARD, SEVENS, Position, fitting, max_hand, parse_table, table_problem
from .rules import DEFAULT, SevensRules
from .view import PlayerView

__all__ = ["answer", "legal_cards", "legal_listing", "read_request"]

KEYS = ("seat", "hand", "moves")
OPTIONAL = ("game", "rules", "dealer")


def read_request(data: dict[str, Any]) -> SeatPosition:
    """The requesting seat's position, for the core to check; :class:`ProtocolError` saying what is wrong with a
    field or a move."""
    missing = [key for key in KEYS if key not in data]
    if missing:
        raise ProtocolError(f"missing {', '.join(repr(key) for key in missing)}: a request has seat, hand and moves")
    extra = sorted(set(data) - set(KEYS) - set(OPTIONAL))
    if extra:
        raise ProtocolError(
            f"unknown {', '.join(repr(key) for key in extra)}: a request has seat, hand and moves "
            "(and may have game, rules and dealer)"
        )
    rules = _read_rules(data.get("rules"))
    seat, dealer = request_seats(data, rules.players)
    hand = _read_hand(data["hand"])
    moves, laid = _read_moves(data["moves"], rules.players)
    return _replay(rules, dealer, seat, hand, moves, laid)


def _read_rules(data: object) -> SevensRules:
    """The request's rules, as the core hands them on (every option written out; see
    :func:`engine.core.protocol.read_request`), or the defaults."""
    if data is None:
        return DEFAULT
    from . import SEVENS

    if not isinstance(data, dict):
        raise ProtocolError(f'rules {shown(data)} must be options like {{"players": 5}}')
    try:
        rules: SevensRules = SEVENS.rules(data)
    except RulesError as error:
        raise ProtocolError(f"rules: {error}") from None
    return rules


def _read_hand(data: object) -> list[Card]:
    """The hand's cards as given, a repeated one too (the core's check names it)."""
    if not (isinstance(data, list) and all(isinstance(code, str) for code in data)):
        raise ProtocolError(f'hand must be a list of card codes like ["7D", "10H"], not {shown(data)}')
    try:
        return [Card.parse(code) for code in data]
    except ValueError as error:
        raise ProtocolError(f"hand: {error}") from None


def _read_moves(data: object, count: int) -> tuple[tuple[Move, ...], dict[int, int]]:
    if not isinstance(data, list):
        raise ProtocolError(f"moves must be a list of moves, not {shown(data)}")
    moves = []
    laid: dict[int, int] = {}
    for number, item in enumerate(data, start=1):
        try:
            if isinstance(item, dict) and "laid" in item and item.get("pass") is True:
                cards = item["laid"]
                if not (isinstance(cards, list) and all(isinstance(code, str) for code in cards)):
                    raise ValueError(f"laid must be a list of card codes, not {shown(cards)}")
                laid[number] = mask_of(Card.parse(code) for code in cards)
                item = {key: value for key, value in item.items() if key != "laid"}
            moves.append(Move.from_json(item, count))
        except ValueError as error:
            raise ProtocolError(f"move {number}: {error}") from None
    return tuple(moves), laid


def dealt_count(rules: SevensRules, dealer: int, seat: int) -> int:
    """How many cards *seat* was dealt: the first ``52 mod players`` seats after the dealer get one more."""
    count = rules.players
    return 52 // count + (1 if (seat - dealer - 1) % count < 52 % count else 0)


def _replay(
    rules: SevensRules, dealer: int, seat: int, given: list[Card], moves: tuple[Move, ...], laid: dict[int, int]
) -> SeatPosition:
    count = rules.players
    hand = 0
    for card in given:
        hand |= card.bit
    played = [0] * count
    for move in moves:
        if move.card is not None:
            if played[move.seat] & move.card.bit:
                raise ProtocolError(f"{move.card.code} is played twice")
            played[move.seat] |= move.card.bit
    for mask in laid.values():
        if mask & hand:
            raise ProtocolError(f"hand holds {format_cards(mask & hand, display=True)}, laid by a player who is out")
    known = hand
    for mask in [*played, *laid.values()]:
        known |= mask
    # The other hands: what each is seen to play, then unseen cards (the 7♦ to whoever moved first, if it is unseen).
    unseen = list(cards_of(FULL_DECK & ~known))
    expected = dealt_count(rules, dealer, seat) - played[seat].bit_count()
    first = moves[0].seat if moves else seat  # under all-sevens the 7♦'s holder, which opens
    # Under all-sevens the requester's own sevens were laid out before the first turn: it held as many as its hand
    # lacks (the 7♦ among them if it moved first), and they count as dealt to it.
    own_sevens = 0
    if rules.opening == "all-sevens":
        sevens = [card for card in unseen if card.bit & SEVENS and (card != OPENING_CARD or first == seat)]
        sevens.sort(key=lambda card: card != OPENING_CARD)
        own_sevens = mask_of(sevens[: max(0, expected - hand.bit_count())])
        unseen = [card for card in unseen if not card.bit & own_sevens]
    opener = not (known | own_sevens) & OPENING_CARD.bit and (rules.opening == "all-sevens" or moves)
    if rules.opening != "any-seven" and opener:
        unseen.remove(OPENING_CARD)
        unseen.insert(0, OPENING_CARD)
        order = [first, *(s for s in range(count) if s != first)]
    else:
        order = list(range(count))
    # A seat put out holds what it laid down besides what it played: its filling must leave room for them.
    laid_by = {moves[number - 1].seat: mask for number, mask in laid.items() if number <= len(moves)}
    hands = [0] * count
    hands[seat] = hand | played[seat] | own_sevens
    for other in order:
        if other == seat:
            continue
        own = played[other] | laid_by.get(other, 0)
        need = dealt_count(rules, dealer, other) - own.bit_count()
        take = unseen[: max(need, 0)]
        unseen = unseen[len(take) :]
        hands[other] = own | mask_of(take)
    position = _start(rules, dealer, hands, seat, hand, moves)
    for number, move in enumerate(moves, start=1):
        if position.is_over:
            winner = position.winner
            raise ProtocolError(f"move {number}: the deal is already over: seat {winner} played their last card")
        if move.seat != position.turn:
            raise ProtocolError(f"move {number}: it is seat {position.turn}'s turn, not seat {move.seat}'s")
        if move.card is None:
            if move.seat == seat and not rules.voluntary_pass and hand & position.fits():
                fitted = next(cards_of(hand & position.fits()))
                raise ProtocolError(
                    f"hand holds {fitted.display}, which fitted when seat {seat} passed in move {number}"
                )
            if rules.opening == "7D" and not position.table & OPENING_CARD.bit and not rules.voluntary_pass:
                raise ProtocolError(f"move {number}: nobody may pass before the {OPENING_CARD.display} opens the deal")
            limit = rules.pass_limit
            if limit is not None and position.passes[move.seat] >= limit and move.seat != seat:
                if number not in laid:
                    raise ProtocolError(
                        f'move {number}: this pass puts seat {move.seat} out, so it must list the cards laid: "laid": [...]'
                    )
                hands[move.seat] = laid[number]
                position = Position(
                    position.table,
                    (*position.hands[: move.seat], laid[number], *position.hands[move.seat + 1 :]),
                    position.turn,
                    rules,
                    loose=position.loose,
                    passes=position.passes,
                    out=position.out,
                    done=position.done,
                    chips=position.chips,
                )
            position = position.after(None)
            continue
        reason = position.why_illegal(move.card)
        if reason and move.seat != seat and not position.hands[move.seat] & move.card.bit:
            reason = f"{move.card.display} is not in seat {move.seat}'s hand"
        if reason:
            raise ProtocolError(f"move {number}: {reason}")
        position = position.after(move.card)
    if position.is_over:
        raise ProtocolError(f"the deal is over: seat {position.winner} played their last card in move {len(moves)}")
    if position.turn != seat:
        if not moves and rules.opening == "7D":
            raise ProtocolError(
                f"not seat {seat}'s turn: no move yet, so the holder of the {OPENING_CARD.display} opens"
            )
        done = len(moves)
        raise ProtocolError(
            f"not seat {seat}'s turn: after {done} move{'s' if done != 1 else ''} it is seat {position.turn}'s turn"
        )
    view = PlayerView(
        seat,
        hand,
        position.table,
        position.counts(),
        moves,
        rules,
        position.loose,
        position.passes,
        position.out,
        position.done,
    )
    counts = list(position.counts())
    # As dealt, less the cards it played and (under all-sevens) laid out: the replay took the hand's size on trust.
    counts[seat] = expected - own_sevens.bit_count()
    return SeatPosition(
        view,
        seat,
        ALL_CARDS,
        given,
        list(cards_of(position.hands[seat])),
        counts,
        {"on the table": list(cards_of(position.table))},
    )


def _start(
    rules: SevensRules, dealer: int, hands: list[int], seat: int, hand: int, moves: tuple[Move, ...]
) -> Position:
    """The position as dealt; the requester's own sevens are laid out too with ``all-sevens``."""
    try:
        return Position.deal(hands, rules, dealer)
    except ValueError:
        pass  # the request's own hand has the wrong size: replay anyway, and say so after the replay
    turn = (dealer + 1) % rules.players
    if rules.opening in ("7D", "all-sevens"):
        turn = moves[0].seat if moves else next((s for s, h in enumerate(hands) if h & OPENING_CARD.bit), seat)
    table = 0
    if rules.opening == "all-sevens":
        table = SEVENS
        hands = [h & ~SEVENS for h in hands]
    return Position(table, hands, turn, rules)


def answer(card: Card | None) -> dict[str, Any]:
    """The reply to a request: ``{"play": "8D"}``, or ``{"pass": true}``."""
    return {"pass": True} if card is None else {"play": card.code}


def legal_listing(rules: SevensRules, position: Mapping[str, str]) -> list[str]:
    """For ``moves``: the codes of the cards in ``position["hand"]`` that fit ``position["table"]``, sorted.

    A :class:`ValueError` names the option (``--table``, ``--hand``) and what is wrong.
    """
    return legal_cards(position["table"], position["hand"], rules)


def legal_cards(table_text: str, hand_text: str, rules: SevensRules = DEFAULT) -> list[str]:
    """The codes of the cards in the hand that fit the table, sorted; :class:`ValueError` for impossible input.

    >>> legal_cards("7H 8H 7D", "9H 6H 3S 7C")
    ['7C', '6H', '9H']
    >>> legal_cards("-", "7C 7D"), legal_cards("-", "7C 7D", SevensRules(opening="any-seven"))
    (['7D'], ['7C', '7D'])
    """
    try:
        table = parse_table(table_text)
    except ValueError as error:
        raise ValueError(f"--table: {error}") from None
    problem = table_problem(table, rules)
    if problem:
        raise ValueError(f"--table {shown(table_text)} cannot occur: {problem}")
    try:
        hand = parse_mask(hand_text)
    except ValueError as error:
        raise ValueError(f"--hand: {error}") from None
    if not hand:
        raise ValueError("--hand is empty: a player with no cards left has already won")
    most = max_hand(rules.players)
    if hand.bit_count() > most:
        raise ValueError(f"--hand has {hand.bit_count()} cards: nobody holds more than {most}")
    both = hand & table
    if both:
        twice = format_cards(both, display=True)
        raise ValueError(f"--hand and --table both have {twice}: a card is either in a hand or on the table")
    return [card.code for card in cards_of(fitting(table, 0, rules) & hand)]
