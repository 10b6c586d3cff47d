"""A whole deal: the dealt hands, every move in order, and its game record.

A record is plain JSON and replays move by move through the rules, so a
record that contains an illegal move, or whose result does not match its
moves, is refused with the reason.

>>> game = Game.from_hands(deal_hands(7), seed=7)
>>> game.position.turn == game.opener
True
>>> Game.from_json(game.to_json()).position == game.position
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .cards import Card, cards_of, mask_of
from .deal import check_seed, deal_hands
from .jsontext import read_json, shown
from .moves import Move
from .position import PLAYERS, IllegalMove, Position, opener
from .view import PlayerView

__all__ = ["DEFAULT_NAMES", "Game", "RecordError"]

DEFAULT_NAMES = ("You", "Robin", "Alex", "Sam")
RECORD_KEYS = ("rules", "seed", "players", "hands", "moves", "winner", "remaining")


class RecordError(ValueError):
    """A game record that cannot be read or does not replay."""


def _record_card(code: object) -> Card:
    """A card as a record writes it: the ASCII code, exactly (``10H``, not ``TH`` or ``10♥``)."""
    if not isinstance(code, str):
        raise ValueError(f"card {shown(code)} must be a string such as '10H'")
    card = Card.parse(code)
    if card.code != code:
        raise ValueError(f"card {code!r} must be written {card.code!r} in a game record")
    return card


def _writable_text(text: str) -> bool:
    """Whether *text* can be written as UTF-8 (JSON's ``\\ud800`` escape reads back as a lone surrogate, which cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class Game:
    """A deal in progress or finished, with its full history."""

    def __init__(self, hands: Sequence[int], *, seed: int | None = None, players: Sequence[str] = DEFAULT_NAMES):
        if len(players) != PLAYERS:
            raise ValueError(f"a game needs {PLAYERS} player names, got {len(players)}")
        self.seed = seed
        self.players = tuple(players)
        self.dealt = tuple(hands)
        self.position = Position.deal(self.dealt)
        self.opener = opener(self.dealt)
        self.moves: list[Move] = []

    @classmethod
    def from_hands(
        cls, hands: Sequence[int], *, seed: int | None = None, players: Sequence[str] = DEFAULT_NAMES
    ) -> Game:
        return cls(hands, seed=seed, players=players)

    @classmethod
    def new(cls, seed: int, players: Sequence[str] = DEFAULT_NAMES) -> Game:
        """A fresh deal shuffled from *seed*."""
        return cls(deal_hands(seed), seed=seed, players=players)

    # -- playing ----------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self.position.turn

    @property
    def winner(self) -> int | None:
        return self.position.winner

    @property
    def is_over(self) -> bool:
        return self.position.is_over

    def play(self, card: Card | None) -> Move:
        """The player to move plays *card* (``None`` passes); :class:`IllegalMove` if not allowed."""
        seat = self.position.turn
        self.position = self.position.play(card) if card is not None else self.position.pass_turn()
        move = Move(seat, card)
        self.moves.append(move)
        return move

    def view(self, seat: int | None = None) -> PlayerView:
        """What *seat* (by default the player to move) may see."""
        if seat is None:
            seat = self.position.turn
        pos = self.position
        return PlayerView(seat, pos.hands[seat], pos.table, pos.counts(), tuple(self.moves))

    def remaining(self) -> list[int]:
        return list(self.position.counts())

    def last_card(self) -> Card | None:
        """The card that ended the deal, once it is over."""
        if not self.is_over:
            return None
        return next(m.card for m in reversed(self.moves) if m.card is not None)

    # -- records ------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        return {
            "rules": "sevens",
            "seed": self.seed,
            "players": list(self.players),
            "hands": [[card.code for card in cards_of(hand)] for hand in self.dealt],
            "moves": [move.to_json() for move in self.moves],
            "winner": self.winner,
            "remaining": self.remaining(),
        }

    def to_json(self) -> str:
        return json.dumps(self.record(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Read and replay a record written by :meth:`to_json`; :class:`RecordError` says what is wrong with any other text."""
        try:
            data = read_json(text)
        except ValueError as error:
            raise RecordError(f"game record is {error}") from None
        return cls.from_record(data)

    @classmethod
    def from_record(cls, data: object) -> Game:
        """Replay a record, checking every move and the stated result; :class:`RecordError` if it does not hold."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        missing = [key for key in RECORD_KEYS if key not in data]
        extra = sorted(set(data) - set(RECORD_KEYS))
        if missing or extra:
            parts = ([f"missing {', '.join(missing)}"] if missing else []) + (
                [f"unknown {', '.join(extra)}"] if extra else []
            )
            raise RecordError(f"game record keys: {'; '.join(parts)}")
        if data["rules"] != "sevens":
            raise RecordError(f"game record rules {shown(data['rules'])}: only 'sevens' is known")
        seed = data["seed"]
        if seed is not None:
            if type(seed) is not int:
                raise RecordError(f"game record seed {shown(seed)} must be a whole number or null")
            try:
                check_seed(seed)
            except ValueError as error:
                raise RecordError(f"game record {error}") from None
        players = data["players"]
        if not (isinstance(players, list) and len(players) == PLAYERS and all(isinstance(p, str) for p in players)):
            raise RecordError("game record players must be a list of four names")
        for name in players:
            if not _writable_text(name):
                raise RecordError(f"game record player name {shown(name)} holds a lone surrogate, which is not text")
        hands_data = data["hands"]
        if not (isinstance(hands_data, list) and len(hands_data) == PLAYERS):
            raise RecordError("game record hands must be a list of four lists of cards")
        hands = []
        for seat, hand in enumerate(hands_data):
            if not isinstance(hand, list):
                raise RecordError(f"game record hand {seat} must be a list of card codes")
            try:
                hands.append(mask_of(_record_card(code) for code in hand))
            except ValueError as error:
                raise RecordError(f"game record hand {seat}: {error}") from None
        try:
            game = cls(hands, seed=seed, players=players)
        except ValueError as error:
            raise RecordError(f"game record hands: {error}") from None
        moves = data["moves"]
        if not isinstance(moves, list):
            raise RecordError("game record moves must be a list")
        for number, move_data in enumerate(moves, start=1):
            try:
                move = Move.from_json(move_data)
                if move.card is not None:
                    _record_card(move_data["play"])
            except ValueError as error:
                raise RecordError(f"game record move {number}: {error}") from None
            if game.is_over:
                raise RecordError(f"game record move {number}: the deal is already over, won by seat {game.winner}")
            if move.seat != game.turn:
                raise RecordError(f"game record move {number}: it is seat {game.turn}'s turn, not seat {move.seat}'s")
            try:
                game.play(move.card)
            except IllegalMove as error:
                action = "passes" if move.card is None else f"plays {move.card.code}"
                raise RecordError(f"game record move {number} (seat {move.seat} {action}): {error.reason}") from None
        winner = data["winner"]
        if winner is not None and type(winner) is not int:
            raise RecordError(f"game record winner {shown(winner)} must be a seat number or null")
        remaining = data["remaining"]
        if not (isinstance(remaining, list) and all(type(count) is int for count in remaining)):
            raise RecordError(f"game record remaining {shown(remaining)} must be a list of four whole numbers")
        if winner != game.winner:
            raise RecordError(f"game record says the winner is {shown(winner)}, but the moves give {game.winner!r}")
        if data["remaining"] != game.remaining():
            raise RecordError(
                f"game record says {shown(remaining)} cards remain, but the moves leave {game.remaining()!r}"
            )
        return game
