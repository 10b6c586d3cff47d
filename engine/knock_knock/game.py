"""A whole deal of Knock! Knock!: how its moves and reshuffles are written in a record and read back, and what
a deal scores.

A deal and its record are a :class:`~engine.core.pile_game.PileGame`'s; this
module says what is Knock! Knock!'s own: a discard, a draw and a call written
as moves, the call window of a pick-up card closed as the record is replayed,
and wins or card points.

>>> game = Game.new(Rules(), seed=7)
>>> game.act(game.turn, Draw())
>>> again = Game.from_json(game.to_json())
>>> again.state.text() == game.state.text()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.cards import Card
from ..core.fields import move_seat
from ..core.jsontext import shown
from ..core.pile import record_cards
from ..core.pile_game import PileGame
from ..core.records import RecordError, record_card, record_suit
from .rules import Rules, card_points
from .state import Action, Challenge, Draw, IllegalAction, Move, Play, RecordedAction, State, deal
from .view import PlayerView

__all__ = [
    "Game",
    "RecordError",
    "RecordedChance",
    "action_from_json",
    "action_to_json",
    "scores",
]

GAME_NAME = "knock-knock"


def action_to_json(seat: int, action: RecordedAction) -> dict[str, Any]:
    """A move as a record writes it: ``{"seat": 2, "play": "2S", "suit": "D"}``, ``{"seat": 1, "draw": true}``, …"""
    if isinstance(action, Draw):
        return {"seat": seat, "draw": True}
    if isinstance(action, Challenge):
        return {"seat": seat, "challenge": True}
    entry: dict[str, Any] = {"seat": seat, "play": action.card.code}
    if action.suit is not None:
        entry["suit"] = action.suit.value
    if action.knock:
        entry["knock"] = True
    return entry


def action_from_json(data: object, players: int) -> tuple[int, RecordedAction]:
    """Read one move entry; :class:`ValueError` saying what is wrong with anything else."""
    example = '{"seat": 0, "play": "7D"}, {"seat": 1, "draw": true} or {"seat": 2, "challenge": true}'
    if not isinstance(data, dict):
        raise ValueError(f"a move must be an object like {example}, not {shown(data)}")
    seat = move_seat(data, players)
    keys = set(data) - {"seat"}
    if keys == {"draw"} and data["draw"] is True:
        return seat, Draw()
    if keys == {"challenge"} and data["challenge"] is True:
        return seat, Challenge()
    if "play" in keys and keys <= {"play", "suit", "knock"}:
        card = record_card(data["play"])
        suit = record_suit(data, f"move {shown(data)}")
        if "knock" in data and data["knock"] is not True:
            raise ValueError(f'move {shown(data)}: "knock" is written only as true, where the player knocked')
        return seat, Play(card, suit, "knock" in data)
    raise ValueError(f"move {shown(data)}: expected one of {example}, or a reshuffle")


def scores(state: State) -> list[int]:
    """Each seat's score for the deal: wins (1 for the winner) under ``tally``, card points under ``points``.

    A drawn deal scores nothing under either.
    """
    if state.winner is None:
        return [0] * state.rules.players
    if state.rules.scoring == "tally":
        return [1 if seat == state.winner else 0 for seat in range(state.rules.players)]
    return [sum(card_points(card) for card in hand) for hand in state.hands]


class RecordedChance:
    """Reshuffles read from a record's entries (or a bot request's, named without *prefix*), each exactly where the
    record put it."""

    def __init__(self, entries: list[object], prefix: str = "game record ") -> None:
        self.entries = entries
        self.prefix = prefix
        self.position = 0
        self.sizes: list[int] = []  # how many cards each reshuffle so far shuffled

    def reshuffle(self, cards: Sequence[Card]) -> Sequence[Card]:
        if self.position < len(self.entries):
            entry = self.entries[self.position]
            if isinstance(entry, dict) and set(entry) == {"reshuffle"}:
                self.position += 1
                self.sizes.append(len(cards))
                try:
                    return record_cards(entry["reshuffle"], "its new stock")
                except ValueError as error:
                    raise RecordError(f"{self.prefix}move {self.position}: the reshuffle entry: {error}") from None
        raise RecordError(
            f"{self.prefix}move {self.position + 1}: the stock runs out here, so a reshuffle entry is needed next"
        )


class Game(PileGame[Rules, State, PlayerView], name=GAME_NAME, deal=deal):
    """A deal of Knock! Knock! (a :class:`~engine.core.pile_game.PileGame`): its moves are discards, draws and
    calls, and a pick-up card's call window closes as its record is replayed."""

    @property
    def turn(self) -> int:
        """The seat to discard or draw next (a pick-up card's victim is skipped once the window closes)."""
        return self.state.to_move

    def legal_actions(self, seat: int) -> list[Action]:
        return self.state.legal_actions(seat)

    def settle(self) -> None:
        """Close the call window of the last discard (see :meth:`State.settle`)."""
        self.state.settle(self.chance)

    def score(self) -> list[int]:
        """What the deal adds to each seat's score in a match: see :func:`scores`."""
        return scores(self.state)

    # -- records --------------------------------------------------------------------

    def _move_json(self, event: object) -> dict[str, Any] | None:
        return action_to_json(event.seat, event.action) if isinstance(event, Move) else None

    def _replay(self, moves: list[object], data: dict[str, Any]) -> Sequence[int]:
        """Each move as the rules allow it, each reshuffle entry where a draw needs it; a pick-up card's victim
        picks up as the call window closes."""
        chance = self.chance = RecordedChance(moves)
        state = self.state
        while chance.position < len(moves):
            number = chance.position + 1
            entry = moves[number - 1]
            if isinstance(entry, dict) and "reshuffle" in entry:
                # Only the victim of a pick-up card, picking up as the call window closes, can need one here.
                if state.window is not None and state.window.victim_penalty:
                    try:
                        self.settle()
                    except IllegalAction as error:
                        raise RecordError(f"game record move {number}: {error.reason}") from None
                if chance.position < number:
                    raise RecordError(f"game record move {number}: a reshuffle where no draw needs one")
                continue
            try:
                seat, action = action_from_json(entry, self.rules.players)
            except ValueError as error:
                raise RecordError(f"game record move {number}: {error}") from None
            chance.position = number
            try:
                self.act(seat, action)
            except IllegalAction as error:
                raise RecordError(f"game record move {number} ({_describe(seat, action)}): {error.reason}") from None
        if data["remaining"] != self.remaining() and state.window is not None and state.window.victim_penalty:
            # A deal in progress saved after every seat let a pick-up card pass: the record ends with the
            # discard, and only "remaining" shows that its victim has picked up, as the table closed the window.
            try:
                self.settle()
            except IllegalAction as error:
                raise RecordError(f"game record: {error.reason}") from None
        return chance.sizes


def _describe(seat: int, action: RecordedAction) -> str:
    if isinstance(action, Draw):
        return f"seat {seat} draws"
    if isinstance(action, Challenge):
        return f"seat {seat} calls Knock! Knock!"
    return f"seat {seat} plays {action.card.code}"
