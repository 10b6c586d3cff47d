"""A whole deal of Knock! Knock!: the deal as dealt, every move, and its game record.

Chance is written out in the record (the hands, the stock top first, the
up-card, and the new stock of every reshuffle), so a record replays move by
move without any random generator, and one that breaks a rule or whose result
does not match its moves is refused with the reason.

>>> game = Game.new(Rules(), seed=7)
>>> game.act(game.turn, Draw())
>>> again = Game.from_json(game.to_json())
>>> again.state.text() == game.state.text()
True
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..core.cards import Card
from ..core.chance import check_seed
from ..core.fields import move_seat
from ..core.game import Player
from ..core.jsontext import read_json, shown
from ..core.pile import pack_difference, record_cards
from ..core.records import RecordError, check_keys, read_envelope, record_card, record_suit
from .rules import DEAL_SIZE, Rules, card_points, pack
from .state import (
    Action,
    Challenge,
    Chance,
    Draw,
    Event,
    IllegalAction,
    Move,
    Play,
    RecordedAction,
    Reshuffle,
    SeededChance,
    State,
    deal,
)
from .view import PlayerView

__all__ = [
    "RECORD_KEYS",
    "Game",
    "RecordError",
    "RecordedChance",
    "action_from_json",
    "action_to_json",
    "scores",
]

GAME_NAME = "knock-knock"
RECORD_KEYS = (
    "game",
    "rules",
    "seed",
    "players",
    "dealer",
    "hands",
    "stock",
    "upcard",
    "moves",
    "winner",
    "remaining",
)


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


class Game:
    """A deal in progress or finished, with the names at the table and its full history."""

    # The fields of its record that say how the deal was dealt (the rest is its play and outcome).
    dealt_fields: tuple[str, ...] = ("game", "rules", "seed", "players", "dealer", "hands", "stock", "upcard")

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        upcard: Card,
        *,
        dealer: int = 0,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        chance: Chance | None = None,
    ) -> None:
        names = tuple(names) if names is not None else tuple(f"Player {seat + 1}" for seat in range(rules.players))
        if len(names) != rules.players:
            raise ValueError(f"a game of {rules.players} players needs {rules.players} names, got {len(names)}")
        if not 0 <= dealer < rules.players:
            raise ValueError(f"dealer {dealer} is not a seat: seats are 0 to {rules.players - 1}")
        self.rules = rules
        self.seed = seed
        self.names = names
        self.dealer = dealer
        self.dealt = tuple(tuple(hand) for hand in hands)
        self.stock = tuple(stock)
        self.upcard = upcard
        self.state = State(rules, hands, stock, upcard, dealer)
        self.chance: Chance = chance if chance is not None else SeededChance(random.Random(seed))
        self.has_record = True  # False for a deal set up from a position, whose dealt cards nobody knows

    @classmethod
    def from_state(cls, state: State, *, names: Sequence[str] | None = None) -> Game:
        """A deal played on from *state* (a lesson's position): it has no record, and reshuffles are seeded from 0."""
        game = cls(state.rules, state.hands, state.stock, state.top, dealer=state.dealer, names=names)
        game.state = state
        game.chance = SeededChance(random.Random(0))
        game.has_record = False
        return game

    @classmethod
    def new(cls, rules: Rules, seed: int, *, dealer: int = 0, names: Sequence[str] | None = None) -> Game:
        """A fresh deal shuffled from *seed*; the same random source then makes every reshuffle."""
        rng = random.Random(check_seed(seed))
        dealt = deal(rules, rng, dealer)
        return cls(
            rules,
            dealt.hands,
            dealt.stock,
            dealt.top,
            dealer=dealer,
            seed=seed,
            names=names,
            chance=SeededChance(rng),
        )

    # -- playing ------------------------------------------------------------------

    @property
    def turn(self) -> int:
        """The seat to discard or draw next (a pick-up card's victim is skipped once the window closes)."""
        return self.state.to_move

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def winner(self) -> int | None:
        return self.state.winner

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats to act, the first one next (see :attr:`State.waiting`)."""
        return self.state.waiting

    def legal_actions(self, seat: int) -> list[Action]:
        return self.state.legal_actions(seat)

    def why_illegal(self, seat: int, action: Action) -> str | None:
        return self.state.why_illegal(seat, action)

    def act(self, seat: int, action: Action) -> None:
        """*seat* takes *action*; :class:`IllegalAction` (a ``ValueError``) with the reason if the rules refuse it."""
        self.state.apply(seat, action, self.chance)

    def settle(self) -> None:
        """Close the call window of the last discard (see :meth:`State.settle`)."""
        self.state.settle(self.chance)

    def view(self, seat: int) -> PlayerView:
        return PlayerView.of(self.state, seat)

    def play_to_end(self, players: Sequence[Player]) -> None:
        """Let computer *players* (one a seat) play the deal out: the first seat waiting decides, again and again."""
        while not self.state.is_over:
            seat = self.state.waiting[0]
            self.act(seat, players[seat].decide(self.view(seat)).action)

    @property
    def events(self) -> list[Event]:
        return self.state.events

    def remaining(self) -> list[int]:
        return self.state.remaining()

    def score(self) -> list[int]:
        """What the deal adds to each seat's score in a match: see :func:`scores`."""
        return scores(self.state)

    # -- records --------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        if not self.has_record:
            raise ValueError("a deal set up from a position has no game record: its dealt cards are not known")
        moves: list[dict[str, Any]] = []
        for event in self.state.events:
            if isinstance(event, Move):
                moves.append(action_to_json(event.seat, event.action))
            elif isinstance(event, Reshuffle):
                moves.append({"reshuffle": [card.code for card in event.stock]})
        return {
            "game": GAME_NAME,
            "rules": self.rules.to_json(),
            "seed": self.seed,
            "players": list(self.names),
            "dealer": self.dealer,
            "hands": [[card.code for card in hand] for hand in self.dealt],
            "stock": [card.code for card in self.stock],
            "upcard": self.upcard.code,
            "moves": moves,
            "winner": self.winner,
            "remaining": self.remaining(),
        }

    def to_json(self) -> str:
        return json.dumps(self.record(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Read and replay a record; :class:`RecordError` says what is wrong with any other text."""
        try:
            data = read_json(text)
        except ValueError as error:
            raise RecordError(f"game record is {error}") from None
        return cls.from_record(data)

    @classmethod
    def from_record(cls, data: object) -> Game:
        """Replay a record, checking every move, every reshuffle and the stated result."""
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        check_keys(data, RECORD_KEYS)
        if data["game"] != GAME_NAME:
            raise RecordError(f"game record game {shown(data['game'])}: expected {GAME_NAME!r}")
        from . import KNOCK_KNOCK  # the registered game, which reads the rules

        envelope = read_envelope(data, KNOCK_KNOCK)
        rules: Rules = envelope.rules
        seed, players, dealer = envelope.seed, envelope.names, envelope.dealer
        hands_data = data["hands"]
        if not (isinstance(hands_data, list) and len(hands_data) == rules.players):
            raise RecordError(f"game record hands must be a list of {rules.players} lists of cards")
        try:
            hands = [record_cards(hand, f"hand {seat}") for seat, hand in enumerate(hands_data)]
            stock = record_cards(data["stock"], "stock")
            upcard = record_card(data["upcard"])
        except ValueError as error:
            raise RecordError(f"game record: {error}") from None
        for seat, hand in enumerate(hands):
            if len(hand) != DEAL_SIZE:
                raise RecordError(f"game record hand {seat} has {len(hand)} cards; a deal gives {DEAL_SIZE}")
        dealt = Counter([card for hand in hands for card in hand] + stock + [upcard])
        if dealt != Counter(pack(rules)):
            raise RecordError(
                f"game record: the hands, stock and up-card are not {_pack_words(rules)}: {_difference(dealt, rules)}"
            )
        moves = data["moves"]
        if not isinstance(moves, list):
            raise RecordError("game record moves must be a list")
        chance = RecordedChance(moves)
        game = cls(rules, hands, stock, upcard, dealer=dealer, seed=seed, names=players, chance=chance)
        state = game.state
        while chance.position < len(moves):
            number = chance.position + 1
            entry = moves[number - 1]
            if isinstance(entry, dict) and "reshuffle" in entry:
                # Only the victim of a pick-up card, picking up as the call window closes, can need one here.
                if state.window is not None and state.window.victim_penalty:
                    try:
                        game.settle()
                    except IllegalAction as error:
                        raise RecordError(f"game record move {number}: {error.reason}") from None
                if chance.position < number:
                    raise RecordError(f"game record move {number}: a reshuffle where no draw needs one")
                continue
            try:
                seat, action = action_from_json(entry, rules.players)
            except ValueError as error:
                raise RecordError(f"game record move {number}: {error}") from None
            chance.position = number
            try:
                game.act(seat, action)
            except IllegalAction as error:
                raise RecordError(f"game record move {number} ({_describe(seat, action)}): {error.reason}") from None
        if data["remaining"] != game.remaining() and state.window is not None and state.window.victim_penalty:
            # A deal in progress saved after every seat let a pick-up card pass: the record ends with the
            # discard, and only "remaining" shows that its victim has picked up, as the table closed the window.
            try:
                game.settle()
            except IllegalAction as error:
                raise RecordError(f"game record: {error.reason}") from None
        winner = data["winner"]
        if winner is not None and type(winner) is not int:
            raise RecordError(f"game record winner {shown(winner)} must be a seat number or null")
        if winner != game.winner:
            raise RecordError(f"game record says the winner is {shown(winner)}, but the moves give {game.winner!r}")
        if data["remaining"] != game.remaining():
            raise RecordError(
                f"game record says {shown(data['remaining'])} cards remain, but the moves leave {game.remaining()!r}"
            )
        game.chance = _chance_after(rules, seed, dealer, chance.sizes)
        return game


def _chance_after(rules: Rules, seed: int | None, dealer: int, sizes: Sequence[int]) -> Chance:
    """The reshuffles of a deal played on after its record (a saved deal continued): the deal's random source from
    *seed*, brought to where it stood after the deal and the recorded reshuffles (of *sizes* cards each), so the
    deal goes on as it would have without the break. A shuffle draws as many numbers for any cards of one count."""
    rng = random.Random(seed if seed is not None else 0)
    deal(rules, rng, dealer)
    for size in sizes:
        rng.shuffle(list(range(size)))
    return SeededChance(rng)


def _describe(seat: int, action: RecordedAction) -> str:
    if isinstance(action, Draw):
        return f"seat {seat} draws"
    if isinstance(action, Challenge):
        return f"seat {seat} calls Knock! Knock!"
    return f"seat {seat} plays {action.card.code}"


def _pack_words(rules: Rules) -> str:
    return "one pack of 52 cards" if rules.packs == 1 else "two packs of 52 cards"


def _difference(dealt: Counter[Card], rules: Rules) -> str:
    return pack_difference(dealt, Counter(pack(rules)))
