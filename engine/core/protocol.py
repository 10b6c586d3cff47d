"""The bot line protocol: one JSON request per line in, one JSON answer per line out.

A program that wants a computer player's move (a test harness, another
language's front end, a tournament runner) starts ``python -m engine bot NAME``
and writes one request per line: the bot's seat, its hand and the moves so
far, in game-record form::

    {"seat": 2, "hand": ["8D", "9H"], "moves": [{"seat": 1, "play": "7D"}]}

The answer is exactly one line in one of two shapes, ``{"play": "8D"}`` or
``{"pass": true}``; nothing else is ever added to them. A request that cannot
be answered gets ``{"error": "..."}`` saying what is wrong, and the bot goes on
serving. Blank lines are ignored.

The table, whose turn it is and the card counts are rebuilt from the moves,
which are replayed through the rules; the bot sees only a
:class:`~engine.sevens.view.PlayerView`, exactly as in a game.

>>> import random
>>> from engine.sevens.players import make_player
>>> bot = make_player("random", random.Random(1))
>>> clubs = ["AC", "2C", "3C", "4C", "5C", "6C", "8C", "9C", "10C", "JC", "QC", "KC"]
>>> print(answer('{"seat": 2, "hand": %s, "moves": [{"seat": 1, "play": "7D"}]}' % json.dumps(["8D", *clubs]), bot))
{"play": "8D"}
>>> print(answer('{"seat": 3, "hand": [], "moves": [{"seat": 1, "play": "7D"}]}', bot))
{"error": "not seat 3's turn: after 1 move it is seat 2's turn"}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..sevens.moves import Move
from ..sevens.players import Player
from ..sevens.position import OPENING_CARD, PLAYERS, playable_mask, why_card_does_not_fit
from ..sevens.view import PlayerView
from .cards import Card, cards_of, format_cards, mask_of
from .jsontext import read_json, shown

__all__ = ["ProtocolError", "answer", "read_request", "serve"]

HAND_SIZE = 13


class ProtocolError(ValueError):
    """A request line that cannot be answered; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class _Replay:
    table: int
    counts: tuple[int, ...]
    turn: int | None  # None before the first move: the 7♦ holder opens


def read_request(line: str) -> PlayerView:
    """The view of the requesting seat, rebuilt from one request line; :class:`ProtocolError` if malformed."""
    try:
        data = read_json(line)
    except ValueError as error:
        raise ProtocolError(str(error)) from None
    if not isinstance(data, dict):
        raise ProtocolError('a request must be a JSON object like {"seat": 0, "hand": [...], "moves": [...]}')
    missing = [key for key in ("seat", "hand", "moves") if key not in data]
    if missing:
        raise ProtocolError(f"missing {', '.join(repr(key) for key in missing)}: a request has seat, hand and moves")
    extra = sorted(set(data) - {"seat", "hand", "moves"})
    if extra:
        raise ProtocolError(f"unknown {', '.join(repr(key) for key in extra)}: a request has only seat, hand and moves")
    seat = data["seat"]
    if type(seat) is not int or not 0 <= seat < PLAYERS:
        raise ProtocolError(f"seat {shown(seat)} is not a seat: use 0, 1, 2 or 3")
    hand = _read_hand(data["hand"])
    moves = _read_moves(data["moves"])
    replay = _replay(moves)
    _check_hand(seat, hand, moves, replay)
    return PlayerView(seat, hand, replay.table, replay.counts, moves)


def _read_hand(data: object) -> int:
    if not (isinstance(data, list) and all(isinstance(code, str) for code in data)):
        raise ProtocolError(f'hand must be a list of card codes like ["7D", "10H"], not {shown(data)}')
    try:
        return mask_of(Card.parse(code) for code in data)
    except ValueError as error:
        raise ProtocolError(f"hand: {error}") from None


def _read_moves(data: object) -> tuple[Move, ...]:
    if not isinstance(data, list):
        raise ProtocolError(f"moves must be a list of moves, not {shown(data)}")
    moves = []
    for number, item in enumerate(data, start=1):
        try:
            moves.append(Move.from_json(item))
        except ValueError as error:
            raise ProtocolError(f"move {number}: {error}") from None
    return tuple(moves)


def _replay(moves: tuple[Move, ...]) -> _Replay:
    """Table, counts and turn after *moves*, checking every move the public information can check."""
    table = 0
    counts = [HAND_SIZE] * PLAYERS
    turn: int | None = None
    for number, move in enumerate(moves, start=1):
        if turn is not None and move.seat != turn:
            raise ProtocolError(f"move {number}: it is seat {turn}'s turn, not seat {move.seat}'s")
        if move.card is None:
            if not table:
                raise ProtocolError(f"move {number}: nobody may pass before the {OPENING_CARD.display} opens the deal")
        else:
            if not playable_mask(table) & move.card.bit:
                raise ProtocolError(f"move {number}: {why_card_does_not_fit(table, move.card)}")
            table |= move.card.bit
            counts[move.seat] -= 1
            if not counts[move.seat]:
                if number < len(moves):
                    raise ProtocolError(
                        f"move {number + 1}: the deal is already over: seat {move.seat} played their last card"
                    )
                raise ProtocolError(f"the deal is over: seat {move.seat} played their last card in move {number}")
        turn = (move.seat + 1) % PLAYERS
    return _Replay(table, tuple(counts), turn)


def _check_hand(seat: int, hand: int, moves: tuple[Move, ...], replay: _Replay) -> None:
    if replay.turn is None:
        if not hand & OPENING_CARD.bit:
            raise ProtocolError(
                f"not seat {seat}'s turn: no move yet, so the holder of the {OPENING_CARD.display} opens"
            )
    elif replay.turn != seat:
        count = len(moves)
        raise ProtocolError(
            f"not seat {seat}'s turn: after {count} move{'s' if count != 1 else ''} it is seat {replay.turn}'s turn"
        )
    on_table = hand & replay.table
    if on_table:
        raise ProtocolError(f"hand holds {format_cards(on_table, display=True)}, already on the table")
    expected = replay.counts[seat]
    if hand.bit_count() != expected:
        played = HAND_SIZE - expected
        raise ProtocolError(
            f"hand has {hand.bit_count()} cards, but seat {seat} has played {played} of 13, so it must hold {expected}"
        )
    table = 0
    for number, move in enumerate(moves, start=1):
        if move.card is not None:
            table |= move.card.bit
        elif move.seat == seat and hand & playable_mask(table):
            fitted = next(cards_of(hand & playable_mask(table)))
            raise ProtocolError(f"hand holds {fitted.display}, which fitted when seat {seat} passed in move {number}")


def answer(line: str, player: Player) -> str:
    """The answer line (without newline) to one request *line*: a play, a pass or an error.

    Whatever the line holds, this answers and never raises: a request that
    cannot be read or checked gets ``{"error": ...}``.
    """
    try:
        view = read_request(line)
    except ProtocolError as error:
        return _dump({"error": str(error)})
    decision = player.decide(view)
    if decision.card is None:
        return _dump({"pass": True})
    return _dump({"play": decision.card.code})


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False)


def serve(player: Player, lines: Iterable[str], write: Callable[[str], object], flush: Callable[[], object]) -> None:
    """Answer every non-blank line of *lines* until they run out, flushing after each answer."""
    for line in lines:
        if not line.strip():
            continue
        write(answer(line, player) + "\n")
        flush()
