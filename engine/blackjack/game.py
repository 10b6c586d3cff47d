"""A whole deal of Blackjack: the deal as dealt, every move, and its game record.

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
from collections.abc import Callable, Sequence
from typing import Any

from ..core.cards import Card, Rank
from ..core.chance import check_seed
from ..core.fields import move_seat
from ..core.game import Player
from ..core.jsontext import read_json, shown
from ..core.pile import pack_difference, record_cards
from ..core.records import RecordError, check_keys, read_envelope, record_card, record_suit
from .rules import Rules, card_points, pack
from .state import (
    Action,
    Chain,
    Chance,
    Draw,
    Event,
    IllegalAction,
    Move,
    Pass,
    PickUp,
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
    "action_from_json",
    "check_upcard",
    "move_to_json",
    "replay_moves",
    "scores",
]

GAME_NAME = "blackjack"
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


def move_to_json(move: Move) -> dict[str, Any]:
    """A move as a record writes it: ``{"seat": 1, "chain": ["5S", "6S"], "last": true}``, ``{"seat": 0,
    "pickup": 4}``, …"""
    action = move.action
    entry: dict[str, Any] = {"seat": move.seat}
    if isinstance(action, Chain):
        entry["chain"] = [card.code for card in action.cards]
        if action.suit is not None:
            entry["suit"] = action.suit.value
    elif isinstance(action, Draw):
        entry["draw"] = True
    elif isinstance(action, PickUp):
        entry["pickup"] = move.got
    else:
        entry["pass"] = True
    if action.last:
        entry["last"] = True
    return entry


_EXAMPLE = (
    '{"seat": 0, "chain": ["7D"]}, {"seat": 1, "draw": true}, {"seat": 2, "pickup": 2} or {"seat": 3, "pass": true}'
)


def action_from_json(data: object, players: int) -> tuple[int, RecordedAction, int | None]:
    """Read one move entry: its seat, its action and, for a pick-up, the cards it says were drawn."""
    if not isinstance(data, dict):
        raise ValueError(f"a move must be an object like {_EXAMPLE}, not {shown(data)}")
    seat = move_seat(data, players)
    keys = set(data) - {"seat", "last"}
    last = False
    if "last" in data:
        if data["last"] is not True:
            raise ValueError(f'move {shown(data)}: "last" is written only as true, where the player called Last cards')
        last = True
    if keys == {"draw"} and data["draw"] is True:
        return seat, Draw(last), None
    if keys == {"pass"} and data["pass"] is True:
        return seat, Pass(last), None
    if keys == {"pickup"}:
        got = data["pickup"]
        if type(got) is not int or got < 0:
            raise ValueError(f"move {shown(data)}: pickup is the number of cards drawn, a whole number")
        return seat, PickUp(last), got
    if "chain" in keys and keys <= {"chain", "suit"}:
        cards = record_cards(data["chain"], f"move {shown(data)}: chain")
        suit = record_suit(data, f"move {shown(data)}")
        return seat, Chain(tuple(cards), suit, last), None
    raise ValueError(f"move {shown(data)}: expected one of {_EXAMPLE}, or a reshuffle")


def scores(state: State) -> list[int]:
    """Each seat's score for the deal: a win (1 for the winner) under ``tally``, the points of the cards left
    under ``points`` (the winner has none)."""
    rules = state.rules
    if rules.scoring == "tally":
        return [1 if seat == state.winner else 0 for seat in range(rules.players)]
    return [sum(card_points(rules, card) for card in hand) for hand in state.hands]


def check_upcard(rules: Rules, upcard: Card) -> None:
    """:class:`ValueError` if *upcard* cannot be the turned card under *rules* (a record's and a bot request's)."""
    if rules.wild == "8" and upcard.rank == Rank.EIGHT:
        raise ValueError("under wild=8 a turned 8 goes back into the stock, so it is never the up-card")


def _is_reshuffle(entry: object) -> bool:
    return isinstance(entry, dict) and set(entry) == {"reshuffle"}


# Called before each move is applied: its number, seat, action, and the entry of the next move (None: none).
BeforeMove = Callable[[int, int, RecordedAction, object], None]


def replay_moves(game: Game, moves: list[object], prefix: str, before: BeforeMove | None = None) -> _RecordedChance:
    """Apply a record's *moves* to *game*: each move as the rules allow it, each reshuffle entry (the new stock, top
    first) where the draw or pick-up right after it, or the penalty card of the move right before it, needs one, and
    nowhere else. A :class:`RecordError` says what is wrong, each place named *prefix* + ``move N``. A record and a
    bot request are replayed alike; *before* lets a request's replay put its stand-in cards in place first.
    Returns the chance, which knows the sizes of the reshuffles."""
    chance = _RecordedChance()
    game.chance = chance
    players = game.rules.players
    position = 0
    while position < len(moves):
        reshuffle = None
        if _is_reshuffle(moves[position]):
            reshuffle = moves[position]
            position += 1
            if position == len(moves):
                raise RecordError(f"{prefix}move {position}: a reshuffle where no draw needs one")
        number = position + 1
        try:
            seat, action, got = action_from_json(moves[position], players)
        except ValueError as error:
            raise RecordError(f"{prefix}move {number}: {error}") from None
        after = moves[position + 1] if position + 1 < len(moves) and _is_reshuffle(moves[position + 1]) else None
        if before is not None:
            following = next((entry for entry in moves[position + 1 :] if not _is_reshuffle(entry)), None)
            before(number, seat, action, following)
        chance.before, chance.used_before = reshuffle, False
        chance.after, chance.used_after = (after if isinstance(action, Chain) else None), False
        chance.where = f"{prefix}move {number}"
        try:
            drawn = game.state.apply(seat, action, chance)
        except IllegalAction as error:
            raise RecordError(f"{prefix}move {number} ({_describe(seat, action)}): {error.reason}") from None
        if reshuffle is not None and not chance.used_before:
            raise RecordError(f"{prefix}move {number - 1}: a reshuffle where no draw needs one")
        if got is not None and got != drawn:
            raise RecordError(f"{prefix}move {number}: says seat {seat} picked up {got}, but the stock gave {drawn}")
        position += 2 if chance.used_after else 1
    return chance


class _RecordedChance:
    """Reshuffles read from a record: the entry right before a draw or pick-up, or right after the move whose
    penalty card needed it."""

    def __init__(self) -> None:
        self.before: object = None
        self.after: object = None
        self.used_before = self.used_after = False
        self.sizes: list[int] = []
        self.where = ""

    def reshuffle(self, cards: Sequence[Card]) -> Sequence[Card]:
        entry = None
        if self.before is not None and not self.used_before:
            entry, self.used_before = self.before, True
        elif self.after is not None and not self.used_after:
            entry, self.used_after = self.after, True
        if entry is None:
            raise RecordError(f"{self.where}: the stock runs out here, so a reshuffle entry is needed")
        assert isinstance(entry, dict)
        self.sizes.append(len(cards))
        try:
            return record_cards(entry["reshuffle"], "its new stock")
        except ValueError as error:
            raise RecordError(f"{self.where}: the reshuffle entry it needs: {error}") from None


class Game:
    """A deal in progress or finished, with the names at the table and its full history."""

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
        self.has_record = True

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
            rules, dealt.hands, dealt.stock, dealt.top, dealer=dealer, seed=seed, names=names, chance=SeededChance(rng)
        )

    # -- playing ----------------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def winner(self) -> int | None:
        return self.state.winner

    @property
    def waiting(self) -> tuple[int, ...]:
        return self.state.waiting

    def legal_actions(self, seat: int) -> list[Action]:
        return self.state.legal_actions(seat)

    def why_illegal(self, seat: int, action: Action) -> str | None:
        return self.state.why_illegal(seat, action)

    def act(self, seat: int, action: Action) -> None:
        """*seat* takes *action* (a step, or a whole turn); :class:`IllegalAction` with the reason if refused."""
        self.state.apply(seat, action, self.chance)

    def view(self, seat: int) -> PlayerView:
        return PlayerView.of(self.state, seat)

    def play_to_end(self, players: Sequence[Player]) -> None:
        """Let computer *players* (one a seat) play the deal out."""
        state = self.state
        while not state.is_over:
            seat = state.turn
            self.act(seat, players[seat].decide(self.view(seat)).action)

    @property
    def events(self) -> list[Event]:
        return self.state.events

    def remaining(self) -> list[int]:
        return self.state.remaining()

    def score(self) -> list[int]:
        return scores(self.state)

    # -- records ---------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        if not self.has_record:
            raise ValueError("a deal set up from a position has no game record: its dealt cards are not known")
        moves: list[dict[str, Any]] = []
        for event in self.state.events:
            if isinstance(event, Move):
                moves.append(move_to_json(event))
            elif isinstance(event, Reshuffle):
                moves.append({"reshuffle": [card.code for card in event.stock]})
        data: dict[str, Any] = {
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
            "remaining": self._recorded_remaining(),
        }
        if self.rules.scoring == "points":
            data["points"] = self.score()
        return data

    def _recorded_remaining(self) -> list[int]:
        """The cards each hand holds as of the last whole turn: the record folds a turn into one move when it ends,
        so the cards laid so far in a turn still being built count in their player's hand (saved mid-chain, the
        deal restores to the start of that turn)."""
        counts = self.remaining()
        counts[self.state.turn] += len(self.state.laid)
        return counts

    def to_json(self) -> str:
        return json.dumps(self.record(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Game:
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
        check_keys(data, RECORD_KEYS, ("points",))
        if data["game"] != GAME_NAME:
            raise RecordError(f"game record game {shown(data['game'])}: expected {GAME_NAME!r}")
        from . import BLACKJACK_GAME

        envelope = read_envelope(data, BLACKJACK_GAME)
        rules: Rules = envelope.rules
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
            if len(hand) != rules.deal_size:
                raise RecordError(f"game record hand {seat} has {len(hand)} cards; a deal gives {rules.deal_size}")
        dealt = Counter([card for hand in hands for card in hand] + stock + [upcard])
        if dealt != Counter(pack(rules)):
            raise RecordError(
                f"game record: the hands, stock and up-card are not {_pack_words(rules)}: {_difference(dealt, rules)}"
            )
        try:
            check_upcard(rules, upcard)
        except ValueError as error:
            raise RecordError(f"game record upcard: {error}") from None
        moves = data["moves"]
        if not isinstance(moves, list):
            raise RecordError("game record moves must be a list")
        game = cls(rules, hands, stock, upcard, dealer=envelope.dealer, seed=envelope.seed, names=envelope.names)
        chance = replay_moves(game, moves, "game record ")
        winner = data["winner"]
        if winner is not None and type(winner) is not int:
            raise RecordError(f"game record winner {shown(winner)} must be a seat number or null")
        if winner != game.winner:
            raise RecordError(f"game record says the winner is {shown(winner)}, but the moves give {game.winner!r}")
        if data["remaining"] != game.remaining():
            raise RecordError(
                f"game record says {shown(data['remaining'])} cards remain, but the moves leave {game.remaining()!r}"
            )
        if rules.scoring == "points":
            if data.get("points") != game.score():
                raise RecordError(
                    f"game record says the points are {shown(data.get('points'))}, but the hands give {game.score()!r}"
                )
        elif "points" in data:
            raise RecordError("game record points: present only under scoring=points")
        game.chance = _chance_after(rules, envelope.seed, envelope.dealer, chance.sizes)
        return game


def _chance_after(rules: Rules, seed: int | None, dealer: int, sizes: Sequence[int]) -> Chance:
    """The reshuffles of a deal played on after its record: the deal's random source brought to where it stood."""
    rng = random.Random(seed if seed is not None else 0)
    deal(rules, rng, dealer)
    for size in sizes:
        rng.shuffle(list(range(size)))
    return SeededChance(rng)


def _describe(seat: int, action: RecordedAction) -> str:
    if isinstance(action, Chain):
        return f"seat {seat} lays {' '.join(card.code for card in action.cards)}"
    word = {Draw: "draws", PickUp: "picks up", Pass: "passes"}[type(action)]
    return f"seat {seat} {word}"


def _pack_words(rules: Rules) -> str:
    return "one pack of 52 cards" if rules.pack_count == 1 else "two packs of 52 cards"


def _difference(dealt: Counter[Card], rules: Rules) -> str:
    return pack_difference(dealt, Counter(pack(rules)))
